#!/usr/bin/env bash
# 快报 Kuaibao releases you can switch and roll back (docs/deploy.md, section 12; why:
# docs/decisions/053-releases-and-boot-lock.md). Each release is built in its own folder; a symlink
# says which one the instances run; they restart one at a time, each waiting for the previous one's
# /readyz; the release before stays for `rollback`, and the hashed files of the last releases stay
# served, so pages loaded before the switch still find their scripts.
#
#   deploy/release.sh deploy [<git ref>]    build <ref> (default HEAD), switch to it, restart one by one
#   deploy/release.sh deploy --worktree     the same from the source folder's files as they are, committed or not
#   deploy/release.sh prepare [<git ref>]   build and switch, restart nothing (the first install)
#   deploy/release.sh rollback              back to the previous release, restart one by one
#   deploy/release.sh restart               restart one by one, no switch
#   deploy/release.sh list                  the releases, marking current and previous
#
#   $KUAIBAO_HOME/releases/<UTC time>-<commit>/   a release: the code, its node_modules, its build
#   $KUAIBAO_HOME/current -> releases/<id>        what the instances run (kuaibao@.service's WorkingDirectory)
#   $KUAIBAO_HOME/previous -> releases/<id>       what `rollback` goes back to
#   $KUAIBAO_HOME/history                         one line per switch: time, release, how
#
# Settings (environment):
#   KUAIBAO_HOME                  where releases live (default /srv/kuaibao)
#   KUAIBAO_SOURCE                the git clone releases are built from (default: the one this script is
#                                 in, /opt/kuaibao in docs/deploy.md)
#   KUAIBAO_INSTANCES             the instances' ports, restarted in this order (default "3001 3002")
#   KUAIBAO_RESTART_COMMAND       restarts one instance, its port as $1; must return once the old process
#                                 has stopped (default: systemctl restart "kuaibao@$1", which does)
#   KUAIBAO_READY_TIMEOUT_SECONDS how long an instance may take to answer /readyz (default 180)
#   KUAIBAO_KEEP_RELEASES         release folders kept (default 5; current and previous always)
#   KUAIBAO_KEEP_ASSETS           how many releases that served visitors before a new one have their
#                                 hashed files copied into it (default 3)
#   KUAIBAO_NODE_MODULES_FROM     a folder whose node_modules is hard-linked into the release when its
#                                 package-lock.json is the same (default: the source clone, then the
#                                 current release); else npm ci
#   KUAIBAO_RELEASE_PREBUILD      a shell command run in the new release's folder before npm run build
set -euo pipefail

