#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# sltrace --ltrace prints what Debian's ltrace prints on the corpus of
# bench/ltrace-compare that gives the same lines from run to run: the
# C++, threaded and dlopen programs of tests/progs/ltcorpus (built here)
# and real binaries, under ltrace's common options.  What is left of the
# differences is in the man page (BUGS).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/ltrace_mode.inc"

D=$SRCDIR/tests/progs/ltcorpus
F="-O0 -fPIE -pie -Wl,-z,lazy -fcf-protection=none"
$CC $F -pthread -o threads "$D/threads.c" > cc.log 2>&1 || { show cc.log; fail "cannot build threads"; }
$CC $F -o dlopen "$D/dlopen.c" -ldl > cc.log 2>&1 || { show cc.log; fail "cannot build dlopen"; }
CXX=${CXX:-c++}
if $CXX $F -o cxx "$D/cxx.cc" > cc.log 2>&1; then have_cxx=1; else
	note "no C++ compiler: the C++ program left out"; have_cxx=; fi
printf 'root:x:0\nbob:x:1000\nzoe:x:1001\n' > data.txt

# Thread stacks and mappings move with sltrace's own page: addresses
# are normalised.
for o in "" -i -T "-n 2" -tt "-l libc.so.6" -S; do
	n=$(echo "x$o" | tr -d ' .-')
	# ltrace -S shows pthread_join's futex restarted (= -512) each
	# time it stops the threads: its own doing, not copied.
	[ "$o" != -S ] && lm_compare "threads$n" $o ./threads
	lm_compare "dlopen$n" $o ./dlopen
	# ltrace indents every call after a __cxa_throw one more level
	# under -n (its throw never returns): not copied.
	# and under -l shows libc's own calls within other calls, which
	# sltrace does not (man page).
	[ -n "$have_cxx" ] && [ "$o" != "-n 2" ] &&
		[ "$o" != "-l libc.so.6" ] && lm_compare "cxx$n" $o ./cxx kiwi
done
# Threads are followed with -f: each thread's calls.  A call another
# thread's line cuts is "<no return ...>", then resumed, as ltrace
# prints it (ltrace's own order varies from run to run).
"$SLTRACE" --ltrace -f -e strdup+strcat -o sl.threads-f ./threads > /dev/null
for i in 1 2 3; do
	expect_match sl.threads-f "^[0-9]+ threads->strdup\\(\"thread-$i\"(\\) += 0x[0-9a-f]+| <no return \\.\\.\\.>)$"
done
expect_match sl.threads-f '^[0-9]+ threads->strcat\("thread-1 thread-2 ", "thread-3"\) += "thread-1 thread-2 thread-3"$'
lm_compare dlopen-e -e dlsym+dlopen ./dlopen
# Without -f a thread's calls are not shown (as ltrace).
expect_no_match sl.threadsx strdup
# Real binaries whose traces do not vary between runs.
export LC_ALL=C TZ=UTC
lm_compare date date -u -d @86400
lm_compare cat cat data.txt
lm_compare cat-S -S cat data.txt
exit 0
