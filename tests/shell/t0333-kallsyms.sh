#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
test_description='kallsyms: where the running kernel'"'"'s symbols are, as perf 6.1 prints it'
. "$(dirname "$0")/test-lib.sh"

test_lazy_prereq KALLSYMS '
	awk "\$1 != \"0000000000000000\" { n++ } END { exit !(n > 100) }" /proc/kallsyms
'

test_expect_success PERF,KALLSYMS 'names in and out of the kernel map, perf'"'"'s lines' '
	for s in vfs_read do_syscall_64 schedule _text _etext nosuchsym_prof; do
		echo "$s" || return 1
	done >names &&
	awk "\$2 ~ /^[tT]$/ && \$3 !~ /\\./ { print \$3 }" /proc/kallsyms |
		awk "NR % 997 == 0" | head -n 150 >>names &&
	"$PERF" kallsyms $(cat names) >perf.out 2>/dev/null &&
	"$PROF" kallsyms $(cat names) >prof.out 2>/dev/null &&
	test_cmp_nonempty perf.out prof.out &&
	grep -q "^vfs_read: \[kernel\] \[kernel.kallsyms\] 0x[0-9a-f]*-0x[0-9a-f]* (0x[0-9a-f]*-0x[0-9a-f]*)$" prof.out &&
	grep -q "^nosuchsym_prof: not found$" prof.out
'

test_expect_success KALLSYMS 'the start is /proc/kallsyms'"'"'s address' '
	"$PROF" kallsyms vfs_read >vr.out &&
	addr=$(awk "\$3 == \"vfs_read\" { print \$1; exit }" /proc/kallsyms | sed "s/^0*//") &&
	grep -q "^vfs_read: \[kernel\] \[kernel.kallsyms\] 0x$addr-" vr.out
'

test_expect_success PERF,KALLSYMS '-v: perf'"'"'s words on modules; the lines stay on stdout' '
	"$PROF" kallsyms -v vfs_read >v.out 2>v.err &&
	"$PERF" kallsyms -v vfs_read >v.perf.out 2>v.perf.err &&
	test_cmp_nonempty v.perf.out v.out &&
	{ grep "inconsistency" v.perf.err >v.perf.msg || test $? = 1; } &&
	{ grep "inconsistency" v.err >v.msg || test $? = 1; } &&
	test_cmp v.perf.msg v.msg &&
	"$PROF" kallsyms vfs_read 2>q.err >/dev/null &&
	test_must_be_empty q.err
'

test_expect_success 'no name is usage, exit status 129' '
	test_expect_code 129 "$PROF" kallsyms 2>u.err &&
	grep -q "Usage: prof kallsyms" u.err
'

test_done
