#!/usr/bin/env bash
# The proof that CI stays green on a busy machine: keeps one core busy with a spinning node process and runs
# `bash .ci/run` RUNS times in a row (default 3), each on a fresh clone of main (with ../shared beside it, as CI has).
# Prints each run's wall time and status; exits non-zero if any run failed. The busy process always stops.
# Usage: scripts/ci-under-load.sh [runs]   (logs in $WORK/run-N.log; WORK defaults to a new temp folder)
set -uo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
runs=${1:-3}
work=${WORK:-$(mktemp -d /tmp/bloom-lens-ci-XXXXXX)}
mkdir -p "$work"
[ -e "$work/shared" ] || ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"

node -e 'for(;;){}' &
busy=$!
trap 'kill $busy 2>/dev/null' EXIT
echo "busy process $busy keeps one core loaded; fresh clones of main at $work/main"

failed=0
for i in $(seq 1 "$runs"); do
  rm -rf "$work/main"
  git clone -q --branch main "$repo" "$work/main"
  start=$(date +%s)
  (cd "$work/main" && bash .ci/run) > "$work/run-$i.log" 2>&1
  status=$?
  seconds=$(( $(date +%s) - start ))
  summary=$(grep -E '^(tests|bench):|^conformance: [0-9]+ libraries' "$work/run-$i.log" | tr '\n' ' ')
  echo "run $i ($(git -C "$work/main" rev-parse --short HEAD)): status $status, $((seconds / 60)) min $((seconds % 60)) s, load $(cut -d' ' -f1-3 /proc/loadavg) — $summary"
  [ "$status" -eq 0 ] || failed=1
done
exit $failed
