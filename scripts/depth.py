#!/usr/bin/env python3
"""Estimated register-to-register delay into each flip-flop group of an ECP5 netlist.

Usage: depth.py NETLIST.json TOP [ROWS [GROUP]]

Reads a `synth_ecp5` JSON netlist (for example build/synth/msld/gx_msld.json, which
`scripts/synth.py` writes) and, for every flip-flop input (DI, CE, LSR), the latest
arrival over the combinational cells in front of it: clock-to-out 0.52 ns, a LUT4 0.24,
a PFUMX or L6MUX21 0.2 (no routing hop from the LUTs of their slice), a CCU2C 0.45 (its
carry-in from the previous CCU2C nearly free), and 0.8 ns of routing for every other
hop. Prints the ROWS (default 25) latest groups (flip-flops named alike) with the
register the path starts at; with GROUP, also the cells of the latest path into the
group whose name starts with GROUP. An estimate for ordering work before nextpnr runs:
it knows no placement and no fanout; nextpnr's routed report is the measurement.
"""
import collections
import json
import re
import sys

LOGIC = {"LUT4": 0.24, "PFUMX": 0.2, "L6MUX21": 0.2, "CCU2C": 0.45}
CLK_TO_Q = 0.52
ROUTE = 0.8
CARRY = -0.38  # a CIN from the previous CCU2C: the hop costs about 0.42 ns less


def fail(msg: str) -> None:
    sys.exit(f"depth.py: {msg}")


def main() -> None:
    if len(sys.argv) not in (3, 4, 5):
        fail("usage: depth.py NETLIST.json TOP [ROWS [GROUP]]")
    path, top = sys.argv[1], sys.argv[2]
    try:
        rows = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    except ValueError:
        fail(f"ROWS {sys.argv[3]!r}: not a whole number")
    want = sys.argv[4] if len(sys.argv) > 4 else None
    try:
        with open(path) as f:
            design = json.load(f)
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    except json.JSONDecodeError as e:
        fail(f"{path}:{e.lineno}: not JSON ({e.msg})")
    if top not in design.get("modules", {}):
        fail(f"{path}: no module {top!r}")
    cells = design["modules"][top]["cells"]
    drivers = {}
    for name, cell in cells.items():
        for port, direction in cell["port_directions"].items():
            if direction == "output":
                for bit in cell["connections"][port]:
                    if isinstance(bit, int):
                        drivers[bit] = name
    memo: dict[str, tuple[float, str]] = {}
    sys.setrecursionlimit(1_000_000)

    def arrival(bit) -> tuple[float, str]:
        """Arrival (ns) at net bit and the flip-flop or input the path starts at."""
        if not isinstance(bit, int) or bit not in drivers:
            return (0.0, "input")
        name = drivers[bit]
        if name in memo:
            return memo[name]
        cell = cells[name]
        kind = cell["type"]
        if kind not in LOGIC:
            result = (CLK_TO_Q, name)
        else:
            result = (0.0, "constant")
            for port, direction in cell["port_directions"].items():
                if direction != "input":
                    continue
                for b in cell["connections"][port]:
                    at, start = arrival(b)
                    if kind in ("PFUMX", "L6MUX21") and port not in ("C0", "SD"):
                        hop = 0.0
                    elif kind == "CCU2C" and port == "CIN":
                        hop = CARRY
                    else:
                        hop = ROUTE
                    if at + hop + LOGIC[kind] > result[0]:
                        result = (at + hop + LOGIC[kind], start)
        memo[name] = result
        return result

    def group(name: str) -> str:
        return re.sub(r"_TRELLIS_FF.*", "", name)

    worst: dict[tuple[str, str], tuple[float, str]] = collections.defaultdict(
        lambda: (0.0, ""))
    latest_bit = None
    for name, cell in cells.items():
        if cell["type"] != "TRELLIS_FF":
            continue
        for port in ("DI", "CE", "LSR"):
            for bit in cell["connections"].get(port, []):
                at, start = arrival(bit)
                key = (group(name), port)
                if at + ROUTE > worst[key][0]:
                    worst[key] = (at + ROUTE, group(start))
                if want and name.startswith(want) and (
                        latest_bit is None or at > arrival(latest_bit)[0]):
                    latest_bit = bit
    for (g, port), (at, start) in sorted(worst.items(), key=lambda x: -x[1][0])[:rows]:
        print(f"{at:6.2f} ns  {g}.{port}  <- {start}")
    if want:
        if latest_bit is None:
            fail(f"{path}: no flip-flop whose name starts with {want!r}")
        bit = latest_bit
        while isinstance(bit, int) and bit in drivers:
            name = drivers[bit]
            print(f"  {arrival(bit)[0]:6.2f} ns  {cells[name]['type']:10s} {name}")
            if cells[name]["type"] not in LOGIC:
                break
            inputs = [b for p, d in cells[name]["port_directions"].items() if d == "input"
                      for b in cells[name]["connections"][p]]
            bit = max(inputs, key=lambda b: arrival(b)[0])


if __name__ == "__main__":
    main()
