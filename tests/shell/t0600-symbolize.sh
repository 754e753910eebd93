#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='symbolizer: same symbols and DSOs as perf, nm, addr2line'
. "$(dirname "$0")/test-lib.sh"

DRV=${PROF_UNIT_DIR:-$SRCDIR/.build/tests/unit}/t0690-symbolize
[ -x "$DRV" ] || skip_all "driver $DRV not built"
[ -x "$HELPERS/symtest" ] || skip_all "helper symtest not built"
# perf and the driver share a private, empty build-id cache.
REAL_HOME=${HOME:-/}
HOME=$TRASH
export HOME REAL_HOME

# record_and_compare DATA BINARY ARGS: perf record, then compare every
# sample's symbol and DSO as perf script prints them with ours.
record_and_compare() {
	data=$1 &&
	shift &&
	"$PERF" record -q -N -o "$data" -- "$@" >/dev/null 2>&1 &&
	"$PERF" script -i "$data" --show-mmap-events --show-task-events \
		-F comm,pid,tid,ip,sym,dso >"$data.txt" 2>/dev/null &&
	test -s "$data.txt" &&
	bids=$("$PERF" buildid-list -i "$data" 2>/dev/null | awk "{ printf \" -B %s=%s\", \$2, \$1 }") &&
	"$DRV" script $bids <"$data.txt" >"$data.cmp" &&
	cat "$data.cmp" &&
	grep -q "^match [1-9][0-9]* of" "$data.cmp" &&
	! grep "^mismatch" "$data.cmp"
}

test_expect_success 'function symbols of a PIE are nm addresses' '
	"$DRV" syms "$HELPERS/symtest" >syms &&
	for f in sym_plain sym_target sym_weak sym_nosize sym_plt_calls sym_inlined main; do
		a=$(nm "$HELPERS/symtest" | awk -v f=$f "\$3 == f { print \$1 }" | sed "s/^0*//") &&
		grep -q "^$a [0-9a-f]* $f\$" syms || { echo "missing $f at $a"; exit 1; }
	done
'

test_expect_success 'aliases collapse as perf chooses; zero-size symbols are extended' '
	"$DRV" syms "$HELPERS/symtest" >syms &&
	! grep -q " sym_alias\$" syms &&
	grep -q " sym_target\$" syms &&
	nosize=$(awk "\$3 == \"sym_nosize\" { print \$2 }" syms) &&
	next=$(grep -A1 " sym_nosize\$" syms | tail -n 1 | cut -d" " -f1) &&
	test -n "$nosize" && test "$nosize" = "$next"
'

test_expect_success 'PLT entries are synthesized in .rela.plt order' '
	"$DRV" syms "$HELPERS/symtest" >syms &&
	plt=$(readelf -SW "$HELPERS/symtest" | awk "\$2 == \".plt\" { print \$5 }") &&
	n=0 &&
	for s in $(readelf -rW "$HELPERS/symtest" | sed -n "/.rela.plt/,\$p" | awk "/R_X86_64_JUMP_SLO/ { print \$5 }" | sed "s/@.*//"); do
		n=$((n + 1)) &&
		want=$(printf "%x" $((0x$plt + 16 * n))) &&
		grep -q "^$want [0-9a-f]* $s@plt\$" syms || { echo "no $s@plt at $want"; exit 1; }
	done &&
	test $n -gt 0
'

test_expect_success 'debug files: .gnu_debuglink next to the file, then the file itself' '
	mkdir -p dl && cp "$HELPERS/symtest" dl/prog &&
	objcopy --only-keep-debug dl/prog dl/prog.debug &&
	strip dl/prog && objcopy --add-gnu-debuglink=dl/prog.debug dl/prog &&
	"$DRV" syms dl/prog >syms &&
	grep -q "^# origin l" syms && grep -q " sym_plain\$" syms &&
	"$DRV" srcline dl/prog $(awk "\$3 == \"sym_plain\" { print \$1 }" syms) >sl &&
	grep -q "^symtest.c:1[0-9]\$" sl &&
	rm dl/prog.debug &&
	"$DRV" syms dl/prog >syms2 &&
	! grep -q "^# origin l" syms2 && ! grep -q " sym_plain\$" syms2