log() { printf 'release: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
home="${KUAIBAO_HOME:-/srv/kuaibao}"
releases="$home/releases"
instances="${KUAIBAO_INSTANCES-3001 3002}"
default_restart='systemctl restart "kuaibao@$1"'
restart_command="${KUAIBAO_RESTART_COMMAND:-$default_restart}"
ready_timeout="${KUAIBAO_READY_TIMEOUT_SECONDS:-180}"
keep_releases="${KUAIBAO_KEEP_RELEASES:-5}"
keep_assets="${KUAIBAO_KEEP_ASSETS:-3}"
# The hashed build files (Vite's assets folders): never rewritten under a name, so copying is safe.
asset_dirs=(apps/web/dist/assets apps/console/dist/assets)

release_of() { [ -L "$home/$1" ] && basename "$(readlink "$home/$1")" || true; }

# Points $home/<name> at releases/<id> in one rename: a reader sees the old link or the new one.
point() {
  ln -sfn "releases/$2" "$home/.$1.new"
  mv -T "$home/.$1.new" "$home/$1"
}

# Every hashed file in the folder's assets folders (relative paths).
list_assets() {
  local asset_dir
  for asset_dir in "${asset_dirs[@]}"; do
    if [ -d "$1/$asset_dir" ]; then (cd "$1" && find "$asset_dir" -type f); fi
  done | sort
}

# A folder's own hashed files: those its build wrote (listed then), else all it has.
own_assets() {
  if [ -f "$1/.release-assets" ]; then cat "$1/.release-assets"; else list_assets "$1"; fi
}

# Copies the hashed files of folder $1 that folder $2 lacks into it; never overwrites one.
carry_assets() {
  local from="$1" to="$2" copied=0 file
  [ -d "$from" ] || return 0
  while IFS= read -r file; do
    if [ -z "$file" ] || [ ! -f "$from/$file" ] || [ -e "$to/$file" ]; then continue; fi
    mkdir -p "$(dirname "$to/$file")"
    cp -p "$from/$file" "$to/$file"
    copied=$((copied + 1))
  done < <(own_assets "$from")
  log "kept $copied hashed files of $from in $(basename "$to")"
}

# The releases that served visitors most recently (newest first, each once), from the history.
recent_releases() {
  [ -f "$home/history" ] || return 0
  awk '{ print $2 }' "$home/history" | tac | awk '!seen[$0]++'
}

wait_ready() {
  local port="$1" deadline=$((SECONDS + ready_timeout))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if curl -fsS --max-time 2 -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  return 1
}

# One instance at a time; the next only once this one answers /readyz, so one always serves.
rolling_restart() {
  local port
  for port in $instances; do
    log "restarting the instance on port $port"
    # Without the script's lock (fd 9): an instance the command starts must not hold it.
    sh -c "$restart_command" restart "$port" 9>&- || die "the restart of $port failed; the other instances were not restarted. Back: deploy/release.sh rollback"
    wait_ready "$port" || die "the instance on port $port is not ready after ${ready_timeout}s (journalctl -u kuaibao@$port); the others were not restarted. Back: deploy/release.sh rollback"
    log "port $port ready"
  done
}

record() { printf '%s %s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" >>"$home/history"; }

build() {
  local mode="$1" ref="$2" source commit id dir modules_from
  source="${KUAIBAO_SOURCE:-$(git -C "$script_dir" rev-parse --show-toplevel 2>/dev/null || true)}"
  [ -n "$source" ] && git -C "$source" rev-parse --git-dir >/dev/null 2>&1 || die "no source: set KUAIBAO_SOURCE to the git clone to build from"
  commit="$(git -C "$source" rev-parse --verify "$ref^{commit}")" || die "$ref is not a commit of $source"
  id="$(date -u +%Y%m%dT%H%M%SZ)-$(git -C "$source" rev-parse --short=10 "$commit")"
  [ "$mode" = worktree ] && id="$id-worktree"
  dir="$releases/$id"
  if [ -e "$dir" ]; then die "$dir exists already"; fi
  mkdir -p "$dir"
  # A failed build leaves no folder behind (see the EXIT trap); current is untouched until the switch.
  building="$dir"
  log "building $id in $dir"
  if [ "$mode" = worktree ]; then
    # The files git knows or would add (tracked or not ignored), as they are on disk.
    (cd "$source" && git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -x -C "$dir"
  else
    git -C "$source" archive --format=tar "$commit" | tar -x -C "$dir"
  fi
  printf '%s\n' "$id" "commit $commit (from $mode)" "built $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$dir/.release"

  # Dependencies: hard links to an identical install when the lock file is the same (no download, no
  # disk), else npm ci. Links are safe: npm and the build write new files, never into existing ones.
  local linked= candidates=("$source" "$home/current")
  if [ -n "${KUAIBAO_NODE_MODULES_FROM:-}" ]; then candidates=("$KUAIBAO_NODE_MODULES_FROM"); fi
  for modules_from in "${candidates[@]}"; do
    if [ -d "$modules_from/node_modules" ] && cmp -s "$modules_from/package-lock.json" "$dir/package-lock.json" \
      && cp -al "$modules_from/node_modules" "$dir/node_modules" 2>/dev/null; then
      log "node_modules linked from $modules_from (same package-lock.json)"
      linked=yes
      break
    fi
    rm -rf "$dir/node_modules"
  done
  if [ -z "$linked" ]; then (cd "$dir" && npm ci --no-audit --no-fund); fi
  if [ -n "${KUAIBAO_RELEASE_PREBUILD:-}" ]; then (cd "$dir" && sh -c "$KUAIBAO_RELEASE_PREBUILD"); fi
  (cd "$dir" && npm run --silent build)
  list_assets "$dir" >"$dir/.release-assets"
  [ -s "$dir/.release-assets" ] || die "the build of $id has no hashed files in ${asset_dirs[*]}"

  # Pages of the releases that served before keep their scripts: their hashed files, added here.
  local from
  while IFS= read -r from; do
    if [ -n "$from" ] && [ "$from" != "$id" ]; then carry_assets "$releases/$from" "$dir"; fi
  done < <(recent_releases | head -n "$keep_assets")
  # The first release of an install that served from the source folder itself: that build's files.
  if [ ! -s "$home/history" ]; then carry_assets "$source" "$dir"; fi
  building=
  built_id="$id"
}

switch_to() {
  local id="$1" how="$2" was
  was="$(release_of current)"
  if [ -n "$was" ] && [ "$was" != "$id" ]; then point previous "$was"; fi
  point current "$id"
  record "$id" "$how"
  log "current -> releases/$id${was:+ (previous: $was)}"
}

prune() {
  local current previous id count=0
  current="$(release_of current)"; previous="$(release_of previous)"
  while IFS= read -r id; do
    count=$((count + 1))
    if [ "$count" -gt "$keep_releases" ] && [ "$id" != "$current" ] && [ "$id" != "$previous" ]; then
      log "removing release $id"
      rm -rf "${releases:?}/$id"
    fi
  done < <(ls -1 "$releases" | sort -r)
}

list() {
  local current previous id
  current="$(release_of current)"; previous="$(release_of previous)"
  [ -d "$releases" ] || { echo "no releases in $releases"; return; }
  for id in $(ls -1 "$releases" | sort -r); do
    mark=' '
    if [ "$id" = "$current" ]; then mark='current'; elif [ "$id" = "$previous" ]; then mark='previous'; fi
    printf '%-8s %s\n' "$mark" "$id"
  done
}

command="${1:-}"
[ $# -gt 0 ] && shift
case "$command" in
  deploy | prepare | rollback | restart) ;;
  list) list; exit 0 ;;
  *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac

mkdir -p "$releases"
building=
trap 'if [ -n "$building" ]; then rm -rf "$building"; fi' EXIT
# One release command at a time on this machine.
exec 9>"$home/.release.lock"
flock -n 9 || die "another deploy/release.sh is running (lock $home/.release.lock)"

case "$command" in
  deploy | prepare)
    if [ "${1:-}" = --worktree ]; then build worktree HEAD; else build git "${1:-HEAD}"; fi
    switch_to "$built_id" "$command"
    if [ "$command" = deploy ]; then rolling_restart; fi
    prune
    ;;
  rollback)
    target="$(release_of previous)"; leaving="$(release_of current)"
    if [ -z "$target" ] || [ ! -d "$releases/$target" ]; then die "no previous release to go back to"; fi
    # Pages the release being left served keep their scripts after the way back.
    carry_assets "$releases/$leaving" "$releases/$target"
    switch_to "$target" rollback
    rolling_restart
    ;;
  restart) rolling_restart ;;
esac
log "done: $(release_of current)"
