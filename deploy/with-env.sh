#!/usr/bin/env bash
# Runs a command with the service's settings, read the way systemd's EnvironmentFile reads
# /etc/kuaibao/.env (KEY=VALUE lines, # comments, values taken as written), so a tool sees what the
# server sees. For example, on the server, from /opt/kuaibao:
#   sudo -u kuaibao /opt/kuaibao/deploy/with-env.sh /etc/kuaibao/.env npm run backup -- /var/backups/kuaibao/manual
#   sudo -u kuaibao /opt/kuaibao/deploy/with-env.sh /etc/kuaibao/.env npm run console:reset-password -- admin
set -euo pipefail
if [ $# -lt 2 ]; then echo "usage: deploy/with-env.sh <env file> <command> [arguments…]" >&2; exit 2; fi
env_file="$1"; shift
[ -r "$env_file" ] || { echo "with-env.sh: cannot read $env_file (run as the service user, or with sudo)" >&2; exit 2; }
line_number=0
while IFS= read -r line || [ -n "$line" ]; do
  line_number=$((line_number + 1))
  line="${line%$'\r'}"
  [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
  if [[ "$line" =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.*)$ ]]; then
    export "${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"
  else
    echo "with-env.sh: $env_file:$line_number is not KEY=VALUE" >&2; exit 2
  fi
done < "$env_file"
# The service user's home is the data folder, which `npm run restore` needs empty: npm's cache and
# logs go elsewhere.
export npm_config_cache="${npm_config_cache:-${TMPDIR:-/tmp}/kuaibao-npm-$(id -u)}"
export npm_config_update_notifier=false
exec "$@"
