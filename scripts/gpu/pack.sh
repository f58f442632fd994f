#!/usr/bin/env bash
# On a CPU machine: build CommLedger and stage what the GPU suite needs on a lent GPU host that
# has no package access (see docs/gpu-testing.md):
#   .gpu/prefix   bin/ lib/ include/ of this build, stripped
#   .bundle/      Clang 22 run-time + lit + FileCheck as Debian packages (../shared/gpu-host)
# Both folders are listed in .git/info/exclude and travel as `carry`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scripts/setup.sh build >/dev/null
rm -rf .gpu && mkdir -p .gpu/prefix/bin .gpu/prefix/lib .gpu/prefix/include
cp build/bin/commledger build/bin/commledger-instrument build/bin/commledger-cc .gpu/prefix/bin/
[ -f build/bin/commledger-calibrate ] && cp build/bin/commledger-calibrate .gpu/prefix/bin/
cp build/lib/libcommledger-rt.so .gpu/prefix/lib/
[ -f build/lib/CommLedgerPlugin.so ] && cp build/lib/CommLedgerPlugin.so .gpu/prefix/lib/
cp -r runtime/include/commledger .gpu/prefix/include/
strip --strip-unneeded .gpu/prefix/bin/* .gpu/prefix/lib/*
shared=${COMMLEDGER_SHARED:-$root/../shared}
# The packed toolchain is kept between packs: it only changes with the LLVM packages.
if [ ! -f .bundle/toolchain.tar.xz ]; then
  bash "$shared/gpu-host/bundle-toolchain.sh" --full .bundle >/dev/null
  # libxml2 (needed by libLLVM) needs ICU 72, which the GPU host lacks (seen there).
  (cd .bundle && { ls libicu72_*.deb >/dev/null 2>&1 || apt-get download libicu72 >/dev/null 2>&1; })
  bash scripts/gpu/slim-bundle.sh .bundle >/dev/null
fi
cp scripts/gpu/unpack-slim-toolchain.sh .gpu/unpack-toolchain.sh
du -sh .gpu .bundle
