#!/usr/bin/env bash
# On the GPU host: the counters GPU test with its full output, then every recorded program again
# (fixtures), without the overhead benchmarks.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
timeout 150 bash scripts/gpu/run-suite.sh gpu/counters-zero-copy-peer.cu gpu/nccl-collectives-threads.cu >"$OUT/lit-counters.log" 2>&1
python3 "/opt/llvm22-bundle/usr/lib/llvm-22/bin/lit" -a --param site_config=/tmp/commledger-obj/test/lit.site.cfg.py \
  test/gpu/counters-zero-copy-peer.cu >>"$OUT/lit-counters.log" 2>&1
timeout 300 bash scripts/gpu/record-implicit-nccl.sh quick >"$OUT/driver.log" 2>&1
