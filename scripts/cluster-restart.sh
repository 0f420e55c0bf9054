#!/usr/bin/env bash
# Restarts one instance of the cluster run (scripts/test-cluster.sh) the way `systemctl restart
# kuaibao@<port>` does: SIGTERM, back once the process has ended (after its drain), then started again
# by scripts/cluster-instance.sh, which runs whatever release `current` points at now. deploy/release.sh
# calls it as its KUAIBAO_RESTART_COMMAND in the release spec (e2e/tests/cluster.9-release.spec.ts).
#
#   bash scripts/cluster-restart.sh <run dir> <port> <metrics port>
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 3 ]; then echo "usage: scripts/cluster-restart.sh <run dir> <port> <metrics port>" >&2; exit 2; fi
run_dir="$1"; port="$2"; metrics_port="$3"
pid_file="$run_dir/instance-$port.pid"; exit_file="$run_dir/instance-$port.exit"
if [ -f "$pid_file" ] && [ ! -f "$exit_file" ]; then
  kill -TERM "$(cat "$pid_file")" 2>/dev/null || true
  # The unit gives the drain 40 s (TimeoutStopSec); the instance's watcher writes the exit file.
  for _ in $(seq 1 400); do [ -f "$exit_file" ] && break; sleep 0.1; done
  [ -f "$exit_file" ] || { echo "cluster-restart.sh: instance $port still running 40 s after SIGTERM" >&2; exit 1; }
fi
exec bash scripts/cluster-instance.sh "$run_dir" "$port" "$metrics_port"
