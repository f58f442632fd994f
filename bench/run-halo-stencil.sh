#!/usr/bin/env bash
# Runs bench/halo_stencil.cu plain and instrumented, RUNS times each interleaved, and prints the
# median seconds of the timed iterations and the ratio traced/plain (issue 6 (d): ≤ 1.03; with
# hardware counters on: ≤ 1.5). Uses every visible GPU.
# Usage: bench/run-halo-stencil.sh PREFIX [RUNS] [NX NY ITERS]   (PREFIX: CommLedger's bin/ lib/)
set -euo pipefail
prefix=${1:?usage: run-halo-stencil.sh PREFIX [RUNS] [NX NY ITERS]}
runs=${2:-5}
shift $(($# < 2 ? $# : 2))
args=("$@") # empty: the program's default grid
# COUNTERS_FLAG: extra flags for the traced run. Set COUNTERS_FLAG=--counters once
# `commledger run --counters` exists (issue 3) to measure counters mode with this same script.
COUNTERS_FLAG=${COUNTERS_FLAG:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
"$nvcc" -O2 -ccbin g++ "$here/halo_stencil.cu" -o "$work/plain.exe"
COMMLEDGER_SITES="$work/sites.json" "$prefix/bin/commledger-cc" "$nvcc" -O2 -ccbin g++ \
  "$here/halo_stencil.cu" -o "$work/instrumented.exe"

# The timed line is "stencil <iters> <seconds>"; a failed check makes the program exit non-zero.
seconds() { awk '$1 == "stencil" {print $3}'; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

: >"$work/plain.s"; : >"$work/traced.s"; : >"$work/untraced.s"
for _ in $(seq "$runs"); do
  "$work/plain.exe" "${args[@]}" | seconds >>"$work/plain.s"
  # shellcheck disable=SC2086 # COUNTERS_FLAG is a list of flags, empty by default
  "$prefix/bin/commledger" run $COUNTERS_FLAG -o "$work/traces" -- "$work/instrumented.exe" \
    "${args[@]}" 2>/dev/null | seconds >>"$work/traced.s"
  "$work/instrumented.exe" "${args[@]}" | seconds >>"$work/untraced.s"
done

p=$(median <"$work/plain.s"); t=$(median <"$work/traced.s"); u=$(median <"$work/untraced.s")
iters=${args[2]:-500} # the program's default
printf "%-9s %8s %12s %12s %12s %8s\n" mode iters plain_s traced_s untraced_s ratio
printf "%-9s %8s %12.6f %12.6f %12.6f %8.3f\n" "${COUNTERS_FLAG:-default}" "$iters" "$p" "$t" "$u" \
  "$(awk -v t="$t" -v p="$p" 'BEGIN {print t / p}')"
"$prefix/bin/commledger" report --sites "$work/sites.json" "$work/traces" | sed -n '/^Sites:/,$p'
