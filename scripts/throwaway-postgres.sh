# Sourced by the scripts here: start_postgres PORT starts a throwaway PostgreSQL in $work (which the caller
# made and removes) and sets $url and $pgbin; stop_postgres stops it. As root, the server runs as postgres.
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start_postgres() {
  [ "$(id -u)" = 0 ] && chown postgres "$work"
  as_pg "$pgbin/initdb" -D "$work/pg" -A trust -U postgres >/dev/null
  as_pg "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w -o "-p $1 -k $work -c listen_addresses=127.0.0.1" start >/dev/null
  url="postgres://postgres@127.0.0.1:$1/postgres"
  echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$1"
}
stop_postgres() { as_pg "$pgbin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true; }
# The school's classes and houses come from its own import; one of each is enough for the scripts.
seed_class() {
  "$pgbin/psql" -q "$url" -c "insert into form_classes (class_id, form_level) values ('1A', 1) on conflict do nothing;
    insert into houses (id, name) values ('RED', 'Ruby House') on conflict do nothing;"
}
