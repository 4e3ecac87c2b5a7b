#!/usr/bin/env python3
"""Post-placement critical paths of a gx block on ECP5, without routing.

Usage (from the repository root):

    python3 scripts/place_paths.py [--seed N] [--part LFE5U-85F] [--paths N] BLOCK[:P=V...]
    python3 scripts/place_paths.py --sdf FILE [--paths N]
    python3 scripts/place_paths.py --luts NETLIST.json [--top gx_raster]

The block and its fmax wrapper are synthesized as scripts/synth.py does (the same
functions, netlists under build/place/<block>/; the block's netlist is reused when its
inputs are unchanged), then nextpnr-ecp5 places the wrapper (HeAP, the given seed, 100 MHz
target) with --no-route and writes an SDF file. nextpnr prints only the estimated fmax
after placement; its JSON report names no path before routing. The SDF holds the same
estimates (every net's predicted delay, every cell's arcs and setup times), so this
script walks it: the longest register-to-register path to every endpoint (its fmax
agrees with nextpnr's estimate), the failing endpoints grouped by register, and the worst
path of each of the first N registers, hop by hop. With --sdf it only reads an SDF.

--luts counts a mapped block netlist (synth.py's build/synth/<block>/gx_<block>.json) by
source section: each LUT4 is counted with the first register or carry chain it feeds
that carries a source line of the block's RTL (Yosys keeps `src` on flip-flops and carry
cells, not on ABC's LUTs), and a line belongs to the section opened by the last
`// ----` separator comment above it in its file.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import synth  # noqa: E402  (scripts/synth.py: the same synthesis and wrapper)

PERIOD_PS = 10000  # 100 MHz


def parse_sdf(text: str):
    """(edges, sources, setups): edges[node] = [(node, ps)], a node being `cell/pin`;
    sources[node] = clock-to-out ps of a register output; setups[node] = setup ps, at
    every clocked input: flip-flops (CLK), LUT RAM writes (WCK), block RAM (CLKA, CLKB)
    and multipliers (CLK0-3)."""
    def unesc(s: str) -> str:
        return s.replace("\\", "")

    def worst(triple: str) -> int:
        return int(triple.split(":")[2])

    edges: dict[str, list[tuple[str, int]]] = collections.defaultdict(list)
    sources: dict[str, int] = {}
    setups: dict[str, int] = {}
    for chunk in text.split("\n  (CELL\n")[1:]:
        m = re.match(r'\s*\(CELLTYPE "([^"]+)"\)\s+\(INSTANCE ([^\n]*)\)\n(.*)', chunk, re.S)
        if not m:
            continue
        inst, body = unesc(m.group(2).strip()), m.group(3)
        for a, b, d in re.findall(r"\(IOPATH (\S+) (\S+) \(([\d:]+)\)", body):
            if a.startswith("CLK"):
                node = f"{inst}/{b}"
                sources[node] = max(sources.get(node, 0), worst(d))
            else:
                edges[f"{inst}/{a}"].append((f"{inst}/{b}", worst(d)))
        for pin, s in re.findall(
                r"\(SETUPHOLD \((?:posedge|negedge) (\S+)\) \(posedge (?:CLK[AB0-3]?|WCK)\) "
                r"\(([\d:]+)\)", body):
            node = f"{inst}/{pin}"
            setups[node] = max(setups.get(node, 0), worst(s))
    for a, b, d in re.findall(r"\(INTERCONNECT (\S+) (\S+) \(([\d:]+)\)", text):
        edges[unesc(a)].append((unesc(b), worst(d)))
    return edges, sources, setups


def report(sdf: Path, paths: int) -> None:
    edges, sources, setups = parse_sdf(sdf.read_text())
    rev: dict[str, list[tuple[str, int]]] = collections.defaultdict(list)
    for a, outs in edges.items():
        for b, d in outs:
            rev[b].append((a, d))
    # longest arrival at every node (ps) and its predecessor: iterative post-order (the
    # carry chains are too deep for recursion); a loop's back edge is ignored
    arr: dict[str, tuple[int, str | None]] = {}
    visiting: set[str] = set()
    for end in setups:
        stack = [(end, False)]
        while stack:
            n, inputs_done = stack.pop()
            if n in arr:
                continue
            if inputs_done:
                best = (sources[n], None) if n in sources else (-1, None)
                for p, d in rev.get(n, ()):
                    a = arr[p][0] if p in arr else -1
                    if a >= 0 and a + d > best[0]:
                        best = (a + d, p)
                arr[n] = best
                continue
            if n in visiting:
                continue
            visiting.add(n)
            stack.append((n, True))
            stack.extend((p, False) for p, _ in rev.get(n, ()) if p not in arr)
    ends = sorted(((arr[n][0] + s, n) for n, s in setups.items() if arr[n][0] >= 0),
                  reverse=True)
    if not ends:
        sys.exit("place_paths.py: no register-to-register path in the SDF")
    worst_ps = ends[0][0]
    failing = [e for e in ends if e[0] > PERIOD_PS]
    print(f"longest path {worst_ps / 1000:.2f} ns: fmax {1e6 / worst_ps:.1f} MHz; "
          f"{len(failing)} of {len(ends)} endpoints over {PERIOD_PS / 1000:.0f} ns")

    def register(node: str) -> str:
        name = node.split("/")[0]
        return re.sub(r"_TRELLIS_FF_Q.*|\$.*|_CCU2C.*|_LUT4.*|_PFUMX.*", "", name)

    count: collections.Counter[str] = collections.Counter()
    worst_of: dict[str, int] = {}
    for t, n in failing:
        r = register(n)
        count[r] += 1
        worst_of[r] = max(worst_of.get(r, 0), t)
    print("endpoints over the period, by register (endpoints, worst ns):")
    for r in sorted(count, key=lambda r: -worst_of[r]):
        print(f"  {count[r]:6d} {worst_of[r] / 1000:6.2f} {r}")
    shown: set[str] = set()
    for t, n in ends:
        r = register(n)
        if r in shown:
            continue
        shown.add(r)
        if len(shown) > paths:
            break
        hops = []
        while n is not None:
            hops.append(n)
            n = arr[n][1]
        hops.reverse()
        print(f"\n{t / 1000:.2f} ns to {hops[-1]} from {hops[0]}")
        prev = 0
        for x in hops:
            pin = x.split("/")[-1]
            if pin in ("FCI", "FCO"):  # inside a carry chain
                continue
            a = arr[x][0]
            name = x.split("/")[0]
            name = name if len(name) <= 100 else name[:50] + ".." + name[-48:]
            print(f"  {a / 1000:6.2f} (+{(a - prev) / 1000:5.2f}) {name}/{pin}")
            prev = a


def lut_sections(netlist: Path, top: str) -> None:
    """LUTs (LUT4 + 2 x CCU2C) and FFs of a mapped netlist by RTL source section."""
    import json
    cells = json.loads(netlist.read_text())["modules"][top]["cells"]
    loads: dict[int, list[str]] = collections.defaultdict(list)
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port, "input") != "output":
                for b in bits:
                    if not isinstance(b, str):
                        loads[b].append(name)

    def own_src(name: str) -> str | None:
        s = cells[name].get("attributes", {}).get("src", "").split("|")[0]
        return None if not s or "share/" in s else s

    label: dict[str, str] = {}
    for start in cells:
        if start in label:
            continue
        # breadth-first to the nearest load with a source line of the RTL
        seen, frontier, found = {start}, [start], None
        while frontier and found is None:
            nxt = []
            for n in frontier:
                if n != start and (s := own_src(n)) is not None:
                    found = s
                    break
                c = cells[n]
                for port, bits in c["connections"].items():
                    if c["port_directions"].get(port) == "output":
                        for b in bits:
                            if not isinstance(b, str):
                                for k in loads[b]:
                                    if k not in seen:
                                        seen.add(k)
                                        nxt.append(k)
            frontier = nxt
        label[start] = own_src(start) or found or "?"
    sections: dict[str, dict[int, str]] = {}

    def section(src: str) -> str:
        m = re.match(r"(.+?):(\d+)", src)
        if not m:
            return "(no source line)"
        path, line = m.group(1), int(m.group(2))
        if path not in sections:
            heads, title, lines = {}, "(file start)", Path(path).read_text().splitlines()
            for i, text in enumerate(lines, 1):
                if re.match(r"\s*// -{20,}", text) and i < len(lines):
                    title = lines[i].strip().lstrip("/ ")[:60]
                heads[i] = title
            sections[path] = heads
        return f"{Path(path).name}: {sections[path].get(line, '?')}"

    tally: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    for name, c in cells.items():
        kind = {"LUT4": 0, "CCU2C": 1, "TRELLIS_FF": 2}.get(c["type"])
        if kind is not None:
            tally[section(label[name])][kind] += 1
    print("| section | LUTs | LUT4 | CCU2C | FFs |")
    print("|---|---:|---:|---:|---:|")
    for sec, (l4, cc, ff) in sorted(tally.items(), key=lambda x: -(x[1][0] + 2 * x[1][1])):
        print(f"| {sec} | {l4 + 2 * cc:,} | {l4:,} | {cc:,} | {ff:,} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("spec", nargs="?", help="BLOCK or BLOCK:PARAM=VALUE (as synth.py)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--part", default="LFE5U-85F", choices=[p for _, p in synth.DEVICES])
    ap.add_argument("--paths", type=int, default=12, help="registers whose path is shown")
    ap.add_argument("--sdf", type=Path, help="only report the paths of this SDF file")
    ap.add_argument("--luts", type=Path, help="count a mapped netlist's LUTs by section")
    ap.add_argument("--top", default="gx_raster", help="the netlist's module (--luts)")
    args = ap.parse_args()
    if args.luts:
        lut_sections(args.luts, args.top)
        return 0
    if args.sdf:
        report(args.sdf, args.paths)
        return 0
    if not args.spec:
        ap.error("give a block (or --sdf FILE)")
    block, params = synth.parse_spec(args.spec)
    work = Path("build/place") / synth.work_name(block, params)
    work.mkdir(parents=True, exist_ok=True)
    yosys_version = synth.tool_version([synth.YOSYS, "--version"])
    res, ports = synth.synth_block(block, synth.rtl_files(block), work, params, yosys_version)
    print(f"block: {res.luts} LUTs ({res.lut4} LUT4 + 2 x {res.ccu2c} CCU2C), {res.lutram} "
          f"DPR16X4 ({res.lut4_sites} LUT4 sites), {res.ffs} FFs, {res.bram} BRAM, "
          f"{res.dsp} DSP", flush=True)
    _, netlist, wres = synth.synth_wrapper(block, ports, work)
    print(f"wrapper: {wres.luts} LUTs, {wres.lutram} DPR16X4 ({wres.lut4_sites} LUT4 sites), "
          f"{wres.ffs} FFs", flush=True)
    flag = dict((p, f) for f, p in synth.DEVICES)[args.part]
    sdf, log = work / f"place-seed{args.seed}.sdf", work / f"place-seed{args.seed}.log"
    cmd = [synth.NEXTPNR, flag, "--package", synth.DEVICE_PACKAGE.get(args.part, synth.PACKAGE),
           "--speed", str(synth.SPEED), "--json", str(netlist), "--freq", str(synth.FREQ_MHZ),
           "--seed", str(args.seed), "--timing-allow-fail", "--lpf-allow-unconstrained",
           "--placer", "heap", "--no-route", "--sdf", str(sdf)]
    synth.run_tool(cmd, log, f"nextpnr-ecp5 {flag} --seed {args.seed} --no-route")
    m = re.search(r"Max frequency for clock '[^']*': ([\d.]+) MHz", log.read_text())
    print(f"nextpnr's post-placement estimate: {m.group(1) if m else '?'} MHz ({log})")
    report(sdf, args.paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
