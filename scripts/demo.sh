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
