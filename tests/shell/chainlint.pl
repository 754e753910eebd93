#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-only
#
# chainlint.pl: find the places where a test body or a helper function
# lets a failing command go unnoticed.
#
#   chainlint.pl <BODY                 lint one test body (test-lib.sh does
#                                      this for every test_expect_*)
#   chainlint.pl --functions FILE      lint the bodies of the shell functions
#                                      FILE defines (its top level is not
#                                      linted: test bodies are, when run)
#
# A body runs in one "eval": only its last command decides its status, so
# every command list (the body, a subshell, a { } group, the branches of
# "if" and "case", a loop body) must join its commands with "&&", "||" or
# "|". Exceptions: a command may end with "&" (a background job, checked
# by "wait"); it may be followed by one that reads "$?"; the commands
# before an explicit "false", "return N" or "exit N" (N not 0) need no
# "&&", since the list fails anyway (unless a command in between can
# leave it first, as "return 0" in a loop); nor does a command that ends
# in "return", "exit", "break" or "continue" ("cmd || return 1", also in
# a { } group: "cmd || { echo why; exit 1; }"), nor "cmd || rc=$?".
# A loop only stops on a failing iteration if its body says so: it must
# hold "|| return 1" or "|| exit 1" (or read "$?"). "a && b &" puts the
# whole list in the background, which a chain that meant to start one
# job does by mistake: it is flagged.
#
# Prints one line per problem, "LINE: WHAT: SOURCE LINE", and exits 1 if
# there is any (2 if the text cannot be parsed as a shell command list).
use strict;
use warnings;

my @problems;
my @src;	# source lines, for the messages

sub problem {
	my ($line, $what) = @_;
	my $text = $src[$line - 1] // '';
	$text =~ s/^\s+//;
	push @problems, [$line, "$what: $text"]
		unless grep { $_->[0] == $line } @problems;
}

package Lexer;

# Tokens: { t => 'word'|'op'|'nl'|'redir', s => text, line => N,
# q => 1 if the word has quoting (then it is never a reserved word) }.
sub new {
	my ($class, $text, $line) = @_;
	return bless { s => $text, i => 0, line => $line, here => [],
		toks => [] }, $class;
}

sub fail {
	my ($self, $msg) = @_;
	die "$self->{line}: $msg\n";
}

