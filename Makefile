# SPDX-License-Identifier: GPL-2.0-only
#
# prof's one, non-recursive Makefile.
#
#   make                 build ./prof (or $(O)/prof with O=dir)
#   make check           install what the tests need, build, run every test
#   make demo            install, build, run prof on the bundled demo workload
#   make doc             man pages from Documentation/*.txt (Documentation/*.1)
#   make install         prof and its man pages under $(DESTDIR)$(prefix)
#   make fuzz            fuzz targets with clang + libFuzzer in .fuzz/fuzz/
#   make fuzz-campaign   run them all, one at a time, FUZZ_TIME seconds in all
#   make clean
#
# Knobs: V=1 (show commands), O=dir (out-of-tree build), DEVELOPER=1
# (strict warnings as errors), SANITIZE=address,undefined, NO_LIBUNWIND=1,
# NO_LIBTRACEEVENT=1, NO_NCURSES=1, NO_ZSTD=1, NO_CAPSTONE=1, NO_DEBUGINFOD=1,
# CC=...,
# EXTRA_CFLAGS=..., TESTS='t0001*' (limit make check to some tests).

PROF_VERSION := 0.1.0

srctree := $(CURDIR)
ifdef O
OUT := $(abspath $(O))
else
OUT := $(srctree)
endif
OBJ := $(OUT)/.build

CC ?= cc
ifeq ($(origin CC),default)
CC := gcc
endif

ifeq ($(V),1)
Q :=
quiet = @:
else
Q := @
quiet = @printf '  %-7s %s\n' $(1) $(2);
endif

all: $(OUT)/prof

# ---------------------------------------------------------------- features
# Goals that only install packages or clean need no probe: "make check" and
# "make demo" install first and then build in a sub-make, so that the probe
# sees what the install step brought (a bare machine, first thing).
NOPROBE_GOALS := check demo deps doc fuzz fuzz-campaign build-san clean
ifneq ($(MAKECMDGOALS),)
ifeq ($(filter-out $(NOPROBE_GOALS),$(MAKECMDGOALS)),)
SKIP_PROBE := 1
endif
endif

