#!/usr/bin/env bash
# Builds the issue-3 counter probes (Range Profiler and PM sampling) into the folder $1.
# Only libcupti is needed: CUDA 13 puts the profiler host/target API in it and libcupti loads
# libnvperf_host/target itself at run time (hence the rpath to the CUDA lib folder).
# Usage: scripts/probes/build-counter-probes.sh OUTDIR
set -euo pipefail
out=${1:?usage: build-counter-probes.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out"
flags=(-O2 -std=c++17 -arch=sm_90 -lineinfo -Xcompiler -Wall,-Wextra,-Werror
       -I"$cuda/include" -L"$cuda/lib64" -L"$cuda/lib64/stubs" -Xlinker -rpath="$cuda/lib64")
for p in counters_range_probe counters_pmsampling_probe; do
  echo "building $p"
  "$cuda/bin/nvcc" "${flags[@]}" -o "$out/$p" "$here/$p.cu" -lcupti -lcuda
done
echo "built into $out"
