#!/usr/bin/env bash
# The API suite's PostgreSQL half (npm run test:api:pg): the test files that declare suites per
# dialect (describeDialects / dialectSuites, apps/api/src/test/dialects.ts), with
# TEST_DIALECTS=postgres, so the SQLite halves npm run test:api has run show as skipped, not run twice.
#
# Without PostgreSQL on this machine: under CI=true it fails, naming what is missing; otherwise it
# says the run is skipped and exits 0. TEST_DATABASE_URL, when set, names the database to use;
# otherwise scripts/pg-test-db.sh makes one (PG_TEST_DB names it, PG_SOCKET_DIR the server's socket).
set -euo pipefail
cd "$(dirname "$0")/.."

missing() {
  if [ "${CI:-}" != "" ] && [ "${CI:-}" != "false" ] && [ "${CI:-}" != "0" ]; then
    echo "test-api-pg: PostgreSQL is missing: $1. CI=true requires the PostgreSQL run of the API suite." >&2
    exit 1
  fi
  echo "test-api-pg: SKIPPED the PostgreSQL run of the API suite: $1." >&2
  exit 0
}

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! command -v psql >/dev/null 2>&1; then missing "psql is not installed (apt-get install postgresql)"; fi
  if ! TEST_DATABASE_URL="$(bash scripts/pg-test-db.sh | tail -n 1)" || [ -z "$TEST_DATABASE_URL" ]; then
    missing "scripts/pg-test-db.sh could not start or reach it (its message is above)"
  fi
fi

mapfile -t files < <(grep -rlE '\b(describeDialects|dialectSuites)\(' apps/api/src --include='*.test.ts' | sort)
if [ "${#files[@]}" -eq 0 ]; then echo "test-api-pg: no test file declares suites per dialect" >&2; exit 1; fi

export TEST_DATABASE_URL TEST_DIALECTS=postgres
echo "API suite on $TEST_DATABASE_URL (${#files[@]} files with PostgreSQL suites)"
bash scripts/redis-test.sh npx vitest run --project api "${files[@]}"
