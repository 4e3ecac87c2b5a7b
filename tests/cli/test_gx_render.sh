#!/usr/bin/env bash
# test_gx_render: `gx render` (mesh -> setup unit -> rasterizer -> SUST.MS stores ->
# coalesce unit -> flush encoder -> memory model -> resolve). Covers: every bad-input
# class of the mesh format (exit 2, `gx: FILE:LINE: reason`, empty stdout, no pictures);
# bad options; a small mesh on both engines (the chained C model, the Verilated gx_pipe):
# the same table row (but for the pipeline clocks and frames a second the RTL engine
# measures), RTL and C model agreeing on every flush packet, byte-identical
# pictures, the resolved image's size; --zstats (the depth unit's traffic row); --tiled
# (tiled mode's C model: the same picture as immediate mode, no sample byte to DRAM);
# --depth (submission order through the depth unit's model).
# Closes with `N passed, N failed`.
. "$(dirname "$0")/lib.sh"

bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
mesh_hdr='viewport 64 48\ntess 2\ncamera 0 -6 2 0 0 0 40\nlight 0 -1 1\ncolor 200 100 50\nbackground 10 20 30\n'
patch='v -1 0 -1\nv -0.3 0 -1\nv 0.3 0 -1\nv 1 0 -1\nv -1 0 -0.3\nv -0.3 0.5 -0.3\nv 0.3 0.5 -0.3\nv 1 0 -0.3\nv -1 0 0.3\nv -0.3 0.5 0.3\nv 0.3 0.5 0.3\nv 1 0 0.3\nv -1 0 1\nv -0.3 0 1\nv 0.3 0 1\nv 1 0 1\npatch 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n'

