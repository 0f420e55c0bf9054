#!/usr/bin/env bash
# npm test: every suite, in the order a failure is cheapest to see. The API runs twice, each half
# once: SQLite (TEST_DIALECTS=sqlite) and PostgreSQL (TEST_DIALECTS=postgres), each showing the
# other's suites as skipped. Under CI=true a missing PostgreSQL or Redis fails the run, naming it
# (scripts/test-api-pg.sh, scripts/redis-test.sh, apps/api/src/test/test-servers.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }
step "typecheck";            npm run --silent typecheck
step "lint";                 npm run --silent lint
step "unit (domain, web)";   npm run --silent test:unit
step "CJK font (authorisation PDF)"; bash scripts/ensure-cjk-font.sh --required
step "API on SQLite";        npm run --silent test:api
step "API on PostgreSQL";    npm run --silent test:api:pg
step "deploy kit (nginx, systemd)"; npm run --silent test:deploy
step "build";                npm run --silent build
step "end-to-end (Chromium)"; npm run --silent test:e2e
step "cluster (nginx, two instances, PostgreSQL, Redis)"; npm run --silent test:cluster
