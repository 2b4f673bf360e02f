#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The file and directory decoders (src/syscall/file.c, stat.c): the
# program decode_file performs each syscall of the family with valid
# arguments, errors, NULL and unmapped pointers and unknown flags; every
# line of those syscalls must be the line Debian's strace prints, without
# flags and with -v, -X raw, -X verbose, -e verbose=none, -s 5, -x, -y.
# What differs from run to run (addresses, inode numbers, times, free
# blocks, file handle bytes) is masked in both.
# decode-file32.sh runs the same with the -m32 build.
. "$SRCDIR/tests/lib.sh"
need_strace

prog=${DECODE_FILE_PROG:-decode_file}
if [ "$prog" = decode_file32 ]; then
	[ -x "$PROGS/$prog" ] || skip "no $prog (gcc -m32 cannot link)"
	"$PROGS/$prog" none > /dev/null 2>&1 ||
		skip "$prog does not run (no 32-bit support)"
else
	need_progs "$prog"
fi

# The syscalls of the family, as strace names them (64- and 32-bit).
names='open|openat|openat2|creat|stat|lstat|fstat|newfstatat|statx'
names+='|stat64|lstat64|fstat64|fstatat64|oldstat|oldlstat|oldfstat'
names+='|statfs|fstatfs|statfs64|fstatfs64|getdents|getdents64|readdir'
names+='|access|faccessat|faccessat2|readlink|readlinkat'
names+='|chmod|fchmod|fchmodat|chown|lchown|fchown|chown32|lchown32'
names+='|fchown32|fchownat|umask|rename|renameat|renameat2|link|linkat'
names+='|symlink|symlinkat|unlink|unlinkat|mkdir|mkdirat|mknod|mknodat'
names+='|rmdir|chdir|fchdir|getcwd|chroot|utimensat|utimes|futimesat'
names+='|utime|truncate|ftruncate|truncate64|ftruncate64|fallocate'
names+='|fsync|fdatasync|syncfs|sync|setxattr|lsetxattr|fsetxattr'
names+='|getxattr|lgetxattr|fgetxattr|listxattr|llistxattr|flistxattr'
names+='|removexattr|lremovexattr|fremovexattr|mount|umount|umount2'
names+='|name_to_handle_at|open_by_handle_at'

# Calendar comments are in local time: the same zone for both tracers.
export TZ=UTC

# trace TRACER OUT FLAGS...: the program's run in a fresh ./work (the
# same path each time: getcwd and -y show it).
trace() {
	local tracer=$1 out=$2
	shift 2
	rm -rf work && mkdir work || fail "cannot make ./work"
	# shellcheck disable=SC2086
	(cd work && "$tracer" "$@" -o "../$out" "$PROGS/$prog" > /dev/null)
	expect_rc 0 $? "$tracer $* $prog"
}

# select FILE: the family's lines after the program's first marker,
# with what differs between two runs masked.
select_lines() {
	sed -n '/^write(-1, /,$p' "$1" | grep -E "^($names)\(" | sed -E \
		-e 's/0x[0-9a-f]{5,}/ADDR/g' \
		-e 's/(st_ino|stx_ino|d_ino|d_off)=(0x)?[0-9a-f]+/\1=N/g' \
		-e 's/(st_[amc]time(_nsec)?)=[0-9]+/\1=T/g' \
		-e 's/(stx_[abcm]time)=\{[^}]*\}/\1=T/g' \
		-e 's#/\* [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+[+-][0-9]{4} \*/#/* T */#g' \
		-e 's/(f_bfree|f_bavail|f_ffree)=[0-9]+/\1=N/g' \
		-e 's/f_handle="[^"]*"/f_handle=H/g' \
		-e 's/#[0-9]+/#INO/g' \
		-e 's/ +=/ =/'
}

for flags in "" "-v" "-X raw" "-X verbose" "-v -X verbose" \
	"-e verbose=none" "-s 5" "-x" "-y"; do
	note "flags: '$flags'"
	# shellcheck disable=SC2086
	trace "$STRACE" strace.out $flags
	# shellcheck disable=SC2086
	trace "$SLTRACE" sltrace.out $flags
	select_lines strace.out > want
	select_lines sltrace.out > got
	[ "$(wc -l < want)" -gt 150 ] || { show strace.out; fail "too few strace lines"; }
	if ! cmp -s want got; then
		diff want got >&2
		fail "lines differ from strace's with flags '$flags'"
	fi
done
