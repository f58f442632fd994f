#!/usr/bin/env bash
# Runs bench/nccl_allreduce_sweep.cu plain and instrumented, RUNS times each interleaved, and
# prints per size the median time per all-reduce and the ratio traced/plain (issue 6 (c): target
# ≤ 1.03 at every size ≥ 1 MiB; the last column marks those sizes). Uses every visible GPU.
# Usage: bench/run-nccl-sweep.sh PREFIX [RUNS] [MAX_BYTES] [STEP]   (PREFIX: CommLedger's bin/ lib/)
set -euo pipefail
prefix=${1:?usage: run-nccl-sweep.sh PREFIX [RUNS] [MAX_BYTES] [STEP]}
runs=${2:-5}
max=${3:-1073741824}
step=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
nccl_libs=(-L/usr/local/cuda/lib64 -lnccl)
"$nvcc" -O2 -ccbin g++ "$here/nccl_allreduce_sweep.cu" -o "$work/plain" "${nccl_libs[@]}"
COMMLEDGER_SITES="$work/sites.json" "$prefix/bin/commledger-cc" "$nvcc" -O2 -ccbin g++ \
  "$here/nccl_allreduce_sweep.cu" -o "$work/instrumented" "${nccl_libs[@]}"

# Rows are the lines not starting with '#': keep "size time_us" of each.
rows() { awk '!/^#/ {print $1, $4}'; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

: >"$work/plain.rows"; : >"$work/traced.rows"; : >"$work/untraced.rows"
for _ in $(seq "$runs"); do
  "$work/plain" "$max" "$step" | rows >>"$work/plain.rows"
  "$prefix/bin/commledger" run -o "$work/traces" -- "$work/instrumented" "$max" "$step" 2>/dev/null \
    | rows >>"$work/traced.rows"
  "$work/instrumented" "$max" "$step" | rows >>"$work/untraced.rows"
done

printf "%12s %12s %12s %12s %8s %s\n" size plain_us traced_us untraced_us ratio target
for size in $(awk '{print $1}' "$work/plain.rows" | sort -gu); do
  p=$(awk -v s="$size" '$1 == s {print $2}' "$work/plain.rows" | median)
  t=$(awk -v s="$size" '$1 == s {print $2}' "$work/traced.rows" | median)
  u=$(awk -v s="$size" '$1 == s {print $2}' "$work/untraced.rows" | median)
  ratio=$(awk -v t="$t" -v p="$p" 'BEGIN {printf "%.3f", t / p}')
  target=$(awk -v s="$size" -v r="$ratio" \
    'BEGIN {if (s < 1048576) print "-"; else print (r <= 1.03) ? "met" : "MISSED"}')
  printf "%12s %12.2f %12.2f %12.2f %8s %s\n" "$size" "$p" "$t" "$u" "$ratio" "$target"
done
"$prefix/bin/commledger" report --sites "$work/sites.json" "$work/traces" | sed -n '/^Sites:/,$p'
