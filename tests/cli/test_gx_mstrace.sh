#!/usr/bin/env bash
# test_gx_mstrace: `gx mstrace` (the multi-sample store path C model over a trace file).
# Covers: golden outputs worked out by hand from the rules in cmodel/include/gx/mssurf.h
# (traces/basic.trace, derived in docs/mssurf.md; FIFO eviction; full-state arrivals
# re-analyzed to 1SPP, then a promotion to full; threshold merging; the last, partial
# tile); traces/draw.trace is what its generator (below) writes, runs, and its output
# agrees with itself (flush and load lines vs the counters) and with a regression golden
# of its counters; determinism; stdin, CRLF, tabs, upper-case hex; the rtl engine
# (every golden, and the shipped traces at their own K and at every K with a model,
# against the C model; a K without a model refused); every bad-input class (exit 2, `gx: FILE:LINE: reason`, nothing on stdout),
# including values that would wrap and an error after many good lines.
# Closes with `N passed, N failed`.
. "$(dirname "$0")/lib.sh"
traces="${TRACES:-traces}"

# the slot counts K with a Verilated gx_mssurf in this gx (sim/mssurf_rtl.cpp: the
# default K = 4, and the Makefile's sweep in the test-flavor models): the tool names them
# when it refuses a K it has no model for (K = 5 never has one)
rtl_ks="$(printf 'surface 4 1 4 4 5\nflush\n' | "$gx" mstrace --engine rtl - 2>&1 >/dev/null |
          sed -n 's/.*models for K = \(.*\) tile slots.*/\1/p' | tr -d ,)"
# name, trace text, expected output; traces with a K the RTL has run on both engines
golden() {
  cli_golden mstrace trace "$@"
  local k
  k="$(printf '%b' "$2" | sed -nE 's/^surface +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +([0-9]+).*/\1/p')"
  if printf '%b' "$2" | grep -Eq '^surface ' && [[ " $rtl_ks " == *" ${k:-4} "* ]]; then
    CLI_ARGS="--engine rtl" cli_golden mstrace trace "$1 (rtl)" "$2" "$3"
  fi
}

# --- golden 1: traces/basic.trace, derived step by step in docs/mssurf.md.
cat > "$tmp/basic.want" <<'OUT'
flush 0 full uniform f f f f f f f f f f f f f f f f 4 0
load 3 0 2 11223344 f 1spp
load 0 4 3 00000000 c subset
flush 1 conflict subset 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 84 64
flush 1 command subset 2 0 0 0 0 f 0 0 0 0 0 0 0 0 0 0 18 9
load 0 4 1 55667788 2 subset
stores 20 merges 1 loads 3 analyzed 3 passes 3
flushes 3 full 1 evict 0 conflict 1 command 1 resident 0
flushed 1spp 0 subset 2 full 0 uniform 1
written 106 uncompressed 544
read 94 rmw 13 promote 60 load 21
OUT
if "$gx" mstrace "$traces/basic.trace" > "$tmp/basic.out" 2> "$tmp/basic.err" && cmp -s "$tmp/basic.out" "$tmp/basic.want"
then ok; else bad "golden basic.trace: $(cat "$tmp/basic.err")"; diff "$tmp/basic.out" "$tmp/basic.want" | head -20; fi

