#!/usr/bin/env bash
# Starts N ranks of a one-process-per-GPU program, the way mpirun/torchrun would, and waits for
# all. Each rank runs `COMMAND... --rank r --nranks N --id-file F` with CUDA_VISIBLE_DEVICES unset
# (the program picks GPU r itself); F is a fresh path, so no stale NCCL id is ever read.
# COMMAND may be a launcher, e.g. `commledger run -o DIR -- prog`: the flags go last.
# Prints the ranks' stdout in rank order; exits 1 if any rank failed (then stops the others).
# Usage: run-procs.sh N -- COMMAND [ARGS...]      (RUN_PROCS_TIMEOUT: seconds per rank, 300)
set -uo pipefail
n=${1:?usage: run-procs.sh N -- COMMAND [ARGS...]}
shift
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: run-procs.sh N -- COMMAND [ARGS...]" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pids=()
for ((r = 0; r < n; r++)); do
  env -u CUDA_VISIBLE_DEVICES timeout "${RUN_PROCS_TIMEOUT:-300}" \
    "$@" --rank "$r" --nranks "$n" --id-file "$work/nccl-id" >"$work/out.$r" &
  pids+=($!)
done

# Wait for ranks as they finish; on the first failure stop the rest, which would otherwise wait
# for the failed rank inside NCCL until the timeout.
failed=0
remaining=$n
while [ "$remaining" -gt 0 ]; do
  wait -n -p done_pid
  status=$?
  remaining=$((remaining - 1))
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1
    echo "run-procs: a rank (pid $done_pid) exited with $status; stopping the others" >&2
    for pid in "${pids[@]}"; do
      [ "$pid" != "$done_pid" ] && kill "$pid" 2>/dev/null
    done
  fi
done

for ((r = 0; r < n; r++)); do
  cat "$work/out.$r"
done
exit "$failed"
