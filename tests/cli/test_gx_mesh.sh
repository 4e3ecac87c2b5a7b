#!/usr/bin/env bash
# test_gx_mesh: `gx render` on triangle meshes read through assimp (OBJ, PLY), with the
# view fitted to the mesh (docs/render.md). Covers:
#   - every bad-input class of a mesh file: missing, empty, not a mesh, truncated (ASCII
#     and binary PLY), no triangles (vertices only, lines only, zero faces), NaN and Inf
#     and out-of-float-range coordinates, indices out of range (OBJ, PLY), a mesh edge-on
#     to the fitted view; each: exit status 2, `gx: FILE: reason`, empty stdout, the
#     --out directory not created;
#   - bad options (--size, --samples) and an --out that is a file;
#   - a golden worked out by hand: the square of tests/meshes/quad.obj at --size 32 32
#     covers 28 x 28 pixels, every sample once (the samples column and the picture);
#   - --out created with its parents; --size W H and --viewport WxH the same picture;
#   - a binary PLY renders as its ASCII twin, byte for byte;
#   - OBJ and PLY meshes on both engines at 1, 2, 4, 8 and 16 samples: the same table row
#     (but for the clocks), RTL and C model agreeing, byte-identical pictures.
# Closes with `N passed, N failed`.
. "$(dirname "$0")/lib.sh"

meshes="$(cd "$(dirname "$0")/../meshes" && pwd)"

