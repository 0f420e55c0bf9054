#!/usr/bin/env bash
# npm run bench:web: Lighthouse in Debian's Chromium (no browser download), with a CJK font so the
# pages paint their real text; both come from apt like the e2e run's (scripts/test-e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/browser-deps.sh
exec node scripts/bench-web/bench-web.ts "$@"
