#!/usr/bin/env bash
# The API suite again on PostgreSQL, when a PostgreSQL server is installed on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1 && [ ! -d /usr/lib/postgresql ]; then
    echo "PostgreSQL is not installed here: the PostgreSQL run of the API suite is not possible on this machine."
    exit 0
  fi
  TEST_DATABASE_URL="$(bash scripts/pg-test-db.sh | tail -n 1)"
fi
export TEST_DATABASE_URL
echo "API suite on $TEST_DATABASE_URL"
bash scripts/redis-test.sh npx vitest run --project api
