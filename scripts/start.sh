#!/usr/bin/env bash
# npm start: build the web app when its sources are newer than the build, then serve
# web + API + sandbox cashier on one port (SQLite under ./data unless DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")/.."
index=apps/web/dist/index.html
if [ ! -f "$index" ] || [ -n "$(find apps/web/src apps/web/index.html apps/web/public packages/domain/src -newer "$index" -print -quit 2>/dev/null)" ]; then
  npm run build --silent
fi
exec node apps/api/src/server.ts
