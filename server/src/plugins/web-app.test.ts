import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** A built web app as `npm run build -w web` leaves it: each text file beside its .br and .gz. */
const root = mkdtempSync(join(tmpdir(), 'sp-web-'));
const files = {
  'index.html': `<!doctype html><title>Student Portal</title>${'<p>sign in</p>'.repeat(200)}`,
  'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(5000))});`,
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(join(root, name, '..'), { recursive: true });
  writeFileSync(join(root, name), text);
  writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(root, `${name}.gz`), gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ])('are sent precompressed for Accept-Encoding %s', async (accept, encoding) => {
    for (const url of ['/assets/index-abc123.js', '/', '/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      const text = url.startsWith('/assets') ? files['assets/index-abc123.js'] : files['index.html'];
      if (!encoding) expect(res.body).toBe(text);
      else expect(res.rawPayload.length).toBeLessThan(text.length / 4);
    }
  });
});
