#!/usr/bin/env python3
"""make test: every kind of check of gx, as stages with a time budget each.

    test.py [-j N] [--only REGEX] [--list] [--block BLOCK] [--tier test|netlist]

The stage list and each stage's budget (seconds of wall time on the two-core CI machine,
beside one other stage) are STAGES below. The build stage runs first and alone (make -j);
every other stage then runs in a pool of N jobs (default: the cores), longest budget first,
a stage starting once the stages it needs have passed. Each logs to build/test/<stage>.log.
One line per finished stage: `[k/n] name ok 12 s` (with the stage's own `N passed,
N failed` counts when it prints them); at the end the five slowest stages, a warning for
every stage over its budget and for a total over TOTAL_BUDGET, and the sum of every
stage's counts: `N passed, N failed` (a stage that prints no counts counts as one check).
Every stage runs even after a failure, except those that need a failed one.
Tiers: `test` (make test) every stage but the netlist cosimulations; `netlist` (make
test-netlist) the netlist models' build and their cosimulations; --block (make
check-BLOCK) the block's stages of both.
"""
import argparse
import os
import re
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import cores  # noqa: E402

B = "build"
# each tier's wall time on a clean clone, two cores, after setup: make test's (issue 20)
# and make test-netlist's (run by .ci/run after it, within CI's 90 minutes)
TOTAL_BUDGET = {"test": 1500, "netlist": 600}


