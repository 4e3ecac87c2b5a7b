#!/usr/bin/env python3
"""The FuseSoC cores (gx_*.core) as the one list of every block's files.

    cores.py mk OUT BLOCK...   write OUT, a makefile fragment with each block's files
    cores.py tasks BLOCK TARGET
                               print the formal tasks of a formal target, one a line:
                               its tasknames, or every task of its .sby

For each block gx:gx:BLOCK, FuseSoC (`fusesoc run --setup`, no export, build root
build/fusesoc) resolves every target of the core: the dependencies, the files in compile
order, the include directories; for a formal target it also renders the .sby template
(build/fusesoc/gx_gx_BLOCK_0.1/TARGET-symbiyosys/test.sby), which scripts/formal.py runs.
The fragment defines, per block B:
    RTL_B      the RTL sources of the lint target, in compile order (no include files)
    HDR_B      its include files
    INC_B      its include directories
    FORMAL_B   the block's formal targets (formal: make test's tasks; the others: make formal)
    FDEPS_B    every file its formal targets read (the templates, harnesses and headers)
"""
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "fusesoc"
FUSESOC = ROOT / ".venv" / "bin" / "fusesoc"
VERSION = "0.1"


def core_path(block):
    return ROOT / f"gx_{block}.core"


def targets(block):
    with open(core_path(block)) as f:
        core = yaml.safe_load(f)
    return list(core.get("targets", {}))


def work_root(block, target):
    """FuseSoC's work root of a target (its files, EDAM, rendered .sby)."""
    return BUILD / f"gx_gx_{block}_{VERSION}" / f"{target}-{tool(target)}"


def tool(target):
    return "symbiyosys" if target.startswith("formal") else "verilator"


def load_edam(block, target):
    """The EDAM of a target resolved before (setup)."""
    wr = work_root(block, target)
    with open(wr / f"gx_gx_{block}_{VERSION}.eda.yml") as f:
        return yaml.safe_load(f)


def setup(block, target):
    """Resolve one target with FuseSoC; return its EDAM and work root."""
    cmd = [str(FUSESOC), "--cores-root", str(ROOT), "run", "--setup", "--no-export",
           "--build-root", str(BUILD), "--target", target, f"gx:gx:{block}"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"cores.py: {' '.join(cmd)} failed:\n{proc.stdout}{proc.stderr}")
    return load_edam(block, target), work_root(block, target)


def rel(wr, name):
    return os.path.relpath(os.path.normpath(wr / name), ROOT)


def file_lists(edam, wr):
    """(sources, include files, include directories) of an EDAM, repository-relative."""
    src, hdr, inc = [], [], []
    for f in edam["files"]:
        path = rel(wr, f["name"])
        if f.get("is_include_file"):
            hdr.append(path)
            d = rel(wr, f["include_path"]) if f.get("include_path") else os.path.dirname(path)
            if d not in inc:
                inc.append(d)
        elif f.get("file_type", "").startswith(("systemVerilogSource", "verilogSource")):
            src.append(path)
    return src, hdr, inc


def formal_tasks(block, target):
    """The target's tasks (resolved before: setup)."""
    edam, wr = load_edam(block, target), work_root(block, target)
    names = edam.get("tool_options", {}).get("symbiyosys", {}).get("tasknames") or []
    if names:
        return names
    tasks, on = [], False
    for line in (wr / "test.sby").read_text().splitlines():
        if line.startswith("["):
            on = line.strip() == "[tasks]"
            continue
        if on and line.split() and not line.startswith("#"):
            tasks.append(line.split()[0])
    return tasks


def mk(out, blocks):
    # Each (block, target) resolves in its own FuseSoC process and work root: run them
    # side by side, one a processor, and write the fragment in the blocks' order.
    formal_of = {b: [t for t in targets(b) if t.startswith("formal")] for b in blocks}
    jobs = [(b, "lint") for b in blocks] + [(b, t) for b in blocks for t in formal_of[b]]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        res = dict(zip(jobs, pool.map(lambda j: setup(*j), jobs)))
    lines = ["# Written by scripts/cores.py from the gx_*.core files; do not edit."]
    for b in blocks:
        src, hdr, inc = file_lists(*res[(b, "lint")])
        formal = formal_of[b]
        fdeps = set()
        for t in formal:
            fe, fwr = res[(b, t)]
            s, h, _ = file_lists(fe, fwr)
            fdeps.update(s + h)
            fdeps.update(rel(fwr, f["name"]) for f in fe["files"]
                         if f.get("file_type") == "sbyConfigTemplate")
        lines += [f"RTL_{b} := {' '.join(src)}", f"HDR_{b} := {' '.join(hdr)}",
                  f"INC_{b} := {' '.join(inc)}", f"FORMAL_{b} := {' '.join(formal)}",
                  f"FDEPS_{b} := {' '.join(sorted(fdeps))}"]
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(str(out) + ".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(out)


def main(argv):
    if len(argv) >= 2 and argv[0] == "mk":
        mk(argv[1], argv[2:])
    elif len(argv) == 3 and argv[0] == "tasks":
        setup(argv[1], argv[2])
        print("\n".join(formal_tasks(argv[1], argv[2])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
