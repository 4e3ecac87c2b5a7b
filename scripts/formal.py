#!/usr/bin/env python3
"""Run gx's formal tasks with SymbiYosys.

    formal.py [-j N] [--summary FILE] [--no-setup] BLOCK[:TARGET[:TASK,...]]...

Each argument names a block, optionally one of its formal targets (default: every formal
target except `formal`, whose tasks formal_full includes) and tasks (default: the
target's tasks, scripts/cores.py tasks). The target's .sby is rendered by FuseSoC from
its template (scripts/cores.py; --no-setup: already rendered, as make test does before
it runs tasks in parallel). Each task runs in its own directory,
build/formal/<sby>_<task>/ (sby -d: its own status database too, so two tasks can start
at once), its log in build/formal/<sby>_<task>.log, N tasks at a time. One line per
task: PASS or FAIL, seconds, the engine. --summary writes a Markdown table of every task
(task, result, seconds, solver). Exit status 0 only when every task passed.
"""
import argparse
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cores

ROOT = cores.ROOT
OUT = ROOT / "build" / "formal"
SBY = ROOT / ".venv" / "bin" / "yowasp-sby"
ENV_BIN = ROOT / ".venv" / "bin"


def run_task(block, target, task):
    wr = cores.work_root(block, target)
    name = template_name(block, target)
    tdir = OUT / f"{name}_{task}"
    log = OUT / f"{name}_{task}.log"
    env = dict(os.environ)
    env["PATH"] = f"{ENV_BIN}:{env.get('PATH', '')}"
    start = time.monotonic()
    with open(log, "w") as f:
        # run from the work root: sby reads [files] relative to the working directory
        rc = subprocess.run([str(SBY), "-f", "-d", str(tdir), "test.sby", task], cwd=wr,
                            stdout=f, stderr=subprocess.STDOUT, env=env).returncode
    secs = time.monotonic() - start
    text = log.read_text(errors="replace")
    m = re.search(r"engine_\d+: (.+)$", text, re.M)
    engine = m.group(1).strip() if m else "?"
    m = re.search(r"DONE \((\w+)", text)
    result = "PASS" if rc == 0 else (m.group(1) if m and m.group(1) != "PASS" else "FAIL")
    if result == "PASS" and not asserts_something(tdir):
        result = "FAIL (no assertion)"
        with open(log, "a") as f:
            f.write("formal.py: the task's model has no assertion: it proves nothing\n")
    return dict(block=block, target=target, sby=name, task=task, result=result,
                secs=secs, engine=engine, log=log.relative_to(ROOT))


def asserts_something(tdir):
    """False when a bmc or prove task's SMT model holds no assertion (a task whose
    chformal lines removed every one passes vacuously)."""
    cfg, smt = tdir / "config.sby", tdir / "model" / "design_smt2.smt2"
    if not cfg.exists() or not smt.exists():
        return True
    modes = re.findall(r"^mode\s+(\w+)", cfg.read_text(), re.M)  # the last one holds
    if modes and modes[-1] == "cover":
        return True
    return "; yosys-smt2-assert " in smt.read_text(errors="replace")


def template_name(block, target):
    """The template a target renders, without .sby.j2 (e.g. gx_raster_cons)."""
    for f in cores.load_edam(block, target)["files"]:
        if f.get("file_type") == "sbyConfigTemplate":
            return Path(f["name"]).name.removesuffix(".sby.j2")
    sys.exit(f"formal.py: gx:gx:{block} target {target} has no sbyConfigTemplate")


def parse_spec(spec):
    parts = spec.split(":")
    block = parts[0]
    if len(parts) > 1 and parts[1]:
        tgts = [parts[1]]
    else:
        tgts = [t for t in cores.targets(block) if t.startswith("formal") and t != "formal"]
    tasks = parts[2].split(",") if len(parts) > 2 and parts[2] else None
    return block, tgts, tasks


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--summary")
    ap.add_argument("--no-setup", action="store_true")
    ap.add_argument("specs", nargs="+")
    a = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    jobs = []
    for spec in a.specs:
        block, tgts, tasks = parse_spec(spec)
        for t in tgts:
            if not a.no_setup:
                cores.setup(block, t)
            for task in tasks or cores.formal_tasks(block, t):
                jobs.append((block, t, task))
    results = []

    def one(job):
        r = run_task(*job)
        print(f"formal {r['sby']} {r['task']}: {r['result']} ({r['secs']:.0f} s, {r['engine']}, "
              f"log {r['log']})", flush=True)
        if r["result"] != "PASS":
            for line in Path(ROOT / r["log"]).read_text(errors="replace").splitlines():
                if re.search(r"Assert failed|Unreached cover|FAIL|ERROR|failed", line):
                    print("    " + line)
        return r

    with ThreadPoolExecutor(max_workers=max(1, a.j)) as pool:
        results = list(pool.map(one, jobs))
    if a.summary:
        rows = ["| sby | task | result | seconds | solver |", "|---|---|---|---:|---|"]
        rows += [f"| {r['sby']} | {r['task']} | {r['result']} | {r['secs']:.0f} | {r['engine']} |"
                 for r in results]
        npass = sum(r["result"] == "PASS" for r in results)
        Path(a.summary).write_text(
            f"# gx formal summary\n\n`scripts/formal.py -j {a.j} {' '.join(a.specs)}`: "
            f"{npass} of {len(results)} tasks passed, "
            f"{sum(r['secs'] for r in results):.0f} s of task time.\n\n" + "\n".join(rows) + "\n")
    bad = [r for r in results if r["result"] != "PASS"]
    print(f"{len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
