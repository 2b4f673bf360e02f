#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Lines of the file and directory decoders that decode_file knows in
# advance (no addresses, inode numbers or times of its own files), as
# Debian's strace 6.1 prints them: open flags and modes, openat2's
# struct open_how, access modes, readlink buffers, AT_* and RENAME_*
# flags, mknod modes, utimensat times with their calendar comments,
# mount flags.  Independent of decode-file.sh, which needs strace.
. "$SRCDIR/tests/lib.sh"
need_progs decode_file

export TZ=UTC
mkdir work && cd work || fail "cannot make ./work"
"$SLTRACE" -o ../trace "$PROGS/decode_file" > /dev/null
expect_rc 0 $? "tracer"
cd .. || fail "cd"

# Without privileges umount2 fails before it looks at the path (mount
# looks up its target first).
if [ "$(id -u)" = 0 ]; then
	umount_err='-1 ENOENT (No such file or directory)'
else
	umount_err='-1 EPERM (Operation not permitted)'
fi
enoent='-1 ENOENT (No such file or directory)'

# Each line below is CALL|RETURN; the return is after the last '|'.
while IFS= read -r line; do
	[ -n "$line" ] || continue
	expect_line trace "$(tline "${line%|*}" "${line##*|}")"
done <<EOF
open("new", O_WRONLY|O_CREAT|O_TRUNC, 0644)|3
open(NULL, O_RDONLY)|-1 EFAULT (Bad address)
open(0x8, O_RDONLY)|-1 EFAULT (Bad address)
open("d", O_RDONLY|O_NOFOLLOW|O_NOATIME|O_CLOEXEC|O_DIRECTORY)|3
open("f", O_WRONLY|O_EXCL|O_DSYNC|FASYNC)|3
open("f", O_ACCMODE)|3
open("f", O_RDONLY|0x40000000)|3
open("x", O_RDONLY|O_CREAT|O_EXCL|0x80000000, 04755)|3
open("f", O_RDONLY|O_CREAT|O_EXCL, 0177777)|-1 EEXIST (File exists)
creat(0x8, 000)|-1 EFAULT (Bad address)
openat(-5, "f", O_RDONLY)|-1 EBADF (Bad file descriptor)
openat2(AT_FDCWD, "f", {flags=O_RDONLY|O_CLOEXEC, resolve=RESOLVE_NO_XDEV|RESOLVE_NO_SYMLINKS}, 24)|3
openat2(AT_FDCWD, "f", {flags=O_WRONLY|O_CREAT, mode=0644, resolve=0x100 /* RESOLVE_??? */}, 24)|-1 EINVAL (Invalid argument)
openat2(AT_FDCWD, "f", {flags=O_WRONLY|O_CREAT, mode=0644, resolve=0, /* bytes 24..31 */ "\x01\x00\x00\x00\x00\x00\x00\x00"}, 32)|-1 E2BIG (Argument list too long)
openat2(AT_FDCWD, "f", NULL, 24)|-1 EFAULT (Bad address)
openat2(AT_FDCWD, "f", {flags=O_WRONLY|O_CREAT, mode=0644, resolve=0, ???}, 32)|-1 EFAULT (Bad address)
access("f", R_OK|W_OK)|0
access("f", 0x10 /* ?_OK */)|-1 EINVAL (Invalid argument)
faccessat2(AT_FDCWD, "l", F_OK, AT_SYMLINK_NOFOLLOW|AT_EMPTY_PATH)|0
faccessat2(AT_FDCWD, "f", 0x18 /* ?_OK */, 0x1 /* AT_??? */)|-1 EINVAL (Invalid argument)
readlink("l", "f", 64)|1
readlinkat(AT_FDCWD, "l2", "a-lon", 5)|5
readlinkat(AT_FDCWD, "l", "f", 20)|1
chmod("f", 04755)|0
fchmodat(AT_FDCWD, "f", 02640)|0
umask(0777)|022
renameat2(AT_FDCWD, "c2", AT_FDCWD, "f", RENAME_NOREPLACE)|-1 EEXIST (File exists)
renameat2(AT_FDCWD, "c2", AT_FDCWD, "f", RENAME_NOREPLACE|RENAME_EXCHANGE|0x10)|-1 EINVAL (Invalid argument)
renameat2(AT_FDCWD, "c2", AT_FDCWD, "c", 0x8 /* RENAME_?? */)|-1 EINVAL (Invalid argument)
mkdir("m", 01777)|-1 EEXIST (File exists)
mknod("fifo", S_IFIFO|0644)|0
mknod("bad", 0170600)|-1 EINVAL (Invalid argument)
linkat(AT_FDCWD, "f", 3, "h", 0)|0
unlinkat(AT_FDCWD, "m", AT_REMOVEDIR)|0
unlinkat(AT_FDCWD, "f", AT_SYMLINK_NOFOLLOW)|-1 EINVAL (Invalid argument)
utimensat(AT_FDCWD, "f", [{tv_sec=1700000000, tv_nsec=123456789} /* 2023-11-14T22:13:20.123456789+0000 */, {tv_sec=1600000000, tv_nsec=0} /* 2020-09-13T12:26:40+0000 */], 0)|0
utimensat(AT_FDCWD, "l", [UTIME_NOW, UTIME_OMIT], AT_SYMLINK_NOFOLLOW)|0
utimensat(AT_FDCWD, "f", [{tv_sec=1700000000, tv_nsec=18446744073709551611}, UTIME_OMIT], 0)|-1 EINVAL (Invalid argument)
utimensat(AT_FDCWD, "f", [{tv_sec=0, tv_nsec=0}, {tv_sec=0, tv_nsec=5} /* 1970-01-01T00:00:00.000000005+0000 */], 0)|0
utimes("f", [{tv_sec=1700000000, tv_usec=5} /* 2023-11-14T22:13:20.000005+0000 */, {tv_sec=1600000000, tv_usec=999999} /* 2020-09-13T12:26:40.999999+0000 */])|0
utime("f", {actime=1700000000 /* 2023-11-14T22:13:20+0000 */, modtime=1600000000 /* 2020-09-13T12:26:40+0000 */})|0
utime("f", {actime=0, modtime=1 /* 1970-01-01T00:00:01+0000 */})|0
truncate("nofile", 100)|-1 ENOENT (No such file or directory)
fallocate(-1, FALLOC_FL_COLLAPSE_RANGE|FALLOC_FL_INSERT_RANGE|FALLOC_FL_UNSHARE_RANGE, 0, 1)|-1 EBADF (Bad file descriptor)
mount("none", "nodir", "tmpfs", MS_RDONLY|MS_NOSUID|MS_NODEV, "size=1m")|$enoent
mount("d", "nodir", NULL, MS_BIND|MS_REC, NULL)|$enoent
mount(NULL, "nodir", NULL, MS_REC|MS_PRIVATE, NULL)|$enoent
umount2("nodir", MNT_FORCE|MNT_DETACH|MNT_EXPIRE|UMOUNT_NOFOLLOW)|$umount_err
EOF
