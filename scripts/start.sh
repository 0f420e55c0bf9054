#!/usr/bin/env bash
# npm start: build the web app and the console when their sources are newer than the builds, then
# serve web + console + API + sandbox cashier on one port (SQLite under ./data unless DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")/.."
index=apps/web/dist/index.html
console_index=apps/console/dist/index.html
if [ ! -f "$index" ] || [ -n "$(find apps/web/src apps/web/index.html apps/web/public packages/domain/src -newer "$index" -print -quit 2>/dev/null)" ] \
  || [ ! -f "$console_index" ] || [ -n "$(find apps/console/src apps/console/index.html apps/console/public packages/domain/src -newer "$console_index" -print -quit 2>/dev/null)" ]; then
  npm run build --silent
fi
bash scripts/ensure-cjk-font.sh
exec node apps/api/src/server.ts