# --- golden 2: FIFO eviction. N = 16, B = 16: one pixel (256 bytes) per tile, 4 tiles,
# K = 2. Each flushed pixel holds A on the stored samples, 0 (never stored) elsewhere:
# partial, so it is read first (RMW, 1SPP: 16 bytes); 2 classes -> subset (the only
# pixel is covered, so the state is its need): 2 x 16 + ceil(2 x 16 / 8) = 36 bytes of
# payload, in memory its class indices (16 x 4 bits = 8 bytes) and 2 values: 40 bytes.
# Store 3 evicts tile 0; tile 1 is stored to again, but it is still the oldest
# allocation: store 5 evicts it (LRU would take tile 2). The command flushes 2, then 3.
# Passes (analyzer clocks): a pixel is 8 lines of S = 2 slots, one pass each; merging
# across lines takes one query pass per earlier class compared (S - 1 = 1 a pass):
# A 0 | 0 0 | ..: lines 2..8 compare with A (no) and 0 (yes): 8 + 14 = 22;
# A A | 0 0 | ..: line 2 compares with A (new class), lines 3..8 with A and 0: 8 + 13 = 21.
a=a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0
golden "FIFO eviction" \
"surface 4 1 16 16 2\nstore 0 0 1 $a\nstore 1 0 1 $a\nstore 2 0 1 $a\nstore 1 0 2 $a\nstore 3 0 1 $a\nflush\n" \
'flush 0 evict subset 1 40 16\nflush 1 evict subset 3 40 16\nflush 2 command subset 1 40 16
flush 3 command subset 1 40 16\nstores 5 merges 0 loads 0 analyzed 4 passes 87
flushes 4 full 0 evict 2 conflict 0 command 2 resident 0\nflushed 1spp 0 subset 4 full 0 uniform 0
written 160 uncompressed 1024\nread 64 rmw 64 promote 0 load 0\n'

# --- golden 3: full-state arrivals. N = 2, B = 16: P = 8, one 4 x 2 tile (pixel p at
# (p mod 4, p / 4)). Eight storefull of
# two equal values: they arrive as full, the analyzer finds 1SPP, one pass per line (one
# pixel a line); every pixel holds the same value: uniform, 16 bytes in memory. Then
# pixel 3 with two values and a command: Eb = full (2 classes = N), memory uniform, 7
# pixels uncovered: promoted, the tile's value read (16 bytes), all 8 written in full:
# 256. Loads from the full tile (pixels 3 and 4) read 32 bytes and are analyzed.
v=404142434445464748494a4b4c4d4e4f
w=994142434445464748494a4b4c4d4e4f
t="surface 4 2 2 16\n"
for p in 0 1 2 3 4 5 6 7; do t="${t}storefull $((p % 4)) $((p / 4)) 3 $v$v\n"; done
golden "full arrival -> uniform, promotion to full" \
"${t}storefull 3 0 3 $v$w\nflush\nload 3 0 1\nload 0 1 1\n" \
"flush 0 full uniform 3 3 3 3 3 3 3 3 16 0\nflush 0 command full 0 0 0 3 0 0 0 0 256 16
load 3 0 1 $w 2 full\nload 0 1 1 $v 3 1spp\nstores 9 merges 0 loads 2 analyzed 11 passes 11
flushes 2 full 1 evict 0 conflict 0 command 1 resident 0\nflushed 1spp 0 subset 0 full 1 uniform 1
written 272 uncompressed 512\nread 80 rmw 0 promote 16 load 64\n"

# --- golden 4: threshold 2 (K defaults to 4). Pixel 0's samples 10203040, 11213141,
# 12223242, 13233343; sample 0 again 11203040 (near: merged, the newest kept). The load
# sees the slot's exact values: four distinct (full; 1 pass). 14203040 on sample 0 is
# 3 away: conflict. Its flush: reference s0 = 11203040, s1 and s2 near (join, take its
# value), s3 3 away (own class): subset, promoted (15 pixels read, 60 bytes), classes
# 2 + 15: 9 + 68 = 77 bytes. The new store then flushes on the command: pixel 0 partial,
# RMW read from the subset tile (index byte, 2 values: 1 + 8 = 9); merged 14203040 | 11203040
# 11203040 | 13233343 (memory samples join only when exactly equal): 3 classes, subset =
# memory's state, pixel 0 alone: 12 + 2 = 14 bytes of payload. The last load: known from
# the subset masks. Memory counts each pixel in its place (docs/pipe.md): the first flush
# writes 1 + 8 for pixel 0 and 1 + 4 for each of the 15 others (84), the second 1 + 12
# (13); the RMW read 1 + 8, the load 1 + 12.
golden "threshold" \
'surface 16 1 4 4 threshold 2\nstore 0 0 1 10203040\nstore 0 0 2 11213141\nstore 0 0 4 12223242
store 0 0 8 13233343\nstore 0 0 1 11203040\nload 0 0 1\nstore 0 0 1 14203040\nflush\nload 0 0 1\n' \
'load 0 0 1 11213141 2 full
flush 0 conflict subset f 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 84 60
flush 0 command subset 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 13 9
load 0 0 1 11203040 6 subset
stores 6 merges 1 loads 2 analyzed 3 passes 3
flushes 2 full 0 evict 0 conflict 1 command 1 resident 0\nflushed 1spp 0 subset 2 full 0 uniform 0
written 97 uncompressed 272\nread 82 rmw 9 promote 60 load 13\n'

