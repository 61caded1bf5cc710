// jsdom's Blob has no arrayBuffer(): the browsers' own, read through jsdom's FileReader.
if (!('arrayBuffer' in Blob.prototype))
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
        reader.readAsArrayBuffer(this);
      });
    },
  });
