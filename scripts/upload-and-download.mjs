// Signs in as admin on the first port, adds a student, uploads a PDF of SIZE_MB there and downloads it from
// the second port, comparing the bytes. With server PIDs it also reports each server's peak memory (Linux
// VmHWM, reset before each step) above its memory before the step.
// node scripts/upload-and-download.mjs PORT_UP PORT_DOWN SIZE_MB [PID_UP PID_DOWN]
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const [portA, portB, sizeMb, pidA, pidB] = process.argv.slice(2);
const cookies = new Map();
async function call(port, method, path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  if (!res.ok) throw new Error(`${method} :${port}${path} → ${res.status} ${await res.text()}`);
  return res;
}
const kb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
/** Runs a step and answers the server's peak RSS above its RSS before, in MB. */
async function peak(pid, step) {
  if (!pid) return [await step(), null];
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = kb(pid, 'VmRSS');
  const result = await step();
  return [result, ((kb(pid, 'VmHWM') - before) / 1024).toFixed(1)];
}
const sha = (b) => createHash('sha256').update(b).digest('hex').slice(0, 16);

await call(portA, 'GET', '/sanctum/csrf-cookie');
await call(portA, 'POST', '/api/admin-login', { name: 'admin', password: process.env.ADMIN_PASSWORD });
const id = 'T' + randomBytes(4).toString('hex').toUpperCase();
await call(portA, 'POST', '/api/students', {
  id,
  last_name: 'Baptiste',
  first_name: 'Zoe',
  sea_no: '20145678',
  class_id: '1A',
  date_of_birth: '2014-06-30',
  house_code: 'Ruby House',
  entry_date: '2026-09-01',
});
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  randomBytes(Math.round(Number(sizeMb) * 1024 * 1024) - 16),
  Buffer.from('\n%%EOF\n'),
]);
const form = new FormData();
form.set('id', id);
form.set('file_type', 'birth_certificate');
form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'birth-certificate.pdf');
const [up, upPeak] = await peak(pidA, () => call(portA, 'POST', '/api/store-file', form));
console.log(
  `uploaded through :${portA}: ${pdf.length} bytes, sha256 ${sha(pdf)}… — ${(await up.json()).message}` +
    (upPeak ? ` (server peak +${upPeak} MB)` : ''),
);
// The same session cookie works on the other process: sessions live in the shared database.
const [down, downPeak] = await peak(pidB, async () =>
  Buffer.from(await (await call(portB, 'GET', `/api/files/${id}/birth_certificate`)).arrayBuffer()),
);
console.log(
  `downloaded from :${portB}: ${down.length} bytes, sha256 ${sha(down)}…` +
    (downPeak ? ` (server peak +${downPeak} MB)` : ''),
);
if (!down.equals(pdf)) {
  console.log('FAIL: the bytes differ');
  process.exit(1);
}
console.log(
  portA === portB
    ? 'OK: the same bytes.'
    : 'OK: the same bytes, served by the other process; no disk shared.',
);
