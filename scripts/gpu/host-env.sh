# Sourced by the scripts that run on the GPU host: unpacks the carried toolchain and sets the
# variables the instrumenter and the programs need. Expects $root (the repository) to be set.
eval "$(bash "$root/.gpu/unpack-toolchain.sh" "$root/.bundle" /opt/llvm22-bundle)"
prefix=$root/.gpu/prefix
export COMMLEDGER_RESOURCE_DIR=$LLVM22_ROOT/lib/clang/22 COMMLEDGER_PROJECT_ROOT=$root
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} NCCL_NVLS_ENABLE=0
