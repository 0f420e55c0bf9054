#!/usr/bin/env bash
# Playwright in Debian's Chromium. Test tools cannot download browsers here, so the
# browser and a CJK font (without it Chinese renders as boxes) come from apt.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/browser-deps.sh
npx playwright test -c e2e/playwright.config.ts "$@"
# The journey against the real payment adapters and the fake WeChat Pay / Alipay gateways (decision 006).
if [ $# -eq 0 ]; then npx playwright test -c e2e/payments.config.ts; fi
# The company search with DIRECTORY_PROVIDER=qichacha against the fake 企查查 (decision 020).
if [ $# -eq 0 ]; then npx playwright test -c e2e/directory.config.ts; fi
# The invoice journeys: 诺诺 against its signature-checking fake, and the manual upload (decision 064).
if [ $# -eq 0 ]; then npx playwright test -c e2e/invoicing.config.ts; fi
