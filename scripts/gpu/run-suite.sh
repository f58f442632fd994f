#!/usr/bin/env bash
# On the GPU host: unpack the carried toolchain, point lit at the carried prefix, run the GPU
# suite (and any other lit paths given), and leave the traces for fixtures in $OUT/fixtures.tgz.
# Usage: scripts/gpu/run-suite.sh [lit paths relative to test/, default: gpu]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
eval "$(bash .gpu/unpack-toolchain.sh .bundle /opt/llvm22-bundle)"
prefix=$root/.gpu/prefix
export COMMLEDGER_SRC_ROOT=$root COMMLEDGER_OBJ_ROOT=/tmp/commledger-obj
export COMMLEDGER_BIN_DIR=$prefix/bin COMMLEDGER_LIB_DIR=$prefix/lib
export COMMLEDGER_RT_INCLUDE=$prefix/include COMMLEDGER_LLVM_TOOLS_DIR=$LLVM22_ROOT/bin
export COMMLEDGER_RESOURCE_DIR=$LLVM22_ROOT/lib/clang/22 COMMLEDGER_NVCC=/usr/local/cuda/bin/nvcc
# $OUT returns at most 8 files: fixtures are gathered here and tarred into $OUT at the end.
export COMMLEDGER_FIXTURE_DIR=/tmp/commledger-fixtures
export COMMLEDGER_PROJECT_ROOT=$root
export NCCL_NVLS_ENABLE=0
mkdir -p "$COMMLEDGER_OBJ_ROOT/test" "$COMMLEDGER_FIXTURE_DIR"
# lit.site.cfg.py takes every path from the environment above.
sed "s|@[A-Z_]*@||g" test/lit.site.cfg.py.in > "$COMMLEDGER_OBJ_ROOT/test/lit.site.cfg.py"
nvidia-smi -L
paths=()
for p in "${@:-gpu}"; do paths+=("test/$p"); done
python3 "$LLVM22_ROOT/bin/lit" -v --param site_config="$COMMLEDGER_OBJ_ROOT/test/lit.site.cfg.py" \
  "${paths[@]}"
status=$?
if [ -n "${OUT:-}" ]; then
  tar -czf "$OUT/fixtures.tgz" -C "$COMMLEDGER_FIXTURE_DIR" .
fi
exit $status
