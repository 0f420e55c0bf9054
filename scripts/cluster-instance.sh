#!/usr/bin/env bash
# Starts one app instance of the cluster run (scripts/test-cluster.sh) in the background, the way
# deploy/systemd/kuaibao@.service does: the settings from the env file through deploy/with-env.sh
# (read as systemd's EnvironmentFile reads it), PORT from the instance, Node 24 from node_modules.
# METRICS_PORT comes from the environment, as a per-instance systemd drop-in would set it
# (docs/deploy.md, "Multiple instances").
#
#   bash scripts/cluster-instance.sh <run dir> <port> <metrics port>
#
# Writes <run dir>/instance-<port>.pid (the server's own pid: with-env.sh and env exec into it),
# appends its output to instance-<port>.log and, when it ends, its exit status to instance-<port>.exit.
# The e2e specs call it again to bring back an instance they killed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 3 ]; then echo "usage: scripts/cluster-instance.sh <run dir> <port> <metrics port>" >&2; exit 2; fi
run_dir="$1"; port="$2"; metrics_port="$3"
rm -f "$run_dir/instance-$port.exit" "$run_dir/instance-$port.pid"
# --- Releases (deploy/release.sh): the instance runs the release current points at, as the unit's
# WorkingDirectory=/srv/kuaibao/current does; scripts/test-cluster.sh makes the first one.
if [ -L "$run_dir/kuaibao/current" ]; then cd "$run_dir/kuaibao/current"; fi
# --- end of releases
(
  METRICS_PORT="$metrics_port" bash deploy/with-env.sh "$run_dir/kuaibao.env" \
    /usr/bin/env PORT="$port" node_modules/.bin/node apps/api/src/server.ts >>"$run_dir/instance-$port.log" 2>&1 &
  echo $! >"$run_dir/instance-$port.pid"
  status=0
  wait $! || status=$?
  echo "$status" >"$run_dir/instance-$port.exit"
) </dev/null >/dev/null 2>&1 &
# The pid file exists before this script returns.
for _ in $(seq 1 50); do [ -s "$run_dir/instance-$port.pid" ] && exit 0; sleep 0.05; done
echo "cluster-instance.sh: instance $port did not start" >&2
exit 1
