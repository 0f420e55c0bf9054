#!/usr/bin/env bash
# The console's 授权委托书 PDF embeds a Chinese font (decision 035): Debian's fonts-wqy-microhei,
# installed with apt-get when missing and run as root. Without root it says what to install;
# `--required` makes that an error (tests), otherwise a warning (npm start: the PDF alone fails).
set -euo pipefail
font=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
[ -f "$font" ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing fonts-wqy-microhei with apt-get (the authorisation PDF's Chinese font)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null
  exit 0
fi
echo "Missing $font: install fonts-wqy-microhei with apt-get (needs root), or set AUTHORIZATION_PDF_FONT." >&2
if [ "${1:-}" = "--required" ]; then exit 1; fi
