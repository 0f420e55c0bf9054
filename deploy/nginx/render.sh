#!/usr/bin/env bash
# Renders deploy/nginx/kuaibao.conf.template to stdout (or to the file given as $1) from these
# variables. Only the KB_ variables are substituted; nginx's own $variables are left alone.
#
#   KB_SERVER_NAME      the site's domain, e.g. kuaibao.example.com              (required)
#   KB_TLS_CERT         the certificate chain (fullchain.pem)                    (required)
#   KB_TLS_KEY          its private key (privkey.pem)                            (required)
#   KB_UPSTREAM_PORTS   the app instances' ports, space-separated                (default: 3001 3002)
#   KB_UPSTREAM_HOST    where the instances listen (their HOST)                  (default: 127.0.0.1)
#   KB_VERIFY_DIR       the folder holding WeChat's MP_verify_*.txt files        (default: /etc/kuaibao/wechat-verify)
#   KB_ACME_ROOT        the webroot for the certificate challenge                (default: /var/www/letsencrypt)
#   KB_HTTP_PORT        plain HTTP port                                          (default: 80)
#   KB_HTTPS_PORT       HTTPS port                                               (default: 443)
#   KB_IPV6             also listen on IPv6: on or off                           (default: off)
#   KB_ACCESS_LOG       the access log (the template's own format, no query strings) (default: /var/log/nginx/kuaibao.access.log)
#
# Example: KB_SERVER_NAME=kuaibao.example.com KB_TLS_CERT=/etc/letsencrypt/live/kuaibao.example.com/fullchain.pem \
#   KB_TLS_KEY=/etc/letsencrypt/live/kuaibao.example.com/privkey.pem bash deploy/nginx/render.sh /etc/nginx/sites-available/kuaibao.conf
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

fail() { echo "render.sh: $*" >&2; exit 2; }
: "${KB_SERVER_NAME:?KB_SERVER_NAME is required (the site domain, e.g. kuaibao.example.com)}"
: "${KB_TLS_CERT:?KB_TLS_CERT is required (the certificate chain, fullchain.pem)}"
: "${KB_TLS_KEY:?KB_TLS_KEY is required (the certificate private key, privkey.pem)}"
KB_UPSTREAM_PORTS="${KB_UPSTREAM_PORTS:-3001 3002}"
KB_UPSTREAM_HOST="${KB_UPSTREAM_HOST:-127.0.0.1}"
KB_VERIFY_DIR="${KB_VERIFY_DIR:-/etc/kuaibao/wechat-verify}"
KB_ACME_ROOT="${KB_ACME_ROOT:-/var/www/letsencrypt}"
KB_HTTP_PORT="${KB_HTTP_PORT:-80}"
KB_HTTPS_PORT="${KB_HTTPS_PORT:-443}"
KB_IPV6="${KB_IPV6:-off}"
KB_ACCESS_LOG="${KB_ACCESS_LOG:-/var/log/nginx/kuaibao.access.log}"

[[ "$KB_SERVER_NAME" =~ ^[A-Za-z0-9.-]+$ ]] || fail "KB_SERVER_NAME must be a domain name, got: $KB_SERVER_NAME"
[[ "$KB_HTTP_PORT" =~ ^[0-9]+$ && "$KB_HTTPS_PORT" =~ ^[0-9]+$ ]] || fail "KB_HTTP_PORT and KB_HTTPS_PORT must be port numbers"
[[ "$KB_IPV6" == on || "$KB_IPV6" == off ]] || fail "KB_IPV6 must be on or off"
for value in "$KB_TLS_CERT" "$KB_TLS_KEY" "$KB_VERIFY_DIR" "$KB_ACME_ROOT" "$KB_UPSTREAM_HOST" "$KB_ACCESS_LOG"; do
  # Paths go into nginx directives unquoted: no spaces, semicolons or braces.
  [[ "$value" =~ ^[A-Za-z0-9_./:-]+$ ]] || fail "not a plain path or address: $value"
done

KB_UPSTREAM_SERVERS=""
for port in $KB_UPSTREAM_PORTS; do
  [[ "$port" =~ ^[0-9]+$ ]] || fail "KB_UPSTREAM_PORTS must be port numbers, got: $port"
  # fail_timeout shorter than the app's SHUTDOWN_GRACE_MS (5 s): an instance just restarted is tried
  # again before the other one, restarted next, stops listening (docs/decisions/026-cluster-run-and-graceful-shutdown.md).
  KB_UPSTREAM_SERVERS+="    server ${KB_UPSTREAM_HOST}:${port} max_fails=3 fail_timeout=2s;"$'\n'
done
[ -n "$KB_UPSTREAM_SERVERS" ] || fail "KB_UPSTREAM_PORTS is empty"
KB_UPSTREAM_SERVERS="${KB_UPSTREAM_SERVERS%$'\n'}"

KB_HTTP_LISTEN="    listen ${KB_HTTP_PORT};"
# nginx 1.22 takes http2 on the listen line (the separate "http2 on;" arrived in 1.25.1).
KB_HTTPS_LISTEN="    listen ${KB_HTTPS_PORT} ssl http2;"
if [ "$KB_IPV6" = on ]; then
  KB_HTTP_LISTEN+=$'\n'"    listen [::]:${KB_HTTP_PORT};"
  KB_HTTPS_LISTEN+=$'\n'"    listen [::]:${KB_HTTPS_PORT} ssl http2;"
fi
if [ "$KB_HTTPS_PORT" = 443 ]; then KB_HTTPS_ORIGIN="https://${KB_SERVER_NAME}"; else KB_HTTPS_ORIGIN="https://${KB_SERVER_NAME}:${KB_HTTPS_PORT}"; fi

export KB_SERVER_NAME KB_TLS_CERT KB_TLS_KEY KB_VERIFY_DIR KB_ACME_ROOT KB_UPSTREAM_SERVERS KB_HTTP_LISTEN KB_HTTPS_LISTEN KB_HTTPS_ORIGIN KB_ACCESS_LOG
variables='${KB_SERVER_NAME} ${KB_TLS_CERT} ${KB_TLS_KEY} ${KB_VERIFY_DIR} ${KB_ACME_ROOT} ${KB_UPSTREAM_SERVERS} ${KB_HTTP_LISTEN} ${KB_HTTPS_LISTEN} ${KB_HTTPS_ORIGIN} ${KB_ACCESS_LOG}'
rendered="$(envsubst "$variables" < "$here/kuaibao.conf.template")"
if grep -q '\${KB_' <<<"$rendered"; then fail "a \${KB_…} variable was left unrendered"; fi
if [ $# -ge 1 ]; then printf '%s\n' "$rendered" > "$1"; else printf '%s\n' "$rendered"; fi
