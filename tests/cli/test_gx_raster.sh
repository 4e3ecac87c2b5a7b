#!/usr/bin/env bash
# test_gx_raster: `gx raster` (setup unit + rasterizer C model over a scene file).
# Covers: golden outputs of tiny scenes worked out by hand from the rules in
# cmodel/include/gx/raster.h (top-left rule, both windings, shared edges, MSAA masks,
# programmable patterns and pattern sets, conservative triangles and points); stdin and
# CRLF input; every bad-input class (exit 2, `gx: FILE:LINE: reason`, empty stdout, no
# PNG); the rtl engine against the C model (every golden and every scene); --png writes a
# valid PNG (signature, IHDR, CRCs, IDAT size) and nothing on a write error;
# determinism; output order (t, py, px); properties of the scenes in scenes/. Closes with `N passed, N failed`.
. "$(dirname "$0")/lib.sh"
scenes="${SCENES:-scenes}"

golden() {  # name, scene text, expected output: the C model and the RTL engine
  cli_golden raster scene "$@"
  CLI_ARGS="--engine rtl" cli_golden raster scene "$1 (rtl)" "$2" "$3"
}

# --- golden 1: 4x4 target, 1 sample. The default 1x table puts the sample at (8,8)/16,
# the pixel centre (256 px + 128, 256 py + 128).
# t0 = (0,0) (4,0) (0,4) px: positive area (sum of C_k = 1024^2). Edges: y = 0 (A = 0,
#   B > 0: top), x = 0 (A > 0: left), hypotenuse E1 = 1024 (1024 - x - y) (A < 0: neither,
#   so E1 = 0 is outside). At a centre x + y = 256 (px + py) + 256, so E1 > 0 iff
#   px + py <= 2: pixels (0,0) (1,0) (2,0) (0,1) (1,1) (0,2); the centres with px + py = 3
#   lie on the hypotenuse and are out.
# t1 = the same triangle, other winding (negative area: all edges negated): same pixels.
# t2 = (0.5,0.5) (3.5,0.5) (0.5,3.5): top edge y = 128 and left edge x = 128 run through
#   the centres of row 0 and column 0, which are in (top-left rule); hypotenuse
#   x + y = 1024 again excludes px + py = 3: the same six pixels.
# t3 = (3.5,3.5) (3.5,0.5) (0.5,3.5): negative area, so negated; x = 896 is a right edge
#   (A < 0) and y = 896 a bottom edge (A = 0, B < 0), both through centres of column 3 /
#   row 3, which are out; its hypotenuse (shared with t2) has A = 768 > 0, a left edge,
#   so the centres with px + py = 3 are in: (2,1) (1,2), plus (2,2). t2 and t3 share the
#   edge and no pixel is in both.
golden "1x top-left rule" \
'# hand-checked\nviewport 4 4\nsamples 1\ntri 0 0 1024 0 0 1024\ntri 0 0 0 1024 1024 0
tri 128 128 896 128 128 896\ntri 896 896 896 128 128 896\n' \
'0 0 0 1\n0 1 0 1\n0 2 0 1\n0 0 1 1\n0 1 1 1\n0 0 2 1
1 0 0 1\n1 1 0 1\n1 2 0 1\n1 0 1 1\n1 1 1 1\n1 0 2 1
2 0 0 1\n2 1 0 1\n2 2 0 1\n2 0 1 1\n2 1 1 1\n2 0 2 1
3 2 1 1\n3 1 2 1\n3 2 2 1\n'

# --- golden 2: 4x MSAA, 1x1 target. The standard 4x positions are (6,2) (14,6) (2,10)
# (10,14) /16, i.e. x = 96, 224, 32, 160. The triangle's left edge x = 128 (inside x >
# 128) and its other edges are far from the samples: samples 1 and 3 are in, mask 0b1010.
golden "4x mask" 'viewport 1 1\nsamples 4\ntri 128 0 1024 0 128 1024\n' '0 0 0 a\n'

# --- golden 3: a pattern write between triangles. Every slot holds the same position,
# so both samples of every pixel sit there: at x = 0 (slot 00) neither is right of the
# left edge x = 128; at x = 240 (f0) both are; at x = 128 (80) both are on the left edge,
# which includes E = 0. The triangle covers pixel (0,0) only (1x1 target).
golden "pattern stream order" \
'viewport 1 1\nsamples 2\ntri 128 0 1024 0 128 1024
pattern 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\ntri 128 0 1024 0 128 1024
pattern f0 f0 f0 f0 f0 f0 f0 f0 f0 f0 f0 f0 f0 f0 f0 f0\ntri 128 0 1024 0 128 1024
pattern 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80\ntri 128 0 1024 0 128 1024\n' \
'0 0 0 1\n2 0 0 3\n3 0 0 3\n'
# (t0: the default 2x table has samples at (12,12) and (4,4): x = 192 in, x = 64 out.)

