#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='prof annotate --stdio against perf annotate 6.1 on the same recording'
. "$(dirname "$0")/test-lib.sh"

# perf record fills a build-id cache: keep it private to the test.
HOME=$TRASH
export HOME

test_lazy_prereq CAPSTONE '"$PROF" version --build-options | grep -q "libcapstone: \[ on  \]"'
test_lazy_prereq OBJDUMP 'command -v objdump'

# insns TOOL OUT OPTIONS...: the headers and instruction lines (percent,
# address, text) of TOOL annotate --stdio on ann.data: the lines both
# print alike (deliberate-differences.md, "annotate").
insns() {
	_t=$1 &&
	_o=$2 &&
	shift 2 &&
	_f=${ANN_DATA:-ann.data} &&
	LC_ALL=C "$_t" annotate -i "$_f" --stdio "$@" >"$_o.raw" 2>"$_o.err" &&
	grep -E "^ +[0-9.]+ : +[0-9a-f]+:|\|	Source code" "$_o.raw" >"$_o"
}
# names_out IN OUT: the lines without the symbol names objdump gives
# branch targets and rip-relative operands ("<sym+0x1f>").
names_out() {
	sed -E "s/ <[^>]*>//" "$1" >"$2"
}

test_expect_success PERF 'version --build-options says whether capstone is in' '
	"$PROF" version --build-options >bo &&
	grep -Eq "^ +libcapstone: \[ (on |OFF) \]  # HAVE_LIBCAPSTONE_SUPPORT$" bo
'

test_expect_success PERF,PERF_EVENTS 'fixture: a recording of symtest' '
	"$PERF" record -q -e task-clock -F 4000 -o ann.data "$HELPERS/symtest" 100 >rec.out 2>&1 &&
	test -s ann.data
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE 'the symbols, addresses and percentages are perf'"'"'s; the text too, names aside' '
	insns "$PERF" perf.all --no-source &&
	insns "$PROF" prof.all --no-source &&
	names_out perf.all perf.nonames &&
	names_out prof.all prof.nonames &&
	test_cmp_nonempty perf.nonames prof.nonames
'

# capstone's tables carry tens of thousands of relocations: the library
# is opened by the commands that disassemble, not by every start.
test_expect_success PERF,PERF_EVENTS,CAPSTONE 'capstone is loaded when annotate needs it, not by other commands' '
	LD_DEBUG=files "$PROF" report -i ann.data --stdio >/dev/null 2>ld.report &&
	grep -q "file=libelf" ld.report &&
	! grep -q "file=libcapstone" ld.report &&
	LD_DEBUG=files "$PROF" annotate -i ann.data --stdio --dsos symtest >/dev/null 2>ld.annotate &&
	grep -q "file=libcapstone" ld.annotate
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE 'in the workload itself the text is objdump'"'"'s, names included' '
	insns "$PERF" perf.sym --no-source --dsos symtest &&
	insns "$PROF" prof.sym --no-source --dsos symtest &&
	grep -q "sym_plain+0x" perf.sym &&
	test_cmp_nonempty perf.sym prof.sym
'