# The probe result is cached in $(OBJ)/FEATURES; it is redone when the
# probe script or the compiler changes, and whenever the package database
# changes (a library installed or removed), so it never goes stale.
PKG_DB := $(wildcard /var/lib/dpkg/status /var/lib/rpm/rpmdb.sqlite /lib/apk/db/installed)
FEATURE_DEPS := scripts/feature-probe.sh $(wildcard scripts/feature/*.c) $(PKG_DB)
$(OBJ)/FEATURES: $(FEATURE_DEPS)
	@mkdir -p $(OBJ)
	$(Q)scripts/feature-probe.sh $(OBJ) "$(CC)"
	@printf '\n  Auto-detecting system features:\n'
	@sed -n 's/^HAVE_\([a-z]*\) := \(1\)\{0,1\}$$/\1 \2/p' $@ | \
		while read -r f on; do printf '  ... %20s: [ %s ]\n' $$f "$$( [ -n "$$on" ] && echo 'on ' || echo OFF)"; done
	@echo

ifndef SKIP_PROBE
# A stale result goes before it is read: the required-library check below
# must judge a fresh probe, not one made before an install.
ifneq ($(wildcard $(OBJ)/FEATURES),)
ifneq ($(shell find $(FEATURE_DEPS) -newer $(OBJ)/FEATURES 2>/dev/null | head -n 1),)
$(shell rm -f $(OBJ)/FEATURES)
endif
endif
-include $(OBJ)/FEATURES

# Unless the FEATURES file exists, features are unknown (first pass).
ifneq ($(wildcard $(OBJ)/FEATURES),)
FEATURES_KNOWN := 1
endif
endif

FEATURE_LIST := libelf libdw libunwind libtraceevent ncursesw zstd capstone debuginfod
REQUIRED := libelf libdw
ifdef NO_LIBUNWIND
HAVE_libunwind :=
endif
ifdef NO_LIBTRACEEVENT
HAVE_libtraceevent :=
endif
ifdef NO_NCURSES
HAVE_ncursesw :=
endif
ifdef NO_ZSTD
HAVE_zstd :=
endif
ifdef NO_CAPSTONE
HAVE_capstone :=
endif
ifdef NO_DEBUGINFOD
HAVE_debuginfod :=
endif

ifdef FEATURES_KNOWN
$(foreach f,$(REQUIRED),$(if $(HAVE_$(f)),,$(error required library $(f) not found: install the Debian package $(PKG_$(f)) (or run scripts/install-deps.sh))))
endif

FEATURE_CFLAGS := $(foreach f,$(FEATURE_LIST),$(if $(HAVE_$(f)),$(CFLAGS_$(f)) -DHAVE_$(shell echo $(f) | tr a-z A-Z)=1))
FEATURE_LIBS := $(foreach f,$(FEATURE_LIST),$(if $(HAVE_$(f)),$(LIBS_$(f))))

# ---------------------------------------------------------------- flags
WARNINGS := -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	-Wshadow -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes \
	-Wno-format-nonliteral
ifeq ($(DEVELOPER),1)
WARNINGS += -Werror -Wconversion -Wno-sign-conversion -Wno-error=conversion \
	-Wpointer-arith -Wvla -Wdeclaration-after-statement -Wundef
endif

OPT_CFLAGS := -O2 -g -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer
ifdef SANITIZE
OPT_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=$(SANITIZE) -fno-sanitize-recover=all
SAN_LDFLAGS := -fsanitize=$(SANITIZE)
endif

ALL_CFLAGS := -std=gnu11 $(OPT_CFLAGS) $(WARNINGS) -Iinclude -I$(OBJ) \
	-D_GNU_SOURCE -DPROF_VERSION='"$(PROF_VERSION)"' \
	-DPROF_SRCDIR='"$(srctree)"' \
	-DPROF_DOCDIR='"$(OUT)/Documentation"' \
	$(FEATURE_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS)
ALL_LDFLAGS := $(SAN_LDFLAGS) $(LDFLAGS)
LIBS := $(FEATURE_LIBS) -lz -lm -lpthread

# Rebuild everything when the flags change.
FLAGS_STAMP := $(OBJ)/FLAGS
FLAGS_NOW := $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LIBS)
ifdef FEATURES_KNOWN
ifneq ($(file <$(FLAGS_STAMP)),$(FLAGS_NOW))
$(shell mkdir -p $(OBJ))
$(file >$(FLAGS_STAMP),$(FLAGS_NOW))
endif
endif
$(FLAGS_STAMP): | $(OBJ)/FEATURES

# ---------------------------------------------------------------- sources
LIB_SRCS := $(sort $(wildcard src/*/*.c src/*/*/*.c))
BUILTIN_SRCS := $(sort $(wildcard builtin/*.c))
MAIN_SRCS := src/prof.c
DOCS := $(sort $(wildcard Documentation/prof*.txt))

LIB_OBJS := $(LIB_SRCS:%.c=$(OBJ)/%.o)
BUILTIN_OBJS := $(BUILTIN_SRCS:%.c=$(OBJ)/%.o) $(OBJ)/doc-data.o
MAIN_OBJS := $(MAIN_SRCS:%.c=$(OBJ)/%.o)
LIBPROF := $(OBJ)/libprof.a

$(OBJ)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(OBJ)/doc-data.c: scripts/embed-docs.sh scripts/doc2man.awk $(DOCS)
	@mkdir -p $(dir $@)
	$(call quiet,GEN,$@)
	$(Q)scripts/embed-docs.sh $@ $(PROF_VERSION) $(DOCS)

$(OBJ)/doc-data.o: $(OBJ)/doc-data.c $(FLAGS_STAMP)
	$(call quiet,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -Wno-overlength-strings -c -o $@ $<

$(LIB_OBJS) $(BUILTIN_OBJS) $(MAIN_OBJS): | $(OBJ)/FEATURES

$(LIBPROF): $(LIB_OBJS)
	$(call quiet,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

# The commands, for fuzz targets that run one (fuzz-report).
LIBBUILTIN := $(OBJ)/libbuiltin.a
$(LIBBUILTIN): $(BUILTIN_OBJS)
	$(call quiet,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(OUT)/prof: $(MAIN_OBJS) $(BUILTIN_OBJS) $(LIBPROF)
	$(call quiet,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(MAIN_OBJS) $(BUILTIN_OBJS) $(LIBPROF) $(LIBS)

# ---------------------------------------------------------------- tests
# Unit tests: tests/unit/*.c, each a TAP program linked against libprof.a.
UNIT_SRCS := $(sort $(wildcard tests/unit/t[0-9]*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(OBJ)/tests/unit/%)
HELPER_SRCS := $(sort $(wildcard tests/helpers/*.c))
HELPER_BINS := $(HELPER_SRCS:tests/helpers/%.c=$(OBJ)/tests/helpers/%)

$(OBJ)/tests/unit/tap.o: tests/unit/tap.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -MMD -MP -c -o $@ $<

$(OBJ)/tests/unit/%: tests/unit/%.c $(OBJ)/tests/unit/tap.o $(LIBPROF) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -Itests/unit -MMD -MP -o $@ $< $(OBJ)/tests/unit/tap.o $(LIBPROF) $(LIBS)

# Test workloads: small deterministic programs. Frame pointers always;
# a helper that wants otherwise says so in its first line.
$(OBJ)/tests/helpers/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)
	$(Q)$(CC) -O1 -g -fno-omit-frame-pointer -fno-inline $(shell sed -n '1s|^/\* cflags: \(.*\) \*/|\1|p' $<) -o $@ $< -lpthread -lm

# Fuzz targets: tests/fuzz/fuzz-*.c define LLVMFuzzerTestOneInput. The
# test suite links each with replay.c (a plain main that feeds it files);
# "make fuzz" builds them with clang and libFuzzer.
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz-*.c))
FUZZ_REPLAY := $(FUZZ_SRCS:tests/fuzz/%.c=$(OBJ)/tests/fuzz/%)
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(OUT)/fuzz/%)

