#!/bin/sh
test_description='every command has a man page that matches its -h output'
. "$(dirname "$0")/test-lib.sh"
. "$SRCDIR/tests/shell/lib-tmux.sh"

DOC=$SRCDIR/Documentation

# Long options in "prof CMD -h" (hidden ones are not shown there).
help_opts() {
	"$PROF" "$1" -h 2>&1 >/dev/null |
		sed -n 's/^    \(-., \|    \)--\([a-zA-Z0-9][a-zA-Z0-9-]*\).*/\2/p' | sort -u
}

# Long options documented in the OPTIONS section ("-x::", "--name=<v>::").
doc_opts() {
	sed -n '/^OPTIONS$/,/^[A-Z][A-Z ]*$/p' "$1" | grep -- '^-.*::$' |
		grep -o -- '--[a-zA-Z0-9][a-zA-Z0-9-]*' | sed 's/^--//' | sort -u
}

test_expect_success 'the list of commands' '
	"$PROF" --list-cmds | tr " " "\n" | grep . >"$TRASH/cmds" &&
	test -s "$TRASH/cmds"
'

test_expect_success 'prof.txt exists and names every command' '
	test -f "$DOC/prof.txt" &&
	for c in $(cat "$TRASH/cmds"); do
		grep -q "linkprof:prof-$c\[1\]" "$DOC/prof.txt" ||
			{ echo "prof.txt does not link prof-$c"; exit 1; }
	done
'

test_expect_success 'each command has Documentation/prof-CMD.txt' '
	for c in $(cat "$TRASH/cmds"); do
		test -f "$DOC/prof-$c.txt" || { echo "no man page for $c"; exit 1; }
	done
'

test_expect_success 'man pages follow the section order' '
	for c in $(cat "$TRASH/cmds"); do
		f="$DOC/prof-$c.txt" &&
		grep -E "^(NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXAMPLES|SEE ALSO)$" "$f" >got &&
		for s in NAME SYNOPSIS DESCRIPTION; do
			grep -qx "$s" got || { echo "$f lacks $s"; exit 1; }
		done &&
		awk "BEGIN{o[\"NAME\"]=1;o[\"SYNOPSIS\"]=2;o[\"DESCRIPTION\"]=3;o[\"OPTIONS\"]=4;o[\"EXAMPLES\"]=5;o[\"SEE ALSO\"]=6} {if (o[\$0] < last) {print FILENAME\": \"\$0\" out of order\"; exit 1} last=o[\$0]}" got ||
			return 1
	done
'

test_expect_success 'every -h option is documented and vice versa' '
	fail=0 &&
	for c in $(cat "$TRASH/cmds"); do
		help_opts "$c" >h &&
		test -s h &&
		doc_opts "$DOC/prof-$c.txt" >d &&
		if ! diff h d >delta; then
			echo "prof-$c.txt and prof $c -h disagree (< only in -h, > only in the page):" &&
			cat delta &&
			fail=1
		fi || return 1
	done &&
	test $fail = 0
'

test_expect_success 'the SYNOPSIS names the command as its usage line does' '
	for c in $(cat "$TRASH/cmds"); do
		"$PROF" "$c" -h 2>&1 >/dev/null | grep -q "^ Usage: prof $c" ||
			{ echo "usage of $c does not start with prof $c"; exit 1; }
		grep -q "^.prof $c" "$DOC/prof-$c.txt" ||
			{ echo "SYNOPSIS of prof-$c.txt does not show prof $c"; exit 1; }
	done
'

# "prof help CMD" reads as help: the page formatted, never the asciidoc
# source ("[verse]", "linkprof:", "::" terms, underlines).
no_markup() {
	! grep -n -E "^\[verse\]|linkprof:|::$|^-{4,}$|^={4,}$" "$1"
}

test_expect_success 'prof help CMD without a terminal: the text man shows' '
	for c in $(cat "$TRASH/cmds") prof; do
		"$PROF" help $c >page &&
		no_markup page &&
		up=$(echo "$c" | tr a-z A-Z) &&
		if [ $c = prof ]; then title=PROF; else title=PROF-$up; fi &&
		test "$(head -n 1 page)" = "$title(1)" &&
		grep -q "^NAME\$" page &&
		grep -q "^       prof" page || return 1
	done
'

test_expect_success 'make doc: man pages man(1) renders without warnings' '
	make -C "$SRCDIR" --no-print-directory O="$TRASH/docbuild" doc >make.out 2>&1 &&
	for c in $(cat "$TRASH/cmds"); do
		f="$TRASH/docbuild/Documentation/prof-$c.1" &&
		test -s "$f" &&
		head -n 1 "$f" | grep -q "^\.TH \"PROF-$(echo $c | tr a-z A-Z)\" \"1\"" || return 1
	done &&
	if command -v groff >/dev/null 2>&1
	then
		for f in "$TRASH"/docbuild/Documentation/*.1; do
			groff -man -Tutf8 -ww -Wbreak -z "$f" 2>warn &&
			! test -s warn || { cat warn; return 1; }
		done
	fi
'

test_expect_success 'make install: the binary and its pages, where man finds them' '
	make -C "$SRCDIR" --no-print-directory O="$TRASH/docbuild" DESTDIR="$TRASH/root" \
		prefix=/usr install >make.out 2>&1 &&
	test -x "$TRASH/root/usr/bin/prof" &&
	for c in $(cat "$TRASH/cmds"); do
		test -s "$TRASH/root/usr/share/man/man1/prof-$c.1" || return 1
	done &&
	test -s "$TRASH/root/usr/share/man/man1/prof.1" &&
	if command -v man >/dev/null 2>&1
	then
		MANPATH="$TRASH/root/usr/share/man" man -w prof-record >where &&
		grep -q "root/usr/share/man/man1/prof-record.1" where
	fi
'

# On a terminal: man formats the page (its header line names the manual),
# or, on a machine without man, the text comes through the pager.
test_expect_success TMUX 'prof help record on a terminal: a formatted page' '
	SOCK=prof-help-$$ &&
	mkdir -p noman &&
	for t in sh head; do ln -sf "$(command -v $t)" noman/$t || return 1; done &&
	if command -v man >/dev/null 2>&1
	then
		tm new-session -d -s "$TM_SESSION" -x 100 -y 30 \
			"MANPAGER=\"head -n 20\" PAGER=cat \"$PROF\" help record; echo END-OF-PAGE; sleep 60" &&
		wait_screen "^END-OF-PAGE" &&
		tm_stop &&
		grep -q "^PROF-RECORD(1) .* prof Manual .* PROF-RECORD(1)" screen &&
		no_markup screen
	fi &&
	SOCK=prof-help-$$-noman &&
	tm new-session -d -s "$TM_SESSION" -x 100 -y 30 \
		"PATH=$TRASH/noman PAGER=\"head -n 20\" \"$PROF\" help record; echo END-OF-PAGE; sleep 60" &&
	wait_screen "^END-OF-PAGE" &&
	tm_stop &&
	grep -q "^PROF-RECORD(1)" screen &&
	grep -q "^NAME" screen &&
	no_markup screen
'

test_done
