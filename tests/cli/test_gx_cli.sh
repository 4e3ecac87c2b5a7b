#!/usr/bin/env bash
# test_gx_cli: the gx command line, both engines.
# Covers: byte-identical output of --engine cmodel and --engine rtl on directed and random
# analyzer inputs (every N by B, comments, blank lines, CRLF, stdin); every bad-input
# class (field count, N, B, HEX length, HEX digit, missing file, unknown engine/option)
# exits 2 with `gx: FILE:LINE: reason` on stderr and nothing on stdout; golden outputs.
# Closes with `N passed, N failed`.
. "$(dirname "$0")/lib.sh"

# --- golden outputs
cat > "$tmp/golden.txt" <<'IN'
# all equal, N=4 B=4: two uniform pixels
4 4 0102030401020304010203040102030401020304010203040102030401020304

8 4 000000000000000100000002000000030000000400000005000000060000000700
IN
# (the third line is 66 digits: fixed below)
sed -i '$d' "$tmp/golden.txt"
echo "8 4 0000000000000001000000020000000300000004000000050000000600000007" >> "$tmp/golden.txt"
echo "16 16 ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" >> "$tmp/golden.txt"
echo "2 8 00000000000000000000000000000001aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" >> "$tmp/golden.txt"
cat > "$tmp/golden.want" <<'OUT'
1spp f f f f f0 f0 f0 f0
full 1 2 4 8 10 20 40 80
1spp 3 3
subset 1 2 c c
OUT
for e in cmodel rtl; do
  if "$gx" analyze --engine $e "$tmp/golden.txt" > "$tmp/g.$e" 2> "$tmp/g.err" &&
     cmp -s "$tmp/g.$e" "$tmp/golden.want"; then ok; else bad "golden ($e)"; diff "$tmp/g.$e" "$tmp/golden.want" | head; fi
done

