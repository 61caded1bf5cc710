#!/usr/bin/env bash
# Two portal processes on two ports, one PostgreSQL and nothing else shared: a document uploaded through
# the first is downloaded from the second, byte for byte. Starts a throwaway PostgreSQL and cleans up.
# Run from the repository after `npm run build`:  scripts/two-processes.sh [FIRST_PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
port_a=${1:-5121}
port_b=$((port_a + 1))
pg_port=$((port_a + 2))
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  stop_postgres
  rm -rf "$work"
}
trap cleanup EXIT
. scripts/throwaway-postgres.sh
start_postgres "$pg_port"

# The same settings for both: one SESSION_SECRET, one database, documents in it (the default with DATABASE_URL).
# Each has its own DATA_DIR, to show that nothing on disk is shared.
secret=$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")
start() {
  mkdir -p "$work/data-$1"
  DATABASE_URL=$url PORT=$1 SESSION_SECRET=$secret ADMIN_PASSWORD=two-process-admin DATA_DIR="$work/data-$1" \
    LOG_LEVEL=warn node server/dist/main.js >"$work/server-$1.log" 2>&1 &
  pids+=($!)
}
ready() {
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$1/api/settings/public" >/dev/null && break; sleep 0.5; done
  echo "portal on :$1 — $(grep -o 'running at.*' "$work/server-$1.log" || echo 'not started'; true)"
}
# The first creates the tables; the second finds them.
start "$port_a" && ready "$port_a"
start "$port_b" && ready "$port_b"

seed_class

# A student and a 3 MB PDF, uploaded through the first process, downloaded from the second.
ADMIN_PASSWORD=two-process-admin node scripts/upload-and-download.mjs "$port_a" "$port_b" 3
echo "uploads folders on disk: $(find "$work"/data-* -path '*uploads*' -type f | wc -l) files"
