#!/usr/bin/env bash
# test_fusesoc: gx as a FuseSoC library, as a user of FuseSoC sees it (the README's
# commands), with the tools of .venv on PATH (scripts/setup.sh links them there).
# Covers: `fusesoc core list` names every block's core; `fusesoc run --target=lint`
# passes for every block; the sim target of gx:gx:analyzer builds and passes its
# cosimulation (SEED=1, N=2000); the formal target of gx:gx:raster_setup passes; no RTL
# file is named in the Makefile, the scripts or the .sby templates (the cores are the one
# list). Build root: build/fusesoc-test, without the sim build's precompiled headers.
# Closes with `N passed, N failed`.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 1
export PATH="$PWD/.venv/bin:$PATH"
out=build/fusesoc-test
rm -rf "$out"
fs() { fusesoc --cores-root . run --build-root "$out" "$@"; }

blocks="$(make -s --no-print-directory print-blocks)"
fusesoc --cores-root . core list > "$tmp/list" 2>&1
for b in $blocks; do
  grep -q "^gx:gx:$b:" "$tmp/list" && ok || bad "core list lacks gx:gx:$b: $(cat "$tmp/list")"
done
for b in $blocks; do
  fs --target=lint "gx:gx:$b" > "$tmp/lint-$b.log" 2>&1 && ok \
    || { bad "fusesoc lint gx:gx:$b"; grep -v '^WARNING' "$tmp/lint-$b.log" | tail -20; }
done
SEED=1 N=2000 fs --target=sim gx:gx:analyzer > "$tmp/sim.log" 2>&1 \
  && grep -Eq '^[0-9]+ passed, 0 failed' "$tmp/sim.log" && ok \
  || { bad "fusesoc sim gx:gx:analyzer"; grep -v '^WARNING' "$tmp/sim.log" | tail -20; }
# the sim build's precompiled headers are most of its size (docs/toolchain.md, "Disk")
find "$out" -name '*.gch' -delete
fs --target=formal gx:gx:raster_setup > "$tmp/formal.log" 2>&1 \
  && [ "$(grep -c 'DONE (PASS' "$tmp/formal.log")" = 2 ] && ok \
  || { bad "fusesoc formal gx:gx:raster_setup"; grep -v '^WARNING' "$tmp/formal.log" | tail -20; }
# the file lists live in the cores only: no line of the Makefile or a script names two RTL
# files, and no template reads a file by name
if grep -nE 'rtl/gx_[a-z0-9_]+\.sv.*rtl/gx_[a-z0-9_]+\.sv' Makefile scripts/*.py scripts/*.sh ||
   grep -nE '^[^#]*read_verilog[^{]*\.s?v\b' formal/*.sby.j2; then
  bad "a file list outside the cores (above)"
else ok; fi
cli_finish test_fusesoc
