#!/usr/bin/env bash
# On the GPU host (after run-suite.sh has unpacked the toolchain): build the bundled example
# through commledger-cc, run it under `commledger run`, print its report, and leave the trace in
# $OUT/example-trace.json for examples/traces/ (what run-example.sh reconciles without a GPU).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
eval "$(bash .gpu/unpack-toolchain.sh .bundle /opt/llvm22-bundle)"
prefix=$root/.gpu/prefix
export COMMLEDGER_RESOURCE_DIR=$LLVM22_ROOT/lib/clang/22 COMMLEDGER_PROJECT_ROOT=$root
work=$(mktemp -d)
COMMLEDGER_SITES=$work/sites.json "$prefix/bin/commledger-cc" /usr/local/cuda/bin/nvcc -ccbin g++ \
  examples/multigpu_copies.cu -o "$work/multigpu_copies"
CUDA_VISIBLE_DEVICES=0,1 "$prefix/bin/commledger" run -o "$work/traces" -- "$work/multigpu_copies"
"$prefix/bin/commledger" report --sites "$work/sites.json" "$work/traces"
if [ -n "${OUT:-}" ]; then
  cp "$work"/traces/trace-*.json "$OUT/example-trace.json"
  cp "$work/sites.json" "$OUT/example-sites.json"
fi
