#!/usr/bin/env bash
# ABC for SymbiYosys's `abc pdr` engine: Debian's berkeley-abc (2022-10-19).
# sby 0.70 runs `pdr -v -l`; that ABC has no -l (per-output logging, which sby only
# needs with --keep-going, unused here), so it is dropped. Everything else passes through.
args=()
for a in "$@"; do args+=("${a//pdr -v -l/pdr -v}"); done
exec berkeley-abc "${args[@]}"