# --- golden 5: a padded tile. N = 8, B = 8: P = 4, 2 x 2 tiles; 3 x 3 pixels padded to
# 4 x 4: tiles 0..3, tile 3 holding (2,2) as pixel 0 and padding. The store to (2,2)
# does not fill tile 3 (its padding is never stored); the load finds the pixel whole in
# the slot, arrived 1SPP: known, nothing read. (0,1) is pixel 2 of tile 0; sample 0
# only. The command flushes the oldest first: tile 3, pixel 0 whole and 1SPP = the
# tile's state: written in place, 8 bytes (not every pixel: not uniform); then tile 0:
# pixel 2 partial: RMW (8 bytes), 2 classes: subset, promoted (pixels 0, 1, 3: 24
# bytes), 4 pixels of 1 + 1 + 2 + 1 classes: 40 + 5 = 45 bytes of payload; in memory
# each pixel's class indices (8 x 3 bits = 3 bytes) and values: 19 + 3 x 11 = 52 bytes.
# Passes (one an analyzer request): pixel 2's two lines and one query merging line 2's
# class with line 1's. Uncompressed: 1 + 4 pixels of 64 bytes.
golden "padded tile" \
'surface 3 3 8 8\nstore 2 2 ff 0badcafe0badcafe\nload 2 2 5\nstore 0 1 1 0000000000000001\nflush\n' \
'load 2 2 5 0badcafe0badcafe ff 1spp\nflush 3 command 1spp ff 0 0 0 8 0\nflush 0 command subset 0 0 1 0 52 32
stores 2 merges 0 loads 1 analyzed 1 passes 3
flushes 2 full 0 evict 0 conflict 0 command 2 resident 0\nflushed 1spp 1 subset 1 full 0 uniform 0
written 60 uncompressed 320\nread 32 rmw 8 promote 24 load 0\n'

# --- golden 6: no flush at the end: the tile stays resident, nothing is written.
golden "resident at the end" 'surface 8 8 4 4\nstore 1 1 1 01020304\n' \
'stores 1 merges 0 loads 0 analyzed 0 passes 0\nflushes 0 full 0 evict 0 conflict 0 command 0 resident 1
flushed 1spp 0 subset 0 full 0 uniform 0\nwritten 0 uncompressed 0\nread 0 rmw 0 promote 0 load 0\n'

# --- traces/draw.trace is what this generator writes
python3 - "$tmp/draw.trace" <<'PY'
# Writes traces/draw.trace (see its header). Integer arithmetic only: deterministic.
import sys
W, H, N, B, K = 64, 32, 4, 4, 8
POS = [(6, 2), (14, 6), (2, 10), (10, 14)]  # standard 4x sample positions, 1/16 pixel
def cover(tri, x, y):
    m = 0
    for s, (sx, sy) in enumerate(POS):
        px, py = 16 * x + sx, 16 * y + sy
        e = [(tri[(i + 1) % 3][0] - tri[i][0]) * (py - tri[i][1]) -
             (tri[(i + 1) % 3][1] - tri[i][1]) * (px - tri[i][0]) for i in range(3)]
        if all(v > 0 for v in e) or all(v < 0 for v in e):
            m |= 1 << s
    return m
