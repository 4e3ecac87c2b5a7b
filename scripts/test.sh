#!/usr/bin/env bash
# make test: every check of gx, in order, each logged under build/test/:
#   check-gen, lint, C-model unit tests (plain and ASan/UBSan), gx CLI tests (the tool
#   plain and with its C under ASan/UBSan), every
#   block's cosimulation of the RTL and of its Yosys netlist (+ coverage
#   report), every block's formal tasks (these as parallel jobs, one a core: on CI's
#   two cores they were half of the run's 63 minutes when run one after another).
# A stage whose runner prints `N passed, N failed` adds those counts; any other stage
# counts as one check. Every stage runs even after a failure; the last line sums them.
set -uo pipefail
cd "$(dirname "$0")/.."
B=build
mkdir -p $B/test
blocks="$(make -s --no-print-directory -f Makefile print-blocks)"
total_pass=0; total_fail=0

# A stage's verdict from its log and exit status: the log's last "N passed, M failed"
# line if it has one, else 1 passed (exit 0) or 1 failed.
report() {  # name, exit status, seconds
  local name="$1" st="$2" secs="$3" log="$B/test/$1.log" line p f
  line="$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)"
  if [ -n "$line" ]; then
    p="${line%% passed*}"; f="${line#*passed, }"; f="${f%% failed*}"
    if [ "$st" -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
  elif [ "$st" -eq 0 ]; then p=1; f=0
  else p=0; f=1
  fi
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
  local verdict=ok; [ "$f" != 0 ] && verdict=FAILED
  printf '%-28s %-6s %8s passed %6s failed %5ss  (%s)\n' "$name" "$verdict" "$p" "$f" \
    "$secs" "$log"
  if [ "$f" != 0 ]; then tail -n 25 "$log" | sed 's/^/    | /'; fi
}

stage() {  # name, command...: run now and report
  local name="$1"; shift
  local start=$(date +%s)
  "$@" > "$B/test/$name.log" 2>&1
  report "$name" $? "$(( $(date +%s) - start ))"
}

# Independent stages (the formal tasks) run as parallel jobs, one a core: pstage starts
# one (waiting for a free core), pwait waits for all and reports them in start order.
JOBS="$(nproc 2>/dev/null || echo 1)"
pnames=()
pstage() {  # name, command...
  local name="$1"; shift
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  pnames+=("$name")
  rm -f "$B/test/$name.rc"
  ( start=$(date +%s); "$@" > "$B/test/$name.log" 2>&1; st=$?
    echo "$st $(( $(date +%s) - start ))" > "$B/test/$name.rc" ) &
}
pwait() {
  wait
  local n st secs
  for n in "${pnames[@]}"; do
    read -r st secs < "$B/test/$n.rc" || { st=1; secs=0; }
    report "$n" "$st" "$secs"
  done
  pnames=()
}

stage check-gen make -s check-gen
stage lint make -s lint
stage build make -s $B/bin/gx $B/bin/gx-san $(for b in $blocks; do echo $B/bin/tb_$b $B/bin/tb_${b}_gl; done) \
  $(ls cmodel/tests/test_*.c | sed "s|cmodel/tests/\(.*\)\.c|$B/tests/\1 $B/tests/\1-san|")
for t in cmodel/tests/test_*.c; do
  t="$(basename "$t" .c)"
  stage "model-$t" $B/tests/$t
  stage "model-$t-asan-ubsan" $B/tests/$t-san
done
for t in tests/cli/test_*.sh; do
  stage "cli-$(basename "$t" .sh | sed s/^test_//)" bash "$t"
  stage "cli-$(basename "$t" .sh | sed s/^test_//)-asan-ubsan" env GX=$B/bin/gx-san bash "$t"
done
for t in tests/oracle/test_*.sh; do
  stage "oracle-$(basename "$t" .sh | sed s/^test_//)" bash "$t"
done
for b in $blocks; do
  stage "cosim-$b" $B/bin/tb_$b --out $B
  stage "cosim-$b-netlist" $B/bin/tb_${b}_gl --out $B/gl
done
for k in $(make -s --no-print-directory print-mssurf-ks); do
  stage "cosim-mssurf-k$k" env SLOTS=$k $B/bin/tb_mssurf --out $B
done
stage coverage python3 scripts/cov_report.py $B/coverage
cat $B/test/coverage.log | sed 's/^/    /'
# every block's tasks, and the conservative rasterizer's pixel-value identity
# (docs/raster.md, the conservative property, items 12 and 13: 42 tasks, a few seconds
# each but const, about 4 minutes; the harness around it, gx_raster_cons, takes hours
# and is not part of the regression)
for sby in $(printf 'gx_%s ' $blocks) gx_raster_cons_id; do
  for task in $(awk '/^\[tasks\]/{t=1;next} /^\[/{t=0} t&&NF{print $1}' formal/$sby.sby); do
    pstage "formal-${sby#gx_}-$task" scripts/formal.sh $sby $task
  done
done
pwait
echo "$total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]
