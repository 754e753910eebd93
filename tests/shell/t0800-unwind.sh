#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='DWARF unwinding of --call-graph dwarf samples against perf script'
. "$(dirname "$0")/test-lib.sh"

DRV=${PROF_UNIT_DIR:-$SRCDIR/.build/tests/unit}/t0800-unwind
NOFP=$HELPERS/unwind-nofp
[ -x "$DRV" ] || skip_all "driver $DRV not built"
[ -x "$NOFP" ] || skip_all "helper $NOFP not built"
# perf record fills a build-id cache: a private one.
HOME=$TRASH
export HOME

# same EXPECTED OURS [MIN]: two files of chains (blank-line separated, one
# per sample) hold the same chains, or at least MIN% of them; prints the
# rate and the first chains that differ. Excused (at most 1% of them): a
# sample taken in rt_sigreturn, its user leaf the sigreturn trampoline
# (__restore_rt), where libunwind, and so perf, can lose the interrupted
# function's callers that libdw finds (unwinding.md, deliberate differences).
same() {
	awk -v RS= -v min="${3:-100}" "
		FNR == NR { a[FNR] = \$0; n = FNR; next }
		{ t++; if (a[FNR] == \$0) { m++; next }
		  k = split(a[FNR], l, \"\\n\"); for (i = 1; i < k && l[i] ~ /^ffffffff/; i++) ;
		  if (l[i] ~ / __restore_rt\$/) s++; else if (bad++ < 3) print a[FNR] \"\\n--\\n\" \$0 }
		END { printf \"%s: %d of %d chains the same (%.1f%%), %d more from sigreturn\\n\",
			     FILENAME, m, t, t ? 100 * m / t : 0, s
		      exit !(t > 0 && n == t && s * 100 <= t && m + s >= min * t / 100) }" "$1" "$2" >&2
}

# chains DATA: perf script's chains (kernel + unwound user frames, one
# "addr sym" line each, a blank line between samples) and ours: every
# chain the same. perf (through libunwind) ends a chain that ran off the
# stack copy with a bogus "ffffffffffffffff [unknown]" frame (a 0 return
# address minus 1): dropped.
# chains DATA MIN: at least MIN% of the chains the same, not all: perf
# cannot read the last 8 bytes of a stack copy (its bounds check is off by
# one), so where a small copy ends prof can find one frame more.
# chains DATA MIN libunwind: the same with prof's libunwind backend (files
# DATA.our-chains-libunwind, DATA.health-libunwind).
# chains FILE [MIN [BACKEND [foreign]]]: "foreign", a file recorded on another
# kernel, whose kernel frames perf 6.1 names from this machine's
# /proc/kallsyms (wrongly) and prof leaves unnamed.
chains() {
	"$PERF" script -i "$1" -F ip,sym --no-inline 2>/dev/null |
		sed "s/^[ 	]*//; s/  */ /g; s/ *\$//; /^ffffffffffffffff \[unknown\]\$/d" |
		if test "${4:-}" = foreign; then
			sed "s/^\(ffffffff[0-9a-f]*\) .*/\1 [unknown]/"
		else
			cat
		fi |
		cat -s | sed "1{/^\$/d}" >"$1.perf-chains" &&
	sfx=${3:+-$3} &&
	"$DRV" chains "$1" ${3:-} 2>"$1.health$sfx" | cat -s >"$1.our-chains$sfx" &&
	same "$1.perf-chains" "$1.our-chains$sfx" "${2:-}"
}

# drv_folded FILE: the driver's chains (inline mode) as "count
# frame;frame;..." lines, sorted; report_folded FILE: report's, from
# -g folded,0,callee,count. Report names a frame without a symbol by its
# address, the driver "[unknown]".
drv_folded() {
	"$DRV" inline "$1" 2>/dev/null |
		awk -v RS= -F '\n' '{ s = ""
			for (i = 1; i <= NF; i++) { l = $i; sub(/^[0-9a-f]+ /, "", l); s = s (i > 1 ? ";" : "") l }
			c[s]++ } END { for (k in c) print c[k], k }' | sort
}
report_folded() {
	"$PROF" report -i "$1" --stdio --no-children --sort sym -g folded,0,callee,count 2>/dev/null |
		grep -E '^[0-9]+ [^ ]' |
		awk '{ n = $1; sub(/^[0-9]+ /, ""); k = split($0, f, ";"); s = ""
			for (i = 1; i <= k; i++) s = s (i > 1 ? ";" : "") (f[i] ~ /^0x[0-9a-f]+$/ ? "[unknown]" : f[i])
			c[s] += n } END { for (k in c) print c[k], k }' | sort
}