A = ((8, 8), (60 * 16, 40), (200, 30 * 16))          # red
Bt = ((40 * 16, 4 * 16), (63 * 16, 28 * 16), (10 * 16, 26 * 16))  # green, over A
RED, GREEN = "ff0000ff", "00ff00ff"
out = ["# draw.trace: two overlapping triangles on a 64 x 32 surface, 4 samples of 4 bytes",
       "# (RGBA8), P = 16 pixels a tile (4 x 4), 128 tiles, K = 8 slots.",
       "# Generated by the Python in tests/cli/test_gx_mstrace.sh (which checks this file",
       "# is what it writes). Bins of 32 x 4 pixels (8 tiles, K), row by row, as a binning",
       "# rasterizer would emit them; in each bin: triangle A (red, SUST.MS, masks from the",
       "# standard 4x positions), then a decal re-storing A's red where x is 20..35 (equal",
       "# data: merges), then triangle B (green) over A (different data on samples A",
       "# stored: conflicts), then per-sample shaded pixels inside B for x 44..51, y 16..23",
       "# (storefull: four distinct values on every third pixel, four equal ones elsewhere,",
       "# so the analyzer finds 1SPP). Then SULD.MS on a grid while tiles are resident, the",
       "# end-of-draw flush, the same loads.",
       f"surface {W} {H} {N} {B} {K}"]
for band, x0 in ((b, x) for b in range(0, H, 4) for x in range(0, W, 32)):
    rows, cols = range(band, band + 4), range(x0, x0 + 32)
    for y in rows:
        for x in cols:
            m = cover(A, x, y)
            if m: out.append(f"store {x} {y} {m:x} {RED}")
    for y in rows:
        for x in cols:
            if not 20 <= x < 36: continue
            m = cover(A, x, y)
            if m: out.append(f"store {x} {y} {m:x} {RED}")
    for y in rows:
        for x in cols:
            m = cover(Bt, x, y)
            if m: out.append(f"store {x} {y} {m:x} {GREEN}")
    for y in rows:
        if not 16 <= y < 24: continue
        for x in cols:
            if not 44 <= x < 52: continue
            m = cover(Bt, x, y)
            if not m: continue
            if (x + y) % 3 == 0:
                v = "".join(f"{16 * x % 256:02x}{16 * y % 256:02x}{s * 60:02x}ff" for s in range(N))
            else:
                v = f"{16 * x % 256:02x}{16 * y % 256:02x}80ff" * N
            out.append(f"storefull {x} {y} {m:x} {v}")
grid = [f"load {x} {y} {(x + y) % N}" for y in range(1, H, 4) for x in range(3, W, 8)]
out += grid + ["flush"] + grid
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
cmp -s "$tmp/draw.trace" "$traces/draw.trace" && ok || bad "traces/draw.trace is not what its generator writes"

