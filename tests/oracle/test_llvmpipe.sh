#!/usr/bin/env bash
# test_llvmpipe: Mesa's llvmpipe (software OpenGL) as an independent oracle for the
# coverage of `gx raster --engine cmodel` (MSAA mode, 1x and 4x, default sample table).
#
# 1. Installs the Debian packages it needs when missing (idempotent), builds
#    build/oracle/llvmpipe_raster (tools/oracle/llvmpipe_raster.c).
# 2. Oracle self-checks, independent of gx: hand-computed top-left cases at 1x and 4x; a
#    jittered mesh that tiles the target covers every sample exactly once; reversing the
#    winding changes nothing; glClipControl(GL_UPPER_LEFT) flips Mesa's fill rule (so the
#    oracle must not use it); bad input exits 2 with `llvmpipe_raster: FILE:LINE: ...`.
# 3. Random scenes (and the mesh scenes): gx and llvmpipe outputs compared byte for byte,
#    per triangle; a third opinion, a Python transcription of the rules in
#    cmodel/include/gx/raster.h, is shown next to every difference.
# Closes with `N passed, N failed`, N = triangles compared (gx vs llvmpipe; when gx has no
# `raster` subcommand, llvmpipe vs the Python transcription, and it says so).
# Env: GX (default build/bin/gx), SEED (default 1), NTRI (triangles per random scene, 150).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
root="$PWD"
out="$root/build/oracle"
gx="${GX:-build/bin/gx}"
seed="${SEED:-1}"
ntri="${NTRI:-150}"
mkdir -p "$out"
t0=$(date +%s.%N)

fatal() { echo "test_llvmpipe: $*"; echo "0 passed, 1 failed"; exit 1; }

# --- 1. packages and build
# runtime: libegl-mesa0 (Mesa's EGL vendor library, surfaceless platform), libgl1-mesa-dri
# (swrast_dri.so: the gallium software drivers, llvmpipe among them); build: libegl-dev
# (EGL headers, libEGL.so; pulls in libgl-dev for GL/glcorearb.h), libopengl-dev (libOpenGL.so).
pkgs="gcc make python3 libegl-dev libgl-dev libopengl-dev libegl-mesa0 libgl1-mesa-dri"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "installing:$missing"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
         --no-install-recommends $missing; } > "$out/apt.log" 2>&1; then
    tail -20 "$out/apt.log"
    fatal "cannot install:$missing (log: $out/apt.log)"
  fi
fi
make -s -C tools/oracle > "$out/build.log" 2>&1 || { cat "$out/build.log"; fatal "oracle build failed"; }
oracle="$out/llvmpipe_raster"
printf 'viewport 4 4\nsamples 4\ntri 0 0 1024 0 0 1024\n' > "$out/probe.scene"
if ! "$oracle" --info "$out/probe.scene" > "$out/probe.out" 2> "$out/probe.err"; then
  cat "$out/probe.err"
  fatal "llvmpipe does not run here (see above)"
fi
grep -E 'GL_RENDERER|sample' "$out/probe.err" | sed 's/^/  /'

have_gx=1
if [ ! -x "$gx" ] || ! "$gx" raster --engine cmodel "$out/probe.scene" > /dev/null 2>&1; then
  have_gx=0
  echo "note: '$gx raster' is not available: comparing llvmpipe with the Python transcription"
fi

# --- 2 and 3: scenes, self-checks, comparison (Python)
rm -f "$out/result.txt"
python3 - "$oracle" "$gx" "$have_gx" "$out" "$seed" "$ntri" <<'PY'
import os, random, subprocess, sys

oracle, gx, have_gx, out, seed, ntri = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
STD = {1: [(8, 8)], 4: [(6, 2), (14, 6), (2, 10), (10, 14)]}

def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr

def write_scene(name, W, H, N, tris, comment=""):
    path = os.path.join(out, name + ".scene")
    with open(path, "w") as f:
        f.write(f"# {comment}\nviewport {W} {H}\nsamples {N}\n")
        for t in tris:
            f.write("tri " + " ".join(map(str, t)) + "\n")
    return path

