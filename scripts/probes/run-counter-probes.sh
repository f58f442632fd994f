#!/usr/bin/env bash
# Runs the issue-3 counter probes on a GPU host (two GPUs expected) and prints what decides
# the design: accepted metrics and pass counts, per-kernel wire bytes, overhead, sample clock.
# Usage: scripts/probes/run-counter-probes.sh [BUILDDIR]   (builds there first if needed)
# Output also goes to $OUT/counter-probes.log when $OUT is set.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-/tmp/commledger-counter-probes}
limit=${PROBE_TIMEOUT:-120}
log=/dev/null
[ -n "${OUT:-}" ] && mkdir -p "$OUT" && log=$OUT/counter-probes.log
export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
{
  if [ ! -x "$dir/counters_range_probe" ] || [ ! -x "$dir/counters_pmsampling_probe" ]; then
    bash "$here/build-counter-probes.sh" "$dir" || { echo "BUILD FAILED"; exit 1; }
  fi
  echo "################ host ################"
  nvidia-smi -L
  nvidia-smi --query-gpu=index,name,driver_version,pcie.link.gen.current,pcie.link.width.current \
    --format=csv
  nvidia-smi topo -m
  grep -i profil /proc/driver/nvidia/params 2>/dev/null || echo "(no /proc/driver/nvidia/params)"
  echo "################ 1/2 range profiler (auto range, user replay, 1 pass per group) ######"
  start=$(date +%s%N)
  timeout -k 5 "$limit" "$dir/counters_range_probe"; echo "EXIT range_probe rc=$?"
  echo "ELAPSED range_probe ms=$(( ($(date +%s%N) - start) / 1000000 ))"
  echo "################ 2/2 PM sampling (all GPUs sampled at once) ######"
  start=$(date +%s%N)
  timeout -k 5 "$limit" "$dir/counters_pmsampling_probe"; echo "EXIT pmsampling_probe rc=$?"
  echo "ELAPSED pmsampling_probe ms=$(( ($(date +%s%N) - start) / 1000000 ))"
} 2>&1 | tee "$log"
