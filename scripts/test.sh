#!/usr/bin/env bash
# Build CommLedger and run every test that this machine can run: the lit suites (plugin,
# reconcile; gpu where GPUs are present), the unit tests, and the same CPU parts again under
# ASan+UBSan. Prints one closing line "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
lit=/usr/lib/llvm-22/bin/lit
total_pass=0
total_fail=0

count() { # $1 = log file of a lit or ctest run
  local p f
  p=$(grep -hoE '^ *(Passed|Expectedly Failed) *: *[0-9]+' "$1" | grep -oE '[0-9]+$' | paste -sd+ | bc 2>/dev/null)
  f=$(grep -hoE '^ *(Failed|Unexpectedly Passed|Unresolved|Timed Out) *: *[0-9]+' "$1" | grep -oE '[0-9]+$' | paste -sd+ | bc 2>/dev/null)
  total_pass=$((total_pass + ${p:-0}))
  total_fail=$((total_fail + ${f:-0}))
}

run_suite() { # $1 = name, rest = command
  local name=$1 log
  shift
  log=$(mktemp)
  echo "== $name"
  if ! "$@" 2>&1 | tee "$log"; then
    grep -qE '^ *(Failed|Unresolved)' "$log" || total_fail=$((total_fail + 1))
  fi
  count "$log"
  rm -f "$log"
}

ctest_as_lit() { # ctest's summary, restated in lit's words so count() reads both alike
  local out
  out=$(ctest --test-dir "$1" --output-on-failure 2>&1)
  local rc=$?
  echo "$out"
  echo "$out" | sed -nE 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1 \2/p' | {
    read -r failed all || { failed=0; all=0; }
    echo "  Passed: $((all - failed))"
    echo "  Failed: $failed"
  }
  return $rc
}

scripts/setup.sh build || exit 1
run_suite "unit tests" ctest_as_lit build/test/unit
run_suite "lit (plugin, reconcile, gpu)" "$lit" -s build/test

# Sanitizers on the CPU parts that do not need Clang: formats, reconciler, runtime logic.
scripts/setup.sh build-asan -DCOMMLEDGER_SANITIZE=ON -DCOMMLEDGER_BUILD_INSTRUMENTER=OFF || exit 1
# The launcher tests preload the sanitized runtime into programs built without ASan.
export ASAN_OPTIONS=detect_leaks=1:verify_asan_link_order=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_suite "unit tests (ASan+UBSan)" ctest_as_lit build-asan/test/unit
run_suite "lit reconcile (ASan+UBSan)" "$lit" -s build-asan/test --filter "reconcile/"
# Every reader under libFuzzer for a bounded number of inputs (fuzz/, docs/robustness.md).
run_suite "fuzz smoke (libFuzzer)" scripts/fuzz-smoke.sh

# ThreadSanitizer on the runtime's concurrent core (site stacks, request shards, pipeline,
# checkpoint thread) from 8 threads: only that test binary is built, to keep this step short.
gtest_as_lit() { # a GoogleTest binary's summary in lit's words; a crash or race counts as failed
  local out rc passed failed
  out=$("$@" 2>&1)
  rc=$?
  echo "$out"
  passed=$(echo "$out" | grep -c '^\[       OK \]')
  failed=$(echo "$out" | grep -c '^\[  FAILED  \] [^ ]* (')
  [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
  echo "  Passed: $passed"
  echo "  Failed: $failed"
  return $rc
}
cmake -S "$root" -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOMMLEDGER_TSAN=ON \
  -DCOMMLEDGER_BUILD_INSTRUMENTER=OFF >/dev/null || exit 1
ninja -C build-tsan -j"$(nproc)" runtime_thread_tests >/dev/null || exit 1
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
  run_suite "runtime threads (TSan)" gtest_as_lit build-tsan/bin/runtime_thread_tests

echo
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
