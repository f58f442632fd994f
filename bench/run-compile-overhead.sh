#!/usr/bin/env bash
# Compile overhead of the launcher: `nvcc -c` against `commledger-cc nvcc -c` on the project's
# own CUDA programs, median of RUNS each (interleaved), and the ratio per file (target ≤ 1.3×,
# docs/PERFORMANCE.md "Compile"). nvcc needs no GPU.
# Usage: bench/run-compile-overhead.sh [BUILD_DIR [RUNS]]   (defaults: build, 5)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-5}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export COMMLEDGER_SITES=$work/sites.json COMMLEDGER_PROJECT_ROOT=$root
# The GPU tests include test/gpu/Inputs; the runtime header is found by commledger-cc itself.
flags=(-ccbin g++ -I"$root/test/gpu/Inputs" -I"$root/runtime/include")

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }

files=("$root/examples/multigpu_copies.cu" "$root"/test/gpu/*.cu "$root/bench/copy_overhead.cu")
printf "%-40s %9s %9s %7s\n" file nvcc_s cc_s ratio
: >"$work/all"
for f in "${files[@]}"; do
  : >"$work/plain"; : >"$work/cc"
  for _ in $(seq "$runs"); do
    seconds "$nvcc" "${flags[@]}" -c "$f" -o "$work/plain.o" >>"$work/plain"
    seconds "$build/bin/commledger-cc" "$nvcc" "${flags[@]}" -c "$f" -o "$work/cc.o" >>"$work/cc"
  done
  p=$(median <"$work/plain"); c=$(median <"$work/cc"); r=$(echo "$c / $p" | bc -l)
  echo "$p $c" >>"$work/all"
  printf "%-40s %9.3f %9.3f %7.3f\n" "${f#$root/}" "$p" "$c" "$r"
done
awk '{p += $1; c += $2} END {printf "%-40s %9.3f %9.3f %7.3f\n", "total", p, c, c / p}' "$work/all"