# The rules of cmodel/include/gx/raster.h, transcribed (MSAA mode, default table).
def spec_cover(t, W, H, N):
    x, y = t[0::2], t[1::2]
    area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0])
    if area == 0:
        return []
    s = 1 if area > 0 else -1
    E = []
    for k in range(3):
        k1 = (k + 1) % 3
        A, B = s * (y[k] - y[k1]), s * (x[k1] - x[k])
        C = s * (x[k] * y[k1] - x[k1] * y[k])
        E.append((A, B, C, A > 0 or (A == 0 and B > 0)))
    res = []
    for py in range(max(0, min(y) // 256 - 1), min(H, max(y) // 256 + 2)):
        for px in range(max(0, min(x) // 256 - 1), min(W, max(x) // 256 + 2)):
            m = 0
            for i, (sx, sy) in enumerate(STD[N]):
                X, Y = 256 * px + 16 * sx, 256 * py + 16 * sy
                ok = True
                for A, B, C, inc in E:
                    v = A * X + B * Y + C
                    if v < 0 or (v == 0 and not inc):
                        ok = False
                        break
                if ok:
                    m |= 1 << i
            if m:
                res.append(f"{px} {py} {m:x}")
    return res

def spec_text(W, H, N, tris):
    return "".join(f"{i} {l}\n" for i, t in enumerate(tris) for l in spec_cover(t, W, H, N))

def by_tri(text, n):
    d = [[] for _ in range(n)]
    for line in text.splitlines():
        f = line.split()
        d[int(f[0])].append(" ".join(f[1:]))
    return d

checks_ok = checks_bad = 0
def check(name, cond, detail=""):
    global checks_ok, checks_bad
    if cond:
        checks_ok += 1
    else:
        checks_bad += 1
        print(f"SELF-CHECK FAILED: {name}" + (f"\n{detail}" if detail else ""))

def oracle_run(path, *opts):
    rc, so, se = run([oracle, *opts, path])
    if rc != 0:
        print(f"llvmpipe_raster failed on {path} (exit {rc}):\n{se}")
        sys.exit(1)
    return so

# ---------------------------------------------------------------- self-checks
# Hand-computed (see tools/oracle/README.md). 1x: (0.5,0.5)-(2.5,0.5)-(0.5,2.5) has its
# top and left edges through pixel centres (included) and its hypotenuse through (1.5,1.5)
# (a right edge: excluded); its vertical mirror has a bottom edge (excluded).
hand1 = write_scene("hand1", 8, 8, 1, [(128, 128, 640, 128, 128, 640), (128, 640, 640, 640, 128, 128)],
                    "hand-computed top-left cases, 1x")
want1 = "0 0 0 1\n0 1 0 1\n0 0 1 1\n1 0 1 1\n"
got = oracle_run(hand1)
check("hand-computed 1x top-left cases", got == want1, f"want:\n{want1}got:\n{got}")
# 4x: a right triangle with its corner on sample 0 of pixel (0,0), legs along sample
# lines, and its vertical mirror.
hand4 = write_scene("hand4", 8, 8, 4, [(96, 32, 608, 32, 96, 544), (96, 544, 608, 544, 96, 32)],
                    "hand-computed top-left cases, 4x")
want4 = "0 0 0 b\n0 1 0 7\n0 0 1 3\n1 0 0 8\n1 0 1 b\n1 1 1 c\n"
got = oracle_run(hand4)
check("hand-computed 4x top-left cases", got == want4, f"want:\n{want4}got:\n{got}")
# GL_UPPER_LEFT clip origin: Mesa sets bottom_edge_rule, the bottom-left rule in gx's
# coordinates (the mirror images of the cases above).
got = oracle_run(hand1, "--clip-origin", "upper")
wantu = "0 0 1 1\n1 0 1 1\n1 0 2 1\n1 1 2 1\n"
check("GL_UPPER_LEFT gives the bottom-left rule", got == wantu, f"want:\n{wantu}got:\n{got}")

def mesh(r, W, H, step, N):
    """A jittered grid of points reaching past the target, each cell split along a random
    diagonal, random vertex order: tiles the target, so every sample is covered once."""
    nx, ny = W * 256 // step + 4, H * 256 // step + 4
    jit = step // 4 - 1   # every point within +-jit of its grid node: convex cells
    def pt(i, j):
        x, y = (i - 1) * step, (j - 1) * step
        for _ in range(20):
            k = r.random()
            if k < 0.3:     # a pixel centre
                c = ((x + r.randint(-jit, jit)) // 256 * 256 + 128, (y + r.randint(-jit, jit)) // 256 * 256 + 128)
            elif k < 0.6:   # a sample point of the standard table
                sx, sy = r.choice(STD[N])
                c = ((x + r.randint(-jit, jit)) // 256 * 256 + 16 * sx, (y + r.randint(-jit, jit)) // 256 * 256 + 16 * sy)
            elif k < 0.8:   # the 1/16 grid
                c = ((x + r.randint(-jit, jit)) // 16 * 16, (y + r.randint(-jit, jit)) // 16 * 16)
            else:           # anywhere on the 1/256 grid
                c = (x + r.randint(-jit, jit), y + r.randint(-jit, jit))
            if abs(c[0] - x) <= jit and abs(c[1] - y) <= jit:
                return c
        return (x, y)
    P = [[pt(i, j) for j in range(ny)] for i in range(nx)]
    # straight rows/columns sometimes: horizontal and vertical shared edges
    for i in range(nx):
        if r.random() < 0.3:
            for j in range(ny):
                P[i][j] = (P[i][0][0], P[i][j][1])
    for j in range(ny):
        if r.random() < 0.3:
            for i in range(nx):
                P[i][j] = (P[i][j][0], P[0][j][1])
    tris = []
    for i in range(nx - 1):
        for j in range(ny - 1):
            a, b, c, d = P[i][j], P[i + 1][j], P[i + 1][j + 1], P[i][j + 1]
            pair = [(a, b, c), (a, c, d)] if r.random() < 0.5 else [(a, b, d), (b, c, d)]
            for t in pair:
                t = list(t)
                r.shuffle(t)
                tris.append(tuple(v for p in t for v in p))
    return tris

rng = random.Random(seed)
mesh_scenes = []
for N, W, H, step in ((1, 24, 16, 700), (4, 24, 16, 700), (4, 16, 16, 300)):
    tris = mesh(rng, W, H, step, N)
    path = write_scene(f"mesh{N}_{step}", W, H, N, tris, "a mesh tiling the target: every sample once")
    mesh_scenes.append((path, W, H, N, tris))
    cnt = {}
    for line in oracle_run(path).splitlines():
        t, px, py, m = line.split()
        k = (int(px), int(py))
        m = int(m, 16)
        if cnt.get(k, 0) & m:
            cnt[k] = -1
        elif cnt.get(k, 0) >= 0:
            cnt[k] = cnt.get(k, 0) | m
    full = (1 << N) - 1
    bad = [k for k in [(x, y) for y in range(H) for x in range(W)] if cnt.get(k, 0) != full]
    check(f"mesh {W}x{H} {N}x: every sample covered exactly once", not bad,
          f"pixels covered twice or not at all: {bad[:10]}")

# winding: reversing the vertex order changes nothing
wind = []
r2 = random.Random(seed + 100)
for _ in range(40):
    g = r2.choice([1, 16, 128])
    wind.append(tuple(r2.randint(-512, 16 * 256) // g * g for _ in range(6)))
for N in (1, 4):
    pa = write_scene(f"wind{N}a", 16, 16, N, wind, "winding A")
    pb = write_scene(f"wind{N}b", 16, 16, N, [(t[0], t[1], t[4], t[5], t[2], t[3]) for t in wind], "winding B")
    a, b = oracle_run(pa), oracle_run(pb)
    check(f"{N}x: both windings cover the same samples", a == b)

# bad input: exit 2, `llvmpipe_raster: FILE:LINE: reason`, nothing on stdout
for text, line in (("viewport 8 8\nsamples 2\n", 2), ("viewport 8 8\nsamples 4\ntri 1 2 3\n", 3),
                   ("# c\nviewport 8 8\nsamples 1\nbogus 1\n", 4), ("samples 1\ntri 0 0 1 1 2 2\n", 2),
                   ("viewport 8 8\nsamples 1\ntri 0 0 x 1 2 2\n", 3), ("viewport 0 8\n", 1)):
    p = os.path.join(out, "bad.scene")
    open(p, "w").write(text)
    rc, so, se = run([oracle, p])
    check(f"bad input exits 2 ({text.splitlines()[-1]!r})",
          rc == 2 and so == "" and se.startswith(f"llvmpipe_raster: {p}:{line}: "), f"rc={rc} stderr={se!r}")

print(f"oracle self-checks: {checks_ok} of {checks_ok + checks_bad} ok")

# ---------------------------------------------------------------- random scenes
def coord(r, lo, hi, N):
    k = r.random()
    if k < 0.25:                       # pixel centre
        return r.randint(lo // 256, hi // 256) * 256 + 128
    if k < 0.45:                       # a sample line of the standard table
        return r.randint(lo // 256, hi // 256) * 256 + 16 * r.choice([2, 6, 10, 14])
    if k < 0.6:                        # pixel corner
        return r.randint(lo // 256, hi // 256) * 256
    if k < 0.7:                        # 1/16 grid
        return r.randint(lo // 16, hi // 16) * 16
    return r.randint(lo, hi)           # anywhere on the 1/256 grid

def random_tris(r, W, H, N, n, big=False):
    tris = []
    for _ in range(n):
        cx, cy = r.randint(-4 * 256, (W + 4) * 256), r.randint(-4 * 256, (H + 4) * 256)
        sz = r.choice([64, 256, 512, 1024, 2048, 4096] + ([8000 * 256] if big else []))
        v = [[coord(r, cx - sz, cx + sz, N), coord(r, cy - sz, cy + sz, N)] for _ in range(3)]
        if r.random() < 0.15:          # a vertex exactly on a sample point
            sx, sy = r.choice(STD[N])
            v[0] = [v[0][0] // 256 * 256 + 16 * sx, v[0][1] // 256 * 256 + 16 * sy]
        k = r.random()
        if k < 0.2:
            v[1][1] = v[0][1]          # horizontal edge
        elif k < 0.4:
            v[1][0] = v[0][0]          # vertical edge
        elif k < 0.5:
            v[1][1] = v[0][1]          # right angle: horizontal and vertical edges
            v[2][0] = v[0][0]
        elif k < 0.54:                 # degenerate (collinear)
            v[2] = [2 * v[1][0] - v[0][0], 2 * v[1][1] - v[0][1]]
        if r.random() < 0.5:
            v[1], v[2] = v[2], v[1]    # both windings
        lim = 8000 * 256               # inside gx's guard band and llvmpipe's viewport
        tris.append(tuple(max(-lim, min(lim, c)) for p in v for c in p))
    return tris

scenes = []
for i, (W, H, N, n, big) in enumerate(((64, 64, 1, ntri, False), (64, 64, 4, ntri, False),
                                       (40, 24, 4, ntri // 3, True), (64, 64, 1, ntri // 3, True))):
    tris = random_tris(rng, W, H, N, n, big)
    path = write_scene(f"random{i}", W, H, N, tris, f"random, seed {seed}")
    scenes.append((path, W, H, N, tris))
scenes += [(hand1, 8, 8, 1, [(128, 128, 640, 128, 128, 640), (128, 640, 640, 640, 128, 128)]),
           (hand4, 8, 8, 4, [(96, 32, 608, 32, 96, 544), (96, 544, 608, 544, 96, 32)])]
scenes += mesh_scenes

passed = failed = shown = 0
ref_name = "gx" if have_gx else "spec"
for path, W, H, N, tris in scenes:
    lp = oracle_run(path)
    sp = spec_text(W, H, N, tris)
    if have_gx:
        rc, ref, se = run([gx, "raster", "--engine", "cmodel", path])
        if rc != 0:
            print(f"gx raster failed on {path} (exit {rc}): {se}")
            failed += len(tris)
            continue
    else:
        ref = sp
    if ref == lp:
        passed += len(tris)
        continue
    A, B, S = by_tri(ref, len(tris)), by_tri(lp, len(tris)), by_tri(sp, len(tris))
    for t in range(len(tris)):
        if A[t] == B[t]:
            passed += 1
            continue
        failed += 1
        a = {tuple(l.split()[:2]): l.split()[2] for l in A[t]}
        b = {tuple(l.split()[:2]): l.split()[2] for l in B[t]}
        s = {tuple(l.split()[:2]): l.split()[2] for l in S[t]}
        for k in sorted(set(a) | set(b), key=lambda k: (int(k[1]), int(k[0]))):
            if a.get(k) != b.get(k) and shown < 20:
                shown += 1
                print(f"DIFF {os.path.basename(path)} t{t} tri {' '.join(map(str, tris[t]))} pixel ({k[0]},{k[1]}): "
                      f"{ref_name} {a.get(k, '-')} llvmpipe {b.get(k, '-')} spec {s.get(k, '-')}")
spec_bad = sum(1 for path, W, H, N, tris in scenes if spec_text(W, H, N, tris) != oracle_run(path)) if have_gx else 0
if have_gx and spec_bad:
    print(f"note: the Python transcription of the rules differs from llvmpipe in {spec_bad} scene(s)")
with open(os.path.join(out, "result.txt"), "w") as f:
    f.write(f"{passed} {failed} {checks_bad}\n")
print(f"compared {passed + failed} triangles in {len(scenes)} scenes: {ref_name} vs llvmpipe")
sys.exit(0 if failed == 0 and checks_bad == 0 else 1)
PY
status=$?
read -r passed failed selfbad < "$out/result.txt" 2>/dev/null || { passed=0; failed=1; selfbad=0; }
rm -f "$out/result.txt"
echo "run time: $(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$t0" "$(date +%s.%N)") s"
[ "$selfbad" = 0 ] || echo "oracle self-checks failed: $selfbad"
echo "$passed passed, $failed failed"
exit $status
