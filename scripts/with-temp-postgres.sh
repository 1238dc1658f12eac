#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL cluster, then delete the cluster.
#
#   scripts/with-temp-postgres.sh npx vitest run --project server
#
# The command sees DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres; the server
# test helper creates (and drops) one database per test file on it. Needs Debian's
# `postgresql` package (apt-get install -y postgresql). As root, the cluster runs as the
# `postgres` system user (PostgreSQL refuses to run as root).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found; install them with: apt-get install -y postgresql" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    if command -v runuser >/dev/null 2>&1; then
      runuser -u postgres -- "$@"
    else
      su -s /bin/sh postgres -c "$(printf '%q ' "$@")"
    fi
  else
    "$@"
  fi
}

DIR="$(mktemp -d "${TMPDIR:-/tmp}/comonsit-pg.XXXXXX")"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$DIR"; fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C >"$DIR/initdb.log" 2>&1 ||
  { cat "$DIR/initdb.log" >&2; exit 1; }
# Durability is irrelevant for a cluster that lives one test run: fsync off makes it faster.
as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }

echo "Temporary PostgreSQL $(basename "$(dirname "$BIN")") on 127.0.0.1:$PORT" >&2
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# The chaos test (tests/server-pg/chaos.test.ts) restarts a cluster of its own, made with these.
export COMONSIT_PG_BIN="$BIN"
set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
