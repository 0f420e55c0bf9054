#!/usr/bin/env bash
# npm run bench:web: Lighthouse in Debian's Chromium (no browser download), with a CJK font so the
# pages paint their real text; both come from apt like the e2e run's (scripts/test-e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "wenquanyi micro hei" || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "Missing ${need[*]}: install them with apt-get (needs root)." >&2; exit 1; fi
  echo "Installing ${need[*]} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
exec node scripts/bench-web/bench-web.ts "$@"
