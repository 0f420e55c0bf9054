#!/usr/bin/env bash
# The cluster run's own PostgreSQL (scripts/test-cluster.sh): a private server in the run folder, on
# its own port, so a spec can stop and restart it (e2e/tests/cluster.8-postgres-restart.spec.ts)
# without touching the machine's shared cluster, which other runs use.
#
#   bash scripts/cluster-postgres.sh init  <run dir> <port>   initdb, start, create kb_cluster (UTF-8, pg_trgm); prints its URL
#   bash scripts/cluster-postgres.sh start <run dir> <port>   start it again (after stop)
#   bash scripts/cluster-postgres.sh stop  <run dir> <port>   stop it (fast: sessions are ended, as a restart does)
#
# Trust authentication on 127.0.0.1 and the folder's socket only: nothing else can reach it.
set -euo pipefail
if [ $# -ne 3 ]; then echo "usage: scripts/cluster-postgres.sh init|start|stop <run dir> <port>" >&2; exit 2; fi
action="$1"; run_dir="$2"; port="$3"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { echo "cluster-postgres.sh: PostgreSQL's initdb is not installed (apt-get install postgresql)" >&2; exit 1; }
# One folder the server's user owns: data, socket, log.
home="$run_dir/pg" data="$run_dir/pg/data" sockets="$run_dir/pg/socket"

# initdb and the server refuse to run as root: as the postgres user then.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  as_owner "$bin/pg_ctl" -D "$data" -l "$home/postgres.log" -w -t 60 -o "-p $port -k $sockets -c listen_addresses=127.0.0.1" start >/dev/null
}

case "$action" in
  init)
    mkdir -p "$data" "$sockets"
    if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$home"; fi
    chmod 700 "$data"
    as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    start
    psql_run() { "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -Atq "$@"; }
    psql_run -d postgres -c "CREATE DATABASE kb_cluster TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'"
    psql_run -d kb_cluster -c "CREATE EXTENSION IF NOT EXISTS pg_trgm"
    echo "postgres://postgres@127.0.0.1:$port/kb_cluster"
    ;;
  start) start ;;
  stop) as_owner "$bin/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null ;;
  *) echo "cluster-postgres.sh: unknown action $action" >&2; exit 2 ;;
esac