# both DATA: the libdw and libunwind backends unwind every sample of DATA
# to the same chain (the sigreturn case excused).
both() {
	"$DRV" chains "$1" libdw 2>"$1.health-libdw" | cat -s >"$1.libdw" &&
	"$DRV" chains "$1" libunwind 2>"$1.health-lu" | cat -s >"$1.libunwind" &&
	same "$1.libdw" "$1.libunwind"
}

# The libunwind backend's tests need a prof built with it.
if "$PROF" version --build-options 2>/dev/null | grep -q "libunwind: \[ on"; then
	have_libunwind=true
else
	have_libunwind=false
fi

test_expect_success 'the helper keeps no frame pointer' '
	objdump -d --no-show-raw-insn "$NOFP" >nofp.dis &&
	awk "/^[0-9a-f]+ <uw_/ { f = 1; next } /^\$/ { f = 0 } f && /mov +%rsp,%rbp/ { bad++ }
		END { exit bad > 0 }" nofp.dis &&
	grep -q "<uw_burn>:" nofp.dis
'

test_expect_success PERF,PERF_EVENTS 'perf --call-graph dwarf file: every chain as perf script' '
	"$PERF" record -q --call-graph dwarf -e cpu-clock -o nofp.data -- "$NOFP" 300 >/dev/null 2>&1 &&
	chains nofp.data
'

# A sample taken inside execve carries a stack block of the requested
# size of which the kernel copied nothing (dyn_size 0): perf unwinds no
# user frame for it. perf-data-gen.py writes three samples with the same
# registers and stale bytes: dyn_size 8192, 0 and 20.
test_expect_success PERF,PYTHON3 'only the bytes the kernel copied are unwound (dyn_size)' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" stack dyn.data "$NOFP" &&
	chains dyn.data &&
	awk -v RS= "END { exit NR != 2 }" dyn.data.our-chains &&
	awk -v RS= "/ main(\n|\$)/ { n++ } END { exit n != 1 }" dyn.data.our-chains &&
	grep -q "^# Stack health: 0 of 2 samples" dyn.data.health &&
	! grep -q "stack copy too small" dyn.data.health &&
	"$PROF" report -i dyn.data --stdio --no-children -g caller >dyn.report 2>dyn.report.err &&
	grep -q -- "--33.30%--main\$" dyn.report &&
	grep -q -- "--33.37%--uw_a\$" dyn.report &&
	! grep -q "66\.[0-9]*%" dyn.report
'

# A sample in a PLT stub: addr2line knows no line there, perf appends no
# inline record for the frame, and the Children entry's source line comes
# from the frame's raw address (perf-data-gen.py plt-stack).
test_expect_success PERF,PYTHON3 'a PLT stub in a dwarf chain: its srcline as perf, not "??:0"' '
	python3 "$SRCDIR/tests/shell/perf-data-gen.py" plt-stack plt.data "$NOFP" &&
	"$PERF" report -i plt.data --stdio --sort sym,srcline 2>/dev/null |
		grep "\] atof@plt " | sed "s/  */ /g" >plt.perf &&
	"$PROF" report -i plt.data --stdio --sort sym,srcline 2>/dev/null |
		grep "\] atof@plt " | sed "s/  */ /g" >plt.prof &&
	test_line_count = 2 plt.perf &&
	grep -q " atof@plt+[1-9][0-9]*\$" plt.perf &&
	test_cmp plt.perf plt.prof
'