# Every function of the test workloads, the ones a recording seldom
# samples included (_start, _init, __do_global_dtors_aux, the PLT): one
# sample at each entry (perf-data-gen.py every-sym). The names too: GOT
# slots by their dynamic relocation (<__cxa_finalize@GLIBC_2.2.5>), PLT
# entries of .plt.got by the slot they jump through, objdump's choice
# among symbols of one address (<__TMC_END__>, not <_edata>).
for h in symtest demo unwind-nofp; do
	test_expect_success PERF,PYTHON3,CAPSTONE "every function of $h: objdump's text, names included" "
		python3 \"\$SRCDIR/tests/shell/perf-data-gen.py\" every-sym ev-$h.data \"\$HELPERS/$h\" &&
		ANN_DATA=ev-$h.data insns \"\$PERF\" perf.ev-$h --no-source &&
		ANN_DATA=ev-$h.data insns \"\$PROF\" prof.ev-$h --no-source &&
		test \$(grep -c \"Source code\" perf.ev-$h) -gt 10 &&
		test_cmp perf.ev-$h prof.ev-$h
	"
done

test_expect_success PERF,PERF_EVENTS,CAPSTONE 'the hottest instruction of the hottest symbol is perf'"'"'s' '
	sed -n "2,/Source code/p" perf.sym | sort -rn | head -1 >perf.hot &&
	sed -n "2,/Source code/p" prof.sym | sort -rn | head -1 >prof.hot &&
	test_cmp_nonempty perf.hot prof.hot
'

test_expect_success PERF,PERF_EVENTS,OBJDUMP '--objdump: the text is exactly objdump'"'"'s' '
	insns "$PERF" perf.od --no-source --dsos symtest --objdump=objdump &&
	insns "$PROF" prof.od --no-source --dsos symtest --objdump=objdump &&
	test_cmp_nonempty perf.od prof.od
'

test_expect_success PERF,PERF_EVENTS,OBJDUMP '-M intel is objdump'"'"'s intel text' '
	insns "$PERF" perf.intel --no-source -M intel sym_plain &&
	insns "$PROF" prof.intel --no-source -M intel sym_plain &&
	grep -q "QWORD\|rax,\|rdx," perf.intel &&
	test_cmp_nonempty perf.intel prof.intel
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE 'one symbol: -s and the positional SYMBOL' '
	insns "$PERF" perf.s --no-source -s sym_plain &&
	insns "$PROF" prof.s --no-source -s sym_plain &&
	test_cmp_nonempty perf.s prof.s &&
	insns "$PROF" prof.pos --no-source sym_plain &&
	test_cmp prof.s prof.pos &&
	test $(grep -c "Source code" prof.s) = 1
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE '-n, --show-total-period, --percent-type, --asm-raw as perf' '
	for o in -n --show-total-period "--percent-type local-hits" \
		"--percent-type local-period" --asm-raw; do
		insns "$PERF" perf.o --no-source --dsos symtest $o &&
		insns "$PROF" prof.o --no-source --dsos symtest $o &&
		test_cmp_nonempty perf.o prof.o || return 1
	done
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE '--no-source prints perf'"'"'s header and separator lines' '
	"$PERF" annotate -i ann.data --stdio --no-source sym_plain 2>/dev/null | sed -n 1,2p >perf.hdr &&
	"$PROF" annotate -i ann.data --stdio --no-source sym_plain | sed -n 1,2p >prof.hdr &&
	test_cmp_nonempty perf.hdr prof.hdr
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE 'source lines interleave, from libdw: the instructions stay perf'"'"'s' '
	insns "$PERF" perf.src --dsos symtest &&
	insns "$PROF" prof.src --dsos symtest &&
	test_cmp_nonempty perf.src prof.src &&
	grep -q "^ *: [0-9]* *x = x \* 6364136223846793005UL" prof.src.raw &&
	grep -q "^ *: [0-9]* *x = x \* 6364136223846793005UL" perf.src.raw
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE '--percent-limit drops the cooler symbols' '
	insns "$PROF" prof.lim --no-source --percent-limit 10 &&
	test -s prof.lim &&
	! grep -q "libc" prof.lim &&
	test $(grep -c "Source code" prof.lim) -lt $(grep -c "Source code" prof.all)
'

test_expect_success PERF,PERF_EVENTS,CAPSTONE '--symfs: the code is read under the directory' '
	mkdir -p "sf$(dirname "$HELPERS/symtest")" &&
	cp "$HELPERS/symtest" "sf$HELPERS/symtest" &&
	insns "$PROF" prof.sf --no-source --symfs sf --dsos symtest &&
	test_cmp_nonempty prof.sym prof.sf &&
	"$PERF" annotate -i ann.data --stdio --symfs "$TRASH/none" sym_plain >perf.none 2>perf.none.err &&
	"$PROF" annotate -i ann.data --stdio --symfs "$TRASH/none" sym_plain >prof.none 2>prof.none.err &&
	test_cmp_nonempty perf.none.err prof.none.err
'

# kcore: the kernel's code where no vmlinux is at hand, read as perf reads
# it (from the kcore beside the kallsyms the symbols came from:
# /proc/kcore for /proc/kallsyms, DIR/kcore for --kallsyms DIR/kallsyms).
# A kernel may have no /proc/kcore (this one's has none): a kcore file is
# made as /proc/kcore is laid out (kcore-gen.py), with a kallsyms beside
# it naming the page of a recorded kernel sample kcfake; its code is
# assembled so that an instruction starts at the sample's address. The
# oracle for the text is objdump on that kcore (what perf runs).
test_lazy_prereq X86_64 'test "$(uname -m)" = x86_64'
# objdump_lines FILE OUT: objdump's instruction lines, "addr:text", no trailing blanks.
objdump_lines() {
	sed -n "s/^ *\(ffff[0-9a-f]*\):	\(.*\)/\1:\2/p" "$1" | sed "s/ *\$//" >"$2"
}
# prof_lines FILE OUT: prof's the same way.
prof_lines() {
	sed -n "s/^ *[0-9.]* : *\(ffff[0-9a-f]*\):\(.*\)/\1:\2/p" "$1" | sed "s/ *\$//" >"$2"
}
test_expect_success PERF,PERF_EVENTS,PYTHON3,OBJDUMP,CAPSTONE,X86_64 'kernel code from the kcore beside --kallsyms: objdump'"'"'s text, the sample'"'"'s instruction counted' '
	"$PERF" record -q -e task-clock -c 100000 -o k.data -- \
		dd if=/dev/zero of=/dev/null bs=64 count=300000 2>/dev/null &&
	ip=$("$PROF" report -D -i k.data |
	     sed -n "s/.*PERF_RECORD_SAMPLE(IP, 0x1): [0-9]*\/[0-9]*: 0x\(ffff[0-9a-f]*\) .*/\1/p" |
	     head -n 1) &&
	test -n "$ip" &&
	page=${ip%???}000 && off=$((0x${ip#${ip%???}})) &&
	hi=${page%????????} && lo=${page#$hi} &&
	end=$hi$(printf "%08x" $((0x$lo + 0x1000))) &&
	printf "\t.text\nf:\n\t.skip %d, 0x90\n\t.rept %d\n\tmov %%rdi,%%rax\n\tadd \$0x10,%%rax\n\tcmp %%rsi,%%rax\n\tjne 1f\n\txor %%eax,%%eax\n1:\n\t.endr\n\tret\n\t.skip 0x1000 - (. - f), 0xcc\n" \
		$off $(( (4095 - off) / 14 )) >kc.s &&
	as -o kc.o kc.s &&
	objcopy -O binary -j .text kc.o kc.bin &&
	mkdir -p kc &&
	python3 "$SRCDIR/tests/shell/kcore-gen.py" kc/kcore $page kc.bin &&
	printf "%s T kcfake\n%s T kcfake_end\n" $page $end >kc/kallsyms &&
	echo $page >kc.page &&
	"$PROF" annotate -i k.data --stdio --kallsyms kc/kallsyms kcfake >prof.kc 2>prof.kc.err &&
	grep -q "Source code & Disassembly of kcore for task-clock" prof.kc &&
	grep -q "Disassembly of section load1:" prof.kc &&
	objdump -d --no-show-raw-insn --start-address=0x$page --stop-address=0x$end kc/kcore >od.kc &&
	objdump_lines od.kc od.lines &&
	prof_lines prof.kc prof.lines &&
	test $(wc -l <prof.lines) -gt 500 &&
	test_cmp od.lines prof.lines &&
	grep -E -q "^ +[1-9][0-9.]* : +$ip:" prof.kc &&
	"$PROF" annotate -i k.data --stdio --kallsyms kc/kallsyms --objdump objdump kcfake >prof.kco &&
	prof_lines prof.kco prof.olines &&
	test_cmp od.lines prof.olines &&
	"$PROF" annotate -i k.data --stdio --kallsyms kc/kallsyms -P kcfake >prof.kcP &&
	grep -q "Disassembly of $TRASH/kc/kcore for\|Disassembly of kc/kcore for" prof.kcP
'

test_expect_success PERF,PERF_EVENTS,PYTHON3,CAPSTONE,X86_64 'kcore: none beside the kallsyms, or one without the code, is said' '
	mkdir -p nokc &&
	cp kc/kallsyms nokc/kallsyms &&
	"$PROF" annotate -i k.data --stdio --kallsyms nokc/kallsyms kcfake >nokc.out 2>nokc.err &&
	grep -q "No vmlinux file with build id was found" nokc.err &&
	grep -q "/proc/kcore" nokc.err &&
	mkdir -p elsekc &&
	cp kc/kallsyms elsekc/kallsyms &&
	python3 "$SRCDIR/tests/shell/kcore-gen.py" elsekc/kcore ffffffffa0000000 kc.bin &&
	"$PROF" annotate -i k.data --stdio --kallsyms elsekc/kallsyms kcfake >elsekc.out 2>elsekc.err &&
	grep -q "elsekc/kcore maps no code at 0x$(cat kc.page)" elsekc.err &&
	test_must_fail "$PROF" annotate -i k.data --stdio --kallsyms nokc/missing 2>miss.err &&
	grep -q "^Invalid file: nokc/missing$" miss.err
'

test_expect_success 'bad input: options prof lacks are refused, a missing file is one line' '
	test_must_fail "$PROF" annotate --stdio2 2>e1 &&
	grep -q "stdio2" e1 &&
	test_must_fail "$PROF" annotate --percent-type nosuch -i /dev/null 2>e2 &&
	grep -q "Invalid percent type" e2 &&
	test_must_fail "$PROF" annotate --stdio -i "$TRASH/missing.data" 2>e3 &&
	test $(wc -l <e3) -ge 1
'

test_done