badmesh() {  # name, mesh text, stderr regex
  printf '%b' "$2" > "$tmp/b.mesh"
  rm -rf "$tmp/bo"; mkdir -p "$tmp/bo"
  "$gx" render --out "$tmp/bo" "$tmp/b.mesh" > "$tmp/out" 2> "$tmp/err"
  local st=$?
  if [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -Eq -- "$3" "$tmp/err" && [ -z "$(ls "$tmp/bo")" ]
  then ok; else bad "$1: status $st, stderr: $(cat "$tmp/err")"; fi
}
badmesh "unknown directive" "${mesh_hdr}sphere 1\n" "^gx: $tmp/b.mesh:7: unknown directive 'sphere'"
badmesh "field count"      "viewport 64\n" "^gx: $tmp/b.mesh:1: viewport takes 2 fields, found 1"
badmesh "viewport 0"       "viewport 0 48\n" "^gx: $tmp/b.mesh:1: 0 is out of range 1..8192"
badmesh "viewport 8193"    "viewport 8193 48\n" "^gx: $tmp/b.mesh:1: 8193 is out of range 1..8192"
badmesh "not a number"     "viewport 64 4x\n" "^gx: $tmp/b.mesh:1: '4x' is not a number"
badmesh "tess 0"           "${mesh_hdr}tess 0\n" "^gx: $tmp/b.mesh:7: 0 is out of range 1..64"
badmesh "tess not integer" "${mesh_hdr}tess 2.5\n" "^gx: $tmp/b.mesh:7: tess is an integer"
badmesh "color 256"        "${mesh_hdr}color 1 2 256\n" "^gx: $tmp/b.mesh:7: 256 is out of range 0..255"
badmesh "patch index"      "${mesh_hdr}v 0 0 0\npatch 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1\n" "^gx: $tmp/b.mesh:8: 1 is out of range 0..0"
badmesh "patch fields"     "${mesh_hdr}v 0 0 0\npatch 0 0 0\n" "^gx: $tmp/b.mesh:8: patch takes 16 fields, found 3"
badmesh "no viewport"      "tess 2\n" "^gx: $tmp/b.mesh: no viewport directive"
badmesh "fov"              "${mesh_hdr}camera 0 -6 2 0 0 0 180\n" "^gx: $tmp/b.mesh:7: 180 is out of range 1..170"

cmdline() {  # name, stderr regex, args...
  local name="$1" re="$2"; shift 2
  "$gx" render "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
  local st=$?
  [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -Eq -- "$re" "$tmp/err" && ok \
    || bad "$name: status $st, stderr: $(cat "$tmp/err")"
}
printf '%b' "$mesh_hdr$patch" > "$tmp/m.mesh"
cmdline "samples 3"     "--samples takes 1, 2, 4, 8 or 16, not '3'" --samples 3 "$tmp/m.mesh"
cmdline "no mesh"       "^usage: gx render"
cmdline "missing file"  "^gx: $tmp/none.mesh: No such file" "$tmp/none.mesh"
cmdline "unknown engine" "unknown engine 'gpu'" --engine gpu "$tmp/m.mesh"
cmdline "viewport form"  "--viewport takes WxH, each 1..8192, not '64'" --viewport 64 "$tmp/m.mesh"
cmdline "viewport 0"     "--viewport takes WxH, each 1..8192, not '0x4'" --viewport 0x4 "$tmp/m.mesh"
cmdline "viewport big"   "--viewport takes WxH, each 1..8192, not '8193x4'" --viewport 8193x4 "$tmp/m.mesh"
cmdline "viewport sign"  "--viewport takes WxH, each 1..8192, not '-4x4'" --viewport -4x4 "$tmp/m.mesh"
cmdline "tess 65"        "--tess takes 1..64, not '65'" --tess 65 "$tmp/m.mesh"
cmdline "tess x"         "--tess takes 1..64, not '2x'" --tess 2x "$tmp/m.mesh"
cmdline "ct 24"          "--ct takes 16, 32 or 64" --tiled --ct 24 "$tmp/m.mesh"
cmdline "ct alone"       "--ct and --pipes need --tiled" --ct 16 "$tmp/m.mesh"
cmdline "pipes alone"    "--ct and --pipes need --tiled" --pipes 2 "$tmp/m.mesh"
cmdline "pipes 3"        "--pipes takes 1, 2 or 4" --tiled --pipes 3 "$tmp/m.mesh"
cmdline "filter gauss"   "--filter takes box or tent" --filter gauss "$tmp/m.mesh"
cmdline "depth rtl"      "--depth runs on the cmodel engine only" --depth --engine rtl "$tmp/m.mesh"
cmdline "depth tiled"    "--depth runs on the cmodel engine only" --depth --tiled "$tmp/m.mesh"
cmdline "tiled rtl"      "--tiled runs on the cmodel engine only" --tiled --engine rtl "$tmp/m.mesh"
cmdline "tiled zstats"   "not with --zstats" --tiled --zstats "$tmp/m.mesh"

# --viewport and --tess replace the mesh's: the picture's size, and the triangle count
mkdir -p "$tmp/v"
if "$gx" render --viewport 40x30 --tess 3 --out "$tmp/v" --tag t "$tmp/m.mesh" > "$tmp/v.row" 2> "$tmp/v.err" &&
   [ "$(od -An -tx1 -j16 -N8 "$tmp/v/t.png" | tr -d ' \n')" = "000000280000001e" ] &&
   [ "$(cut -d'|' -f3 "$tmp/v.row" | tr -d ' ')" = 20 ]  # 3 x 3 x 2 + the background's 2
then ok; else bad "--viewport 40x30 --tess 3: $(cat "$tmp/v.row" "$tmp/v.err")"; fi

# A small mesh on both engines, 1x, 4x and 8x.
for n in 1 4 8; do
  mkdir -p "$tmp/c$n" "$tmp/r$n"
  if "$gx" render --samples $n --out "$tmp/c$n" --tag t "$tmp/m.mesh" > "$tmp/c$n.row" 2> "$tmp/c$n.err" &&
     "$gx" render --engine rtl --samples $n --out "$tmp/r$n" --tag t "$tmp/m.mesh" > "$tmp/r$n.row" 2> "$tmp/r$n.err"
  then ok; else bad "render ${n}x failed: $(cat "$tmp/c$n.err" "$tmp/r$n.err" | tail -3)"; continue; fi
  # the same row but for the clocks and the agreement columns
  c="$(cut -d'|' -f2-12 "$tmp/c$n.row")"; r="$(cut -d'|' -f2-12 "$tmp/r$n.row")"
  [ -n "$c" ] && [ "$c" = "$r" ] && ok || bad "${n}x rows differ: $c / $r"
  grep -q '| yes |$' "$tmp/r$n.row" && ok || bad "${n}x: RTL and C model disagree: $(cat "$tmp/r$n.row")"
  # the pipeline's clocks (gx_pipe, RTL), and frames a second at its fmax or '-' (no
  # docs/synth.md row)
  awk -F'|' '{exit !($13 + 0 > 0 && ($14 ~ /^ *- *$/ || $14 + 0 > 0))}' "$tmp/r$n.row" && ok \
    || bad "${n}x: no clocks measured: $(cat "$tmp/r$n.row")"
  cmp -s "$tmp/c$n/t.png" "$tmp/r$n/t.png" && cmp -s "$tmp/c$n/t-tiles.png" "$tmp/r$n/t-tiles.png" \
    && ok || bad "${n}x: pictures differ between engines"
  # PNG signature and size 64 x 48 (IHDR width and height)
  [ "$(od -An -tx1 -j16 -N8 "$tmp/r$n/t.png" | tr -d ' \n')" = "0000004000000030" ] && ok \
    || bad "${n}x: picture is not 64x48"
  # immediate mode: the sample bytes written are BYTES_WR (> 0), within the DRAM bytes
  awk -F'|' '{exit !($11 + 0 > 0 && $12 + 0 > $11 + 0)}' "$tmp/c$n.row" && ok \
    || bad "${n}x: DRAM columns: $(cat "$tmp/c$n.row")"
  # tiled mode, every cache tile size and pipeline count: the picture of immediate mode,
  # the same stores and samples, no sample byte written to DRAM, a cache-tile picture
  for ct in 16 32 64; do
    rm -rf "$tmp/t"
    pp=$((1 << (ct / 32)))  # 1, 2, 4 pipelines
    "$gx" render --tiled --ct $ct --pipes $pp --samples $n --out "$tmp/t" --tag t "$tmp/m.mesh" \
      > "$tmp/t.row" 2> "$tmp/err" && ok \
      || { bad "--tiled ${n}x CT $ct: status $?: $(cat "$tmp/err")"; continue; }
    cmp -s "$tmp/c$n/t.png" "$tmp/t/t.png" && ok || bad "--tiled ${n}x CT $ct: picture differs"
    [ "$(ls "$tmp/t" | tr '\n' ' ')" = "t-ctiles.png t.png " ] && ok \
      || bad "--tiled ${n}x CT $ct: wrote $(ls "$tmp/t")"
    awk -F'|' -v s="$(cut -d'|' -f4-5 "$tmp/c$n.row")" \
      '{exit !($2 ~ /^ [0-9]+x tiled(, [24] pipelines)? $/ && $4 "|" $5 == s && $11 + 0 == 0 && $12 + 0 > 0)}' "$tmp/t.row" \
      && ok || bad "--tiled ${n}x CT $ct: row $(cat "$tmp/t.row") against $(cat "$tmp/c$n.row")"
  done
  # the tent filter: tiled mode (scissor shifting) gives immediate mode's tent picture,
  # which differs from the box picture
  rm -rf "$tmp/te" "$tmp/ti"
  "$gx" render --filter tent --samples $n --out "$tmp/ti" --tag t "$tmp/m.mesh" > /dev/null 2>&1 &&
  "$gx" render --tiled --pipes 2 --filter tent --samples $n --out "$tmp/te" --tag t "$tmp/m.mesh" \
    > /dev/null 2>&1 && cmp -s "$tmp/ti/t.png" "$tmp/te/t.png" && ! cmp -s "$tmp/ti/t.png" "$tmp/c$n/t.png" \
    && ok || bad "--filter tent ${n}x: tiled and immediate pictures differ, or equal the box's"
  # --depth: submission order through the depth test; a picture of the target's size, the
  # row named, no more stores than the painter's order (occluded pixels are not stored)
  rm -rf "$tmp/d"
  "$gx" render --depth --samples $n --out "$tmp/d" --tag t "$tmp/m.mesh" > "$tmp/d.row" 2> "$tmp/err" \
    && [ "$(od -An -tx1 -j16 -N8 "$tmp/d/t.png" | tr -d ' \n')" = "0000004000000030" ] \
    && awk -F'|' -v s="$(cut -d'|' -f4 "$tmp/c$n.row")" \
         '{exit !($2 ~ /^ [0-9]+x, depth $/ && $4 + 0 > 0 && $4 + 0 <= s + 0)}' "$tmp/d.row" \
    && ok || bad "--depth ${n}x: $(cat "$tmp/d.row" "$tmp/err")"
done
# --zstats: the depth unit's C model over the frame in submission order; one row, no
# pictures; the samples that passed are at most those tested; compression never costs
# traffic on this mesh; the same row twice
printf '%b' "${mesh_hdr}${patch}" > "$tmp/z.mesh"
rm -rf "$tmp/zo"; mkdir -p "$tmp/zo"
for n in 1 4 16; do
  "$gx" render --zstats --samples $n --out "$tmp/zo" "$tmp/z.mesh" > "$tmp/z$n.row" 2> "$tmp/err" && ok \
    || bad "--zstats ${n}x: exit status $?: $(cat "$tmp/err")"
  [ "$(wc -l < "$tmp/z$n.row")" = 1 ] && [ -z "$(ls "$tmp/zo")" ] && ok || bad "--zstats ${n}x: not one row only"
  # | Nx | tris | tested | passed | rd cmp / raw | wr cmp / raw | bytes | bytes raw-only | ratio | culled tiles | culled samples |
  awk -F'|' -v n=$n '{exit !($2 ~ "^ " n "x $" && $3 + 0 > 0 && $4 + 0 > 0 && $5 + 0 <= $4 + 0 &&
                       $8 + 0 > 0 && $8 + 0 <= $9 + 0 && NF == 13)}' "$tmp/z$n.row" && ok \
    || bad "--zstats ${n}x: row $(cat "$tmp/z$n.row")"
  "$gx" render --zstats --samples $n "$tmp/z.mesh" 2> /dev/null | cmp -s - "$tmp/z$n.row" && ok \
    || bad "--zstats ${n}x: not deterministic"
