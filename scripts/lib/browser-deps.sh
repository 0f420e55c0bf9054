# Sourced by the scripts that drive Debian's Chromium (scripts/test-e2e.sh, scripts/bench-web/bench-web.sh).
# Test tools cannot download browsers here, so the browser and a CJK font (without it Chinese
# renders as boxes) come from apt; installing them needs root.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "wenquanyi micro hei" || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "Missing ${need[*]}: install them with apt-get (needs root)." >&2; exit 1; fi
  echo "Installing ${need[*]} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
