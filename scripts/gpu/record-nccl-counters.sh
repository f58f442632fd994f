#!/usr/bin/env bash
# On the GPU host: the single-process and one-thread-per-GPU NCCL programs in counters mode, for
# NVLink bytes per NCCL kernel and per GPU next to the predicted per-pair bytes. Leaves traces,
# site databases and NCCL logs in $OUT/nccl-counters.tgz and the reports in $OUT/nccl-counters.log.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. scripts/gpu/host-env.sh
w=$(mktemp -d)
mkdir -p "$w/keep"
for name in single threads; do
  src=test/gpu/nccl-collectives-$name.cu
  COMMLEDGER_SITES=$w/keep/nccl-$name.sites.json "$prefix/bin/commledger-cc" \
    /usr/local/cuda/bin/nvcc -ccbin g++ -arch=sm_90 -Itest/gpu/Inputs "$src" -o "$w/$name" \
    -L/usr/local/cuda/lib64 -lnccl
  CUDA_VISIBLE_DEVICES=0,1 timeout 120 "$prefix/bin/commledger" run --counters -o "$w/$name.out" \
    -- "$w/$name"
  echo "exit=$?"
  cp "$w/$name.out"/trace-*.json "$w/keep/nccl-$name.counters.json"
  "$prefix/bin/commledger" report --sites "$w/keep/nccl-$name.sites.json" "$w/$name.out" |
    sed -n '/^NCCL sites/,$p'
done >"$OUT/nccl-counters.log" 2>&1
tar -czf "$OUT/nccl-counters.tgz" -C "$w/keep" .
