#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every one-liner of doc/scripts.md's cookbook runs as written (PROG
# replaced by a small workload: ls, and script_prog opening, reading,
# failing, forking, signalling and writing) and prints what it asks
# for: exit status 0, no fault, and its output holds what the
# workload did.
. "$SRCDIR/tests/lib.sh"
need_progs script_prog

cat > work.sh <<EOF
#!/bin/sh
ls -la / > /dev/null
exec $PROGS/script_prog open 2 /dev/null open 1 /nonexistent read 10 100 fail fork 2 signal 2
EOF
chmod +x work.sh

# The indented "sltrace ..." lines of the Cookbook section, in order.
sed -n '/^## Cookbook/,/^## /p' "$SRCDIR/doc/scripts.md" |
	sed -nE 's/^ +(sltrace .*) PROG$/\1/p' > lines
n=$(wc -l < lines)
[ "$n" = 20 ] || { show lines; fail "the cookbook has $n one-liners, not 20"; }

# want N ERE: what the Nth one-liner's output must hold.
declare -A want=(
	[1]='^@\[/nonexistent\]: 1$'
	[2]='^@\[script_prog\]: [0-9]+$'
	[3]='^@\[openat\]: [0-9]+$'
	[4]='^\[64, 128\) +[1-9][0-9]* \|'
	[5]='^@ns: *$'
	[6]='^@us\[openat\]: [0-9]+$'
	[7]='^@\[close, EBADF\]: 1$'
	[8]='^ +main\+[0-9]+$'
	[9]='^@\[[0-9]+, script_prog\]: [0-9]+$'
	[10]='^script_prog /nonexistent: ENOENT$'
	[11]='^@\[/dev/null\]: [0-9]+$'
	[12]='^@size: *$'
	[13]='^\]: [0-9]+$'
	[14]='^@\[[a-z_]+\]: count [0-9]+, average [0-9]+, total [0-9]+$'
	[15]='^[0-9]+ script_prog$'
	[16]='^@\[script_prog, 1\]: 1$'
	[17]='^@\[SIGUSR1\]: 2$'
	[18]='^@: [0-9]+$'
	[19]='^script_prog opens /nonexistent$'
	[20]='^@len: *$'
)
i=0
while IFS= read -r line; do
	i=$((i + 1))
	# The line as a user would type it, our binary and file in place.
	eval "\"\$SLTRACE\" -o out.$i ${line#sltrace } ./work.sh" > prog.$i 2> err.$i
	rc=$?
	[ "$rc" = 0 ] || { show err.$i out.$i; fail "one-liner $i: exit status $rc: $line"; }
	expect_no_match err.$i 'FAULT'
	expect_match out.$i "${want[$i]}"
done < lines
# 19: only the failing open's thread output is kept, not the others'.
expect_no_match out.19 'opens /dev/null'
exit 0
