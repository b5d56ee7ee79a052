#!/usr/bin/env bash
# Runs a command while every core is kept busy by another process (one spinning shell loop per core, or
# LOAD_PROCESSES of them), as on a newcomer's laptop that is doing something else; prints how long the command
# took and exits with its status. The loops are ended by their own process ids, also on Ctrl-C.
#   bash .ci/under_load.sh deno task test
set -uo pipefail
count=${LOAD_PROCESSES:-$(nproc)}
spinners=()
cpu_seconds() { # user + system time of a process so far, in seconds (fields 14 and 15 of /proc/PID/stat)
  awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$1/stat" 2>/dev/null || echo 0
}
stop_spinners() {
  for pid in "${spinners[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${spinners[@]}"; do wait "$pid" 2>/dev/null; done
  spinners=()
}
trap 'stop_spinners; exit 130' INT TERM
for _ in $(seq "$count"); do
  bash -c 'while :; do :; done' &
  spinners+=("$!")
done
echo "under_load: $count busy loops (pids ${spinners[*]})" >&2
started=$(date +%s)
"$@"
status=$?
took=$(($(date +%s) - started))
busy=0
for pid in "${spinners[@]}"; do busy=$(awk -v a="$busy" -v b="$(cpu_seconds "$pid")" 'BEGIN { print a + b }'); done
stop_spinners
echo "under_load: \"$*\" took $took s with $count busy loops, which ran $busy s of CPU time in all" >&2
echo "under_load: exit $status" >&2
exit "$status"