# --- golden 4: pattern sets, N = 1, 4x1 target. gx_raster_slot (cmodel/src/raster.c):
# slot = (py&1)*2 + (px&1) + 4 * (((px>>1) + (py>>1)) % 4), so row 0 reads slots 0 1 4 5
# with pattern sets on and 0 1 0 1 with them off. The triangle's bottom edge y = 128 (a
# bottom edge: E = 0 is out); its other edges are far away. A sample at y = 0 (x0) is in,
# at y = 240 (xf) out. Slots: 0 = 80 in, 1 = 8f out, 4 = 8f out, 5 = 80 in.
pat='pattern 80 8f 88 88 8f 80 88 88 88 88 88 88 88 88 88 88'
golden "pattern sets on" "viewport 4 1\nsamples 1\npatternsets on\n$pat\ntri -8192 -8192 8192 128 -8192 128\n" \
  '0 0 0 1\n0 3 0 1\n'
golden "pattern sets off" "viewport 4 1\nsamples 1\npatternsets off\n$pat\ntri -8192 -8192 8192 128 -8192 128\n" \
  '0 0 0 1\n0 2 0 1\n'

# --- golden 5: conservative, E = 0, 4x4 target. t0 = (0,0) (4,0) (0,4) px: the closed
# pixel square meets the closed triangle iff px + py <= 4 (hypotenuse test
# E1(centre) + 128 * 2048 = 1024 (1024 - 256 (px + py)) >= 0): 13 pixels, (1,3) and (3,1)
# touching it at a corner. t1 = a point at the corner (1,1): the four pixels around it.
# t2 = a segment (zero area) along y = 0.5 from x = 0.5 to 2.5: row 0, pixels 0..2.
golden "conservative" \
'viewport 4 4\nsamples 4\nconservative 0\ntri 0 0 1024 0 0 1024\ntri 256 256 256 256 256 256
tri 128 128 640 128 384 128\n' \
'0 0 0 1\n0 1 0 1\n0 2 0 1\n0 3 0 1\n0 0 1 1\n0 1 1 1\n0 2 1 1\n0 3 1 1
0 0 2 1\n0 1 2 1\n0 2 2 1\n0 0 3 1\n0 1 3 1
1 0 0 1\n1 1 0 1\n1 0 1 1\n1 1 1 1
2 0 0 1\n2 1 0 1\n2 2 0 1\n'

# --- golden 6: degenerate, clipped and empty cases in MSAA mode print nothing for that
# triangle; indices still count every tri line.
golden "degenerate and offscreen" \
'viewport 4 4\nsamples 1\ntri 0 0 512 512 1024 1024\ntri 300 300 300 300 300 300
tri -4194304 -4194304 -4194048 -4194304 -4194304 -4194048\ntri 0 0 1024 0 0 1024\n' \
'3 0 0 1\n3 1 0 1\n3 2 0 1\n3 0 1 1\n3 1 1 1\n3 0 2 1\n'

# --- empty scenes: nothing printed, success
for s in '' '# only a comment\n\n' 'viewport 8 8\nsamples 4\n' 'samples 2\npattern 00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff\n'; do
  printf '%b' "$s" > "$tmp/e.scene"
  "$gx" raster "$tmp/e.scene" > "$tmp/out" 2> "$tmp/err" && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] \
    && ok || bad "empty scene '$s': $(cat "$tmp/err")"
done

# --- stdin, CRLF, tabs and boundary values
"$gx" raster "$scenes/basic.scene" > "$tmp/basic.out" 2> "$tmp/err" && [ -s "$tmp/basic.out" ] \
  && ok || bad "basic.scene: $(cat "$tmp/err")"
"$gx" raster - < "$scenes/basic.scene" > "$tmp/stdin.out" && cmp -s "$tmp/basic.out" "$tmp/stdin.out" \
  && ok || bad "stdin differs from file"
sed 's/$/\r/; s/ /\t /' "$scenes/basic.scene" > "$tmp/crlf.scene"
"$gx" raster --engine cmodel "$tmp/crlf.scene" > "$tmp/crlf.out" && cmp -s "$tmp/basic.out" "$tmp/crlf.out" \
  && ok || bad "CRLF/tabs differ"
