#!/usr/bin/env bash
# Two portal processes on two ports, one PostgreSQL and nothing else shared: a document uploaded through
# the first is downloaded from the second, byte for byte. Starts a throwaway PostgreSQL and cleans up.
# Run from the repository after `npm run build`:  scripts/two-processes.sh [FIRST_PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
port_a=${1:-5121}
port_b=$((port_a + 1))
pg_port=$((port_a + 2))
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  as_pg "$pgbin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
# PostgreSQL refuses to run as root: as root, the server runs as the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$work"

as_pg "$pgbin/initdb" -D "$work/pg" -A trust -U postgres >/dev/null
as_pg "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1" start >/dev/null
url="postgres://postgres@127.0.0.1:$pg_port/postgres"
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port"

# The same settings for both: one SESSION_SECRET, one database, documents in it (the default with DATABASE_URL).
# Each has its own DATA_DIR, to show that nothing on disk is shared.
secret=$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")
start() {
  mkdir -p "$work/data-$1"
  DATABASE_URL=$url PORT=$1 SESSION_SECRET=$secret ADMIN_PASSWORD=two-process-admin DATA_DIR="$work/data-$1" \
    LOG_LEVEL=warn node server/dist/main.js >"$work/server-$1.log" 2>&1 &
  pids+=($!)
}
start "$port_a"
sleep 2 # the first creates the tables; the second finds them
start "$port_b"
for port in "$port_a" "$port_b"; do
  for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/api/settings/public" >/dev/null && break; sleep 0.5; done
  echo "portal on :$port — $(grep -o 'running at.*' "$work/server-$port.log" || echo 'not started'; true)"
done

# The school's classes and houses come from its own import; one of each is enough here.
"$pgbin/psql" -q "$url" -c "insert into form_classes (class_id, form_level) values ('1A', 1) on conflict do nothing;
  insert into houses (id, name) values ('RED', 'Ruby House') on conflict do nothing;"

# A student and a 3 MB PDF, uploaded through the first process, downloaded from the second.
node --input-type=module - "$port_a" "$port_b" <<'JS'
import { createHash, randomBytes } from 'node:crypto';
const [portA, portB] = process.argv.slice(2);
const cookies = new Map();
async function call(port, method, path, body, headers = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
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
const sha = (b) => createHash('sha256').update(b).digest('hex').slice(0, 16);
await call(portA, 'GET', '/sanctum/csrf-cookie');
await call(portA, 'POST', '/api/admin-login', { name: 'admin', password: 'two-process-admin' });
const id = 'TWO' + Date.now().toString().slice(-6);
await call(portA, 'POST', '/api/students', {
  id, last_name: 'Baptiste', first_name: 'Zoe', sea_no: '20145678', class_id: '1A',
  date_of_birth: '2014-06-30', house_code: 'Ruby House', entry_date: '2026-09-01',
});
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
const form = new FormData();
form.set('id', id);
form.set('file_type', 'birth_certificate');
form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'birth-certificate.pdf');
const up = await call(portA, 'POST', '/api/store-file', form);
console.log(`uploaded through :${portA}: ${pdf.length} bytes, sha256 ${sha(pdf)}… — ${(await up.json()).message}`);
// The same session cookie works on the other process: sessions live in the shared database.
const down = Buffer.from(await (await call(portB, 'GET', `/api/files/${id}/birth_certificate`)).arrayBuffer());
console.log(`downloaded from :${portB}: ${down.length} bytes, sha256 ${sha(down)}…`);
if (!down.equals(pdf)) {
  console.log('FAIL: the bytes differ');
  process.exit(1);
}
console.log('OK: the same bytes, served by the other process; no disk shared.');
JS
echo "uploads folders on disk: $(find "$work"/data-* -path '*uploads*' -type f | wc -l) files"
