/** A 5 MB document through POST /api/store-file, next to the same bytes posted to a bare Fastify route. */
import Fastify from 'fastify';
import { startBenchApp, signIn } from './bench-app.js';
import { fmt } from './lib.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function fiveMegabytePdf(): Buffer {
  const head = Buffer.from('%PDF-1.4\n% bench\n');
  const body = Buffer.alloc(5 * 1024 * 1024 - head.length - 6, 0x20);
  return Buffer.concat([head, body, Buffer.from('%%EOF\n')]);
}

export async function benchUpload(): Promise<Record<string, string | number>[]> {
  const data = fiveMegabytePdf();
  const b = await startBenchApp();
  const { token, cookie } = await signIn(b);
  const timesApi: number[] = [];
  for (let i = 0; i < 7; i++) {
    const form = new FormData();
    form.set('id', b.student.id);
    form.set('file_type', 'birth_certificate');
    form.set('file', new Blob([data], { type: 'application/pdf' }), 'certificate.pdf');
    const t0 = performance.now();
    const res = await fetch(`${b.url}/api/store-file`, {
      method: 'POST',
      body: form,
      headers: { 'x-xsrf-token': token, cookie },
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`upload failed: ${res.status}`);
    timesApi.push(performance.now() - t0);
  }
  await b.close();

  const bare = Fastify({ bodyLimit: 20 * 1024 * 1024 });
  bare.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  bare.post('/bare', async (request) => ({ size: (request.body as Buffer).length }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  const timesBare: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/bare`, {
      method: 'POST',
      body: data,
      headers: { 'content-type': 'application/octet-stream' },
    });
    await res.arrayBuffer();
    timesBare.push(performance.now() - t0);
  }
  await bare.close();
  return [
    {
      benchmark: 'upload 5 MB PDF via /api/store-file (median of 7)',
      ms: fmt(median(timesApi), 1),
      'baseline: 5 MB to a bare route ms': fmt(median(timesBare), 1),
      ratio: fmt(median(timesApi) / median(timesBare), 1),
    },
  ];
}