# boundary values accepted: largest target, 16 samples, E = 255, vertices on the guard
# band (t0 is off-screen: nothing), explicit + and -0. t1 is the segment y = 0, x = 0..2
# px: |E(centre)| = 512 (256 py + 128) <= 383 * 512 only for py = 0, and the grown square
# [256 px - 255, 256 px + 511] meets x <= 512 for px <= 2.
golden "boundary values" \
'viewport 8192 8192\nsamples 16\nconservative 255
tri 4194304 4194304 -4194304 4194304 4194304 4194303\ntri 0 0 +512 0 0 -0\n' \
'1 0 0 1\n1 1 0 1\n1 2 0 1\n'

# --- determinism and order on every scene in scenes/
for s in basic conservative patterns demo; do
  f="$scenes/$s.scene"
  "$gx" raster "$f" > "$tmp/$s.1" 2> "$tmp/err" && "$gx" raster "$f" > "$tmp/$s.2" \
    && cmp -s "$tmp/$s.1" "$tmp/$s.2" && [ -s "$tmp/$s.1" ] && ok || bad "$s: not deterministic or failed: $(cat "$tmp/err")"
  sort -c -s -k1,1n -k3,3n -k2,2n "$tmp/$s.1" 2> /dev/null && ok || bad "$s: not sorted by t, py, px"
  [ -z "$(awk '{print $1, $2, $3}' "$tmp/$s.1" | uniq -d)" ] && ok || bad "$s: a pixel printed twice"
  awk -v n="$(grep -c '^tri' "$f")" '
    NF != 4 || $1 !~ /^[0-9]+$/ || $1 >= n || $4 !~ /^[0-9a-f]+$/ || $4 ~ /^0+$/ { bad = 1 }
    END { exit bad }' "$tmp/$s.1" && ok || bad "$s: malformed line"
done
# every pixel lies in the 64x64 target
awk '$2 > 63 || $3 > 63 { b = 1 } END { exit b }' "$tmp/basic.1" "$tmp/conservative.1" && ok || bad "pixel outside the target"
# basic: 4x masks only use bits 0..3; the degenerate t5 prints nothing; t2/t3 (shared
# edge) never cover the same sample
awk '$4 !~ /^[1-9a-f]$/ { b = 1 } $1 == 5 { b = 1 } END { exit b }' "$tmp/basic.1" && ok || bad "basic: mask or degenerate"
python3 - "$tmp/basic.1" <<'PY' && ok || bad "basic: shared edge covered twice"
import sys
m = {}
for line in open(sys.argv[1]):
    t, x, y, k = line.split()
    if t in ("2", "3"):
        m.setdefault((x, y), []).append(int(k, 16))
sys.exit(any(len(v) == 2 and v[0] & v[1] for v in m.values()))
PY
# conservative (E = 32) produces every pixel that MSAA covers any sample of, mask 1
awk '$4 != 1 { b = 1 } END { exit b }' "$tmp/conservative.1" && ok || bad "conservative mask not 1"
awk 'NR == FNR { c[$1 " " $2 " " $3] = 1; next } !(($1 " " $2 " " $3) in c) { b = 1 } END { exit b }' \
  "$tmp/conservative.1" "$tmp/basic.1" && ok || bad "conservative misses an MSAA-covered pixel"
# patterns: the pattern write changes t1's coverage against t0 (same triangle)
[ "$(awk '$1 == 0 { print $2, $3, $4 }' "$tmp/patterns.1")" != "$(awk '$1 == 1 { print $2, $3, $4 }' "$tmp/patterns.1")" ] \
  && ok || bad "patterns: pattern write had no effect"
# demo: 40 triangles at 8x; the fan and spikes share edges: no sample covered twice
[ "$(grep -c '^tri' "$scenes/demo.scene")" = 40 ] && ok || bad "demo: not 40 triangles"
python3 - "$tmp/demo.1" <<'PY' && ok || bad "demo: a sample covered by two triangles"
import sys
u, twice = {}, False
for line in open(sys.argv[1]):
    t, x, y, k = line.split()
    m = int(k, 16)
    twice |= bool(u.get((x, y), 0) & m)
    u[(x, y)] = u.get((x, y), 0) | m