# --- random inputs: both engines print identical bytes; stdin and CRLF work
python3 - "$tmp/rand.txt" <<'PY'
import random, sys
r = random.Random(7)
with open(sys.argv[1], "w", newline="") as f:
    f.write("# random lines\r\n\n")
    for i in range(3000):
        n = r.choice([2, 4, 8, 16]); b = r.choice([4, 8, 16])
        pal = [bytes(r.randrange(256) for _ in range(b)) for _ in range(r.randint(1, 32 // b))]
        line = b"".join(r.choice(pal) for _ in range(32 // b))
        h = line.hex()
        if r.random() < 0.3: h = h.upper()
        f.write(f"{n}\t{b}  {h}" + ("\r\n" if i % 5 == 0 else "\n"))
PY
"$gx" analyze "$tmp/rand.txt" > "$tmp/r.c" && ok || bad "random cmodel exit"
"$gx" analyze --engine rtl - < "$tmp/rand.txt" > "$tmp/r.r" && ok || bad "random rtl exit"
cmp -s "$tmp/r.c" "$tmp/r.r" && ok || bad "random: engines differ"
[ "$(wc -l < "$tmp/r.c")" = 3000 ] && ok || bad "random: line count"

# --- bad input: exit 2, message names file and line, nothing on stdout
check_bad() {  # name, expected-message-regex, input
  local name="$1" re="$2"
  printf '%b' "$3" > "$tmp/bad.txt"
  for e in cmodel rtl; do
    "$gx" analyze --engine $e "$tmp/bad.txt" > "$tmp/out" 2> "$tmp/err"
    local st=$?
    if [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -Eq "^gx: $tmp/bad.txt:$re" "$tmp/err"; then ok
    else bad "$name ($e): status $st, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fi
  done
}
good="4 4 0102030401020304010203040102030401020304010203040102030401020304"
check_bad "two fields"     "2: expected 3 fields"  "$good\n4 4\n"
check_bad "four fields"    "1: expected 3 fields"  "$good 5\n"
check_bad "N=3"            "3: samples per pixel N '3'" "$good\n\n3 4 ${good:4}\n"
check_bad "N=1"            "1: samples per pixel N '1'" "1 4 ${good:4}\n"
check_bad "B=2"            "1: bytes per sample B '2'" "4 2 ${good:4}\n"
check_bad "B=32"           "2: bytes per sample B '32'" "# c\n4 32 ${good:4}\n"
check_bad "HEX short"      "1: HEX has 62 characters" "4 4 ${good:6}\n"
check_bad "HEX long"       "1: HEX has 66 characters" "4 4 ${good:4}00\n"
check_bad "HEX digit"      "1: HEX character 5 'g'" "4 4 0102g30401020304010203040102030401020304010203040102030401020304\n"
check_bad "late error"     "4: expected 3 fields" "$good\n$good\n$good\nx\n"

"$gx" analyze "$tmp/nonexistent" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^gx: $tmp/nonexistent: No such file" "$tmp/err" && ok || bad "missing file"
"$gx" analyze --engine gpu "$tmp/golden.txt" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "unknown engine 'gpu'" "$tmp/err" && ok || bad "unknown engine"
"$gx" analyze --fast "$tmp/golden.txt" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "unknown option"
"$gx" frobnicate > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && ok || bad "unknown command"

# --- query mode (SULD.MS): golden, engines agree, bad SLOT rejected
cat > "$tmp/q.txt" <<'IN'
4 4 0102030401020304010203040102030401020304010203040102030401020304 5
2 16 ffffffffffffffffffffffffffffffffeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee 1
8 8 0000000000000000000000000000000100000000000000000000000000000001 3
IN
printf 'f0\n2\na\n' > "$tmp/q.want"
for e in cmodel rtl; do
  "$gx" analyze --engine $e --query "$tmp/q.txt" > "$tmp/q.$e" 2>&1 && cmp -s "$tmp/q.$e" "$tmp/q.want" \
    && ok || bad "query golden ($e): $(cat "$tmp/q.$e")"
done
python3 - "$tmp/rand.txt" "$tmp/randq.txt" <<'PY'
import random, sys
r = random.Random(11)
out = open(sys.argv[2], "w")
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 3 and not f[0].startswith("#"):
        out.write(f"{f[0]} {f[1]} {f[2]} {r.randrange(32 // int(f[1]))}\n")
PY
"$gx" analyze --query "$tmp/randq.txt" > "$tmp/rq.c" && "$gx" analyze --engine rtl --query "$tmp/randq.txt" > "$tmp/rq.r" \
  && cmp -s "$tmp/rq.c" "$tmp/rq.r" && ok || bad "random queries: engines differ"
for e in cmodel rtl; do
  printf "%s 3\n" "2 16 ${good:4}" > "$tmp/bad.txt"
  "$gx" analyze --engine $e --query "$tmp/bad.txt" > "$tmp/out" 2> "$tmp/err"
  [ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^gx: $tmp/bad.txt:1: SLOT '3' is not a slot" "$tmp/err" \
    && ok || bad "query SLOT 3 with B=16 ($e): $(cat "$tmp/err")"
  printf '%s\n' "4 4 ${good:4}" > "$tmp/bad.txt"
  "$gx" analyze --engine $e --query "$tmp/bad.txt" > "$tmp/out" 2> "$tmp/err"
  [ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^gx: $tmp/bad.txt:1: expected 4 fields" "$tmp/err" \
    && ok || bad "query missing SLOT ($e)"
done

# --- empty input: no output, success
: > "$tmp/empty.txt"
"$gx" analyze --engine rtl "$tmp/empty.txt" > "$tmp/out" && [ ! -s "$tmp/out" ] && ok || bad "empty input"

# --- demo: both engines agree
"$gx" demo --engine rtl > "$tmp/demo.txt" && grep -q "RTL and C model agree on \([0-9]*\) of \1 lines" "$tmp/demo.txt" && ok || bad "demo rtl agreement"

cli_finish test_gx_cli
