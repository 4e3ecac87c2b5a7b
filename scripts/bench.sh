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
