#!/usr/bin/env bash
# Prepares a PostgreSQL test database for the API suite and prints its URL on stdout.
#
#   TEST_DATABASE_URL=$(bash scripts/pg-test-db.sh) npx vitest run --project api
#
# - Starts the local Debian cluster (pg_ctlcluster) when PostgreSQL is installed but down.
# - Creates a login superuser role for the current OS user (peer auth over the Unix socket).
# - Drops and recreates the database (default kuaibao_test; override with PG_TEST_DB) as
#   UTF8 with a UTF-8 ctype (C.UTF-8): pg_trgm ignores Chinese under LC_CTYPE=C.
# Exits non-zero (and prints nothing on stdout) when no PostgreSQL is available.
set -euo pipefail

DB_NAME="${PG_TEST_DB:-kuaibao_test}"
SOCKET_DIR="${PG_SOCKET_DIR:-/var/run/postgresql}"
ROLE="$(id -un)"
log() { echo "pg-test-db: $*" >&2; }

if ! [[ "$DB_NAME" =~ ^[a-z_][a-z0-9_]*$ ]]; then log "invalid database name: $DB_NAME"; exit 2; fi
if ! [[ "$ROLE" =~ ^[a-z_][a-z0-9_]*$ ]]; then log "unsupported OS user name for a role: $ROLE"; exit 2; fi

if ! command -v psql >/dev/null 2>&1; then log "psql not installed"; exit 1; fi

# Run a command as the postgres OS user (we may already be it, or root).
as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"
  elif [ "$(id -u)" = 0 ]; then su postgres -c "$(printf '%q ' "$@")"
  else sudo -n -u postgres "$@"; fi
}

if command -v pg_lsclusters >/dev/null 2>&1; then
  # Start every installed cluster that is down (normally one: <version> main).
  while read -r ver name _port status _rest; do
    if [ "$status" = down ]; then
      log "starting cluster $ver/$name"
      if [ "$(id -u)" = 0 ]; then pg_ctlcluster "$ver" "$name" start; else as_postgres pg_ctlcluster "$ver" "$name" start; fi
    fi
  done < <(pg_lsclusters --no-header 2>/dev/null || true)
fi

for _ in $(seq 1 30); do
  if as_postgres psql -h "$SOCKET_DIR" -d postgres -Atqc 'SELECT 1' >/dev/null 2>&1; then break; fi
  sleep 0.5
done
if ! as_postgres psql -h "$SOCKET_DIR" -d postgres -Atqc 'SELECT 1' >/dev/null 2>&1; then
  log "PostgreSQL is not accepting connections on $SOCKET_DIR"; exit 1
fi

psql_admin() { as_postgres psql -h "$SOCKET_DIR" -d postgres -v ON_ERROR_STOP=1 -Atq "$@"; }
psql_db() { as_postgres psql -h "$SOCKET_DIR" -d "$DB_NAME" -v ON_ERROR_STOP=1 -Atq "$@"; }

if [ "$ROLE" != postgres ] && [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != 1 ]; then
  log "creating role $ROLE"
  psql_admin -c "CREATE ROLE \"$ROLE\" SUPERUSER LOGIN"
fi

log "recreating database $DB_NAME (UTF8, C.UTF-8)"
psql_admin -c "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)"
psql_admin -c "CREATE DATABASE \"$DB_NAME\" OWNER \"$ROLE\" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'"
psql_db -c "CREATE EXTENSION IF NOT EXISTS pg_trgm"
if [ "$(psql_db -c "SELECT show_trgm('北京') <> '{}'")" != t ]; then
  log "pg_trgm sees no Chinese word characters in $DB_NAME (C.UTF-8 locale missing?)"; exit 1
fi

echo "postgres:///$DB_NAME?host=$SOCKET_DIR"
