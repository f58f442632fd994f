#!/usr/bin/env bash
# Runs bench/copy_overhead.cu plain and instrumented, RUNS times each interleaved, and prints the
# median seconds and the ratio per mode. Needs two GPUs for `p2p`.
# Usage: bench/run-copy-overhead.sh PREFIX [RUNS]   (PREFIX: CommLedger's bin/ lib/ include/)
set -euo pipefail
prefix=${1:?usage: run-copy-overhead.sh PREFIX [RUNS]}
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
"$nvcc" -O2 -ccbin g++ "$here/copy_overhead.cu" -o "$work/plain"
COMMLEDGER_SITES="$work/sites.json" "$prefix/bin/commledger-cc" "$nvcc" -O2 -ccbin g++ \
  "$here/copy_overhead.cu" -o "$work/instrumented"

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

printf "%-6s %8s %12s %12s %12s %8s\n" mode calls plain_s traced_s untraced_s ratio
for mode in small p2p; do
  : >"$work/$mode.plain"; : >"$work/$mode.traced"; : >"$work/$mode.untraced"
  for _ in $(seq "$runs"); do
    "$work/plain" "$mode" | awk '{print $3}' >>"$work/$mode.plain"
    "$prefix/bin/commledger" run -o "$work/traces" -- "$work/instrumented" "$mode" 2>/dev/null \
      | awk '{print $3}' >>"$work/$mode.traced"
    "$work/instrumented" "$mode" | awk '{print $3}' >>"$work/$mode.untraced"
  done
  calls=$("$work/plain" "$mode" | awk '{print $2}')
  p=$(median <"$work/$mode.plain"); t=$(median <"$work/$mode.traced"); u=$(median <"$work/$mode.untraced")
  printf "%-6s %8s %12.6f %12.6f %12.6f %8.3f\n" "$mode" "$calls" "$p" "$t" "$u" "$(awk -v t="$t" -v p="$p" 'BEGIN {print t / p}')"
done
"$prefix/bin/commledger" report --sites "$work/sites.json" "$work/traces" | sed -n '/^Sites:/,$p'
