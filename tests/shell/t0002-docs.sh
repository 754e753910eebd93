#!/bin/sh
test_description='every command has a man page that matches its -h output'
. "$(dirname "$0")/test-lib.sh"

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
		f="$DOC/prof-$c.txt"
		grep -E "^(NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXAMPLES|SEE ALSO)$" "$f" >got
		for s in NAME SYNOPSIS DESCRIPTION; do
			grep -qx "$s" got || { echo "$f lacks $s"; exit 1; }
		done
		sort -t: -k1 got >/dev/null
		awk "BEGIN{o[\"NAME\"]=1;o[\"SYNOPSIS\"]=2;o[\"DESCRIPTION\"]=3;o[\"OPTIONS\"]=4;o[\"EXAMPLES\"]=5;o[\"SEE ALSO\"]=6} {if (o[\$0] < last) {print FILENAME\": \"\$0\" out of order\"; exit 1} last=o[\$0]}" got
	done
'

test_expect_success 'every -h option is documented and vice versa' '
	fail=0
	for c in $(cat "$TRASH/cmds"); do
		help_opts "$c" >h
		doc_opts "$DOC/prof-$c.txt" >d
		if ! diff h d >delta; then
			echo "prof-$c.txt and prof $c -h disagree (< only in -h, > only in the page):"
			cat delta
			fail=1
		fi
	done
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

test_done