sub peekc { my ($self, $n) = @_; return substr($self->{s}, $self->{i} + ($n // 0), 1); }

sub at_end { my ($self) = @_; return $self->{i} >= length($self->{s}); }

# Skip a quoted or substituted part starting at the current character;
# returns 1 if there was one.
sub skip_special {
	my ($self, $in_dq) = @_;
	my $c = $self->peekc;
	if ($c eq '\\') {
		$self->{line}++ if $self->peekc(1) eq "\n";
		$self->{i} += 2;
		return 1;
	}
	if ($c eq "'" && !$in_dq) {
		my $end = index($self->{s}, "'", $self->{i} + 1);
		$self->fail("unterminated single quote") if $end < 0;
		$self->count_lines($self->{i}, $end);
		$self->{i} = $end + 1;
		return 1;
	}
	if ($c eq '"' && !$in_dq) {
		$self->{i}++;
		while (1) {
			$self->fail("unterminated double quote") if $self->at_end;
			my $d = $self->peekc;
			if ($d eq '"') { $self->{i}++; last; }
			next if $self->skip_special(1);
			$self->{line}++ if $d eq "\n";
			$self->{i}++;
		}
		return 1;
	}
	if ($c eq '`') {
		$self->{i}++;
		while (1) {
			$self->fail("unterminated backquote") if $self->at_end;
			my $d = $self->peekc;
			if ($d eq '\\') { $self->{line}++ if $self->peekc(1) eq "\n"; $self->{i} += 2; next; }
			if ($d eq '`') { $self->{i}++; last; }
			$self->{line}++ if $d eq "\n";
			$self->{i}++;
		}
		return 1;
	}
	if ($c eq '$' && $self->peekc(1) eq '(') {
		$self->{i} += 2;
		$self->skip_balanced('(', ')');
		return 1;
	}
	if ($c eq '$' && $self->peekc(1) eq '{') {
		$self->{i} += 2;
		$self->skip_balanced('{', '}');
		return 1;
	}
	return 0;
}

# After an opening $( or ${: up to the matching close, minding quotes.
# (The contents of a command substitution are not linted.)
sub skip_balanced {
	my ($self, $open, $close) = @_;
	my $depth = 1;
	while (1) {
		$self->fail("unterminated \$$open") if $self->at_end;
		my $d = $self->peekc;
		next if $self->skip_special(0);
		$self->{line}++ if $d eq "\n";
		$self->{i}++;
		$depth++ if $d eq $open;
		$depth-- if $d eq $close;
		return if $depth == 0;
	}
}

sub count_lines {
	my ($self, $from, $to) = @_;
	$self->{line} += (substr($self->{s}, $from, $to - $from) =~ tr/\n//);
}

sub read_word {
	my ($self) = @_;
	my $start = $self->{i};
	my $line = $self->{line};
	my $quoted = 0;
	while (!$self->at_end) {
		my $c = $self->peekc;
		last if $c =~ /[ \t\n;&|()<>]/;
		if ($c =~ /['"`\\]/ || ($c eq '$' && $self->peekc(1) =~ /[({]/)) {
			$quoted = 1 if $c =~ /['"\\]/;
			$self->skip_special(0);
			next;
		}
		$self->{i}++;
	}
	return { t => 'word', s => substr($self->{s}, $start, $self->{i} - $start),
		line => $line, q => $quoted };
}

sub skip_blanks {
	my ($self) = @_;
	while (!$self->at_end) {
		my $c = $self->peekc;
		if ($c eq ' ' || $c eq "\t") { $self->{i}++; next; }
		if ($c eq '\\' && $self->peekc(1) eq "\n") { $self->{i} += 2; $self->{line}++; next; }
		last;
	}
}

# The here-documents opened on the line just ended.
sub read_heredocs {
	my ($self) = @_;
	for my $h (@{$self->{here}}) {
		while (1) {
			if ($self->at_end) {
				main::problem($h->{line}, "here-document ends without its delimiter \"$h->{delim}\"");
				last;
			}
			my $nl = index($self->{s}, "\n", $self->{i});
			$nl = length($self->{s}) if $nl < 0;
			my $l = substr($self->{s}, $self->{i}, $nl - $self->{i});
			$self->{i} = $nl + 1;
			$self->{line}++;
			$l =~ s/^\t+// if $h->{strip};
			last if $l eq $h->{delim};
		}
	}
	$self->{here} = [];
}

sub tokens {
	my ($self) = @_;
	my @t;
	while (1) {
		$self->skip_blanks;
		last if $self->at_end;
		my $c = $self->peekc;
		my $line = $self->{line};
		if ($c eq "\n") {
			push @t, { t => 'nl', s => "\n", line => $line };
			$self->{i}++;
			$self->{line}++;
			$self->read_heredocs;
			next;
		}
		if ($c eq '#') {
			my $nl = index($self->{s}, "\n", $self->{i});
			$self->{i} = $nl < 0 ? length($self->{s}) : $nl;
			next;
		}
		my $rest = substr($self->{s}, $self->{i}, 4);
		if ($rest =~ /^(\d*)(<<-|<<|>>|<&|>&|<>|>\||<|>)/) {
			my $op = $2;
			$self->{i} += length($1) + length($2);
			$self->skip_blanks;
			my $w = $self->read_word;
			$self->fail("redirection $op without a word") if $w->{s} eq '';
			if ($op eq '<<' || $op eq '<<-') {
				(my $d = $w->{s}) =~ s/['"\\]//g;
				push @{$self->{here}}, { delim => $d, strip => $op eq '<<-', line => $line };
			}
			push @t, { t => 'redir', s => "$op$w->{s}", line => $line };
			next;
		}
		if ($rest =~ /^(&&|\|\||;;|[|&;()])/) {
			push @t, { t => 'op', s => $1, line => $line };
			$self->{i} += length($1);
			next;
		}
		push @t, $self->read_word;
	}
	push @t, { t => 'nl', s => "\n", line => $self->{line} };
	push @t, { t => 'eof', s => '', line => $self->{line} };
	return \@t;
}

package Parser;

my %reserved = map { $_ => 1 } qw(if then elif else fi do done case esac while until for in { } !);

sub new {
	my ($class, $toks, $check) = @_;
	return bless { t => $toks, i => 0, check => $check }, $class;
}

sub peek { my ($self) = @_; return $self->{t}[$self->{i}]; }
sub next_tok { my ($self) = @_; return $self->{t}[$self->{i}++]; }

sub fail {
	my ($self, $msg) = @_;
	my $tok = $self->peek;
	$msg =~ s/unexpected ""/unexpected end of text/ if $tok->{t} eq 'eof';
	die "$tok->{line}: $msg\n";
}

sub is_word {
	my ($tok, $s) = @_;
	return $tok->{t} eq 'word' && !$tok->{q} && $tok->{s} eq $s;
}
sub is_op { my ($tok, $s) = @_; return $tok->{t} eq 'op' && $tok->{s} eq $s; }

sub skip_nl {
	my ($self) = @_;
	$self->{i}++ while $self->peek->{t} eq 'nl';
}

sub expect_word {
	my ($self, $s) = @_;
	$self->skip_nl;
	$self->fail("\"$s\" expected") unless is_word($self->peek, $s);
	$self->{i}++;
}

# Does the list end here: end of input, or one of the terminators
# (reserved words, ")", ";;")?
sub at_term {
	my ($self, $terms) = @_;
	my $tok = $self->peek;
	return 1 if $tok->{t} eq 'eof';
	return $terms->{$tok->{s}} if $tok->{t} eq 'op';
	return $tok->{t} eq 'word' && !$tok->{q} && $terms->{$tok->{s}};
}

# A command list up to one of the terminators; checks its chain.
sub list {
	my ($self, $terms) = @_;
	my @cmds;
	$self->skip_nl;
	while (!$self->at_term($terms)) {
		my $cmd = $self->and_or;
		push @cmds, $cmd;
		my $tok = $self->peek;
		if ($tok->{t} eq 'nl' || is_op($tok, ';') || is_op($tok, '&')) {
			$cmd->{sep} = $tok->{s};
			main::problem($cmd->{last}, "the whole && list before this \"&\" runs in the background (write { job & } or ( ... ) &)")
				if $self->{check} && $tok->{s} eq '&' && $cmd->{n} > 1;
			$self->{i}++;
			$self->skip_nl;
		} elsif (!$self->at_term($terms)) {
			$self->fail("unexpected \"$tok->{s}\"");
		}
	}
	return \@cmds unless $self->{check};
	my $last_fail = -1;
	for my $k (0 .. $#cmds) {
		$last_fail = $k if $cmds[$k]{fails};
	}
	for my $k (0 .. $#cmds - 1) {
		my $c = $cmds[$k];
		next if $c->{sep} eq '&' || $c->{funcdef} || $c->{leaves};
		next if $cmds[$k + 1]{status};
		# the list fails anyway, unless a command before the failing
		# one can leave it (return 0 in a loop)
		next if $k < $last_fail && !grep { $cmds[$_]{can_leave} } $k + 1 .. $last_fail - 1;
		main::problem($c->{last}, "missing && at the end of this command");
	}
	return \@cmds;
}

# pipeline ((&& | ||) pipeline)*: one command of a list.
sub and_or {
	my ($self) = @_;
	my $start = $self->{i};
	my $cmd = $self->pipeline;
	my $n = 1;
	my $op = '';
	while (is_op($self->peek, '&&') || is_op($self->peek, '||')) {
		$op = $self->next_tok->{s};
		$self->skip_nl;
		$cmd = $self->pipeline;
		$n++;
	}
	my @words = grep { $_->{t} eq 'word' || $_->{t} eq 'redir' } @{$self->{t}}[$start .. $self->{i} - 1];
	return {
		last => $self->{t}[$self->{i} - 1]{line},
		sep => '',
		n => $n,
		funcdef => $n == 1 && $cmd->{funcdef},
		fails => $n == 1 && $cmd->{fails},
		# "cmd || rc=$?" keeps the status to check: it cannot fail
		leaves => $cmd->{leaves} || ($op eq '||' && $cmd->{keeps_status}),
		status => scalar(grep { $_->{s} =~ /\$\{?\?/ } @words),
		can_leave => scalar(grep { !$_->{q} && $_->{s} =~ /^(return|exit|break|continue)$/ } @words),
	};
}

sub pipeline {
	my ($self) = @_;
	$self->{i}++ if is_word($self->peek, '!');
	my $cmd = $self->command;
	my $n = 1;
	while (is_op($self->peek, '|')) {
		$self->{i}++;
		$self->skip_nl;
		$cmd = $self->command;
		$n++;
	}
	return $n == 1 ? $cmd : {};
}

sub redirs {
	my ($self) = @_;
	$self->{i}++ while $self->peek->{t} eq 'redir';
}

# A loop body must say what a failing iteration does.
sub loop_body {
	my ($self, $kw) = @_;
	$self->expect_word('do');
	my $start = $self->{i};
	$self->list({ done => 1 });
	my $end = $self->{i};
	$self->expect_word('done');
	return unless $self->{check};
	for my $tok (@{$self->{t}}[$start .. $end - 1]) {
		next unless $tok->{t} eq 'word';
		return if $tok->{s} =~ /\$\{?\?/ || (!$tok->{q} && $tok->{s} =~ /^(return|exit)$/);
	}
	main::problem($self->{t}[$start - 1]{line},
		"a failing iteration does not stop this $kw loop (add || return 1)");
}

sub command {
	my ($self) = @_;
	my $tok = $self->peek;
	my %info;
	if (is_op($tok, '(')) {
		$self->{i}++;
		$self->list({ ')' => 1 });
		$self->fail("\")\" expected") unless is_op($self->peek, ')');
		$self->{i}++;
	} elsif (is_word($tok, '{')) {
		$self->{i}++;
		my $cmds = $self->list({ '}' => 1 });
		$self->expect_word('}');
		# "|| { echo why; exit 1; }" leaves as "|| exit 1" does
		$info{leaves} = @$cmds && $cmds->[-1]{leaves};
	} elsif (is_word($tok, 'if')) {
		$self->{i}++;
		$self->list({ then => 1 });
		$self->expect_word('then');
		$self->list({ elif => 1, else => 1, fi => 1 });
		while (is_word($self->peek, 'elif')) {
			$self->{i}++;
			$self->list({ then => 1 });
			$self->expect_word('then');
			$self->list({ elif => 1, else => 1, fi => 1 });
		}
		if (is_word($self->peek, 'else')) {
			$self->{i}++;
			$self->list({ fi => 1 });
		}
		$self->expect_word('fi');
	} elsif (is_word($tok, 'while') || is_word($tok, 'until')) {
		$self->{i}++;
		$self->list({ do => 1 });
		$self->loop_body($tok->{s});
	} elsif (is_word($tok, 'for')) {
		$self->{i}++;
		$self->fail("a name expected after for") unless $self->peek->{t} eq 'word';
		$self->{i}++;
		$self->skip_nl;
		if (is_word($self->peek, 'in')) {
			$self->{i}++;
			$self->{i}++ while $self->peek->{t} eq 'word';
		}
		$self->{i}++ if is_op($self->peek, ';');
		$self->loop_body('for');
	} elsif (is_word($tok, 'case')) {
		$self->{i}++;
		$self->{i}++;	# the word
		$self->expect_word('in');
		while (1) {
			$self->skip_nl;
			last if is_word($self->peek, 'esac');
			$self->{i}++ if is_op($self->peek, '(');
			while (1) {
				$self->fail("a case pattern expected") unless $self->peek->{t} eq 'word';
				$self->{i}++;
				last unless is_op($self->peek, '|');
				$self->{i}++;
			}
			$self->fail("\")\" expected after a case pattern") unless is_op($self->peek, ')');
			$self->{i}++;
			$self->list({ ';;' => 1, esac => 1 });
			last unless is_op($self->peek, ';;');
			$self->{i}++;
		}
		$self->expect_word('esac');
	} elsif ($tok->{t} eq 'word' && is_op($self->{t}[$self->{i} + 1], '(')) {
		# name () compound-command: its body is linted
		$self->{i}++;
		$self->{i}++;
		$self->fail("\")\" expected in a function definition") unless is_op($self->peek, ')');
		$self->{i}++;
		$self->skip_nl;
		my $check = $self->{check};
		$self->{check} = 1;
		$self->command;
		$self->{check} = $check;
		return { funcdef => 1 };
	} else {
		my @words;
		while (1) {
			my $w = $self->peek;
			if ($w->{t} eq 'word') {
				push @words, $w->{s};
			} elsif ($w->{t} ne 'redir') {
				last;
			}
			$self->{i}++;
		}
		$self->fail("unexpected \"$tok->{s}\"") unless @words || $self->{t}[$self->{i} - 1]{t} eq 'redir';
		$info{leaves} = @words && $words[0] =~ /^(return|exit|continue|break)$/;
		$info{keeps_status} = @words == 1 && $words[0] =~ /^\w+=\$\{?\?\}?$/;
		$info{fails} = @words && ($words[0] eq 'false' ||
			($words[0] =~ /^(return|exit)$/ && @words > 1 && $words[1] ne '0'));
		return \%info;
	}
	$self->redirs;
	return \%info;
}

package main;

my $functions = 0;
if (@ARGV && $ARGV[0] eq '--functions') {
	$functions = 1;
	shift @ARGV;
}
my $text = do { local $/; <> };
$text = '' unless defined $text;
@src = split /\n/, $text, -1;

my $parsed = eval {
	my $toks = Lexer->new($text, 1)->tokens;
	my $p = Parser->new($toks, !$functions);
	$p->list({});
	$p->fail("unexpected \"" . $p->peek->{s} . "\"") unless $p->peek->{t} eq 'eof';
	1;
};
if (!$parsed) {
	my $err = $@;
	chomp $err;
	print "$err: cannot parse this as shell commands\n";
	exit 2;
}
for my $p (sort { $a->[0] <=> $b->[0] } @problems) {
	print "$p->[0]: $p->[1]\n";
}
exit(@problems ? 1 : 0);
