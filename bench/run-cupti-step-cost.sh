#!/usr/bin/env bash
# Builds bench/cupti_step_cost.cu and prints, per CUPTI configuration, the median seconds of the
# small-copy burst over RUNS runs and the added time per call against `plain`; then the
# correlation-id check. Needs one GPU for the timings, two for the staged copy in the check.
# Usage: bench/run-cupti-step-cost.sh [RUNS]
set -euo pipefail
runs=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
cuda=${CUDA_HOME:-/usr/local/cuda}
"$cuda/bin/nvcc" -O2 -ccbin g++ "$here/cupti_step_cost.cu" -I"$cuda/extras/CUPTI/include" \
  -L"$cuda/extras/CUPTI/lib64" -L"$cuda/lib64" -lcupti -lcuda -o "$work/steps"
export LD_LIBRARY_PATH=$cuda/extras/CUPTI/lib64:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
modes="plain callback pointer api memcpy memcpy+pointer memcpy+api callback+memcpy+pointer+api"
for _ in $(seq "$runs"); do
  for m in $modes; do "$work/steps" "$m" | awk '{print $3}' >>"$work/$m"; done
done
base=$(median <"$work/plain")
printf "%-9s %10s %14s\n" step median_s added_us_call
for m in $modes; do
  t=$(median <"$work/$m")
  printf "%-9s %10.6f %14.3f\n" "$m" "$t" "$(awk -v t="$t" -v b="$base" 'BEGIN {print (t - b) * 1e6 / 100000}')"
done
"$work/steps" check
