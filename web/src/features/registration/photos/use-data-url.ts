import { useEffect, useState } from 'react';

/** A picture to show, read as a data URL: nothing to revoke, so it survives an effect run twice. */
export function useDataUrl(blob: Blob): string | null {
  const [read, setRead] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setRead({ blob, url: reader.result as string });
    reader.readAsDataURL(blob);
    return () => reader.abort();
  }, [blob]);
  return read?.blob === blob ? read.url : null;
}