done

# --ztiles: the same row, and one picture of the depth tiles' states (TAG-ztiles.png, the
# target's size); it colors every pixel: the background's clear tiles and, where the
# mesh is, at least one tile in a planes state
for n in 1 4 16; do
  rm -rf "$tmp/zt"
  "$gx" render --ztiles --samples $n --out "$tmp/zt" --tag t "$tmp/z.mesh" > "$tmp/zt.row" 2> "$tmp/err" && ok \
    || bad "--ztiles ${n}x: exit status $?: $(cat "$tmp/err")"
  cmp -s "$tmp/zt.row" "$tmp/z$n.row" && ok || bad "--ztiles ${n}x: row differs from --zstats"
  [ "$(ls "$tmp/zt")" = "t-ztiles.png" ] && ok || bad "--ztiles ${n}x: wrote $(ls "$tmp/zt")"
  [ "$(od -An -tx1 -j16 -N8 "$tmp/zt/t-ztiles.png" | tr -d ' \n')" = "0000004000000030" ] && ok \
    || bad "--ztiles ${n}x: picture is not 64x48"
done
# the tiles' colors, read back through Python's zlib (the picture is 8-bit RGB, filter 0)
python3 - "$tmp/zt/t-ztiles.png" <<'PY' && ok || bad "--ztiles: colors"
import struct, sys, zlib
b = open(sys.argv[1], "rb").read()
pos, idat = 8, b""
while pos < len(b):
    n, = struct.unpack(">I", b[pos:pos + 4]); kind = b[pos + 4:pos + 8]
    if kind == b"IDAT": idat += b[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
w, h = 64, 48
rows = [raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)] for y in range(h)]
assert all(r[0] == 0 for r in rows)
px = {bytes(r[1 + 3 * x:4 + 3 * x]) for r in rows for x in range(w)}
assert bytes((50, 50, 50)) in px and bytes((60, 190, 90)) in px, px
assert px <= {bytes(c) for c in [(50, 50, 50), (60, 190, 90), (140, 200, 70), (210, 200, 50),
                                 (235, 150, 40), (215, 55, 50)]}, px
PY

cli_finish test_gx_render
