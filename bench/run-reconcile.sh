#!/usr/bin/env bash
# Times `commledger report --format json` and `commledger timeline` on a synthetic site database
# and traces (bench/gen-synthetic-trace.cpp) and prints records/s and peak memory of each.
# Usage: bench/run-reconcile.sh [BUILD_DIR [SITES [RECORDS [TRACES]]]]
#   defaults: build, 100000 sites, 10000000 records, 10 traces (docs/PERFORMANCE.md "Reconcile")
# The inputs are kept in $COMMLEDGER_BENCH_DIR (default /tmp/commledger-bench-<sites>-<records>),
# generated once; each output goes to a temporary file (its size is printed), deleted at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
sites=${2:-100000}
records=${3:-10000000}
traces=${4:-10}
data=${COMMLEDGER_BENCH_DIR:-/tmp/commledger-bench-$sites-$records-$traces}
if [ ! -x /usr/bin/time ]; then
  echo "commledger: /usr/bin/time is missing (scripts/setup.sh installs the 'time' package)" >&2
  exit 1
fi
if [ ! -f "$data/done" ]; then
  "$build/bin/bench_gen_trace" "$data" --sites "$sites" --records "$records" --traces "$traces"
  touch "$data/done"
fi
out=$(mktemp)
trap 'rm -f "$out" "$out.time"' EXIT

# One line per command: seconds (wall), records/s, peak resident memory (MiB).
measure() {
  local name=$1; shift
  /usr/bin/time -v -o "$out.time" "$@" >"$out"
  awk -v name="$name" -v records="$records" -v bytes="$(stat -c %s "$out")" '
    /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + t[i] }
    /Maximum resident set size/ { rss = $NF }
    END { printf "%-9s %9d %8.2f %12.0f %10.0f %10.1f\n", name, records, s, records / s, rss / 1024, bytes / 1048576 }
  ' "$out.time"
}

printf "%-9s %9s %8s %12s %10s %10s\n" command records wall_s records/s peak_MiB output_MiB
measure report "$build/bin/commledger" report --format json --sites "$data/sites.json" "$data"
measure timeline "$build/bin/commledger" timeline --sites "$data/sites.json" "$data"