# Inlined frames as perf script shows them by default, expanded from the
# unwound frames with dso__inline_frames (perf's append_inlines rule). Not
# all: for assembler functions with several names (memcpy/memmove) perf
# names the inline frame as addr2line does, from another alias.
test_expect_success PERF,PERF_EVENTS 'inlined frames as perf script shows them' '
	"$PERF" script -i nofp.data -F ip,sym 2>/dev/null |
		sed "s/^[ 	]*//; s/  */ /g; s/ *\$//; /^ffffffffffffffff \[unknown\]\$/d" |
		cat -s | sed "1{/^\$/d}" >inl.perf &&
	"$DRV" inline nofp.data 2>/dev/null | cat -s >inl.ours &&
	{ ! grep -q "(inlined)\$" inl.perf || grep -q "(inlined)\$" inl.ours; } &&
	awk -v RS= "FNR == NR { p[FNR] = \$0; next } { t++; if (p[FNR] == \$0) m++ }
		END { printf \"%d of %d inline chains as perf\\n\", m, t; exit !(m >= 0.98 * t) }" \
		inl.perf inl.ours >&2
'

# A timer signal can also land after main returned (in exit's stdio
# cleanup; a run here had one): its handler's chain then goes through exit.
test_expect_success PERF,PERF_EVENTS 'chains through libc (qsort), a signal handler, down to main' '
	grep -q "^[0-9a-f]* uw_cmp\$" nofp.data.our-chains &&
	grep -q "^[0-9a-f]* msort_with_tmp" nofp.data.our-chains &&
	grep -q "^[0-9a-f]* uw_handler\$" nofp.data.our-chains &&
	awk -v RS= "/ uw_burn\\n/ { n++; if (\$0 !~ /\\n[0-9a-f]+ (main|exit)\\n/) bad++ }
		END { print n, bad + 0; exit !(n > 0 && bad == 0) }" nofp.data.our-chains &&
	grep -q "# Stack health: .* unwound to a root" nofp.data.health
'

# prefix_of FULL FAST: each chain of FULL (libdw alone) is the chain of
# FAST (the rule cache, then libdw) or its beginning: libdw's own table of
# x86-64 registers misses rbx's "same value" (elfutils 0.188 marks rax),
# so where a caller's CFA is rbx-based and its callee left rbx alone
# (glibc's lazy binding: _dl_runtime_resolve -> _dl_fixup) libdw stops
# and the cache goes on. Prints how many chains FAST made longer.
prefix_of() {
	awk -v RS= "FNR == NR { a[FNR] = \$0; n = FNR; next }
		{ t++; if (a[FNR] == \$0) next
		  if (index(\$0, a[FNR] \"\n\") == 1) { longer++; next }
		  if (bad++ < 3) print a[FNR] \"\n--\n\" \$0 }
		END { printf \"%d chains, %d longer than libdw alone\n\", t, longer
		      exit !(t > 0 && n == t && bad == 0) }" "$1" "$2" >&2
}

test_expect_success PERF,PERF_EVENTS 'the CFI rule cache gives libdw'"'"'s own chains' '
	"$DRV" chains nofp.data full 2>full.health >full.chains &&
	"$DRV" chains nofp.data 2>/dev/null >fast.chains &&
	prefix_of full.chains fast.chains
'

# The burn's caller finds its CFA from rbx, the frame above has a CFA
# expression the rule cache does not hold: libdw takes over there with
# the registers the cache unwound (rbx among them) and goes on to main.
# It used to start over from the leaf and stop under the burn's caller.
test_expect_success PERF,PERF_EVENTS 'an rbx-based CFA under a CFA expression: chains to _start, as perf script' '
	"$PERF" record -q --call-graph dwarf -e cpu-clock -o rbx.data -- "$NOFP" rbx 300 \
		>/dev/null 2>&1 &&
	chains rbx.data &&
	awk -v RS= "/ uw_burn\n/ { n++; if (\$0 !~ /uw_rbxcfa\n[0-9a-f]+ uw_cfaexpr\n[0-9a-f]+ main\n/) bad++ }
		END { print n, bad + 0; exit !(n > 0 && bad == 0) }" rbx.data.our-chains &&
	"$DRV" chains rbx.data full 2>/dev/null >rbx.full &&
	prefix_of rbx.full rbx.data.our-chains
'

# -D 100: a tick inside execve (its page faults) has user registers of the
# image being replaced; no unwinder finds a root from there (100 ms: a
# loaded machine may start the program late).
test_expect_success PERF,PERF_EVENTS 'a second thread unwinds to clone3 (a root)' '
	"$PERF" record -q -D 100 --call-graph dwarf -e cpu-clock -o thread.data -- "$NOFP" thread 400 \
		>/dev/null 2>&1 &&
	chains thread.data &&
	awk -v RS= "/ uw_thread\n[0-9a-f]+ start_thread\n[0-9a-f]+ clone3\$/ { n++ } END { exit !(n > 0) }" \
		thread.data.our-chains &&
	grep -q "^# Stack health: \([0-9]*\) of \1 samples (100.0%) unwound to a root\$" thread.data.health
'

# The driver, report and top take their frames from resolved-sample.c:
# every sample's stack as the driver prints it is one report counts.
test_expect_success PERF,PERF_EVENTS 'the driver'"'"'s stacks are report'"'"'s' '
	drv_folded nofp.data >drv.folded &&
	report_folded nofp.data >rep.folded &&
	test_cmp_nonempty drv.folded rep.folded &&
	grep -q " (inlined);" rep.folded &&
	drv_folded thread.data >drv.folded &&
	report_folded thread.data >rep.folded &&
	test_cmp_nonempty drv.folded rep.folded &&
	grep -q ";start_thread;clone3\$" rep.folded
'

test_expect_success PERF,PERF_EVENTS 'a file prof recorded unwinds as perf script does' '
	"$PROF" record -q --call-graph dwarf -e cpu-clock -o prof.data -- "$NOFP" 200 >/dev/null 2>&1 &&
	chains prof.data
'

test_expect_success PERF,PERF_EVENTS 'a too small stack copy: the health summary says so' '
	"$PERF" record -q --call-graph dwarf,1024 -e cpu-clock -o small.data -- "$NOFP" deep 200 >/dev/null 2>&1 &&
	"$DRV" health small.data >small.health &&
	cat small.health >&2 &&
	grep -q "stopped in .*unwind-nofp (stack copy too small)" small.health &&
	grep -q "^# Hint: stack copy too small (1024 bytes) for [0-9]* samples*: use --call-graph dwarf,8192\$" small.health &&
	chains small.data 95
'

test_expect_success PERF,PERF_EVENTS 'a DSO without unwind info is named with the fix' '
	objcopy --remove-section=.eh_frame --remove-section=.eh_frame_hdr \
		--remove-section=.debug_frame "$NOFP" nocfi &&
	"$PERF" record -q --call-graph dwarf -e cpu-clock -o nocfi.data -- ./nocfi 200 >/dev/null 2>&1 &&
	"$DRV" health nocfi.data >nocfi.health &&
	cat nocfi.health >&2 &&
	grep -q "^# Hint: no unwind info for .*/nocfi ([0-9]* samples*): install its -dbg/-dbgsym package\$" nocfi.health
'

if $have_libunwind; then
test_expect_success PERF,PERF_EVENTS 'libunwind backend: every chain as perf script' '
	chains nofp.data "" libunwind &&
	chains thread.data "" libunwind &&
	chains prof.data "" libunwind &&
	grep -q "^# Stack health: .* unwound to a root" nofp.data.health-libunwind
'

test_expect_success PERF,PERF_EVENTS,PYTHON3 'libdw and libunwind give the same chains' '
	both nofp.data &&
	both thread.data &&
	both prof.data &&
	both small.data &&
	both dyn.data &&
	awk -v RS= "END { exit NR != 2 }" dyn.data.libunwind
'

test_expect_success PERF,PERF_EVENTS 'libunwind: the stack health, as libdw'"'"'s' '
	"$DRV" health small.data libunwind >small.health-lu &&
	grep -q "stopped in .*unwind-nofp (stack copy too small)" small.health-lu &&
	grep -q "^# Hint: stack copy too small (1024 bytes) for [0-9]* samples*: use --call-graph dwarf,8192\$" small.health-lu &&
	"$DRV" health nocfi.data libunwind >nocfi.health-lu &&
	grep -q "^# Hint: no unwind info for .*/nocfi ([0-9]* samples*): install its -dbg/-dbgsym package\$" nocfi.health-lu &&
	"$DRV" health thread.data libunwind >thread.health-lu &&
	grep -q "^# Stack health: \([0-9]*\) of \1 samples (100.0%) unwound to a root\$" thread.health-lu
'

# Corpus files recorded with --call-graph dwarf on other machines: their
# binaries are missing here. The driver prints the frames report and top
# use (resolved-sample.c): no user frame at all where the user leaf's
# file cannot be read, which for these two files is perf's answer too
# (perf script prints an empty chain for each sample; before the frames
# came from one place, the driver printed the sampled pc there).
test_expect_success SHARED,PERF 'corpus dwarf files whose binaries are missing: no frame, as perf script' '
	C=$SHARED/corpus/perf-data &&
	for f in hotspot/integrationtests/file_content/perf.data.true.v2 \
		hotspot/test-clients/cpp-recursion/perf.data
	do
		cp "$C/$f" corpus.data &&
		"$PERF" script -i corpus.data -F ip,sym --no-inline >corpus.perf 2>/dev/null &&
		test_line_count -gt 0 corpus.perf &&
		! grep -q "[^[:space:]]" corpus.perf &&
		"$DRV" chains corpus.data >corpus.ours 2>/dev/null &&
		! grep -q . corpus.ours &&
		test $(($(wc -l <corpus.perf) / 2)) -eq $(wc -l <corpus.ours) || return 1
	done
'

# Where frames remain, both backends alike and as perf script.
test_expect_success SHARED,PERF 'corpus --call-graph dwarf files: both unwinders, perf script' '
	C=$SHARED/corpus/perf-data &&
	for f in perfparser/tests_auto_perfdata/vector_static_clang/perf.data \
		perfparser/tests_auto_perfdata/vector_static_gcc/perf.data
	do
		cp "$C/$f" corpus.data &&
		both corpus.data &&
		chains corpus.data || return 1
	done &&
	cp "$C/perfparser/tests_auto_perfdata/parallel_static_gcc/perf.data.zstd" parallel.data &&
	both parallel.data
'

# perf 6.1's libunwind unwinds a process once one of its maps had a file
# whose ELF class it could read (here the [vdso], perf's own copy), and
# then delivers the user leaf even when the leaf's own file is missing
# (these static binaries): so does resolved-sample.c, for report, top and
# script alike. Under a --symfs that hides the vdso copy perf unwinds
# nothing, as t0700's corpus runs show.
test_expect_success SHARED,PERF 'static binaries whose file is missing: the user leaf perf shows' '
	C=$SHARED/corpus/perf-data &&
	cp "$C/perfparser/tests_auto_perfdata/fork_static_gcc/perf.data.zstd" fork.data &&
	chains fork.data "" libunwind &&
	cp "$C/perfparser/tests_auto_perfdata/parallel_static_gcc/perf.data.zstd" parallel.data &&
	chains parallel.data "" "" foreign &&
	"$PROF" report -i fork.data --stdio >fork.report 2>/dev/null &&
	grep -q "^ *17\.92%  *0\.00%  fork  *fork  *\[\.\] 0x000000000022c825\$" fork.report
'

test_expect_success PERF,PERF_EVENTS 'prof report --unwinder=libdw|libunwind is perf report' '
	"$PERF" report -i thread.data --stdio --no-children --no-inline -q >report.perf 2>/dev/null &&
	"$PROF" report -i thread.data --stdio --no-children --no-inline -q --unwinder=libdw \
		>report.libdw 2>report.libdw.err &&
	"$PROF" report -i thread.data --stdio --no-children --no-inline -q --unwinder=libunwind \
		>report.libunwind 2>report.libunwind.err &&
	grep -q "clone3" report.perf &&
	test_cmp report.perf report.libdw &&
	test_cmp report.perf report.libunwind
'

# Inlined frames: the out-of-line function of an assembler file is named
# by its last alias (clone3, not __clone3 "(inlined)"), as addr2line does.
test_expect_success PERF,PERF_EVENTS 'prof report with inlined frames is perf report (dwarf)' '
	for opts in "" "--no-children" "-g caller" "-g ,address"; do
		"$PERF" report -i thread.data --stdio $opts 2>/dev/null |
			grep -v "^# (Tip:" >inl.perf &&
		"$PROF" report -i thread.data --stdio $opts 2>/dev/null |
			grep -v "^# (Tip:" >inl.prof &&
		test -s inl.perf &&
		test_cmp inl.perf inl.prof || return 1
	done &&
	! grep -q "__clone3 (inlined)" inl.prof
'
else
test_expect_success '--unwinder=libunwind without libunwind: not compiled in' '
	test_expect_code 129 "$PROF" report --unwinder=libunwind -i nofp.data >out 2>err &&
	grep -q "^--unwinder=libunwind: not compiled in (prof was built without libunwind" err
'
fi

# DWARF compressed as Debian's -dbg packages ship it (SHF_COMPRESSED):
# report reads a plain copy it keeps in the build-id cache, keyed by
# build-id, and replaces a copy that is not of that file. A build-id
# cache of its own: the uncompressed helper, of the same build-id, is in
# the test's.
test_lazy_prereq OBJCOPY 'objcopy --version >/dev/null 2>&1'
# own_lines: a report's entries of the helper's own code, blanks squeezed
# (the column widths follow every line, and perf cuts some other texts:
# deliberate-differences.md, "perf cuts a Source:Line text short").
own_lines() {
	grep -E "\] (uw_[a-z_]+|main) .*unwind-nofp\.c:[0-9]+\$" | sed "s/  */ /g"
}
test_expect_success PERF,PERF_EVENTS,OBJCOPY 'compressed DWARF: a plain copy in the build-id cache' '
	objcopy --compress-debug-sections=zlib-gabi "$NOFP" nofp-z &&
	readelf -SW nofp-z | grep -Eq " \.debug_info .* C +[0-9]" &&
	zhome=$TRASH/zhome &&
	HOME=$zhome "$PERF" record -q --call-graph dwarf -e cpu-clock -o z.data -- ./nofp-z 300 \
		>/dev/null 2>&1 &&
	HOME=$zhome "$PERF" report -i z.data --stdio --sort sym,srcline 2>/dev/null |
		own_lines >z.perf &&
	grep -q "unwind-nofp.c:[0-9]" z.perf &&
	HOME=$zhome "$PROF" report -i z.data --stdio --sort sym,srcline 2>/dev/null |
		own_lines >z.prof &&
	test_cmp z.perf z.prof &&
	bid=$(readelf -n nofp-z | sed -n "s/^ *Build ID: //p") &&
	test -n "$bid" &&
	plain=$zhome/.debug/.build-id/$(echo "$bid" | cut -c1-2)/$(echo "$bid" | cut -c3-).prof-plain &&
	readelf -SW "$plain" >plain.sections &&
	grep -q " \.debug_info " plain.sections &&
	! grep -Eq " \.debug_[a-z_]+ .* C +[0-9]" plain.sections &&
	cp "$PROF" "$plain" &&
	HOME=$zhome "$PROF" report -i z.data --stdio --sort sym,srcline 2>/dev/null |
		own_lines >z.prof2 &&
	test_cmp z.perf z.prof2 &&
	readelf -n "$plain" | grep -q "Build ID: $bid\$"
'

test_expect_success 'an unknown --unwinder is refused, as other option errors' '
	test_expect_code 129 "$PROF" report --unwinder=gdb -i nofp.data >out 2>err &&
	grep -q "^unknown unwinder .gdb.: use libdw or libunwind\$" err &&
	test_expect_code 129 "$PROF" top --unwinder=frame-pointer >out 2>err &&
	grep -q "^unknown unwinder .frame-pointer.: use libdw or libunwind\$" err
'

test_done
