#!/usr/bin/env python3
"""Generate gx_pipe's register block, C header and HTML page from SystemRDL with PeakRDL.

    gen_regs.py RDL GEN_DIR HTML_DIR

From the one description RDL (rdl/gx_pipe_regs.rdl, addrmap gx_pipe_regs), with the
pinned PeakRDL tools of .venv (scripts/requirements.txt), writes:

    GEN_DIR/gx_pipe_regs_pkg.sv   peakrdl regblock: the hwif structs (package)
    GEN_DIR/gx_pipe_regs.sv       peakrdl regblock: the register block, AXI4-Lite slave
                                  (--cpuif axi4-lite-flat), the request to the external
                                  counter block registered (--rt-external all)
    GEN_DIR/gx_pipe_regs.h        peakrdl c-header: offsets (struct gx_pipe_regs_t),
                                  field masks, positions, widths and reset values
    GEN_DIR/gx_pipe_regs_hwif.h   the bit position of every hwif signal in the packed
                                  hwif_in / hwif_out vectors (from regblock's --hwif-report)
    HTML_DIR/index.html ...       peakrdl html: the register map for readers

Two changes are made to regblock's output (GEN_DIR/raw/ keeps it as written):
- every `struct {` becomes `struct packed {`. regblock writes unpacked structs
  (PeakRDL-regblock#62, wontfix), which Yosys's read_verilog does not take ("Only PACKED
  supported at this time") and which Verilator does not take on a top-level port. The
  map has no register arrays, so no struct holds an unpacked member and packing changes
  no behaviour; the script stops if a struct has an unpacked array, where packing would
  not apply;
- the action block `else $error("...")` of its immediate assertions (the external
  block's acknowledge checks) is dropped: read_verilog does not parse action blocks. The
  assertions stay, and are checked in simulation and proven (docs/pipe_regs.md).
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEAKRDL = str(ROOT / ".venv" / "bin" / "peakrdl")
TOP = "gx_pipe_regs"
# hierarchical type and macro names (GX_PIPE_REGS__CTRL__ENABLE_bm) instead of
# names made unique with a hash of the properties
COMMON = ["--top", TOP, "--type-style", "hier"]


def peakrdl(*args):
    cmd = [PEAKRDL, *args]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0 or proc.stderr.strip():
        sys.exit(f"gen_regs: {' '.join(cmd)} failed:\n{proc.stdout}{proc.stderr}")


def pack(src, dst):
    text = src.read_text()
    # an unpacked array (`name [N];`) cannot sit in a packed struct: look inside every
    # struct body (braces counted; structs nest)
    depth = 0
    for n, line in enumerate(text.split("\n"), 1):
        if depth and re.search(r"\w\s*\[[^]]*\]\s*;", line):
            sys.exit(f"gen_regs: {src}:{n}: an unpacked array in a struct: it cannot be packed")
        depth += len(re.findall(r"\bstruct\s*\{", line)) - line.count("}")
        depth = max(depth, 0)
    out, n = re.subn(r"\bstruct\s*\{", "struct packed {", text)
    # immediate assertions lose their action block (`else $error("...")`), which Yosys's
    # read_verilog does not parse; the assertion itself stays
    out = re.sub(r"\)\s*\n\s*else\s+\$error\(\"[^\"]*\"\);", ");", out)
    dst.write_text("// gen_regs.py: peakrdl-regblock's output with every struct packed and no "
                   f"assertion action blocks.\n{out}")
    return n


def hwif_header(report, dst):
    """The packed hwif vectors as the C side sees them: the first member of a packed
    struct holds its most significant bits; the report lists the members in order."""
    sigs = {"in": [], "out": []}
    for line in report.read_text().split("\n"):
        m = re.fullmatch(r"hwif_(in|out)\.([\w.]+)(?:\[(\d+):(\d+)\])?", line.strip())
        if not m:
            if line.strip():
                sys.exit(f"gen_regs: {report}: unexpected line {line!r}")
            continue
        width = int(m.group(3)) - int(m.group(4)) + 1 if m.group(3) else 1
        sigs[m.group(1)].append((m.group(2), width))
    lines = [f"// {dst.name}: written by scripts/gen_regs.py from peakrdl-regblock's hwif "
             "report; do not edit.",
             "// Bit positions of the hwif signals in the packed vectors hwif_in and hwif_out",
             "// (the first member of a packed struct holds its most significant bits).",
             "#ifndef GX_PIPE_REGS_HWIF_H", "#define GX_PIPE_REGS_HWIF_H", "",
             "typedef struct gx_pipe_regs_hwif_sig {",
             "    const char *name; /* path below hwif_in / hwif_out, e.g. STATUS.BUSY.next */",
             "    unsigned lsb;",
             "    unsigned width;",
             "} gx_pipe_regs_hwif_sig_t;", ""]
    for d in ("in", "out"):
        total = sum(w for _, w in sigs[d])
        lines.append(f"#define GX_PIPE_REGS_HWIF_{d.upper()}_BITS {total}u")
        lines.append(f"#define GX_PIPE_REGS_HWIF_{d.upper()}_N {len(sigs[d])}u")
        lines.append(f"static const gx_pipe_regs_hwif_sig_t gx_pipe_regs_hwif_{d}[] = {{")
        hi = total
        for name, w in sigs[d]:
            hi -= w
            lines.append(f'    {{"{name}", {hi}u, {w}u}},')
        lines.append("};")
        lines.append("")
    lines.append("#endif /* GX_PIPE_REGS_HWIF_H */")
    dst.write_text("\n".join(lines) + "\n")


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    rdl, gen, html = Path(argv[0]), Path(argv[1]), Path(argv[2])
    raw = gen / "raw"
    for d in (gen, raw, html):
        d.mkdir(parents=True, exist_ok=True)
    peakrdl("regblock", str(rdl), *COMMON, "-o", str(raw), "--cpuif", "axi4-lite-flat",
            "--module-name", TOP, "--package-name", f"{TOP}_pkg", "--hwif-report",
            "--rt-external", "all")
    for name in (f"{TOP}_pkg.sv", f"{TOP}.sv"):
        pack(raw / name, gen / name)
    hwif_header(raw / f"{TOP}_hwif.rpt", gen / f"{TOP}_hwif.h")
    peakrdl("c-header", str(rdl), *COMMON, "--std", "gnu11", "-o", str(gen / f"{TOP}.h"))
    peakrdl("html", str(rdl), *COMMON[:2], "--title", "gx_pipe registers", "-o", str(html))


if __name__ == "__main__":
    main(sys.argv[1:])
