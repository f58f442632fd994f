#!/usr/bin/env bash
# On a CPU machine, after bundle-toolchain.sh filled DIR with Debian packages: unpack them, drop
# what the GPU suite never loads (documentation, other ICU libraries, static archives), and
# repack the rest as one DIR/toolchain.tar.xz (xz -9), replacing the .deb files. The device
# tool carries at most 64 MiB per call (repository included); the packages alone took 61 MB.
# unpack-slim-toolchain.sh (copied into .gpu/) unpacks it and prints the same environment as
# ../shared/gpu-host/unpack-toolchain.sh.
set -euo pipefail
dir=${1:?usage: slim-bundle.sh DIR}
tree=$(mktemp -d)
for f in "$dir"/*.deb; do dpkg -x "$f" "$tree"; done
rm -rf "$tree/usr/share/doc" "$tree/usr/share/man" "$tree/usr/share/lintian"
# libxml2 needs only the ICU common library and its data.
rm -f "$tree"/usr/lib/x86_64-linux-gnu/libicu{i18n,io,test,tu}.so*
find "$tree" -name '*.a' -delete
tar -C "$tree" -cf - . | xz -9e -T0 >"$dir/toolchain.tar.xz.tmp"
mv "$dir/toolchain.tar.xz.tmp" "$dir/toolchain.tar.xz"
rm -f "$dir"/*.deb
rm -rf "$tree"
du -sb "$dir/toolchain.tar.xz"
