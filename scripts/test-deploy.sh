#!/usr/bin/env bash
# The operator's kit (deploy/, docs/deploy.md): the nginx config run by Debian's nginx, the systemd
# units checked by systemd-analyze, the alert rules by promtool (Debian's prometheus package). Test
# tools cannot download them, so they come from apt.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v nginx >/dev/null || need+=(nginx)
command -v systemd-analyze >/dev/null || need+=(systemd)
command -v envsubst >/dev/null || need+=(gettext-base)
lean=()
command -v promtool >/dev/null || lean+=(prometheus)
if [ $((${#need[@]} + ${#lean[@]})) -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "Missing ${need[*]} ${lean[*]}: install them with apt-get (needs root)." >&2; exit 1; fi
  echo "Installing ${need[*]} ${lean[*]} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # policy-rc.d or no systemd: the package's own nginx is not started; the test runs its own.
  if [ ${#need[@]} -gt 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
  # Only promtool is wanted from prometheus: not the node exporter and the rest it recommends.
  if [ ${#lean[@]} -gt 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${lean[@]}" >/dev/null; fi
fi
npx vitest run --project deploy "$@"
