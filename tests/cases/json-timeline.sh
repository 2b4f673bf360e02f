#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --output-format=chrome (a timeline) and folded (stacks for flame
# graphs), live and from a JSON trace through --replay: the timeline is
# a JSON array of trace events in which every thread is named, every
# library call begins and ends on its thread (nested calls nested), and
# there is a slice per syscall; folded stacks are "comm;frames;syscall
# N" lines whose counts add up to the syscalls made.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs threads writestr

. "$SRCDIR/tests/json.sh"

# 4 threads: 5 named tracks, a slice per syscall of the JSON trace
"$SLTRACE" --output-format=chrome -f -o tl.json "$PROGS/threads" 4 50 > /dev/null
expect_rc 0 $? "threads under chrome"
$check chrome tl.json > phases || { show phases; fail "not a good timeline"; }
grep -qE '(^| )M=([5-9]|[1-9][0-9])( |$)' phases || { show phases; fail "threads not named"; }
"$SLTRACE" --output-format=json -f -o t.json "$PROGS/threads" 4 50 > /dev/null
syscalls=$(grep -c '"type":"syscall"' t.json)
x=$(sed -n 's/.*X=\([0-9]*\).*/\1/p' phases)
# The runs differ by a few futex calls at most.
[ $((x - syscalls)) -le 20 ] && [ $((syscalls - x)) -le 20 ] ||
	fail "$x slices for $syscalls syscall records"
"$SLTRACE" --replay t.json --output-format=chrome -o re.json
expect_rc 0 $? "--replay to chrome"
$check chrome re.json > re.phases || { show re.phases; fail "replayed timeline"; }
expect_line <(sed -n 's/.*X=\([0-9]*\).*/\1/p' re.phases) "$syscalls"

# library calls: bar_rec(3) nests four calls, each a B and an E
lc_build pie b recurse
"$SLTRACE" --output-format=chrome -e trace=none -L bar_rec -o lc.json b/recurse 3 exp > out
expect_rc 0 $? "recurse under chrome"
$check chrome lc.json > lc.phases || { show lc.phases; fail "library-call timeline"; }
expect_match lc.phases '(^| )B=7( |$)'
expect_match lc.phases '(^| )E=7( |$)'

# folded: one line per stack, the counts adding up to the syscalls
"$SLTRACE" --output-format=folded -o f.txt "$PROGS/writestr" hello > /dev/null
expect_rc 0 $? "writestr under folded"
"$SLTRACE" -o w.txt "$PROGS/writestr" hello > /dev/null
total=$(awk '{ n += $NF } END { print n }' f.txt)
lines=$(grep -cE '^[a-z_0-9]+\(' w.txt)
[ "$total" = "$lines" ] || { show f.txt w.txt; fail "$total calls in stacks, $lines syscall lines"; }
expect_match f.txt '^writestr;.*;main;.*;write 1$'
awk 'NF != 2 || $2 !~ /^[0-9]+$/ { exit 1 }' FS=' ' f.txt ||
	{ show f.txt; fail "a line is not 'STACK COUNT'"; }

# by time, from a JSON trace with stacks
"$SLTRACE" --output-format=json -k -o k.json "$PROGS/writestr" hello > /dev/null
"$SLTRACE" --replay k.json --output-format=folded --folded-weight=time -o ft.txt
expect_rc 0 $? "--replay to folded by time"
awk '/;write / { if ($NF > 0) ok = 1 } END { exit !ok }' ft.txt ||
	{ show ft.txt; fail "no time for write"; }

# tables are not events
"$SLTRACE" --output-format=chrome -c true 2> err
expect_rc 1 $? "chrome with -c"
expect_match err 'mutually exclusive'
exit 0
