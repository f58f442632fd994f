#!/usr/bin/env bash
# Install what a fresh Debian machine lacks, then configure and build CommLedger.
#   scripts/setup.sh [BUILD_DIR [extra cmake args...]]     (default BUILD_DIR: build)
# Idempotent: packages already present and an up-to-date build are left alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true

packages=(clang-22 libclang-22-dev libclang-rt-22-dev llvm-22-dev llvm-22-tools nlohmann-json3-dev
          cmake ninja-build g++ libgtest-dev python3
          python3-jsonschema chromium time make bc)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "commledger: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -x /usr/local/cuda/bin/nvcc ] || [ ! -f /usr/local/cuda/include/cupti.h ]; then
  echo "commledger: the CUDA Toolkit 13 (nvcc, CUPTI) is expected at /usr/local/cuda" >&2
  exit 1
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
ninja -C "$build" -j"$(nproc)"
