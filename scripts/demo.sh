#!/usr/bin/env bash
# make demo: the analyzer over the built-in multi-sample workload, on the Verilated RTL,
# checked line by line against the C model. Output also in build/demo/demo.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/demo
build/bin/gx demo --engine rtl | tee build/demo/demo.txt
# Rasterizer coverage picture of the demo scene (C model; the RTL engine comes with the
# rasterizer RTL, docs/raster.md).
build/bin/gx raster --png build/demo/coverage.png scenes/demo.scene > build/demo/coverage.txt
echo
echo "gx raster: scenes/demo.scene -> $(wc -l < build/demo/coverage.txt) covered pixels," \
     "picture build/demo/coverage.png (C model)"
