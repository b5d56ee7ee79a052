#!/usr/bin/env bash
# Stops the throwaway PostgreSQL started by .ci/start_postgres.sh and removes its directory.
set -u
dir=${1:-${PG_TMP_DIR:-}}
[ -n "$dir" ] && [ -d "$dir/data" ] || exit 0
su postgres -s /bin/sh -c "/usr/lib/postgresql/15/bin/pg_ctl -D '$dir/data' -m fast -w stop" >/dev/null 2>&1 || true
rm -rf "$dir"
