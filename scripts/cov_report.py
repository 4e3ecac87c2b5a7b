#!/usr/bin/env python3
"""Merge and report Verilator coverage: cov_report.py DIR

Reads every DIR/*.dat written by the cosimulations (Verilator's coverage format),
sums the counts of identical points, writes DIR/merged.dat and DIR/report.txt, and
prints, per RTL file, line, branch, toggle and user (GX_COVER) coverage. Lists the
points never hit (a few per kind). Exits 1 when a GX_COVER point was never hit in
simulation: every cover the RTL states must be reached by its testbench.
"""
import sys
from collections import defaultdict
from pathlib import Path

KINDS = ("line", "branch", "toggle", "user")


def parse_point(key):
    fields = {}
    for part in key.split("\x01"):
        if "\x02" in part:
            k, v = part.split("\x02", 1)
            fields[k] = v
    return fields


def load(paths):
    counts = defaultdict(int)
    for p in paths:
        with open(p, encoding="latin-1") as f:
            for line in f:
                if not line.startswith("C '"):
                    continue
                key, _, n = line.rstrip("\n").rpartition("' ")
                counts[key[3:]] += int(n)
    return counts


def main(argv):
    if len(argv) != 1:
        print("usage: cov_report.py DIR", file=sys.stderr)
        return 2
    d = Path(argv[0])
    paths = sorted(p for p in d.glob("*.dat") if p.name != "merged.dat")
    if not paths:
        print(f"cov_report: no coverage data in {d}/ (run make sim first)", file=sys.stderr)
        return 1
    counts = load(paths)
    with open(d / "merged.dat", "w", encoding="latin-1") as f:
        f.write("# SystemC::Coverage-3\n")
        for k, n in sorted(counts.items()):
            f.write(f"C '{k}' {n}\n")
    stats = defaultdict(lambda: [0, 0])  # (file, kind) -> [hit, total]
    missed = defaultdict(list)
    for key, n in counts.items():
        pt = parse_point(key)
        kind = pt.get("page", "v_?/").split("/")[0][2:]
        f = pt.get("f", "?")
        s = stats[(f, kind)]
        s[1] += 1
        if n > 0:
            s[0] += 1
        else:
            missed[(f, kind)].append(f"{f}:{pt.get('l', '?')} {pt.get('o', '')}".strip())
    out = [f"coverage from {', '.join(p.name for p in paths)} (merged: {d}/merged.dat)"]
    out.append(f"{'file':32} " + " ".join(f"{k:>16}" for k in KINDS))
    for f in sorted({f for f, _ in stats}):
        cells = []
        for k in KINDS:
            hit, tot = stats.get((f, k), (0, 0))
            cells.append(f"{hit:>5}/{tot:<5} {100.0 * hit / tot:5.1f}%" if tot else f"{'-':>16}")
        out.append(f"{f:32} " + " ".join(f"{c:>16}" for c in cells))
    for (f, k), pts in sorted(missed.items()):
        out.append(f"not hit ({k}, {len(pts)}): " + "; ".join(sorted(pts)[:6]) +
                   (" ..." if len(pts) > 6 else ""))
    text = "\n".join(out)
    (d / "report.txt").write_text(text + "\n")
    print(text)
    holes = sum(len(p) for (f, k), p in missed.items() if k == "user")
    if holes:
        print(f"cov_report: {holes} GX_COVER points never hit in simulation")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
