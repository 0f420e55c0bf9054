#!/usr/bin/env bash
# The operator's kit (deploy/, docs/deploy.md): the nginx config run by Debian's nginx, the systemd
# unit checked by systemd-analyze. Test tools cannot download them, so nginx comes from apt.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v nginx >/dev/null || need+=(nginx)
command -v systemd-analyze >/dev/null || need+=(systemd)
command -v envsubst >/dev/null || need+=(gettext-base)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "Missing ${need[*]}: install them with apt-get (needs root)." >&2; exit 1; fi
  echo "Installing ${need[*]} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # policy-rc.d or no systemd: the package's own nginx is not started; the test runs its own.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
npx vitest run --project deploy "$@"
