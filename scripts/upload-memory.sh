#!/usr/bin/env bash
# Peak memory of the built server while a 10 MB document is uploaded and downloaded, with each document
# store on each engine (a fresh server process for each; VmHWM above VmRSS before the step).
# Run from the repository after `npm run build`:  scripts/upload-memory.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-5125}
work=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  stop_postgres
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/throwaway-postgres.sh
start_postgres $((port + 1))
export ADMIN_PASSWORD=upload-memory-admin
for engine in pglite postgres; do
  for store in disk database; do
    data="$work/data-$engine-$store"
    mkdir -p "$data"
    [ "$engine" = postgres ] && db=$url || db=
    DATABASE_URL=$db FILE_STORE=$store PORT=$port DATA_DIR="$data" LOG_LEVEL=warn node server/dist/main.js >"$work/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/api/settings/public" >/dev/null && break; sleep 0.5; done
    if [ "$engine" = postgres ]; then seed_class; else
      # The embedded database is the server's own: the class goes in through the same SQL, over its API-less file.
      kill "$pid"; wait "$pid" 2>/dev/null || true
      node --input-type=module -e "
        import { PGlite } from '@electric-sql/pglite';
        const db = await PGlite.create({ dataDir: '$data/db' });
        await db.exec(\"insert into form_classes (class_id, form_level) values ('1A', 1) on conflict do nothing; insert into houses (id, name) values ('RED', 'Ruby House') on conflict do nothing;\");
        await db.close();" 2>/dev/null
      FILE_STORE=$store PORT=$port DATA_DIR="$data" LOG_LEVEL=warn node server/dist/main.js >"$work/server.log" 2>&1 &
      pid=$!
      for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/api/settings/public" >/dev/null && break; sleep 0.5; done
    fi
    echo "== $engine, FILE_STORE=$store (server RSS at rest $(awk '/VmRSS/ {printf "%.0f MB", $2/1024}' /proc/$pid/status))"
    node scripts/upload-and-download.mjs "$port" "$port" 9.99 "$pid" "$pid"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    pid=
  done
done