# --- draw.trace: runs, deterministic, self-consistent, counters as recorded
if "$gx" mstrace "$traces/draw.trace" > "$tmp/d1" 2> "$tmp/d.err"; then ok; else bad "draw.trace: $(cat "$tmp/d.err")"; fi
"$gx" mstrace "$traces/draw.trace" > "$tmp/d2" 2>&1 && cmp -s "$tmp/d1" "$tmp/d2" && ok || bad "draw.trace: not deterministic"
"$gx" mstrace - < "$traces/draw.trace" > "$tmp/d3" 2>&1 && cmp -s "$tmp/d1" "$tmp/d3" && ok || bad "draw.trace: stdin differs"
python3 - "$tmp/d1" "$traces/draw.trace" <<'PY' && ok || bad "draw.trace: output inconsistent with its counters"
import sys
lines = open(sys.argv[1]).read().split("\n")[:-1]
fl = [l.split() for l in lines if l.startswith("flush ")]
ld = [l.split() for l in lines if l.startswith("load ")]
cnt = {l.split()[0]: l.split() for l in lines[-5:]}
kv = lambda f: {f[i]: int(f[i + 1]) for i in range(len(f) % 2, len(f) - 1, 2)}  # `flushed` has no total
st, fs, fe, wr, rd = (kv(cnt[k]) for k in ("stores", "flushes", "flushed", "written", "read"))
trace = [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
ok = True
ok &= len(fl) == fs["flushes"] and len(ld) == st["loads"] == sum(t[0] == "load" for t in trace)
ok &= st["stores"] == sum(t[0].startswith("store") for t in trace)
for c in ("full", "evict", "conflict", "command"):
    ok &= fs[c] == sum(f[2] == c for f in fl)
for e in ("1spp", "subset", "full", "uniform"):
    ok &= fe[e] == sum(f[3] == e for f in fl)
ok &= wr["written"] == sum(int(f[-2]) for f in fl)
ok &= rd["rmw"] + rd["promote"] == sum(int(f[-1]) for f in fl)
ok &= rd["read"] == rd["rmw"] + rd["promote"] + rd["load"]
ok &= all(len(f) == 4 + 16 + 2 for f in fl)          # P = 16 masks
ok &= all(f[2] != "full" or all(m == "f" for m in f[4:20]) for f in fl)
ok &= [l[1:4] for l in ld] == [t[1:4] for t in trace if t[0] == "load"]
ok &= fs["resident"] == 0 and fs["full"] > 0 and fs["evict"] > 0 and fs["conflict"] > 0
ok &= st["merges"] > 0 and fe["1spp"] > 0 and fe["subset"] > 0 and fe["full"] > 0
ok &= fe["uniform"] > 0
sys.exit(0 if ok else 1)
PY
# regression golden (recorded from the model, not derived by hand)
cat > "$tmp/draw.tail" <<'OUT'
stores 1969 merges 103 loads 128 analyzed 271 passes 188
flushes 143 full 71 evict 51 conflict 13 command 8 resident 0
flushed 1spp 3 subset 68 full 4 uniform 68
written 7549 uncompressed 35920
read 2645 rmw 763 promote 1244 load 638
OUT
tail -n 5 "$tmp/d1" | cmp -s - "$tmp/draw.tail" && ok || bad "draw.trace counters changed: $(tail -n 5 "$tmp/d1")"

# --- CRLF, tabs, upper-case hex, comments: same output as basic.trace
sed 's/$/\r/; s/ /\t /g; s/11223344/11223344/; s/99aabbcc/99AABBCC/' "$traces/basic.trace" > "$tmp/crlf.trace"
"$gx" mstrace "$tmp/crlf.trace" > "$tmp/crlf.out" 2>&1 && cmp -s "$tmp/crlf.out" "$tmp/basic.want" && ok \
  || bad "CRLF / tabs / upper case: $(head -3 "$tmp/crlf.out")"

# --- rtl engine: a K without a model is refused; the shipped traces print the C model's
# bytes at their own K and with their K changed to each K that has a model (the tiles
# thrash differently at each)
sed -E 's/^(surface +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+) +[0-9]+/\1 5/' "$traces/basic.trace" > "$tmp/k5.trace"
"$gx" mstrace --engine rtl "$tmp/k5.trace" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && [ -n "$rtl_ks" ] && grep -qx "gx mstrace: the rtl engine has gx_mssurf models for K = $(echo $rtl_ks | sed 's/ /, /g') tile slots (its parameter Slots); the trace asks for 5" "$tmp/err" \
  && ok || bad "rtl engine K message: $(cat "$tmp/err")"
for f in "$traces"/*.trace; do
  own="$(sed -nE 's/^surface +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +([0-9]+).*/\1/p' "$f")"
  for k in own $rtl_ks; do
    # a trace at its own K when the tool has a model for it
    if [ "$k" = own ] && [[ " $rtl_ks " != *" ${own:-4} "* ]]; then continue; fi
    if [ "$k" = own ]; then cp "$f" "$tmp/kk.trace"
    else sed -E "s/^(surface +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+) +[0-9]+/\\1 $k/" "$f" > "$tmp/kk.trace"; fi
    if "$gx" mstrace "$tmp/kk.trace" > "$tmp/kc.out" 2>&1 &&
       "$gx" mstrace --engine rtl "$tmp/kk.trace" > "$tmp/kr.out" 2>&1 &&
       cmp -s "$tmp/kc.out" "$tmp/kr.out" && grep -q '^flush ' "$tmp/kr.out"
    then ok; else bad "rtl engine differs from the C model on $f at K = $k: $(head -3 "$tmp/kr.out")"; fi
  done
done
"$gx" mstrace --engine=cmodel "$traces/basic.trace" > "$tmp/out" 2>&1 && cmp -s "$tmp/out" "$tmp/basic.want" \
  && ok || bad "--engine=cmodel"

# --- bad input: exit 2, `gx: FILE:LINE: reason`, nothing on stdout
check_bad() {  # name, expected-message-regex (after FILE:), trace text
  printf '%b' "$3" > "$tmp/bad.trace"
  "$gx" mstrace "$tmp/bad.trace" > "$tmp/out" 2> "$tmp/err"
  local st=$?
  if [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -Eq "^gx: $tmp/bad.trace:$2" "$tmp/err" &&
     [ "$(wc -l < "$tmp/err")" = 1 ]; then ok
  else bad "$1: status $st, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fi
}
S='surface 16 2 4 4\n'
check_bad "empty"             "1: no surface directive" ""
check_bad "comments only"     "3: no surface directive" "# a\n\n# b\n"
check_bad "store first"       "2: 'store' before the surface" "# c\nstore 0 0 1 00000000\n$S"
check_bad "second surface"    "3: second surface directive \\(the first is on line 1\\)" "${S}flush\n$S"
check_bad "unknown directive" "2: unknown directive 'stor'" "${S}stor 0 0 1 00000000\n"
check_bad "surface short"     "1: expected \`surface W H N B \\[K\\] \\[threshold T\\]\`, found 4 fields" "surface 16 2 4\n"
check_bad "surface long"      "1: expected \`surface .*found more fields" "surface 16 2 4 4 4 threshold 1 x y\n"
check_bad "W 0"               "1: W '0' is out of range 1..8192" "surface 0 2 4 4\n"
check_bad "W 8193"            "1: W '8193' is out of range 1..8192" "surface 8193 2 4 4\n"
check_bad "H not a number"    "1: H '2x' is not an unsigned decimal number" "surface 16 2x 4 4\n"
check_bad "H negative"        "1: H '-2' is not an unsigned decimal number" "surface 16 -2 4 4\n"
check_bad "N 3"               "1: samples per pixel N '3' is not one of 2 4 8 16" "surface 16 2 3 4\n"
check_bad "N 1"               "1: samples per pixel N '1'" "surface 16 2 1 4\n"
check_bad "B 2"               "1: bytes per sample B '2' is not one of 4 8 16" "surface 16 2 4 2\n"
check_bad "K 0"               "1: K '0' is out of range 1..32" "surface 16 2 4 4 0\n"
check_bad "K 33"              "1: K '33' is out of range 1..32" "surface 16 2 4 4 33\n"
check_bad "threshold no T"    "1: threshold needs a value T" "surface 16 2 4 4 2 threshold\n"
check_bad "T 256"             "1: T '256' is out of range 0..255" "surface 16 2 4 4 threshold 256\n"
check_bad "surface junk"      "1: unexpected 'slots' in" "surface 16 2 4 4 2 slots\n"
check_bad "surface too big"   "1: surface 8192 x 8192, N=16, B=16 takes 17179869184 bytes in whole tiles, more than the memory model's 268435456" "surface 8192 8192 16 16\n"
check_bad "store short"       "2: expected \`store X Y MASK HEX\`, found 4 fields" "${S}store 0 0 1\n"
check_bad "store long"        "2: expected \`store X Y MASK HEX\`, found more fields" "${S}store 0 0 1 00000000 5\n"
check_bad "X = W"             "2: X '16' is out of range 0..15" "${S}store 16 0 1 00000000\n"
check_bad "Y = H"             "2: Y '2' is out of range 0..1" "${S}store 0 2 1 00000000\n"
check_bad "X wraps"           "2: X '18446744073709551616' is out of range 0..15" "${S}store 18446744073709551616 0 1 00000000\n"
check_bad "X hex"             "2: X '0x1' is not an unsigned decimal number" "${S}store 0x1 0 1 00000000\n"
check_bad "X plus"            "2: X '\\+1' is not an unsigned decimal number" "${S}store +1 0 1 00000000\n"
check_bad "MASK 0"            "2: MASK '0' enables no sample" "${S}store 0 0 0 00000000\n"
check_bad "MASK beyond N"     "2: MASK '10' enables samples beyond N=4 \\(at most f\\)" "${S}store 0 0 10 00000000\n"
check_bad "MASK wraps"        "2: MASK '10000000000000001' enables samples beyond N=4" "${S}store 0 0 10000000000000001 00000000\n"
check_bad "MASK not hex"      "2: MASK '1g' is not a hex number" "${S}store 0 0 1g 00000000\n"
check_bad "MASK 0x"           "2: MASK '0x3' is not a hex number" "${S}store 0 0 0x3 00000000\n"
check_bad "HEX short"         "2: HEX has 6 digits, expected 8 \\(4 bytes\\)" "${S}store 0 0 1 000000\n"
check_bad "HEX long"          "2: HEX has 10 digits, expected 8" "${S}store 0 0 1 0000000000\n"
check_bad "HEX digit"         "2: HEX character 3 'z' is not a hex digit" "${S}store 0 0 1 00z00000\n"
check_bad "storefull HEX"     "2: HEX has 8 digits, expected 32 \\(16 bytes\\)" "${S}storefull 0 0 f 00000000\n"
check_bad "storefull short"   "2: expected \`storefull X Y MASK HEX\`, found 3 fields" "${S}storefull 0 0\n"
check_bad "load SAMPLE = N"   "2: SAMPLE '4' is out of range 0..3" "${S}load 0 0 4\n"
check_bad "load short"        "2: expected \`load X Y SAMPLE\`, found 3 fields" "${S}load 0 0\n"
check_bad "flush arg"         "2: expected \`flush\`, found more fields" "${S}flush all\n"
late="$S"; for i in $(seq 1 60); do late="${late}store $((i % 16)) 0 f 01020304\n"; done
check_bad "late error"        "63: MASK '1f'" "${late}load 1 1 2\nstore 0 0 1f 00000000\nflush\n"

"$gx" mstrace "$tmp/nonexistent" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^gx: $tmp/nonexistent: No such file" "$tmp/err" && ok || bad "missing file"
"$gx" mstrace --engine gpu "$traces/basic.trace" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "unknown engine 'gpu'" "$tmp/err" && ok || bad "unknown engine"
"$gx" mstrace --fast "$traces/basic.trace" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "gx mstrace: unknown option '--fast'" "$tmp/err" && ok || bad "unknown option"
"$gx" mstrace "$traces/basic.trace" "$traces/draw.trace" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "one FILE only" "$tmp/err" && ok || bad "two files"
"$gx" mstrace > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^usage: gx mstrace" "$tmp/err" && ok || bad "no file: usage"
"$gx" help | grep -q "^  mstrace FILE" && ok || bad "gx help lists mstrace"

cli_finish test_gx_mstrace
