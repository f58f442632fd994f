#!/usr/bin/env bash
# On a GPU host: unpack the toolchain that slim-bundle.sh packed and print the environment that
# puts clang 22's libraries, lit and FileCheck on the paths (as ../shared/gpu-host's
# unpack-toolchain.sh does for the .deb files).
# Usage: eval "$(unpack-slim-toolchain.sh DIR [PREFIX])"
set -euo pipefail
dir=${1:?usage: unpack-slim-toolchain.sh DIR [PREFIX]}
prefix=${2:-/opt/llvm22-bundle}
mkdir -p "$prefix"
if command -v xz >/dev/null; then
  xz -dc "$dir/toolchain.tar.xz" | tar -C "$prefix" -xf -
else # python's lzma, where the host has no xz
  python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1], "r:xz").extractall(sys.argv[2])' \
    "$dir/toolchain.tar.xz" "$prefix"
fi
echo "export LLVM22_ROOT=$prefix/usr/lib/llvm-22"
echo "export PATH=$prefix/usr/lib/llvm-22/bin:\$PATH"
echo "export PYTHONPATH=$prefix/usr/lib/llvm-22/utils/lit:\${PYTHONPATH:-}"
echo "export LD_LIBRARY_PATH=$prefix/usr/lib/x86_64-linux-gnu:$prefix/usr/lib/llvm-22/lib:\${LD_LIBRARY_PATH:-}"
