#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check-layers.sh [SRCDIR]: no layer of src/ includes a header of a layer
# above it (Documentation/technical/design.md, "Layers and where things
# live"). Each header of include/prof belongs to the layer of the .c file
# of its name (src/<layer>/<name>.c), or to the one the table below gives;
# each src/<layer>/ file, and each header, may include headers of the
# layers its line of ALLOWED names. Prints every upward include as
# "file: includes prof/x.h (layer), above layer" and exits 1; a header no
# rule places is an error too. `make check-layers` runs it; t0008 too.

src=${1:-.}
cd "$src" || exit 2

# Headers without a src/<layer>/<name>.c of their own.
OTHER='
compat lib
util lib
list lib
event core
builtin-doc builtin
data-writer session
synthesize session
tool session
trace-event session
tui ui
'

# The layers each layer may include, lowest first (its own included).
# core holds the kernel and perf.data ABI: event.h (records, samples),
# perf-data.h and header.h (the file format), evsel.h, ...
ALLOWED='
lib lib
core lib core
symbol lib core symbol
session lib core symbol session
stat lib core stat
hist lib core symbol session hist
ui lib core symbol session stat hist ui
'

{
	# "H name layer" for every header
	for h in include/prof/*.h; do
		name=${h##*/}
		name=${name%.h}
		layer=$(printf '%s\n' "$OTHER" | awk -v n="$name" '$1 == n { print $2 }')
		if [ -z "$layer" ]; then
			c=$(ls src/*/"$name".c src/*/*/"$name".c 2>/dev/null | head -n 1)
			[ -n "$c" ] && layer=$(printf '%s\n' "$c" | cut -d/ -f2)
		fi
		echo "H $name ${layer:-?}"
	done
	printf '%s\n' "$ALLOWED" | awk 'NF { print "A", $0 }'
	# "I file layer included-name" for every prof/ include of src/ and include/prof
	for f in src/*/*.c src/*/*.h src/*/*/*.c src/*/*/*.h include/prof/*.h; do
		[ -f "$f" ] || continue
		case $f in
		include/prof/*)
			name=${f##*/}
			layer=$name ;;	# resolved to the header's layer below
		*)
			layer=$(printf '%s\n' "$f" | cut -d/ -f2) ;;
		esac
		sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\(prof\/\)\{0,1\}\([a-z0-9_-]*\)\.h".*/\2/p' "$f" |
			while read -r inc; do echo "I $f $layer $inc"; done
	done
} | awk '
	$1 == "H" { hl[$2] = $3; next }
	$1 == "A" { for (i = 3; i <= NF; i++) ok[$2, $i] = 1; next }
	$1 == "I" {
		file = $2; layer = $3; inc = $4
		if (layer ~ /\.h$/) { sub(/\.h$/, "", layer); layer = hl[layer] }
		if (!(inc in hl)) next		# a private header next to its .c
		if (hl[inc] == "?" ) { printf "%s: includes prof/%s.h, which no layer holds\n", file, inc; bad++; next }
		if (layer == "?" || layer == "builtin") next
		if (!ok[layer, hl[inc]]) {
			printf "%s: includes prof/%s.h (%s), above layer %s\n", file, inc, hl[inc], layer
			bad++
		}
	}
	END {
		for (h in hl) if (hl[h] == "?") { printf "include/prof/%s.h: no layer (add it to scripts/check-layers.sh)\n", h; bad++ }
		exit bad > 0
	}'
