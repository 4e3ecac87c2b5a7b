#!/usr/bin/env sh
# The pre_build hook of a block core's sim target (FuseSoC): build the C side of the
# block's testbench (the test, its driver, the shared harness, the C model) into
# libtb.a in the work root (FuseSoC runs the hook there) with the Makefile of the gx tree the core came from. That tree is
# found from the EDAM FuseSoC wrote into the work root (the core file's path, relative to
# it), so the hook works with and without --no-export.
#   fusesoc_tblib.sh BLOCK
set -eu
blk="$1"
wr="$(pwd)"
core="$(sed -n "s|^ *core_file: \(.*gx_$blk\.core\)$|\1|p" ./*.eda.yml | head -n 1)"
[ -n "$core" ] || { echo "fusesoc_tblib.sh: no core file of gx_$blk in $wr/*.eda.yml"; exit 1; }
root="$(cd "$(dirname "$core")" && pwd)"
exec make -s -C "$root" "tblib-$blk" TBLIB="$wr/libtb.a"
