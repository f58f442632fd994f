#!/usr/bin/env bash
# Compiles the plain GPU test and benchmark programs for NCCL (issue 4), implicit traffic
# (issue 3) and overhead (issue 6) into OUTDIR with nvcc -arch=sm_90, warnings as errors, to
# prove they build on a machine without a GPU. It does not run them.
# Usage: scripts/gpu/build-gpu-programs.sh OUTDIR       (NVCC: nvcc to use)
set -euo pipefail
out=${1:?usage: build-gpu-programs.sh OUTDIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
mkdir -p "$out"
flags=(-arch=sm_90 -O2 -ccbin g++ -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
       -I"$root/test/gpu/Inputs")
nccl=(-L/usr/local/cuda/lib64 -lnccl)

build() { # SOURCE [LIBS...]
  local src=$1 name
  shift
  name=$(basename "$src" .cu)
  echo "build $name"
  "$nvcc" "${flags[@]}" "$root/$src" -o "$out/$name" "$@"
}

build test/gpu/nccl-collectives-single.cu "${nccl[@]}"
build test/gpu/nccl-collectives-threads.cu "${nccl[@]}"
build test/gpu/nccl-collectives-procs.cu "${nccl[@]}"
build bench/nccl_allreduce_sweep.cu "${nccl[@]}"
build bench/halo_stencil.cu
build test/gpu/um-thesis-listing.cu
build test/gpu/um-host-init.cu
build test/gpu/um-prefetch-pingpong.cu
build test/gpu/zero-copy.cu
build test/gpu/peer-loads.cu
echo "built 10 programs into $out"
