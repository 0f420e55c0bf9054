#!/usr/bin/env bash
# npm run test:cluster: the deployment of docs/deploy.md ("Multiple instances") on this machine, then
# Playwright through it (e2e/cluster.config.ts, e2e/tests/cluster.*.spec.ts):
#   PostgreSQL (database kb_cluster) + a private Redis + two app instances started as
#   deploy/systemd/kuaibao@.service starts them, with an env file made from .env.example + Debian's
#   nginx running the shipped template (deploy/nginx/render.sh) with a self-signed certificate.
# Where it differs from a server, and why: docs/decisions/026-cluster-run-and-graceful-shutdown.md.
# Ports 3400-3419: nginx 3400 (http) and 3401 (https), instances 3402 and 3403, their metrics
# 3412 and 3413, PostgreSQL 3408 (a private server of the run), Redis 3409. Everything is stopped
# and removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { printf 'test-cluster: %s\n' "$*" >&2; }

HTTP_PORT=3400 HTTPS_PORT=3401 REDIS_PORT=3409 PG_PORT=3408
INSTANCES="3402:3412 3403:3413"

# Debian packages the run needs; test tools cannot download them (CONTRIBUTING.md#browser-tests).
need=()
command -v redis-server >/dev/null || need+=(redis-server)
command -v nginx >/dev/null || need+=(nginx)
command -v envsubst >/dev/null || need+=(gettext-base)
command -v openssl >/dev/null || need+=(openssl)
command -v curl >/dev/null || need+=(curl)
command -v psql >/dev/null || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "wenquanyi micro hei" || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then log "missing ${need[*]}: install them with apt-get (needs root)"; exit 1; fi
  log "installing ${need[*]} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # policy-rc.d or no systemd: the packages' own nginx and redis are not started; this run starts its own.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The web app and the console are built into the first release (the releases block below), not here.

run_dir="$(mktemp -d "${TMPDIR:-/tmp}/kuaibao-cluster-XXXXXX")"
chmod 755 "$run_dir"
redis_url="redis://127.0.0.1:$REDIS_PORT"
nginx_args=(-p "$run_dir" -c "$run_dir/nginx.conf" -e "$run_dir/nginx-error.log")
stop_all() {
  local status=$?
  [ -f "$run_dir/nginx.pid" ] && kill -QUIT "$(cat "$run_dir/nginx.pid")" 2>/dev/null || true
  for pid_file in "$run_dir"/instance-*.pid; do
    [ -f "$pid_file" ] && kill -KILL "$(cat "$pid_file")" 2>/dev/null || true
  done
  # Each instance's watcher writes its exit status when it ends; wait for them before removing the folder.
  for pid_file in "$run_dir"/instance-*.pid; do
    [ -f "$pid_file" ] || continue
    for _ in $(seq 1 50); do [ -f "${pid_file%.pid}.exit" ] && break; sleep 0.1; done
  done
  for _ in $(seq 1 50); do [ -f "$run_dir/nginx.pid" ] || break; sleep 0.1; done
  redis-cli -u "$redis_url" shutdown nosave >/dev/null 2>&1 || true
  # --- the run's private PostgreSQL (degraded-dependency specs) ---
  [ -f "$run_dir/pg/data/postmaster.pid" ] && bash scripts/cluster-postgres.sh stop "$run_dir" "$PG_PORT" >/dev/null 2>&1 || true
  if [ "$status" -ne 0 ]; then
    for file in "$run_dir"/instance-*.log "$run_dir/nginx-error.log"; do
      [ -f "$file" ] && { log "last lines of $(basename "$file"):"; tail -n 15 "$file" >&2; }
    done
  fi
  rm -rf "$run_dir" || true
  exit "$status"
}
trap stop_all EXIT

# --- PostgreSQL: a private server of the run (scripts/cluster-postgres.sh), a fresh UTF-8 database.
# Private, because e2e/tests/cluster.8-postgres-restart.spec.ts stops and restarts it under load:
# the machine's own cluster is shared with other runs and is never restarted.
database_url="$(bash scripts/cluster-postgres.sh init "$run_dir" "$PG_PORT" | tail -n 1)"
log "PostgreSQL on 127.0.0.1:$PG_PORT, private to the run"
# --- end of the private PostgreSQL

# Redis: one private server for the run (a server would run Debian's redis-server service, with AOF).
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --dir "$run_dir" --pidfile "$run_dir/redis.pid" --logfile "$run_dir/redis.log" >/dev/null
for _ in $(seq 1 50); do redis-cli -u "$redis_url" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-cli -u "$redis_url" ping >/dev/null

