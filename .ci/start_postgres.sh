#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on a free port in a temp data directory, as the postgres user.
# Prints `export DATABASE_URL=...; export PGDATA_DIR=...` for eval; stop it with .ci/stop_postgres.sh.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
if [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL 15 server binaries not found in $bin" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/tt-pg.XXXXXX)
chown postgres:postgres "$dir"
chmod 700 "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
su postgres -s /bin/sh -c "$bin/initdb -D '$dir/data' -U postgres -A trust --no-sync >'$dir/initdb.log' 2>&1"
su postgres -s /bin/sh -c "$bin/pg_ctl -D '$dir/data' -l '$dir/server.log' -w -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on' start >/dev/null"
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres; export PG_TMP_DIR=$dir; export PG_PORT=$port"
