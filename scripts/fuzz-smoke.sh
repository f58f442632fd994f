#!/usr/bin/env bash
# Fuzz smoke run for CI: builds the libFuzzer targets of fuzz/ in build-fuzz (Clang 22, ASan+UBSan)
# and runs each briefly on its committed corpus. A crash, leak, sanitizer report or broken
# property fails that target. Ends with lit-style "Passed:/Failed:" lines that scripts/test.sh
# counts. The long run (>= 1 million inputs per target) is in docs/robustness.md.
#   scripts/fuzz-smoke.sh [RUNS [SECONDS]]     (defaults: 20000 runs, at most 60 s per target)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${1:-20000}
seconds=${2:-60}
build=build-fuzz

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DCOMMLEDGER_FUZZ=ON \
  -DCOMMLEDGER_BUILD_INSTRUMENTER=OFF -DCOMMLEDGER_BUILD_RUNTIME=OFF \
  -DCOMMLEDGER_BUILD_BENCH=OFF >/dev/null ||
  { echo "commledger: cannot configure $build" >&2; exit 1; }
ninja -C "$build" -j"$(nproc)" fuzzers ||
  { echo "commledger: cannot build the fuzzers in $build" >&2; exit 1; }

pass=0
fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in site_database trace budget report; do
  # New inputs go to a scratch directory (libFuzzer writes into its first corpus argument), so
  # the committed corpus stays as reviewed; findings go to build-fuzz/artifacts/ for reproduction.
  mkdir -p "$work/$target" "$build/artifacts/$target"
  log="$build/artifacts/$target/smoke.log"
  if "$build/bin/fuzz_$target" "$work/$target" "fuzz/corpus/$target" -dict=fuzz/commledger.dict \
       -runs="$runs" -max_total_time="$seconds" -artifact_prefix="$build/artifacts/$target/" \
       >"$log" 2>&1; then
    echo "PASS: fuzz_$target ($(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | head -1)s)"
    pass=$((pass + 1))
  else
    echo "FAIL: fuzz_$target: see $log; reproduce with $build/bin/fuzz_$target <artifact>"
    grep -E '^(SUMMARY|==[0-9]+==ERROR|fuzz property violated)|runtime error' "$log" | head -5
    fail=$((fail + 1))
  fi
done
echo "  Passed: $pass"
[ "$fail" -eq 0 ] || echo "  Failed: $fail"
[ "$fail" -eq 0 ]
