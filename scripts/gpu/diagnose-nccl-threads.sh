#!/usr/bin/env bash
# On the GPU host: the threads NCCL program traced with COMMLEDGER_BACKTRACE=1, to locate a
# fault inside the runtime (resolve the printed offsets with addr2line on an unstripped build).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. scripts/gpu/host-env.sh
w=$(mktemp -d)
COMMLEDGER_SITES=$w/s.json "$prefix/bin/commledger-cc" /usr/local/cuda/bin/nvcc -ccbin g++ \
  -arch=sm_90 -Itest/gpu/Inputs test/gpu/nccl-collectives-threads.cu -o "$w/t" \
  -L/usr/local/cuda/lib64 -lnccl
for env in "COMMLEDGER_KERNELS=0" "COMMLEDGER_CHECKPOINT_MS=0" "X=1"; do
  echo "== traced with $env"
  env COMMLEDGER_BACKTRACE=1 $env timeout 60 "$prefix/bin/commledger" run -o "$w/$env" -- "$w/t" 2>&1 | grep -v "^vm:" | tail -30
  echo "exit=${PIPESTATUS[0]}"
done
