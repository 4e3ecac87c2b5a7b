#!/usr/bin/env bash
# make demo: the analyzer over the built-in multi-sample workload, on the Verilated RTL,
# checked line by line against the C model. Output also in build/demo/demo.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/demo
build/bin/gx demo --engine rtl | tee build/demo/demo.txt
# Rasterizer coverage picture of the demo scene, drawn by the RTL (setup unit and
# rasterizer, Verilated) and compared byte for byte with the C model's output.
build/bin/gx raster --engine rtl --png build/demo/coverage.png scenes/demo.scene \
  > build/demo/coverage.txt
build/bin/gx raster --engine cmodel scenes/demo.scene > build/demo/coverage-cmodel.txt
if cmp -s build/demo/coverage.txt build/demo/coverage-cmodel.txt; then agree=yes; else agree=NO; fi
echo
echo "gx raster: scenes/demo.scene -> $(wc -l < build/demo/coverage.txt) covered pixels," \
     "picture build/demo/coverage.png (RTL); RTL and C model agree: $agree"
[ "$agree" = yes ]

# The end-to-end render: the teapot mesh (scenes/teapot.mesh, 20,738 triangles) through
# gx_pipe, the whole pipeline in RTL (Verilated), driven through its AXI ports, with the
# chained C model beside it (gx render, docs/render.md), at 1x, 4x and 8x. The demo renders at
# DEMO_VIEWPORT (default 480x270, the mesh's camera: the RTL pipeline simulates about
# 100,000 clocks a second); the full 1920x1080 picture is
# `build/bin/gx render --engine rtl --samples 4 scenes/teapot.mesh` (the C model alone:
# `--engine cmodel`).
vp="${DEMO_VIEWPORT:-480x270}"
echo
echo "gx render: scenes/teapot.mesh at $vp, RTL engine: gx_pipe (progress on stderr)"
{
  echo "| N | triangles | pixels stored | samples covered | flush packets | bytes written (coalesced) | bytes written (uncompressed) | ratio | flushes full / evict / conflict / command | sample bytes to DRAM | DRAM bytes | pipeline clocks | frames/s at fmax | RTL = C model (memory, counters) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  for n in 1 4 8; do
    build/bin/gx render --engine rtl --samples $n --viewport "$vp" --out build/demo scenes/teapot.mesh
  done
} | tee build/demo/render.md
echo "pictures: build/demo/render-1x.png build/demo/render-4x.png build/demo/render-8x.png (resolved)," \
     "build/demo/render-{1,4,8}x-tiles.png (tile encodings)"

# Tiled mode (issue 24, docs/tiled.md; its C model, gx/tframe.h: no RTL yet): the teapot at
# 1920x1080 in immediate mode and in tiled mode (32 x 32-pixel cache tiles, a sample cache
# of two cache tiles' worst case in two ways), side by side: the same picture (compared
# byte for byte), and the sample bytes written to DRAM and the frame's DRAM bytes; then 4x
# with four pipelines, and with the tent filter in both modes.
echo
echo "gx render --tiled: scenes/teapot.mesh at 1920x1080, immediate and tiled mode, the C models"
{
  echo "| N | triangles | pixels stored | samples covered | flush packets | bytes written (coalesced) | bytes written (uncompressed) | ratio | flushes full / evict / conflict / command | sample bytes to DRAM | DRAM bytes | pipeline clocks | frames/s at fmax | RTL = C model (memory, counters) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  for n in 2 4 8 16; do
    build/bin/gx render --samples $n --out build/demo --tag teapot-${n}x scenes/teapot.mesh
    build/bin/gx render --tiled --samples $n --out build/demo --tag teapot-${n}x-tiled scenes/teapot.mesh
    cmp -s build/demo/teapot-${n}x.png build/demo/teapot-${n}x-tiled.png \
      || { echo "tiled and immediate pictures differ at ${n}x" >&2; exit 1; }
  done
  # four screen-space pipelines; the tent filter (scissor shifting), against immediate mode's
  build/bin/gx render --tiled --pipes 4 --samples 4 --out build/demo --tag teapot-4x-tiled-4pipes scenes/teapot.mesh
  build/bin/gx render --filter tent --samples 4 --out build/demo --tag teapot-4x-tent scenes/teapot.mesh
  build/bin/gx render --tiled --filter tent --samples 4 --out build/demo --tag teapot-4x-tiled-tent scenes/teapot.mesh
  cmp -s build/demo/teapot-4x.png build/demo/teapot-4x-tiled-4pipes.png \
    && cmp -s build/demo/teapot-4x-tent.png build/demo/teapot-4x-tiled-tent.png \
    || { echo "tiled and immediate pictures differ (4 pipelines or the tent)" >&2; exit 1; }
} | tee build/demo/tiled.md
echo "pictures: build/demo/teapot-{2,4,8,16}x.png (immediate) = build/demo/teapot-{2,4,8,16}x-tiled.png" \
     "(tiled, byte for byte); build/demo/teapot-4x-tiled-ctiles.png (the cache tiles);" \
     "build/demo/teapot-4x-tent.png = build/demo/teapot-4x-tiled-tent.png (the tent filter)"

# Depth (issue 23; the depth unit's C model, gx/zrop.h: its RTL is not in gx_pipe yet):
# the teapot's triangles in submission order through the depth test at 4x, 1920x1080,
# with the depth traffic row and a picture of every depth tile's state at the end of the
# frame (clear gray; one to four planes green to amber; raw red: docs/zrop.md).
echo
echo "gx render --ztiles: scenes/teapot.mesh at 1920x1080, 4x, the depth unit's C model"
{
  echo "| N | triangles | samples tested | samples passed | read compressed / raw (bytes) | written compressed / raw (bytes) | depth bytes | depth bytes, raw tiles only | saved (ratio) | tiles culled | samples culled |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  build/bin/gx render --ztiles --samples 4 --out build/demo --tag teapot-4x scenes/teapot.mesh
} | tee build/demo/depth.md
echo "picture: build/demo/teapot-4x-ztiles.png (depth tile states)"
# The render with a real depth buffer (gx render --depth, the C models): the triangles in
# submission order through the depth test, against the painter's order above.
echo
echo "gx render --depth: scenes/teapot.mesh at 1920x1080, 4x, submission order through the depth test (C models)"
{
  echo "| N | triangles | pixels stored | samples covered | flush packets | bytes written (coalesced) | bytes written (uncompressed) | ratio | flushes full / evict / conflict / command | sample bytes to DRAM | DRAM bytes | pipeline clocks | frames/s at fmax | RTL = C model (memory, counters) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  build/bin/gx render --depth --samples 4 --out build/demo --tag teapot-4x-depth scenes/teapot.mesh
} | tee build/demo/depth-render.md
echo "picture: build/demo/teapot-4x-depth.png (with the depth buffer; build/demo/teapot-4x.png: the painter's order)"