'

test_expect_success 'build-id cache (~/.debug) is tried before the path, and must match' '
	id=$(readelf -n "$HELPERS/symtest" | awk "/Build ID/ { print \$3 }") &&
	d=$HOME/.debug/.build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-) &&
	mkdir -p "$d" && cp "$HELPERS/symtest" "$d/elf" &&
	mkdir -p bc && cp "$HELPERS/symtest" bc/prog && strip bc/prog &&
	"$DRV" syms bc/prog >syms &&
	grep -q "^# origin B" syms && grep -q " sym_plain\$" syms &&
	cp "$HELPERS/symtest-nopie" "$d/elf" &&
	"$DRV" syms bc/prog >syms2 &&
	grep -q "^# origin d" syms2 && ! grep -q " sym_plain\$" syms2 &&
	rm -rf "$HOME/.debug"
'

test_expect_success PERF,PERF_EVENTS 'PIE executable: every sample as perf resolves it' '
	record_and_compare pie.data "$HELPERS/symtest" 50
'

test_expect_success PERF,PERF_EVENTS 'ET_EXEC (non-PIE) executable' '
	readelf -h "$HELPERS/symtest-nopie" | grep -q "EXEC (Executable" &&
	record_and_compare nopie.data "$HELPERS/symtest-nopie" 50
'

test_expect_success PERF,PERF_EVENTS 'stripped binary: .dynsym only' '
	cp "$HELPERS/symtest" stripped && strip stripped &&
	record_and_compare stripped.data ./stripped 50
'

test_expect_success PERF,PERF_EVENTS 'a build-id mismatch means the file is not used' '
	"$PERF" record -q -N -o bid.data -- "$HELPERS/symtest" 30 >/dev/null 2>&1 &&
	"$PERF" script -i bid.data --show-mmap-events --show-task-events \
		-F comm,pid,tid,ip,sym,dso >bid.txt 2>/dev/null &&
	"$DRV" script -v -B "$HELPERS/symtest=0123456789abcdef0123456789abcdef01234567" <bid.txt >bid.out &&
	grep "^$HELPERS/symtest	" bid.out >ours &&
	test -s ours &&
	! grep -v "	\[unknown\]	" ours
'

test_expect_success PERF,SYSWIDE 'kernel, modules, libraries, vdso: system wide' '
	( "$HELPERS/symtest" 50 & dd if=/dev/zero of=/dev/null bs=64 count=200000 2>/dev/null & wait ) &
	"$PERF" record -q -N -a -o sys.data -- sleep 0.5 >/dev/null 2>&1 &&
	wait &&
	"$PERF" script -i sys.data --show-mmap-events --show-task-events \
		-F comm,pid,tid,ip,sym,dso >sys.txt 2>/dev/null &&
	bids=$("$PERF" buildid-list -i sys.data 2>/dev/null | awk "{ printf \" -B %s=%s\", \$2, \$1 }") &&
	"$DRV" script $bids <sys.txt >sys.cmp &&
	cat sys.cmp &&
	grep -q "\[kernel.kallsyms\])\$" sys.txt &&
	! grep "^mismatch" sys.cmp
'

test_expect_success 'srclines are what addr2line says' '
	"$DRV" syms "$HELPERS/symtest" >syms &&
	addrs=$(awk "/ sym_/ { print \$1 }" syms) &&
	"$DRV" srcline "$HELPERS/symtest" $addrs >ours &&
	addr2line -e "$HELPERS/symtest" $(printf "0x%s " $addrs) >a2l &&
	sed "s|.*/||; s/ (discriminator.*//; s/^??:?\$/??:0/" a2l >theirs &&
	sed "s/ (discriminator.*//" ours >ours2 &&
	test_cmp theirs ours2
'

test_expect_success 'inlined frames are what addr2line -f -i says' '
	"$DRV" syms "$HELPERS/symtest" >syms &&
	start=$(awk "\$3 == \"sym_inlined\" { print \$1 }" syms) &&
	for off in 4 8 12 16 20; do
		a=$(printf "%x" $((0x$start + off))) &&
		"$DRV" inline "$HELPERS/symtest" $a >ours &&
		addr2line -f -i -e "$HELPERS/symtest" 0x$a | paste -d" " - - |
			sed "s/ (discriminator.*//" >theirs &&
		test_cmp theirs ours || exit 1
	done &&
	grep -q inl_inner ours