sys.exit(twice)
PY
# --- bad input: exit 2, `gx: FILE:LINE: reason`, nothing on stdout, no PNG written
check_bad() {  # name, expected-message-regex (after FILE:), scene text
  local name="$1" re="$2"
  printf '%b' "$3" > "$tmp/bad.scene"
  rm -f "$tmp/bad.png"
  "$gx" raster --png "$tmp/bad.png" "$tmp/bad.scene" > "$tmp/out" 2> "$tmp/err"
  local st=$?
  if [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/bad.png" ] &&
     grep -Eq "^gx: $tmp/bad.scene:$re" "$tmp/err" && [ "$(wc -l < "$tmp/err")" = 1 ]; then ok
  else bad "$name: status $st, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fi
}
hdr='viewport 8 8\nsamples 4\n'
tri='tri 0 0 1024 0 0 1024\n'
# unknown directive
check_bad "unknown directive"   "3: unknown directive 'triangle'" "${hdr}triangle 0 0 1 0 0 1\n"
check_bad "directive case"      "1: unknown directive 'Viewport'" "Viewport 8 8\n"
check_bad "trailing comment"    "3: .tri x0 y0 x1 y1 x2 y2. takes 6 values, found more" "${hdr}${tri%\\n} # c\n"
# wrong field count
check_bad "viewport 1 value"    "1: .viewport W H. takes 2 values, found 1" "viewport 8\n"
check_bad "viewport 3 values"   "1: .viewport W H. takes 2 values, found more" "viewport 8 8 8\n"
check_bad "samples no value"    "2: .samples N. takes 1 value, found 0" "viewport 8 8\nsamples\n"
check_bad "tri 5 values"        "3: .tri x0 y0 x1 y1 x2 y2. takes 6 values, found 5" "${hdr}tri 0 0 1 0 0\n"
check_bad "tri 7 values"        "3: .tri x0 y0 x1 y1 x2 y2. takes 6 values, found more" "${hdr}tri 0 0 1 0 0 1 1\n"
check_bad "patternsets no value" "1: .patternsets on\|off. takes 1 value, found 0" "patternsets\n"
check_bad "conservative 2 values" "1: .conservative E. takes 1 value, found more" "conservative 1 2\n"
# non-integers
check_bad "coord 12a"           "3: coordinate y1 '12a' is not a decimal integer" "${hdr}tri 0 0 1 12a 0 1\n"
check_bad "coord 1.5"           "3: coordinate x0 '1.5' is not a decimal integer" "${hdr}tri 1.5 0 1 0 0 1\n"
check_bad "coord hex"           "3: coordinate x2 '0x10' is not a decimal integer" "${hdr}tri 0 0 1 0 0x10 1\n"
check_bad "coord sign only"     "3: coordinate y2 '-' is not a decimal integer" "${hdr}tri 0 0 1 0 0 -\n"
check_bad "viewport x"          "1: viewport width 'x' is not a decimal integer" "viewport x 8\n"
check_bad "samples four"        "1: samples 'four' is not a decimal integer" "samples four\n"
check_bad "conservative 1e2"    "1: conservative error term E '1e2' is not a decimal integer" "conservative 1e2\n"
# out of range (never wrapped)
check_bad "viewport 0"          "1: viewport width '0' is out of range 1..8192" "viewport 0 8\n"
check_bad "viewport 8193"       "1: viewport height '8193' is out of range 1..8192" "viewport 8 8193\n"
check_bad "viewport -1"         "1: viewport width '-1' is out of range" "viewport -1 8\n"
check_bad "viewport 2^64+8"     "1: viewport width '18446744073709551624' is out of range" "viewport 18446744073709551624 8\n"
check_bad "viewport 2^16+8"     "1: viewport height '65544' is out of range" "viewport 8 65544\n"
check_bad "samples 3"           "2: samples '3' is not one of 1 2 4 8 16" "viewport 8 8\nsamples 3\n"
check_bad "samples 0"           "1: samples '0' is not one of 1 2 4 8 16" "samples 0\n"
check_bad "samples 32"          "1: samples '32' is not one of 1 2 4 8 16" "samples 32\n"
check_bad "samples 2^32+4"      "1: samples '4294967300' is not one of 1 2 4 8 16" "samples 4294967300\n"
check_bad "samples huge"        "1: samples '99999999999999999999' is out of range" "samples 99999999999999999999\n"
check_bad "conservative 256"    "1: conservative error term E '256' is out of range 0..255" "conservative 256\n"
check_bad "conservative -1"     "1: conservative error term E '-1' is out of range 0..255" "conservative -1\n"
check_bad "guard band +"        "3: coordinate x1 '4194305' is outside the guard band -4194304..4194304" "${hdr}tri 0 0 4194305 0 0 1\n"
check_bad "guard band -"        "4: coordinate y0 '-4194305' is outside the guard band" "${hdr}${tri}tri 0 -4194305 1 0 0 1\n"
check_bad "guard band 2^32"     "3: coordinate x0 '4294967296' is outside the guard band" "${hdr}tri 4294967296 0 1 0 0 1\n"
check_bad "guard band huge"     "3: coordinate y2 '-99999999999999999999' is outside the guard band" "${hdr}tri 0 0 1 0 0 -99999999999999999999\n"
# patterns
p15='00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee'
check_bad "pattern 15 bytes"    "3: pattern takes exactly 16 bytes, found 15" "${hdr}pattern $p15\n"
check_bad "pattern 17 bytes"    "3: pattern takes exactly 16 bytes, found more than 16" "${hdr}pattern $p15 ff 00\n"
check_bad "pattern no bytes"    "3: pattern takes exactly 16 bytes, found 0" "${hdr}pattern\n"
check_bad "pattern 0x6e"        "3: pattern byte 15 '0x6e' is not 2 hex digits" "${hdr}pattern $p15 0x6e\n"
check_bad "pattern 1 digit"     "3: pattern byte 0 '6' is not 2 hex digits" "${hdr}pattern 6 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff\n"
check_bad "pattern 3 digits"    "3: pattern byte 1 '110' is not 2 hex digits" "${hdr}pattern 00 110 22 33 44 55 66 77 88 99 aa bb cc dd ee ff\n"
check_bad "pattern g0"          "4: pattern byte 2 'g0' is not 2 hex digits" "${hdr}${tri}pattern 00 11 g0 33 44 55 66 77 88 99 aa bb cc dd ee ff\n"
check_bad "pattern before samples" "2: pattern before samples" "viewport 8 8\npattern $p15 ff\nsamples 4\n"
check_bad "patternsets yes"     "1: patternsets 'yes' is not on or off" "patternsets yes\n"
check_bad "patternsets N=4"     "3: patternsets on needs samples 1 or 2, not 4" "${hdr}patternsets on\n"
check_bad "N=8 patternsets"     "2: patternsets on needs samples 1 or 2, not 8" "patternsets on\nsamples 8\nviewport 8 8\n"
# duplicates and render state after the first tri
check_bad "duplicate viewport"  "3: duplicate viewport \(first on line 1\)" "${hdr}viewport 8 8\n"
check_bad "duplicate samples"   "4: duplicate samples \(first on line 2\)" "${hdr}\nsamples 4\n"
check_bad "duplicate patternsets" "4: duplicate patternsets \(first on line 3\)" "viewport 8 8\nsamples 2\npatternsets off\npatternsets off\n"
check_bad "duplicate conservative" "4: duplicate conservative \(first on line 3\)" "${hdr}conservative 1\nconservative 1\n"
check_bad "viewport after tri"  "4: viewport after the first tri" "${hdr}${tri}viewport 8 8\n"
check_bad "samples after tri"   "4: samples after the first tri" "${hdr}${tri}samples 4\n"
check_bad "patternsets after tri" "4: patternsets after the first tri" "viewport 8 8\nsamples 2\n${tri}patternsets on\n"
check_bad "conservative after tri" "5: conservative after the first tri" "${hdr}${tri}${tri}conservative 0\n"
# missing render state
check_bad "tri before viewport" "2: tri before viewport" "samples 4\n${tri}"
check_bad "tri before samples"  "3: tri before samples" "# c\nviewport 8 8\n${tri}"
check_bad "tri alone"           "1: tri before viewport" "${tri}"
# a late error: nothing of the good triangles before it is printed
check_bad "late error"          "8: unknown directive 'x'" "${hdr}${tri}${tri}${tri}\n\nx\n"
# --png needs a viewport (no line number: the scene is over)
printf 'samples 4\n' > "$tmp/nv.scene"; rm -f "$tmp/nv.png"
"$gx" raster --png "$tmp/nv.png" "$tmp/nv.scene" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/nv.png" ] && grep -q "^gx: $tmp/nv.scene: --png needs a viewport" "$tmp/err" \
  && ok || bad "--png without viewport: $(cat "$tmp/err")"

# --- command line
cmdline() {  # name, expected status, stderr regex, args...
  local name="$1" want="$2" re="$3"; shift 3
  "$gx" raster "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
  local st=$?
  [ $st -eq "$want" ] && [ ! -s "$tmp/out" ] && grep -Eq -- "$re" "$tmp/err" && ok \
    || bad "$name: status $st, stderr: $(cat "$tmp/err")"
}
# The RTL engine (setup unit + rasterizer, Verilated) prints the C model's bytes and
# draws the same picture for every shipped scene.
for f in "$scenes"/*.scene; do
  if "$gx" raster --png "$tmp/c.png" "$f" > "$tmp/c.out" &&
     "$gx" raster --engine=rtl --png "$tmp/r.png" "$f" > "$tmp/r.out" &&
     cmp -s "$tmp/c.out" "$tmp/r.out" && cmp -s "$tmp/c.png" "$tmp/r.png" && [ -s "$tmp/c.out" ]
  then ok; else bad "rtl engine differs from the C model on $f"; fi
done
cmdline "unknown engine"  2 "unknown engine 'gpu'" --engine gpu "$scenes/basic.scene"
cmdline "unknown option"  2 "^gx raster: unknown option '--fast'" --fast "$scenes/basic.scene"
cmdline "no scene"        2 "^usage: gx raster" 
cmdline "two scenes"      2 "one SCENE only" "$scenes/basic.scene" "$scenes/demo.scene"
cmdline "--png no file"   2 "--png needs a FILE" "$scenes/basic.scene" --png
cmdline "missing file"    2 "^gx: $tmp/none.scene: No such file" "$tmp/none.scene"
cmdline "png write error" 1 "^gx: $tmp/nodir/x.png: No such file or directory" --png "$tmp/nodir/x.png" "$scenes/basic.scene"
"$gx" help | grep -q "raster" && ok || bad "raster not in gx help"

# --- --png: a valid PNG (signature, IHDR, chunk CRCs, IDAT inflates to h rows of 1 + 3w
# bytes, filter 0); scaled 4x for targets <= 256 a side; background dark, covered
# pixels bright; stdout the same as without --png
check_png() {  # name, png, expected w, expected h, [x y: a pixel that must be bright]
  python3 - "$@" <<'PY'
import struct, sys, zlib
name, path, w, h = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
d = open(path, "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n", "signature"
pos, chunks = 8, []
while pos < len(d):
    n, = struct.unpack(">I", d[pos:pos + 4]); typ = d[pos + 4:pos + 8]; body = d[pos + 8:pos + 8 + n]
    crc, = struct.unpack(">I", d[pos + 8 + n:pos + 12 + n])
    assert zlib.crc32(typ + body) == crc, f"CRC of {typ}"
    chunks.append((typ, body)); pos += 12 + n
assert pos == len(d), "trailing bytes"
assert [c[0] for c in chunks] == [b"IHDR", b"IDAT", b"IEND"], [c[0] for c in chunks]
iw, ih, depth, ctype, comp, filt, lace = struct.unpack(">IIBBBBB", chunks[0][1])
assert (iw, ih) == (w, h), f"IHDR size {iw}x{ih}, want {w}x{h}"
assert (depth, ctype, comp, filt, lace) == (8, 2, 0, 0, 0), "IHDR format"
raw = zlib.decompress(chunks[1][1])
assert len(raw) == h * (1 + 3 * w), "IDAT size"
assert all(raw[y * (1 + 3 * w)] == 0 for y in range(h)), "filter bytes"
px = lambda x, y: raw[y * (1 + 3 * w) + 1 + 3 * x: y * (1 + 3 * w) + 4 + 3 * x]
assert max(px(w - 1, h - 1)) < 80, "background not dark"
if len(sys.argv) > 6:
    x, y = int(sys.argv[5]), int(sys.argv[6])
    assert max(px(x, y)) > 150, f"pixel {x},{y} not bright: {list(px(x, y))}"
PY
}
"$gx" raster --png "$tmp/basic.png" "$scenes/basic.scene" > "$tmp/png.out" && cmp -s "$tmp/png.out" "$tmp/basic.out" \
  && ok || bad "--png changes stdout"
# basic: t0 covers pixel (16,12) fully -> image (64..67, 48..51) at 4x scale
check_png basic "$tmp/basic.png" 256 256 66 50 && ok || bad "basic.png invalid"
"$gx" raster --png="$tmp/demo.png" "$scenes/demo.scene" > /dev/null && check_png demo "$tmp/demo.png" 1024 1024 512 512 \
  && ok || bad "demo.png invalid"
# a target over 256 on one side is not scaled
printf 'viewport 300 20\nsamples 1\ntri 0 0 76800 0 0 5120\n' > "$tmp/wide.scene"
"$gx" raster --png "$tmp/wide.png" "$tmp/wide.scene" > /dev/null && check_png wide "$tmp/wide.png" 300 20 2 2 \
  && ok || bad "wide.png invalid"
# no triangles: an image of the background only
printf 'viewport 3 5\nsamples 1\n' > "$tmp/blank.scene"
"$gx" raster --png "$tmp/blank.png" "$tmp/blank.scene" > "$tmp/out" && [ ! -s "$tmp/out" ] \
  && check_png blank "$tmp/blank.png" 12 20 && ok || bad "blank.png invalid"
# the picture is deterministic
"$gx" raster --png "$tmp/basic2.png" "$scenes/basic.scene" > /dev/null && cmp -s "$tmp/basic.png" "$tmp/basic2.png" \
  && ok || bad "png not deterministic"

# --- depth (docs/zrop.md; the scene syntax in tools/gx/raster.c)
# d1: flat triangles over the pixels px + py <= 2 of golden 1 (1x, one 8x8 depth tile):
# z 500 passes the clear value, z 600 fails everywhere (no lines), z 400 passes again.
# The tile: clear, then two planes (the clear value's for the uncovered samples, z 500),
# then two again (z 500 is no longer used by any sample). Traffic: no read of the clear
# tile, 64 bytes written; 64 read, nothing written; 64 read, 64 written.
px6='0 0\n1 0\n2 0\n0 1\n1 1\n0 2\n'
d1_lines=$(printf '%b' "$px6" | sed 's/^/0 /; s/$/ 1/')
d1_last=$(printf '%b' "$px6" | sed 's/^/2 /; s/$/ 1/')
d1_z=$(printf '%b' "$px6" | sed 's/^/z /; s/$/ 190/')
golden_depth() { CLI_ARGS="--tiles" cli_golden raster scene "$@"; }
golden_depth "depth less: flat triangles" \
'viewport 4 4\nsamples 1\ndepth less\ntri 0 0 500 1024 0 500 0 1024 500
tri 0 0 600 1024 0 600 0 1024 600\ntri 0 0 400 1024 0 400 0 1024 400\n' \
"$d1_lines\n$d1_last\n$d1_z\ntile 0 0 planes 2
traffic read_compressed 128 read_raw 0 written_compressed 128 written_raw 0 decompressed_tiles 0 culled_tiles 0 culled_samples 0\n"
# d2: Z cull. t0 (z 300) covers all 64 pixels of the 8x8 tile (x + y < 16 px at every
# centre): one plane, the tile's range [300, 300]. t1 (z 400, less) cannot pass anywhere:
# the tile is skipped unread (64 samples culled), no lines.
d2_lines=$(for y in 0 1 2 3 4 5 6 7; do for x in 0 1 2 3 4 5 6 7; do echo "0 $x $y 1"; done; done)
d2_z=$(for y in 0 1 2 3 4 5 6 7; do for x in 0 1 2 3 4 5 6 7; do echo "z $x $y 12c"; done; done)
golden_depth "depth less: Z cull" \
'viewport 8 8\nsamples 1\ndepth less\ntri 0 0 300 4096 0 300 0 4096 300\ntri 0 0 400 4096 0 400 0 4096 400\n' \
"$d2_lines\n$d2_z\ntile 0 0 planes 1
traffic read_compressed 0 read_raw 0 written_compressed 64 written_raw 0 decompressed_tiles 0 culled_tiles 1 culled_samples 64\n"
# d3: a write to the table the surface uses decompresses it in place first (64 bytes read,
# 256 written raw); the depths stay. A write to another table does not.
d3_lines=$(printf '%b' "$px6" | sed 's/^/0 /; s/$/ 1/')
d3_z=$(printf '%b' "$px6" | sed 's/^/z /; s/$/ 1f4/')
p16='44 44 44 44 44 44 44 44 44 44 44 44 44 44 44 44'
golden_depth "table write: decompress in place" \
"viewport 4 4\nsamples 1\ndepth less\ntri 0 0 500 1024 0 500 0 1024 500\ntable 0 $p16\n" \
"$d3_lines\n$d3_z\ntile 0 0 raw
traffic read_compressed 64 read_raw 0 written_compressed 64 written_raw 256 decompressed_tiles 1 culled_tiles 0 culled_samples 0\n"
golden_depth "table write to another table" \
"viewport 4 4\nsamples 1\ndepth less\ntri 0 0 500 1024 0 500 0 1024 500\ntable 1 $p16\n" \
"$d3_lines\n$d3_z\ntile 0 0 planes 2
traffic read_compressed 0 read_raw 0 written_compressed 64 written_raw 0 decompressed_tiles 0 culled_tiles 0 culled_samples 0\n"
# d4: write off keeps the clear value (no z lines); a clear after a draw clears the tile
golden_depth "depth always write off" \
'viewport 4 4\nsamples 1\ndepth always write off\ntri 0 0 500 1024 0 500 0 1024 500\n' \
"$d1_lines\ntile 0 0 clear
traffic read_compressed 0 read_raw 0 written_compressed 0 written_raw 0 decompressed_tiles 0 culled_tiles 0 culled_samples 0\n"
golden_depth "clear after a draw" \
'viewport 4 4\nsamples 1\ndepth less\ntri 0 0 500 1024 0 500 0 1024 500\nclear 7\n' \
"$d1_lines\ntile 0 0 clear
traffic read_compressed 0 read_raw 0 written_compressed 64 written_raw 0 decompressed_tiles 0 culled_tiles 0 culled_samples 0\n"
# conservative mode with depth: each line is the line without depth and the range, here
# [500, 500] (flat)
printf 'viewport 4 4\nsamples 1\nconservative 0\ntri 0 0 1024 0 0 1024\n' > "$tmp/c0.scene"
printf 'viewport 4 4\nsamples 1\nconservative 0\ndepth less\ntri 0 0 500 1024 0 500 0 1024 500\n' > "$tmp/c1.scene"
"$gx" raster "$tmp/c0.scene" | sed 's/$/ 1f4 1f4/' > "$tmp/c0.want"
"$gx" raster "$tmp/c1.scene" > "$tmp/c1.out" && [ -s "$tmp/c1.out" ] && cmp -s "$tmp/c1.out" "$tmp/c0.want" \
  && ok || bad "conservative depth lines"
# MSAA without depth is unchanged by depth always write off: the same masks
"$gx" raster "$scenes/basic.scene" > "$tmp/nd.out"
sed -e 's/^\(tri\) \([-0-9]*\) \([-0-9]*\) \([-0-9]*\) \([-0-9]*\) \([-0-9]*\) \([-0-9]*\)$/\1 \2 \3 0 \4 \5 0 \6 \7 0/' \
    -e '0,/^tri/s/^tri/depth always write off\ntri/' "$scenes/basic.scene" > "$tmp/nd.scene"
"$gx" raster "$tmp/nd.scene" > "$tmp/nd2.out" && cmp -s "$tmp/nd.out" "$tmp/nd2.out" \
  && ok || bad "depth always write off changes the masks of basic.scene"
# bad input
dh='viewport 8 8\nsamples 4\ndepth less\n'
check_bad "depth func"          "3: depth function 'lt' is not one of never less" "viewport 8 8\nsamples 4\ndepth lt\n"
check_bad "depth write word"    "1: .depth FUNC \[write on\|off\].: expected write on or write off" "depth less wr on\n"
check_bad "depth 2 values"      "1: .depth FUNC \[write on\|off\]. takes 1 or 3 values, found 2" "depth less write\n"
check_bad "depth after tri"     "4: depth after the first tri" "${hdr}${tri}depth less\n"
check_bad "tri 6 values, depth" "4: .tri x0 y0 z0 x1 y1 z1 x2 y2 z2. takes 9 values, found 6" "${dh}${tri}"
check_bad "tri 9 values, no depth" "3: .tri x0 y0 x1 y1 x2 y2. takes 6 values, found more" "${hdr}tri 0 0 1 0 0 1 0 0 1\n"
check_bad "depth over 24 bits"  "4: depth z1 '16777216' is out of range 0..16777215" "${dh}tri 0 0 0 1024 0 16777216 0 1024 0\n"
check_bad "depth negative"      "4: depth z0 '-1' is out of range 0..16777215" "${dh}tri 0 0 -1 1024 0 0 0 1024 0\n"
check_bad "clear before depth"  "3: clear before depth" "${hdr}clear 5\n"
check_bad "clear out of range"  "4: clear Z '16777216' is out of range 0..16777215" "${dh}clear 16777216\n"
check_bad "table K 8"           "3: table K '8' is out of range 0..7" "${hdr}table 8 $p16\n"
check_bad "table 15 bytes"      "3: table takes K and exactly 16 bytes, found 16 values" "${hdr}table 0 ${p16% 44}\n"
check_bad "table byte"          "3: table byte 2 '4g' is not 2 hex digits" "${hdr}table 0 44 44 4g ${p16#44 44 44 }\n"
check_bad "use 8"               "3: use K '8' is out of range 0..7" "${hdr}use 8\n"
check_bad "use before samples"  "1: use before samples" "use 1\n"
printf "${dh}${tri}" | sed 's/^tri.*/tri 0 0 1 1024 0 1 0 1024 1/' > "$tmp/dr.scene"
"$gx" raster --engine rtl "$tmp/dr.scene" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "depth needs --engine cmodel" "$tmp/err" && ok || bad "depth with the rtl engine"
"$gx" raster --tiles "$scenes/basic.scene" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "tiles needs depth on" "$tmp/err" && ok || bad "--tiles without depth"

cli_finish test_gx_raster
