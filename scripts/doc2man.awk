# SPDX-License-Identifier: GPL-2.0-only
#
# doc2man.awk: the asciidoc subset of Documentation/*.txt as a man page
# (mode=man: roff for man(1)) or as the text man would show (mode=text),
# so that "prof help" and "make install" need no asciidoc tool chain.
#
#   awk -v mode=man -v version=0.1.0 -f doc2man.awk prof-stat.txt
#
# The subset: a title line underlined with '=', section titles underlined
# with '-', "[verse]" blocks (kept line by line), option terms ("-e::",
# several in a row), paragraphs (a tab-indented one belongs to the term
# above it), "* " bullets, and inline 'emphasis', `literal` and
# linkprof:prof-x[1] references.

function underline(s) { return s ~ /^(-+|=+)$/ }

# inline markup, for one output mode
function inline(s,    out, pre, m) {
	out = ""
	while (match(s, /linkprof:[A-Za-z0-9_-]+\[[0-9]\]/)) {
		pre = substr(s, 1, RSTART - 1)
		m = substr(s, RSTART + 9, RLENGTH - 9)
		sub(/\[/, "(", m)
		sub(/\]/, ")", m)
		out = out pre (mode == "man" ? "\\fB" substr(m, 1, index(m, "(") - 1) "\\fR" substr(m, index(m, "(")) : m)
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	if (mode == "man") {
		gsub(/\\/, "\\e", s)
		gsub(/-/, "\\-", s)
	}
	# `literal` and 'emphasis' (quotes that open after a space or a
	# bracket and close before a space or punctuation)
	out = ""
	while (match(s, /`[^`]+`/)) {
		out = out substr(s, 1, RSTART - 1) mark("B", substr(s, RSTART + 1, RLENGTH - 2))
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	out = ""
	while (match(s, /(^|[ (\[])'[^' ][^']*'([ .,;:)]|$)/)) {
		pre = substr(s, 1, RSTART - 1)
		m = substr(s, RSTART, RLENGTH)
		lead = substr(m, 1, 1) == "'" ? "" : substr(m, 1, 1)
		m = substr(m, length(lead) + 1)
		trail = substr(m, length(m), 1) == "'" ? "" : substr(m, length(m), 1)
		m = substr(m, 2, length(m) - 2 - length(trail))
		out = out pre lead mark("I", m) trail
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	if (mode == "man")
		sub(/^[.']/, "\\\\\\&&", s)
	return s
}

function mark(font, s) {
	return mode == "man" ? "\\f" font s "\\fR" : s
}

# one blank line at most between blocks, none at the start
function emit(s) {
	if (s == "" && (blank || !emitted))
		return
	print s
	blank = s == ""
	emitted = 1
}

# text mode: indentation of the current block
function textline(indent, s) {
	emit(s == "" ? "" : sprintf("%" indent "s%s", "", s))
}

BEGIN {
	state = "start"
	if (mode == "")
		mode = "text"
}

{
	sub(/\r$/, "")
	lines[++n] = $0
}

END {
	for (i = 1; i <= n; i++) {
		line = lines[i]
		next_line = i < n ? lines[i + 1] : ""
		if (i == 1 && underline(next_line) && next_line ~ /^=/) {
			title = line
			name = title
			sub(/\(.*/, "", name)
			sect = title
			sub(/.*\(/, "", sect)
			sub(/\).*/, "", sect)
			if (mode == "man") {
				emit(".TH \"" toupper(name) "\" \"" sect "\" \"\" \"prof " version "\" \"prof Manual\"")
				emit(".nh")
				emit(".ad l")
			} else {
				emit(toupper(name) "(" sect ")")
				emit("")
			}
			i++
			continue
		}
		if (line != "" && underline(next_line) && length(next_line) >= length(line) - 1) {
			if (mode == "man")
				emit(".SH \"" toupper(line) "\"")
			else {
				emit("")
				emit(toupper(line))
			}
			i++
			block = "section"
			continue
		}
		if (line == "[verse]") {
			if (mode == "man")
				emit(".sp\n.nf")
			for (i++; i <= n && lines[i] != ""; i++) {
				if (mode == "man")
					emit(inline(lines[i]))
				else
					textline(7, inline(lines[i]))
			}
			if (mode == "man")
				emit(".fi")
			else
				emit("")
			continue
		}
		if (line ~ /^[^ \t].*::$/) {
			# one or more option terms
			if (mode == "man")
				emit(".PP")
			for (;;) {
				term = line
				sub(/::$/, "", term)
				if (mode == "man")
					emit(inline(term))
				else
					textline(7, inline(term))
				if (i < n && lines[i + 1] ~ /^[^ \t].*::$/) {
					if (mode == "man")
						emit(".br")
					line = lines[++i]
					continue
				}
				break
			}
			if (mode == "man")
				emit(".RS 4")
			for (i++; i <= n && lines[i] ~ /^(\t| )/; i++) {
				body = lines[i]
				sub(/^[ \t]+/, "", body)
				if (mode == "man")
					emit(inline(body))
				else
					textline(11, inline(body))
			}
			if (mode == "man")
				emit(".RE")
			else
				emit("")
			if (i <= n && lines[i] != "")
				i--
			continue
		}
		if (line ~ /^\* /) {
			body = substr(line, 3)
			if (mode == "man") {
				emit(".IP \\(bu 2")
				emit(inline(body))
			} else
				textline(7, "o " inline(body))
			for (i++; i <= n && lines[i] ~ /^[ \t]+[^ \t]/; i++) {
				body = lines[i]
				sub(/^[ \t]+/, "", body)
				if (mode == "man")
					emit(inline(body))
				else
					textline(9, inline(body))
			}
			if (i <= n && lines[i] != "")
				i--
			continue
		}
		if (line ~ /^(\t| )/) {
			# a literal block: kept as it is
			if (mode == "man")
				emit(".sp\n.RS 4\n.nf")
			for (; i <= n && lines[i] ~ /^(\t| )/; i++) {
				body = lines[i]
				sub(/^(\t|    )/, "", body)
				if (mode == "man") {
					gsub(/\\/, "\\e", body)
					sub(/^[.']/, "\\\\\\&&", body)
					emit(body)
				} else
					textline(11, body)
			}
			if (mode == "man")
				emit(".fi\n.RE")
			else
				emit("")
			i--
			continue
		}
		if (line == "") {
			if (mode == "man")
				para = 1
			else
				emit("")
			continue
		}
		if (mode == "man") {
			if (para)
				emit(".PP")
			para = 0
			emit(inline(line))
		} else
			textline(7, inline(line))
	}
}
