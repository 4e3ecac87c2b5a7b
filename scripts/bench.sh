#!/usr/bin/env bash
# make bench: every block's benchmark table, also written to build/bench/bench.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/bench
blocks="$(make -s --no-print-directory print-blocks)"
{
  echo "# gx benchmarks ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m))"
  for b in $blocks; do
    echo
    echo "## gx_$b (build/bin/bench_$b)"
    echo
    build/bin/bench_$b
  done
} | tee build/bench/bench.md
# The demo scene end to end (docs/render.md): stores per clock of the coalesce unit and
# bytes saved by coalescing with 1SPP/subset encoding, on the RTL engine.
{
  echo
  echo "## demo scene: gx render --engine rtl scenes/teapot.mesh (docs/render.md)"
  echo
  echo "| N | triangles | pixels stored | samples covered | flush packets | bytes written (coalesced) | bytes written (uncompressed) | ratio | flushes full / evict / conflict / command | pipeline clocks | frames/s at fmax | RTL = C model (memory, counters) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  for n in 4 8; do
    build/bin/gx render --engine rtl --samples $n --out build/bench scenes/teapot.mesh 2> /dev/null
  done
} | tee -a build/bench/bench.md
# Depth (docs/zrop.md): the teapot's triangles in submission order through the depth
# unit's C model, depth less: traffic with plane compression against raw tiles only.
{
  echo
  echo "## depth: gx render --zstats scenes/teapot.mesh (C model; docs/zrop.md)"
  echo
  echo "| N | triangles | samples tested | samples passed | read compressed / raw (bytes) | written compressed / raw (bytes) | depth bytes | depth bytes, raw tiles only | saved (ratio) | tiles culled | samples culled |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for n in 4 8; do
    build/bin/gx render --zstats --samples $n scenes/teapot.mesh
  done
} | tee -a build/bench/bench.md