def make_var(name):
    out = subprocess.run(["make", "-s", "--no-print-directory", f"print-{name}"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return out.split()


# the C-model unit test of each block (test_<block> when there is one)
MODEL_TEST = {"raster_setup": "test_raster", "mswb": "test_mssurf", "msld": "test_mssurf",
              "zplane": "test_zrop", "ztplane": "test_zrop",
              "zsample": "test_zrop", "ztile": "test_zrop",
              "ztable": "test_zrop", "zcull": "test_zrop", "tbar": "test_tiled"}
# blocks without a C model of their own (their reference is in their test)
MODEL_TEST["axi_width"] = None  # the AXI4 memory model and a 64-bit reference image


class Stage:
    def __init__(self, name, budget, cmd, needs=(), env=None, block=None):
        self.name, self.budget, self.cmd, self.needs = name, budget, cmd, list(needs)
        self.env = env or {}
        self.block = block  # the block a stage checks (make check-BLOCK), or None
        self.status = None  # None: not run; else (ok, secs, passed, failed)


def stages(only_block=None, tier="test"):
    """Every stage of a tier, with its budget in seconds: make test's (tier "test"), make
    test-netlist's ("netlist"); only_block: make check-BLOCK's (that block's lint, C-model
    tests, cosimulations of the RTL and the netlist, quick proofs and their coverage)."""
    blocks = [only_block] if only_block else make_var("blocks")
    ks = make_var("mssurf-sweep")
    tests = sorted(p.stem for p in (ROOT / "cmodel" / "tests").glob("test_*.c"))
    clis = sorted(p.stem for p in (ROOT / "tests" / "cli").glob("test_*.sh"))
    build = f"check-build-{only_block}" if only_block else "test-build"
    st = [Stage("check-gen", 10, ["make", "-s", "check-gen"]),
          Stage("build", 720, ["make", "-s", f"-j{os.cpu_count() or 1}", build])]
    # lint: Verilator -Wall and Yosys elaboration (synthesis and formal reading) per block
    budget_lint = {"analyzer": 20, "raster_setup": 15, "raster": 90, "mssurf": 30,
                   "mswb": 150, "msld": 40, "pipe_cmd": 10}
    budget_lint["pipe_pix"] = 10  # gx_pipe's pixel stage (docs/pipe_pix.md)
    budget_lint["msmem"] = 10     # gx_pipe's memory side (docs/msmem.md)
    budget_lint["axi_width"] = 10  # its data-width adapter (docs/axi_width.md)
    budget_lint["zplane"] = 15     # the depth plane (docs/zrop.md)
    budget_lint["ztplane"] = 10    # the depth tile's plane (docs/zrop.md)
    budget_lint["zsample"] = 10    # the depth unit's sample stage (docs/zrop.md)
    budget_lint["ztile"] = 10      # the depth unit's tile update (docs/zrop.md)
    budget_lint["ztable"] = 10     # the depth unit's pattern tables (docs/zrop.md)
    budget_lint["zcull"] = 10      # the depth unit's Z cull of a tile (docs/zrop.md)
    budget_lint["tbar"] = 10       # tiled mode's barrier (docs/tiled.md)
    budget_lint["resolve"] = 10    # tiled mode's resolve filter (docs/tiled.md)
    budget_lint["trb"] = 10        # the texture return buffer (docs/texture.md)
    budget_lint["scache"] = 10     # tiled mode's sample cache (docs/tiled.md)
    budget_lint["texq"] = 90       # the texture queue; its Yosys proc is slow (docs/texture.md)
    for b in blocks:
        st.append(Stage(f"lint-{b}", budget_lint[b], ["make", "-s", f"lint-{b}"],
                        block=b))
    if not only_block:
        st.append(Stage("fusesoc", 120, ["bash", "tests/fusesoc/test_fusesoc.sh"]))
    if only_block:
        t = MODEL_TEST.get(only_block, f"test_{only_block}")
        tests = [t] if t else []
    for t in tests:
        st.append(Stage(f"model-{t}", 10, [f"{B}/tests/{t}"], ["build"], block=only_block))
        st.append(Stage(f"model-{t}-asan-ubsan", 20, [f"{B}/tests/{t}-san"], ["build"],
                        block=only_block))
    budget_cli = {"test_gx_cli": 5, "test_gx_mesh": 15, "test_gx_mstrace": 15,
                  "test_gx_raster": 10, "test_gx_render": 10}
    for t in clis:
        n = t.removeprefix("test_")
        bud = budget_cli[t]
        st.append(Stage(f"cli-{n}", bud, ["bash", f"tests/cli/{t}.sh"], ["build"]))
        st.append(Stage(f"cli-{n}-asan-ubsan", 2 * bud, ["bash", f"tests/cli/{t}.sh"], ["build"],
                        env={"GX": f"{B}/bin/gx-san"}))
    st.append(Stage("oracle-llvmpipe", 20, ["bash", "tests/oracle/test_llvmpipe.sh"], ["build"]))
    budget_cosim = {"analyzer": 15, "raster_setup": 10, "raster": 60, "mssurf": 15,
                    "mswb": 90, "msld": 60, "pipe_cmd": 10}
    budget_cosim["pipe_pix"] = 15
    budget_cosim["msmem"] = 30
    budget_cosim["axi_width"] = 20  # four widths side by side (32, 64, 128, 256)
    budget_cosim["zplane"] = 15
    budget_cosim["ztplane"] = 10
    budget_cosim["zsample"] = 25
    budget_cosim["ztile"] = 15
    budget_cosim["ztable"] = 15
    budget_cosim["zcull"] = 15
    budget_cosim["tbar"] = 10
    budget_cosim["resolve"] = 20
    budget_cosim["trb"] = 15
    budget_cosim["scache"] = 30
    budget_cosim["texq"] = 40
    cosims = []
    for b in blocks:
        bud = budget_cosim[b]
        st.append(Stage(f"cosim-{b}", bud, [f"{B}/bin/tb_{b}", "--out", B], ["build"], block=b))
        st.append(Stage(f"cosim-{b}-netlist", bud, [f"{B}/bin/tb_{b}_gl", "--out", f"{B}/gl"],
                        ["build"], block=b))
        cosims.append(f"cosim-{b}")
    for k in ks if "mssurf" in blocks else []:
        st.append(Stage(f"cosim-mssurf-k{k}", 10, [f"{B}/bin/tb_mssurf", "--out", B], ["build"],
                        env={"SLOTS": str(k)}, block="mssurf"))
        cosims.append(f"cosim-mssurf-k{k}")
    # the generated blocks (gx_pipe's register block, docs/pipe_regs.md): lint, the AXI
    # protocol monitor's own test (plain and under ASan/UBSan), cosimulation of the RTL and
    # the netlist, the quick proofs (the core's `formal` target)
    budget_regs = {"lint": 15, "cosim": 15, "pdr": 60, "cover": 20}
    for g in [] if only_block else make_var("regs"):
        st.append(Stage(f"lint-{g}", budget_regs["lint"], ["make", "-s", f"lint-{g}"]))
        st.append(Stage(f"cosim-{g}", budget_regs["cosim"], [f"{B}/bin/tb_{g}", "--out", B],
                        ["build"]))
        st.append(Stage(f"cosim-{g}-netlist", budget_regs["cosim"],
                        [f"{B}/bin/tb_{g}_gl", "--out", f"{B}/gl"], ["build"]))
        cosims.append(f"cosim-{g}")
        for task in cores.formal_tasks(g, "formal"):
            st.append(Stage(f"formal-{g}-{task}", budget_regs[task],
                            [sys.executable, "scripts/formal.py", "--no-setup",
                             f"{g}:formal:{task}"], ["build"]))
    # gx_pipe, the blocks connected (docs/pipe.md): lint and the cosimulation of the whole
    # pipeline against the chained C model (its coverage apart, build/coverage-pipe/)
    for t in [] if only_block else make_var("tops"):
        st.append(Stage(f"lint-{t}", 150, ["make", "-s", f"lint-{t}"]))
        st.append(Stage(f"cosim-{t}", 90, [f"{B}/bin/tb_{t}", "--out", B], ["build"]))
    if not only_block:
        st.append(Stage("axi_mon-unit", 5, [f"{B}/tests/test_axi_mon"], ["build"]))
        st.append(Stage("axi_mon-unit-asan-ubsan", 10, [f"{B}/tests/test_axi_mon-san"],
                        ["build"]))
        # the AXI4 memory model (sim/axi_mem) against a C master, checked by the monitor
        st.append(Stage("axi_mem-unit", 5, [f"{B}/tests/test_axi_mem"], ["build"]))
        st.append(Stage("axi_mem-unit-asan-ubsan", 10, [f"{B}/tests/test_axi_mem-san"],
                        ["build"]))
        # the PNG reader (tools/gx/png_read) on files its test writes with libpng
        st.append(Stage("png-unit", 5, [f"{B}/tests/test_png_read"], ["build"]))
        st.append(Stage("png-unit-asan-ubsan", 10, [f"{B}/tests/test_png_read-san"],
                        ["build"]))
    st.append(Stage("coverage", 10, [sys.executable, "scripts/cov_report.py", f"{B}/coverage"],
                    cosims))
    # the quick formal tasks: each block's `formal` target (its core names them)
    budget_formal = {
        "analyzer-prove": 20, "analyzer-pdr": 20, "analyzer-cover": 20,
        "raster_setup-prove": 10, "raster_setup-cover": 10,
        "raster-prove": 120, "raster-exact": 30, "raster-exact_cover": 30,
        "raster-corner_form": 60, "raster-corner_axis": 180, "raster-corner_sound": 120,
        "raster-corner_cover": 40,
        "mswb-cover": 250,
        "msld-prove": 60, "msld-cover": 30,
        "pipe_cmd-pdr": 60, "pipe_cmd-bmc": 30, "pipe_cmd-cover": 15,
        "prim-prove": 15, "prim-pdr": 30, "prim-cover": 10, "skid-prove": 10, "skid-cover": 10,
        "dsp-prove": 30, "dsp-cover": 15,
    }
    budget_formal.update({"pipe_pix-prove": 15, "pipe_pix-cover": 15})
    budget_formal.update({"zplane-prove": 30, "ztplane-prove": 15, "ztplane-cover": 15,
                          "zsample-prove": 90, "ztile-cover": 40,
                          "zsample-cover": 75, "ztable-prove": 15, "ztable-cover": 15,
                          "zcull-prove": 15, "zcull-cover": 30})
    budget_formal.update({"tbar-prove1": 10, "tbar-prove2": 10, "tbar-prove4": 15,
                          "tbar-cover": 15, "resolve-prove": 15, "resolve-cover": 15})
    budget_formal.update({"trb-prove": 20, "trb-cover": 30})
    budget_formal.update({"scache-prove": 20, "scache-cover": 20})
    budget_formal.update({"msmem-bmc": 150})  # elaboration ~85 s, 8 steps ~10 s
    budget_formal.update({"axi_width-prove128": 15, "axi_width-prove256": 15,
                          "axi_width-cover": 45,  # 25 s beside another stage
                          "axi_width-prove32": 15, "axi_width-cover32": 15})
    for b in blocks:
        if "formal" not in cores.targets(b):  # no quick task (docs/flow.md)
            continue
        for task in cores.formal_tasks(b, "formal"):
            st.append(Stage(f"formal-{b}-{task}", budget_formal[f"{b}-{task}"],
                            [sys.executable, "scripts/formal.py", "--no-setup",
                             f"{b}:formal:{task}"], ["build"], block=b))
    # the shared primitives' quick proofs (a target each), checked with the block that
    # uses the primitive: gx_mul and gx_dsp_mul with the setup unit, gx_skid with the
    # coalesce unit
    prim_user = {("prim", "formal"): ("prim", "raster_setup"),
                 ("prim", "formal_dsp"): ("dsp", "raster_setup"),
                 ("prim", "formal_skid"): ("skid", "mssurf")}
    for p in make_var("prims"):
        for t in [t for t in cores.targets(p) if (p, t) in prim_user]:
            name, user = prim_user[(p, t)]
            if user not in blocks:
                continue
            for task in cores.formal_tasks(p, t):
                st.append(Stage(f"formal-{name}-{task}", budget_formal[f"{name}-{task}"],
                                [sys.executable, "scripts/formal.py", "--no-setup",
                                 f"{p}:{t}:{task}"], ["build"], block=user))
    if only_block:  # the block's own checks, what they need, and their coverage
        st = [s for s in st if s.block == only_block or s.name in ("check-gen", "build",
                                                                    "coverage")]
    elif tier == "netlist":  # the netlist models and their cosimulations
        st = [s for s in st if s.name == "check-gen" or s.name.endswith("-netlist")]
        st.insert(1, Stage("build", 400, ["make", "-s", f"-j{os.cpu_count() or 1}",
                                          "test-netlist-build"]))
    else:
        st = [s for s in st if not s.name.endswith("-netlist")]
    return st


def print_tail(stage, n):
    """The last n lines of a stage's log, indented."""
    log = (ROOT / B / "test" / f"{stage.name}.log").read_text(errors="replace")
    for ln in log.splitlines()[-n:]:
        print(f"    | {ln}")


def counts(log, ok):
    """A stage's (passed, failed): its last `N passed, N failed` line, else 1 check."""
    line = None
    for ln in log.read_text(errors="replace").splitlines():
        if re.match(r"^\d+ passed, \d+ failed", ln):
            line = ln
    if line:
        p, f = (int(x) for x in re.findall(r"\d+", line)[:2])
        if not ok and f == 0:
            f = 1
        return p, f
    return (1, 0) if ok else (0, 1)


def run(stage):
    log = ROOT / B / "test" / f"{stage.name}.log"
    env = dict(os.environ, **stage.env)
    start = time.monotonic()
    with open(log, "w") as f:
        rc = subprocess.run(stage.cmd, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT,
                            env=env).returncode
    secs = time.monotonic() - start
    p, fl = counts(log, rc == 0)
    return stage, rc == 0 and fl == 0, secs, p, fl


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", help="run only the stages whose name matches (and their needs)")
    ap.add_argument("--list", action="store_true", help="print the stages and budgets")
    ap.add_argument("--block", help="make check-BLOCK: only that block's stages")
    ap.add_argument("--tier", choices=("test", "netlist"), default="test",
                    help="make test (default) or make test-netlist")
    a = ap.parse_args(argv)
    (ROOT / B / "test").mkdir(parents=True, exist_ok=True)
    if a.block:
        # one block's coverage alone: the data of earlier runs of other blocks would be
        # reported with it
        for f in (ROOT / B / "coverage").glob("*.dat"):
            f.unlink()
    st = stages(a.block, a.tier)
    if a.only:
        keep = {s.name for s in st if re.search(a.only, s.name)}
        for s in st:
            if s.name in keep:
                keep.update(s.needs)
        st = [s for s in st if s.name in keep]
    if a.list:
        for s in st:
            print(f"{s.budget:6d} s  {s.name}")
        head = sum(s.budget for s in st if s.name in ("check-gen", "build"))
        rest = sum(s.budget for s in st) - head
        print(f"{head + rest / max(1, a.j):6.0f} s  in all: {head} s, then {rest} s of stages on "
              f"{a.j} jobs (budget {TOTAL_BUDGET[a.tier]} s)")
        return 0
    by = {s.name: s for s in st}
    n, k = len(st), 0
    t0 = time.monotonic()

    def report(stage, ok, secs, p, fl):
        nonlocal k
        k += 1
        stage.status = (ok, secs, p, fl)
        cnt = f"  {p} passed, {fl} failed" if (p, fl) not in ((1, 0), (0, 1)) else ""
        over = f"  (over its budget of {stage.budget} s)" if secs > stage.budget else ""
        print(f"[{k}/{n}] {stage.name} {'ok' if ok else 'FAILED'} {secs:.0f} s{cnt}{over}",
              flush=True)
        if not ok:
            print_tail(stage, 25)

    # the serial head: check-gen, then the build alone (it runs make -j itself)
    for name in ("check-gen", "build"):
        if name in by:
            report(*run(by[name]))
    pending = [s for s in st if s.status is None]
    pending.sort(key=lambda s: -s.budget)  # longest first
    running = {}
    with ThreadPoolExecutor(max_workers=max(1, a.j)) as pool:
        while pending or running:
            for s in list(pending):
                if len(running) >= a.j:
                    break
                need = [by[x].status for x in s.needs if x in by]
                if any(x is None for x in need):
                    continue  # a stage it needs has not finished
                pending.remove(s)
                if not all(x[0] for x in need):
                    (ROOT / B / "test" / f"{s.name}.log").write_text(
                        f"not run: a stage it needs failed ({', '.join(s.needs)})\n")
                    report(s, False, 0.0, 0, 1)
                    continue
                running[pool.submit(run, s)] = s
            if running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    del running[fut]
                    report(*fut.result())
    wall = time.monotonic() - t0
    print("\nslowest stages:")
    for s in sorted(st, key=lambda s: -s.status[1])[:5]:
        print(f"  {s.status[1]:6.0f} s  {s.name} (budget {s.budget} s)")
    over = [s for s in st if s.status[1] > s.budget]
    for s in over:
        print(f"warning: {s.name} took {s.status[1]:.0f} s, over its budget of {s.budget} s")
    print(f"total {wall:.0f} s wall ({len(st)} stages, {a.j} jobs)")
    if wall > TOTAL_BUDGET[a.tier] and not a.block:
        print(f"warning: make {'test' if a.tier == 'test' else 'test-netlist'} took "
              f"{wall:.0f} s, over its budget of {TOTAL_BUDGET[a.tier]} s")
    # the failed stages again, last, so that a log cut to its tail still names them
    for s in st:
        if not s.status[0]:
            print(f"FAILED {s.name} (build/test/{s.name}.log):")
            print_tail(s, 8)
    tp = sum(s.status[2] for s in st)
    tf = sum(s.status[3] for s in st)
    print(f"{tp} passed, {tf} failed")
    return 0 if tf == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