# The env file, as docs/deploy.md has the operator make /etc/kuaibao/.env: .env.example with the
# blanks filled (fresh keys from openssl) and the values of this machine. APP_ENV=test and the
# sandbox cashier: the run pays without real money (production refuses both).
env_file="$run_dir/kuaibao.env"
cp .env.example "$env_file"
set_setting() {
  grep -qE "^#?$1=" "$env_file" || { log ".env.example has no $1"; exit 1; }
  local escaped="${2//|/\\|}"
  sed -i -E "s|^#?$1=.*$|$1=${escaped//&/\\&}|" "$env_file"
}
set_setting APP_ENV test
set_setting PUBLIC_BASE_URL "https://127.0.0.1:$HTTPS_PORT"
set_setting DATABASE_URL "$database_url"
set_setting REDIS_URL "$redis_url"
set_setting SQLITE_FILE "$run_dir/unused.sqlite"
set_setting UPLOADS_DIR "$run_dir/uploads"
set_setting SEED_COMPANIES 5000
set_setting LOG_LEVEL info
set_setting SIGN_SECRET "$(openssl rand -hex 24)"
set_setting RESPONSE_AES_KEY "$(openssl rand -hex 16)"
set_setting ID_ENCRYPTION_KEY "$(openssl rand -hex 32)"
set_setting ID_HASH_KEY "$(openssl rand -hex 24)"
set_setting SANDBOX_NOTIFY_KEY "$(openssl rand -hex 24)"
set_setting PAYMENT_PROVIDERS sandbox
set_setting SMS_PROVIDER console
set_setting DIRECTORY_PROVIDER local
set_setting WECHAT_AUTH_PROVIDER none
set_setting CONSOLE_ADMIN_PASSWORD "cluster-admin-$(openssl rand -hex 6)"
# Frequent rounds, so both instances run many of them while the specs watch.
set_setting PAYMENT_SWEEP_INTERVAL_SECONDS 1
set_setting SMS_OUTBOX_INTERVAL_MS 500

# --- Releases (deploy/release.sh, docs/deploy.md section 12): the instances run a release built in
# its own folder under $run_dir/kuaibao, through its current link (scripts/cluster-instance.sh), as
# the unit runs /srv/kuaibao/current; built from this checkout's files as they are, committed or not,
# with its node_modules linked. The release spec (e2e/tests/cluster.9-release.spec.ts) updates and
# rolls back under load with the same settings.
export KUAIBAO_HOME="$run_dir/kuaibao" KUAIBAO_SOURCE="$PWD" KUAIBAO_NODE_MODULES_FROM="$PWD"
log "building the first release (the web app and the console)"
bash deploy/release.sh prepare --worktree
# --- end of releases

# The instances, all at once on the empty database, as units started together: one migrates and
# seeds under the boot lock while the other waits for it (apps/api/src/db/boot-lock.ts).
started_at=$SECONDS
for pair in $INSTANCES; do
  bash scripts/cluster-instance.sh "$run_dir" "${pair%%:*}" "${pair##*:}"
done
for pair in $INSTANCES; do
  port="${pair%%:*}"; metrics_port="${pair##*:}"
  ready=false
  for _ in $(seq 1 900); do
    if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then ready=true; break; fi
    [ -f "$run_dir/instance-$port.exit" ] && break
    sleep 0.2
  done
  $ready || { log "instance $port did not become ready"; exit 1; }
  log "instance $port ready (metrics on $metrics_port), $((SECONDS - started_at)) s after both started on the empty database"
done

# nginx: the shipped template, rendered by the shipped script, with a self-signed certificate.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
  -keyout "$run_dir/key.pem" -out "$run_dir/cert.pem" 2>/dev/null
mkdir -p "$run_dir/verify" "$run_dir/acme" "$run_dir/temp"
KB_SERVER_NAME=127.0.0.1 KB_TLS_CERT="$run_dir/cert.pem" KB_TLS_KEY="$run_dir/key.pem" \
  KB_UPSTREAM_PORTS="$(for pair in $INSTANCES; do printf '%s ' "${pair%%:*}"; done)" \
  KB_VERIFY_DIR="$run_dir/verify" KB_ACME_ROOT="$run_dir/acme" KB_HTTP_PORT="$HTTP_PORT" KB_HTTPS_PORT="$HTTPS_PORT" \
  KB_ACCESS_LOG="$run_dir/nginx-access.log" bash deploy/nginx/render.sh "$run_dir/kuaibao.conf"
# The http-level lines of Debian's /etc/nginx/nginx.conf, with this run's own paths.
{
  [ "$(id -u)" -eq 0 ] && echo 'user root;'
  echo "pid $run_dir/nginx.pid;"
  echo 'worker_processes 1;'
  echo 'events { worker_connections 512; }'
  echo 'http {'
  echo '  include /etc/nginx/mime.types;'
  echo "  access_log $run_dir/nginx-access.log;"
  for kind in client_body proxy fastcgi uwsgi scgi; do echo "  ${kind}_temp_path $run_dir/temp/$kind;"; done
  echo "  include $run_dir/kuaibao.conf;"
  echo '}'
} >"$run_dir/nginx.conf"
nginx -t "${nginx_args[@]}" 2>/dev/null || { nginx -t "${nginx_args[@]}"; exit 1; }
nginx "${nginx_args[@]}"
for _ in $(seq 1 50); do curl -ksf "https://127.0.0.1:$HTTPS_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
log "nginx on https://127.0.0.1:$HTTPS_PORT/ in front of $INSTANCES; running the specs"

CLUSTER_RUN_DIR="$run_dir" CLUSTER_BASE_URL="https://127.0.0.1:$HTTPS_PORT" CLUSTER_INSTANCES="$INSTANCES" \
  CLUSTER_PG_PORT="$PG_PORT" CLUSTER_REDIS_PORT="$REDIS_PORT" \
  npx playwright test -c e2e/cluster.config.ts "$@"