$(OBJ)/tests/fuzz/replay.o: tests/fuzz/replay.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(OBJ)/tests/fuzz/%: tests/fuzz/%.c $(OBJ)/tests/fuzz/replay.o $(LIBBUILTIN) $(LIBPROF) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -MMD -MP -o $@ $< $(OBJ)/tests/fuzz/replay.o $(LIBBUILTIN) $(LIBPROF) $(LIBS)

$(OUT)/fuzz/%: tests/fuzz/%.c $(LIBBUILTIN) $(LIBPROF) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,FUZZ,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(LIBBUILTIN) $(LIBPROF) $(LIBS)

fuzz-targets: $(FUZZ_BINS)

# Builds every target with clang + libFuzzer into $(OUT)/.fuzz/fuzz/;
# run one with e.g. .fuzz/fuzz/fuzz-build-id-notes -max_total_time=60 DIR,
# or all of them, one at a time, with "make fuzz-campaign FUZZ_TIME=3600"
# (Documentation/technical/fuzzing.md).
fuzz:
	$(Q)scripts/install-deps.sh --fuzz
	$(Q)$(MAKE) --no-print-directory O=$(OUT)/.fuzz CC=clang \
		SANITIZE=address,undefined,fuzzer-no-link fuzz-targets

FUZZ_TIME ?= 3600
fuzz-campaign: fuzz
	$(Q)scripts/fuzz-campaign.sh $(FUZZ_TIME)

build-tests: $(OUT)/prof $(UNIT_BINS) $(HELPER_BINS) $(FUZZ_REPLAY)

# The sanitizer step of "make check": prof and the fuzz replay programs
# built with ASan and UBSan in .build-san/ (no suppression file). t0007
# finds it through PROF_SAN: it replays every target's seeds, saved
# crashers and the shared corpus with it and runs error paths under
# LeakSanitizer.
SAN_OUT := $(OUT)/.build-san
build-san:
	$(Q)$(MAKE) --no-print-directory O=$(SAN_OUT) SANITIZE=address,undefined san-targets

san-targets: $(OUT)/prof $(FUZZ_REPLAY)

# PROVE_OPTS=-j2 runs two test files at once; tests that measure share
# the machine with the others, so the default stays serial.
TESTS ?= t[0-9]*
RUN_TESTS = PROF=$(OUT)/prof PROF_HELPERS=$(OBJ)/tests/helpers \
	PROF_UNIT_DIR=$(OBJ)/tests/unit PROF_FUZZ_DIR=$(OBJ)/tests/fuzz \
	PROF_SAN=$(SAN_OUT) PROVE_OPTS='$(PROVE_OPTS)' tests/run.sh '$(TESTS)'

check: deps
	$(Q)$(MAKE) --no-print-directory build-tests build-san
	$(Q)$(RUN_TESTS)

# No layer of src/ includes a header of a layer above it (design.md).
check-layers:
	$(Q)scripts/check-layers.sh .

# Like check, without installing packages first (for quick iteration).
test: build-tests
	$(Q)$(RUN_TESTS)

deps:
	$(Q)scripts/install-deps.sh

demo: deps
	$(Q)$(MAKE) --no-print-directory all $(OBJ)/tests/helpers/demo
	$(Q)PROF=$(OUT)/prof DEMO=$(OBJ)/tests/helpers/demo FLAMEGRAPH=$(OBJ)/demo-flamegraph.html \
		scripts/demo.sh

# ---------------------------------------------------------------- docs
# The man pages come from scripts/doc2man.awk (no asciidoc tool chain):
# the same rendering "prof help" carries built in.
MAN_PAGES := $(DOCS:Documentation/%.txt=$(OUT)/Documentation/%.1)
$(OUT)/Documentation/%.1: Documentation/%.txt scripts/doc2man.awk
	@mkdir -p $(dir $@)
	$(call quiet,DOC,$@)
	$(Q)awk -v mode=man -v version=$(PROF_VERSION) -f scripts/doc2man.awk $< >$@.tmp && mv $@.tmp $@

doc: man-pages

man-pages: $(MAN_PAGES)

prefix ?= /usr/local
bindir ?= $(prefix)/bin
mandir ?= $(prefix)/share/man

install: $(OUT)/prof $(MAN_PAGES)
	$(call quiet,INSTALL,$(DESTDIR)$(bindir)/prof)
	$(Q)install -d $(DESTDIR)$(bindir) $(DESTDIR)$(mandir)/man1
	$(Q)install -m 755 $(OUT)/prof $(DESTDIR)$(bindir)/prof
	$(Q)install -m 644 $(MAN_PAGES) $(DESTDIR)$(mandir)/man1/

clean:
	$(call quiet,CLEAN,$(OUT))
	$(Q)rm -rf $(OBJ) $(OUT)/prof $(OUT)/Documentation/*.1 $(OUT)/.fuzz $(SAN_OUT)

.PHONY: all check check-layers test build-tests build-san san-targets deps demo doc man-pages install clean \
	fuzz fuzz-targets fuzz-campaign
.DELETE_ON_ERROR:

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