# bad_file NAME FILE STDERR-REGEX [ARGS...]: exit 2, the message, no stdout, no --out dir
bad_file() {
  local name="$1" file="$2" re="$3"; shift 3
  rm -rf "$tmp/bo"
  "$gx" render "$@" --out "$tmp/bo/new" "$file" > "$tmp/out" 2> "$tmp/err" < /dev/null
  local st=$?
  if [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -Eq -- "$re" "$tmp/err" && [ ! -e "$tmp/bo" ]
  then ok; else bad "$name: status $st, stderr: $(cat "$tmp/err")"; fi
}
# bad_text NAME EXT TEXT STDERR-REGEX: TEXT (printf %b) as $tmp/b.EXT
bad_text() {
  printf '%b' "$3" > "$tmp/b.$2"
  bad_file "$1" "$tmp/b.$2" "^gx: $tmp/b.$2: $4"
}

ply_hdr='ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n'
ply_face='element face 1\nproperty list uchar int vertex_indices\nend_header\n'
tri='v 0 0 0\nv 1 0 0\nv 0 1 0\n'

bad_file "missing"            "$tmp/none.obj" "^gx: $tmp/none.obj: No such file or directory"
bad_text "empty"              obj "" "not a mesh assimp can read"
bad_text "not a mesh"         xyz "hello\n" "not a mesh assimp can read"
bad_text "vertices only"      obj "$tri" "no triangles"
bad_text "lines only"         obj "${tri}l 1 2\nl 2 3\n" "no triangles"
bad_text "zero faces"         ply "${ply_hdr}element face 0\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n" "no triangles"
bad_text "NaN"                obj "v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n" "vertex 2 of mesh 0 is not finite"
bad_text "Inf"                obj "v 0 0 0\nv 1 0 0\nv 0 1 -inf\nf 1 2 3\n" "vertex 2 of mesh 0 is not finite"
bad_text "beyond float range" obj "v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n" "vertex 1 of mesh 0 is not finite"
bad_text "PLY NaN"            ply "${ply_hdr}${ply_face}0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n" "vertex 1 of mesh 0 is not finite"
bad_text "OBJ index range"    obj "${tri}f 1 2 7\n" "not a mesh assimp can read \(OBJ: vertex index out of range\)"
bad_text "index range, object 2" obj "${tri}o a\nf 1 2 3\no b\nf 1 2 9\n" "not a mesh assimp can read \(OBJ: vertex index out of range\)"
bad_text "PLY index range"    ply "${ply_hdr}${ply_face}0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n" "face 0 of mesh 0: vertex index 3 is out of range 0..2"
bad_text "PLY truncated"      ply "${ply_hdr}${ply_face}0 0 0\n1 0 0\n0 1 0\n3 0 1\n" "truncated: the data ends in PLY face 0 of 1"
bad_text "PLY no end_header"  ply "${ply_hdr}element face 1\n" "truncated: the PLY header has no end_header line"
bad_text "PLY float list count" ply "${ply_hdr}element face 1\nproperty list float int vertex_indices\nend_header\n" "bad PLY property line"
bad_text "PLY not a number"   ply "${ply_hdr}${ply_face}0 0 0\n1 x 0\n0 1 0\n3 0 1 2\n" "truncated: the data ends in PLY vertex 1 of 3"
bad_text "edge-on"            obj "v 0 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\n" "the mesh's extent in x and y \(0 by 1\) leaves nothing to see"

# A binary little-endian PLY of the octahedron, and cut short at two places.
python3 - "$meshes/octahedron.ply" "$tmp/oct.ply" <<'PY' || bad "binary PLY not written"
import struct, sys
lines = [l for l in open(sys.argv[1]).read().split("\n") if l]
body = lines[lines.index("end_header") + 1:]
hdr = "\n".join(l for l in lines[:lines.index("end_header") + 1] if not l.startswith("comment"))
out = hdr.replace("ascii", "binary_little_endian").encode() + b"\n"
for l in body[:6]:
    out += struct.pack("<3f", *map(float, l.split()))
for l in body[6:]:
    n, *ix = map(int, l.split())
    out += struct.pack("<B%di" % n, n, *ix)
open(sys.argv[2], "wb").write(out)
open(sys.argv[2] + ".cut1", "wb").write(out[:-7])      # in the last face
open(sys.argv[2] + ".cut2", "wb").write(out[:-8 * 13 - 20])  # in the vertices
PY
cp "$tmp/oct.ply.cut1" "$tmp/cut1.ply"; cp "$tmp/oct.ply.cut2" "$tmp/cut2.ply"
bad_file "binary PLY truncated in a face"   "$tmp/cut1.ply" "^gx: $tmp/cut1.ply: truncated: the data ends in PLY face 7 of 8"
bad_file "binary PLY truncated in a vertex" "$tmp/cut2.ply" "^gx: $tmp/cut2.ply: truncated: the data ends in PLY vertex 4 of 6"

# bad options: exit 2, a message, nothing written
quad="$meshes/quad.obj"
bad_file "size one value"  "$quad" "--size takes W H, each 1..8192" --size 32
bad_file "size 0"          "$quad" "--size takes W H, each 1..8192" --size 0 32
bad_file "size 8193"       "$quad" "--size takes W H, each 1..8192" --size 32 8193
bad_file "samples 0"       "$quad" "--samples takes 1, 2, 4, 8 or 16, not '0'" --samples 0
bad_file "samples 3"       "$quad" "--samples takes 1, 2, 4, 8 or 16, not '3'" --samples 3
bad_file "samples 32"      "$quad" "--samples takes 1, 2, 4, 8 or 16, not '32'" --samples 32
: > "$tmp/afile"
"$gx" render --size 8 8 --out "$tmp/afile/sub" "$quad" > "$tmp/out" 2> "$tmp/err"
st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^gx: $tmp/afile/sub: Not a directory" "$tmp/err" \
  && ok || bad "--out under a file: status $st, $(cat "$tmp/err")"

# Golden: the square [-1, 1]^2 at 32 x 32. Fit: 7/8 * min(32 / 2, 32 / 2) = 14 pixels a
# unit around the center (16, 16): x and y from 2 to 30, pixels 2..29 covered, 784 of
# them; no sample sits on a pixel edge, so every sample of those pixels is covered
# exactly once (the two triangles share the diagonal: top-left rule) and none outside.
# Color: face normal (0 0 1) . light (0 0 1) = 1: 200 * (0.2 + 0.8) = 200 on every sample.
# png_count FILE: "width height pixels-of-200 pixels-of-0 others"
png_count() {
  python3 - "$1" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", d[16:24])
p, idat = 8, b""
while p < len(d):
    n, = struct.unpack(">I", d[p:p + 4])
    if d[p + 4:p + 8] == b"IDAT":
        idat += d[p + 8:p + 8 + n]
    p += 12 + n
raw = zlib.decompress(idat)
c = {"g": 0, "z": 0, "o": 0}
for y in range(h):
    row = raw[y * (3 * w + 1) + 1:(y + 1) * (3 * w + 1)]
    for x in range(w):
        px = row[3 * x:3 * x + 3]
        c["g" if px == b"\xc8\xc8\xc8" else "z" if px == b"\0\0\0" else "o"] += 1
print(w, h, c["g"], c["z"], c["o"])
PY
}
for n in 1 4 8; do
  if "$gx" render --samples $n --size 32 32 --out "$tmp/new$n/a/b" --tag q "$quad" \
       > "$tmp/q$n.row" 2> "$tmp/q$n.err"
  then ok; else bad "quad ${n}x failed: $(cat "$tmp/q$n.err")"; continue; fi
  # triangles 2, samples covered 784 N
  [ "$(cut -d'|' -f3 "$tmp/q$n.row" | tr -d ' ')" = 2 ] &&
  [ "$(cut -d'|' -f5 "$tmp/q$n.row" | tr -d ' ')" = $((784 * n)) ] && ok \
    || bad "quad ${n}x: want 2 triangles, $((784 * n)) samples: $(cat "$tmp/q$n.row")"
  got="$(png_count "$tmp/new$n/a/b/q.png")"
  [ "$got" = "32 32 784 240 0" ] && ok || bad "quad ${n}x picture: want '32 32 784 240 0', got '$got'"
done
# --viewport WxH is --size W H
mkdir -p "$tmp/vp"
"$gx" render --viewport 32x32 --out "$tmp/vp" --tag q "$quad" > "$tmp/vp.row" 2> "$tmp/vp.err" &&
  cmp -s "$tmp/vp/q.png" "$tmp/new4/a/b/q.png" && cmp -s "$tmp/vp.row" "$tmp/q4.row" && ok \
  || bad "--viewport 32x32 differs from --size 32 32: $(cat "$tmp/vp.err")"

# The binary PLY is the ASCII one.
mkdir -p "$tmp/pa" "$tmp/pb"
"$gx" render --size 40 32 --out "$tmp/pa" --tag t "$meshes/octahedron.ply" > "$tmp/pa.row" 2> "$tmp/pa.err" &&
"$gx" render --size 40 32 --out "$tmp/pb" --tag t "$tmp/oct.ply" > "$tmp/pb.row" 2> "$tmp/pb.err" &&
  cmp -s "$tmp/pa.row" "$tmp/pb.row" && cmp -s "$tmp/pa/t.png" "$tmp/pb/t.png" && ok \
  || bad "binary and ASCII PLY differ: $(cat "$tmp/pa.err" "$tmp/pb.err" "$tmp/pa.row" "$tmp/pb.row")"
[ "$(cut -d'|' -f3 "$tmp/pa.row" | tr -d ' ')" = 8 ] && ok || bad "octahedron: not 8 triangles: $(cat "$tmp/pa.row")"

# OBJ and PLY on both engines, every sample count.
for mesh in pyramid.obj octahedron.ply; do
  for n in 1 2 4 8 16; do
    c="$tmp/c-$mesh-$n"; r="$tmp/r-$mesh-$n"
    if "$gx" render --samples $n --size 40 32 --out "$c" --tag t "$meshes/$mesh" > "$c.row" 2> "$c.err" &&
       "$gx" render --engine rtl --samples $n --size 40 32 --out "$r" --tag t "$meshes/$mesh" > "$r.row" 2> "$r.err"
    then ok; else bad "$mesh ${n}x failed: $(cat "$c.err" "$r.err" | tail -3)"; continue; fi
    a="$(cut -d'|' -f2-12 "$c.row")"; b="$(cut -d'|' -f2-12 "$r.row")"
    [ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "$mesh ${n}x rows differ: $a / $b"
    grep -q '| yes |$' "$r.row" && ok || bad "$mesh ${n}x: RTL and C model disagree: $(cat "$r.row")"
    cmp -s "$c/t.png" "$r/t.png" && cmp -s "$c/t-tiles.png" "$r/t-tiles.png" && ok \
      || bad "$mesh ${n}x: pictures differ between engines"
  done
done
cli_finish test_gx_mesh
