#!/usr/bin/env bash
# On the GPU host (two GPUs): the issue 3/4/6 batch. Counter probes, every implicit-traffic and
# NCCL program under `commledger run` (traces + sites for fixtures, `commledger show` listings),
# the multi-process NCCL run, then the NCCL sweep and halo-stencil overhead benchmarks.
# Writes $OUT/implicit.log, $OUT/bench.log, $OUT/counter-probes.log, $OUT/implicit-fixtures.tgz.
# Usage: scripts/gpu/record-implicit-nccl.sh [quick]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
. scripts/gpu/host-env.sh
out=${OUT:-/tmp/out}
mkdir -p "$out"
work=$(mktemp -d)
fixtures=$work/fixtures
mkdir -p "$fixtures"
log=$out/implicit.log
nvcc=/usr/local/cuda/bin/nvcc

# Probes first (they own the GPUs): unified-memory counters, then (full mode) PM sampling.
"$nvcc" -arch=sm_90 scripts/probes/um_counters_probe.cu -o "$work/um_probe" \
  -L/usr/local/cuda/lib64 -lcupti >/dev/null 2>&1 && timeout 60 "$work/um_probe" \
  >"$out/um-probe.log" 2>&1
if [ "${1:-}" = probes ]; then
  PROBE_TIMEOUT=50 timeout 130 bash scripts/probes/run-counter-probes.sh "$work/probes" \
    >"$work/probes.txt" 2>&1
fi
# Counters mode for every recorded run when COMMLEDGER_RECORD_COUNTERS=1.
run_flags=(--events 2000)
[ "${COMMLEDGER_RECORD_COUNTERS:-0}" = 1 ] && run_flags+=(--counters)

record() { # $1 = case name, $2 = source, $3.. = extra link flags
  local name=$1 src=$2
  shift 2
  {
    echo "===== $name ($src)"
    COMMLEDGER_SITES=$fixtures/$name.sites.json "$prefix/bin/commledger-cc" "$nvcc" -ccbin g++ \
      -arch=sm_90 -Itest/gpu/Inputs "$src" -o "$work/$name" "$@" || return
    CUDA_VISIBLE_DEVICES=0,1 timeout 120 "$prefix/bin/commledger" run "${run_flags[@]}" \
      -o "$work/$name.out" -- "$work/$name"
    echo "exit=$?"
    for t in "$work/$name.out"/trace-*.json; do
      "$prefix/bin/commledger" show --sites "$fixtures/$name.sites.json" "$t"
    done
    ls "$work/$name.out"
    i=0
    for t in "$work/$name.out"/trace-*.json; do
      cp "$t" "$fixtures/$name.trace$i.json"
      i=$((i + 1))
    done
    cp "$work/$name.out"/nccl-*.log "$fixtures/" 2>/dev/null
  } >>"$log" 2>&1
}

record um-thesis-listing test/gpu/um-thesis-listing.cu
record um-host-init test/gpu/um-host-init.cu
record um-prefetch-pingpong test/gpu/um-prefetch-pingpong.cu
record zero-copy test/gpu/zero-copy.cu
record peer-loads test/gpu/peer-loads.cu
record nccl-single test/gpu/nccl-collectives-single.cu -L/usr/local/cuda/lib64 -lnccl
record nccl-threads test/gpu/nccl-collectives-threads.cu -L/usr/local/cuda/lib64 -lnccl
{
  echo "===== nccl-procs"
  COMMLEDGER_SITES=$fixtures/nccl-procs.sites.json "$prefix/bin/commledger-cc" "$nvcc" -ccbin g++ \
    -arch=sm_90 -Itest/gpu/Inputs test/gpu/nccl-collectives-procs.cu -o "$work/procs" \
    -L/usr/local/cuda/lib64 -lnccl
  timeout 180 bash test/gpu/Inputs/run-procs.sh 2 -- "$prefix/bin/commledger" run \
    "${run_flags[@]}" -o "$work/procs.out" -- "$work/procs"
  echo "exit=$?"
  i=0
  for t in "$work/procs.out"/trace-*.json; do
    "$prefix/bin/commledger" show --sites "$fixtures/nccl-procs.sites.json" "$t"
    cp "$t" "$fixtures/nccl-procs.trace$i.json"
    i=$((i + 1))
  done
  cp "$work/procs.out"/nccl-*.log "$fixtures/" 2>/dev/null
} >>"$log" 2>&1
{
  echo "===== calibrate"
  CUDA_VISIBLE_DEVICES=0,1 timeout 120 "$prefix/bin/commledger" calibrate -o "$fixtures/machine-profile.json"
  echo "exit=$?"
  cat "$fixtures/machine-profile.json"
} >>"$log" 2>&1
tar -czf "$out/implicit-fixtures.tgz" -C "$fixtures" .
[ "${1:-}" = quick ] && exit 0
# Overhead, with the profile of where it goes (kernel records off / counters mode on), and the
# counters of the zero-copy and peer programs.
{
  for name in zero-copy peer-loads; do
    echo "===== $name --counters"
    CUDA_VISIBLE_DEVICES=0,1 timeout 60 "$prefix/bin/commledger" run --counters \
      -o "$work/$name.counters" -- "$work/$name"
    echo "exit=$?"
    for t in "$work/$name.counters"/trace-*.json; do
      "$prefix/bin/commledger" show --sites "$fixtures/$name.sites.json" "$t" | grep -E "counter|kernel"
      cp "$t" "$fixtures/$name.counters.json"
    done
  done
  echo "===== halo stencil 16384x16384, 1000 iterations: default"
  timeout 100 bash bench/run-halo-stencil.sh "$prefix" 5 16384 16384 1000
  echo "===== halo stencil: counters mode"
  COUNTERS_FLAG=--counters timeout 100 bash bench/run-halo-stencil.sh "$prefix" 5 16384 16384 1000
  echo "===== NCCL all-reduce sweep to 64 MiB: default"
  timeout 120 bash bench/run-nccl-sweep.sh "$prefix" 5 67108864
} >"$out/bench.log" 2>&1
tar -czf "$out/implicit-fixtures.tgz" -C "$fixtures" .