'

# section_addrs FILE SECTION STEP: addresses through SECTION, STEP bytes
# apart, and 8 bytes past its end.
section_addrs() {
	set -- $(readelf -SW "$1" | sed "s/^ *\[ *[0-9]*\] //" | awk -v s="$2" "\$1 == s { print \$3, \$5 }") "$3" &&
	i=0 &&
	while [ $i -lt $((0x$2 + 8)) ]; do
		printf "%x\n" $((0x$1 + i)) &&
		i=$((i + $3)) || return 1
	done
}

# Where DWARF knows nothing (a library without debug info: libc without
# libc6-dbg), addr2line still answers from the symbol table (.symtab,
# else .dynsym): "??:0" for an address at or above a function symbol of
# its section, the function's name for -f. perf prints what it says.
test_expect_success 'no DWARF: srclines and inline frames as addr2line gives them' '
	cat >nodw.c <<-\EOT &&
	static int __attribute__((noinline)) hidden_fn(int x) { volatile int s = 0; for (int i = 0; i < x; i++) s += i * x; return s; }
	static inline int __attribute__((always_inline)) inl(int x) { volatile int y = x; return y * 7; }
	int exported_a(int x) { return hidden_fn(x) * 3 + inl(x); }
	int exported_b(int x) { return hidden_fn(x + 1) - inl(x + 2); }
	EOT
	gcc -O1 -fPIC -shared -g -o nodw.so nodw.c &&
	strip --strip-all -o nodw-dyn.so nodw.so &&
	strip --strip-debug -o nodw-sym.so nodw.so &&
	for f in nodw-dyn.so nodw-sym.so nodw.so; do
		addrs="$(section_addrs $f .text 5) $(section_addrs $f .plt 3)" &&
		"$DRV" srcline $f $addrs | sed "s/^[^:]*\$/not found/" >$f.sl &&
		addr2line -f -e $f $addrs | paste - - |
			sed "s/^??	??:0\$/not found/; s/^[^	]*	//; s|.*/||; s/ (discriminator.*//; s/:?\$/:0/" >theirs &&
		test_cmp theirs $f.sl &&
		for a in $addrs; do
			"$DRV" inline $f $a && echo || return 1
		done >$f.inl &&
		for a in $addrs; do
			addr2line -f -i -e $f 0x$a | paste -d" " - - |
				sed "s/ (discriminator.*//; s/:?\$/:0/; /^?? ??:0\$/d" && echo || return 1
		done >theirs &&
		test_cmp theirs $f.inl || return 1
	done &&
	grep -q "^??:0\$" nodw-dyn.so.sl &&
	grep -q "^not found\$" nodw-dyn.so.sl &&
	grep -q "^exported_a ??:0\$" nodw-dyn.so.inl &&
	grep -q "^hidden_fn ??:0\$" nodw-sym.so.inl &&
	grep -q "^inl .*nodw.c:2\$" nodw.so.inl
'

test_expect_success PERF,PERF_EVENTS 'srcline keys are the ones perf report --sort srcline prints' '
	for h in symtest symtest-nopie; do
		"$PERF" record -q -N -F 4000 -o sl.data -- "$HELPERS/$h" 100 >/dev/null 2>&1 &&
		"$PERF" report -i sl.data --stdio -q --sort srcline 2>/dev/null |
			awk "NF { \$1 = \"\"; sub(/^ /, \"\"); print }" | sort -u >theirs &&
		"$PERF" script -i sl.data --show-mmap-events --show-task-events \
			-F comm,pid,tid,ip,sym,dso >sl.txt 2>/dev/null &&
		bids=$("$PERF" buildid-list -i sl.data 2>/dev/null | awk "{ printf \" -B %s=%s\", \$2, \$1 }") &&
		"$DRV" script -s -v $bids <sl.txt | awk -F"	" "\$1 == \"srcline\" { print \$2 }" | sort -u >ours &&
		grep -q "^$h\.c:" ours &&
		test_cmp theirs ours || exit 1
	done
