#!/usr/bin/env bash
# Runs a command with a private Redis for the API tests, and stops it afterwards:
#
#   bash scripts/redis-test.sh npx vitest run --project api
#
# - Installs Debian's redis-server with apt-get when it is missing (as root; like test-e2e.sh).
# - Starts redis-server on a free 127.0.0.1 port with no persistence, exports TEST_REDIS_URL
#   (printed on stderr) and runs the command. Without a command, prints the URL on stdout and
#   leaves the server running (stop it with: redis-cli -u <url> shutdown nosave).
# - Exits non-zero, with one line naming Redis, when it cannot install or start it: the Redis
#   suites need TEST_REDIS_URL, and without it they would only show as skipped (CI=true refuses that
#   too: apps/api/src/test/test-servers.ts).
# The Redis tests (decision 024) run when TEST_REDIS_URL is set; they start their own private
# servers with the same binary when they must stop one or keep keys apart.
set -euo pipefail
log() { echo "redis-test: $*" >&2; }

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then log "Redis is missing: redis-server is not installed; install it with apt-get install redis-server (needs root)"; exit 1; fi
  log "installing redis-server with apt-get"
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }; then
    log "Redis is missing: redis-server is not installed and apt-get could not install it"; exit 1
  fi
fi

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
dir="$(mktemp -d "${TMPDIR:-/tmp}/kuaibao-redis-XXXXXX")"
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
url="redis://127.0.0.1:$port"
for _ in $(seq 1 50); do
  if redis-cli -u "$url" ping >/dev/null 2>&1; then break; fi
  sleep 0.1
done
if ! redis-cli -u "$url" ping >/dev/null 2>&1; then log "Redis is missing: redis-server did not start on port $port (see $dir/redis.log)"; exit 1; fi

if [ $# -eq 0 ]; then echo "$url"; exit 0; fi
stop() { redis-cli -u "$url" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT
log "TEST_REDIS_URL=$url"
TEST_REDIS_URL="$url" "$@"
