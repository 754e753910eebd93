#!/bin/sh
# feature-probe.sh OUTDIR CC: compile one tiny program per library and
# write OUTDIR/FEATURES (make syntax: HAVE_x := 1 or empty) plus the
# table shown by the build. pkg-config supplies the flags where it knows
# the library. Each line of the table names the Debian package to install.
set -u
out=$1 cc=$2
dir=$(dirname "$0")
mkdir -p "$out/feature"
: >"$out/FEATURES.tmp"
# name  pkg-config-module  fallback-libs  debian-package
while read -r name mod libs pkg; do
	cflags= ldlibs=$libs
	if [ "$mod" != - ] && pkg-config --exists "$mod" 2>/dev/null; then
		cflags=$(pkg-config --cflags "$mod")
		ldlibs=$(pkg-config --libs "$mod")
	fi
	# shellcheck disable=SC2086
	if $cc $cflags -o "$out/feature/test-$name" "$dir/feature/test-$name.c" \
		$ldlibs >"$out/feature/test-$name.log" 2>&1; then
		on=1
	else
		on=
	fi
	# capstone and libdebuginfod (which loads libcurl and its TLS stack)
	# are opened at run time, when first needed (src/symbol/disasm.c,
	# debuginfod.c), so no other command pays for loading them: the build
	# keeps the name of the library it compiled against.
	case $name in
	capstone) lib=libcapstone macro=CAPSTONE_SONAME ;;
	debuginfod) lib=libdebuginfod macro=DEBUGINFOD_SONAME ;;
	*) lib= ;;
	esac
	if [ -n "$lib" ] && [ -n "$on" ]; then
		soname=$(readelf -d "$out/feature/test-$name" 2>/dev/null |
			sed -n "s/.*(NEEDED).*\\[\\($lib[^]]*\\)\\].*/\\1/p")
		if [ -n "$soname" ]; then
			cflags="$cflags -D$macro='\"$soname\"'"
			ldlibs=-ldl
		else
			echo "no $lib in the probe's NEEDED entries (readelf -d)" \
				>>"$out/feature/test-$name.log"
			on=
		fi
	fi
	{
		echo "HAVE_$name := $on"
		echo "CFLAGS_$name := $cflags"
		echo "LIBS_$name := $ldlibs"
		echo "PKG_$name := $pkg"
	} >>"$out/FEATURES.tmp"
done <<'LIST'
libelf libelf -lelf libelf-dev
libdw libdw -ldw libdw-dev
libunwind libunwind-generic -lunwind-generic libunwind-dev
libtraceevent libtraceevent -ltraceevent libtraceevent-dev
ncursesw ncursesw -lncursesw libncurses-dev
zstd libzstd -lzstd libzstd-dev
capstone capstone -lcapstone libcapstone-dev
debuginfod libdebuginfod -ldebuginfod libdebuginfod-dev
LIST
mv "$out/FEATURES.tmp" "$out/FEATURES"
