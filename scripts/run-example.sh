#!/usr/bin/env bash
# The main job on the bundled example (examples/multigpu_copies.cu): instrument it, then
#  - with two GPUs: build it through commledger-cc, run it under `commledger run`, report;
#  - without: reconcile its site database against the trace recorded on two H200s
#    (examples/traces/), so the whole pipeline shows on any machine.
# Usage: scripts/run-example.sh [report options, e.g. --format json]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh build >/dev/null
bin=build/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gpus=0
if command -v nvidia-smi >/dev/null; then
  gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
fi

if [ "$gpus" -ge 2 ]; then
  echo "commledger: $gpus GPUs found: building and running the example" >&2
  COMMLEDGER_SITES="$work/sites.json" COMMLEDGER_PROJECT_ROOT="$root" \
    "$bin/commledger-cc" /usr/local/cuda/bin/nvcc -ccbin g++ examples/multigpu_copies.cu \
    -o "$work/multigpu_copies"
  "$bin/commledger" run -o "$work/traces" -- "$work/multigpu_copies"
  traces="$work/traces"
else
  echo "commledger: no two GPUs here: reconciling the trace recorded on two H200s" >&2
  "$bin/commledger-instrument" --project-root "$root" --sites "$work/sites.json" \
    examples/multigpu_copies.cu -o "$work/rewritten" -- -I runtime/include >/dev/null
  traces=examples/traces
fi
"$bin/commledger" report --sites "$work/sites.json" "$@" "$traces"
