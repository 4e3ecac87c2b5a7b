#!/usr/bin/env bash
# make demo: the analyzer over the built-in multi-sample workload, on the Verilated RTL,
# checked line by line against the C model. Output also in build/demo/demo.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/demo
build/bin/gx demo --engine rtl | tee build/demo/demo.txt