'

test_expect_success PERF,PERF_EVENTS,CXX 'C++ names demangled as perf shows them' '
	cat >cxx.cc <<-\EOT &&
	namespace ns {
	template <typename T> struct Foo {
		__attribute__((noinline)) T spin(T n) const { volatile T s = 0; for (T i = 0; i < n; i++) s += i; return s; }
	};
	}
	template <typename T> __attribute__((noinline)) T mx(T a, T b) { volatile T s = 0; for (long i = 0; i < 30000000; i++) s += i; return a > b ? a : b; }
	namespace { __attribute__((noinline)) long anon(long n) { volatile long s = 0; for (long i = 0; i < n; i++) s += i; return s; } }
	int main() { ns::Foo<long> f; long r = f.spin(60000000) + anon(30000000); return (int)(r + mx<int>(1, 2)) & 1; }
	EOT
	"${CXX:-g++}" -O1 -g -fno-omit-frame-pointer -o cxx cxx.cc &&
	record_and_compare cxx.data ./cxx &&
	"$DRV" syms ./cxx >syms && grep -q " ns::Foo<long>::spin\$" syms &&
	T0690_PARAMS=1 "$DRV" syms ./cxx >vsyms && grep -q " ns::Foo<long>::spin(long) const\$" vsyms &&
	grep -q " int mx<int>(int, int)\$" vsyms
'

# Special names (thunks, vtables, guard variables): libiberty prints the
# encoding inside whole, parameters too, with or without DMGL_PARAMS, as
# c++filt -p does (perf showed "virtual thunk to ...::~basic_ostream()"
# where prof dropped the prefix).
test_expect_success 'C++ special names demangled whole, as libiberty prints them' '
	cat >names <<-\EOT &&
	_ZTv0_n24_NSoD1Ev
	_ZThn16_N9__gnu_cxx18stdio_sync_filebufIcSt11char_traitsIcEED0Ev
	_ZTVSt9basic_iosIcSt11char_traitsIcEE
	_ZTISt9exception
	_ZGVZ4mainE1x
	_ZTcv0_n12_v0_n16_N1B1fEv
	EOT
	c++filt -p <names >theirs &&
	"$DRV" demangle <names >ours &&
	test_cmp theirs ours &&
	grep -q "^virtual thunk to std::basic_ostream<char, std::char_traits<char> >::~basic_ostream()\$" ours
'

test_expect_success PERF,PERF_EVENTS,RUSTC 'Rust legacy and v0 names as perf shows them' '
	cat >r.rs <<-\EOT &&
	#[inline(never)]
	fn spin_generic<T: Into<u64> + Copy>(n: T) -> u64 { let mut s: u64 = 0; for i in 0..n.into() { s = s.wrapping_add(i * 7); std::hint::black_box(s); } s }
	mod inner { #[inline(never)] pub fn work(n: u64) -> u64 { let mut s = 0u64; for i in 0..n { s = s.wrapping_mul(31).wrapping_add(i); std::hint::black_box(s); } s } }
	fn main() { let a = spin_generic(30_000_000u32); let b = inner::work(30_000_000); println!("{}", a ^ b); }
	EOT
	HOME=$REAL_HOME rustc -O -g -C force-frame-pointers=yes -o rleg r.rs &&
	HOME=$REAL_HOME rustc -O -g -C force-frame-pointers=yes -C symbol-mangling-version=v0 -o rv0 r.rs &&
	record_and_compare rleg.data ./rleg &&
	record_and_compare rv0.data ./rv0 &&
	grep -q "r::spin_generic::<u32>" rv0.data.txt &&
	nm rv0 | awk "\$3 ~ /^_R/ { print \$3 }" | sort -u >names &&
	c++filt <names | sed "s/\[[0-9a-f]\{16\}\]//g; s/<\([0-9]*\): [a-z0-9]*size>/<\1>/g; s/<\([0-9]*\): [iu][0-9]*>/<\1>/g" >theirs &&
	"$DRV" demangle <names >ours &&
	test_cmp theirs ours
'

test_done
