/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_mount: performs each syscall of the new mount API (fsopen,
 * fsconfig, fsmount, fspick, move_mount, open_tree, mount_setattr) and
 * of Landlock with every command and flag, unknown values, NULL and
 * pointers into an unmapped page.  tests/cases/decode-mount*.sh trace it with strace and
 * with sltrace and compare the lines.  Built 64-bit and -m32.
 *
 * Nothing here mounts anything: the calls that could (move_mount,
 * fsconfig FSCONFIG_CMD_CREATE) get descriptors that are no mount or
 * filesystem context (/dev/full, -1), so that root gets errors too;
 * landlock_restrict_self is given no ruleset.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

/* Two pages, the second unmapped: its first byte is unreadable. */
static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

/* The string s placed so that its NUL is the last readable byte. */
static char *at_end(char *end, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(end - n, s, n);
}

struct mount_attr_v0 {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

static void mount_setattr_calls(char *end, int fd)
{
	struct mount_attr_v0 *a = (void *)(end - 48);
	struct mount_attr_v0 *a0 = (void *)(end - 32);
	char *tail = end - 16;

	a0->attr_set = 0x100002;	/* MOUNT_ATTR_IDMAP|MOUNT_ATTR_NOSUID */
	a0->attr_clr = 0x4;
	a0->propagation = 0x40000;	/* MS_PRIVATE */
	a0->userns_fd = (uint64_t)fd;
	syscall(SYS_mount_setattr, -1, "/dev/full", 0, a0, 32);
	syscall(SYS_mount_setattr, fd, "", 0x1000, a0, 32);
	syscall(SYS_mount_setattr, -100, "nowhere", 0x9900, a0, 32);
	syscall(SYS_mount_setattr, -1, "", 0x2, a0, 32);
	syscall(SYS_mount_setattr, -1, "", -1, a0, 32);
	/* Sizes below the first version, NULL, unreadable. */
	syscall(SYS_mount_setattr, -1, "", 0, a0, 31);
	syscall(SYS_mount_setattr, -1, "", 0, NULL, 32);
	syscall(SYS_mount_setattr, -1, "", 0, end, 32);
	syscall(SYS_mount_setattr, -1, NULL, 0, end - 8, 32);
	syscall(SYS_mount_setattr, -1, end, 0, a0, 0);
	/* No IDMAP: userns_fd is a number; unknown bits and propagation. */
	a0->attr_set = 0xffffffff00000001ULL;
	a0->attr_clr = 0xffffffffffffffffULL;
	a0->propagation = 0;
	a0->userns_fd = 0xdefaced00000003ULL;
	syscall(SYS_mount_setattr, -1, "", 0, a0, 32);
	a0->attr_set = 0x100000;
	a0->propagation = 0x20001;
	syscall(SYS_mount_setattr, -1, "", 0, a0, 32);
	a0->propagation = 0x100000;	/* MS_SHARED */
	a0->userns_fd = 0x7fffffff;
	syscall(SYS_mount_setattr, -1, "", 0, a0, 32);
	a0->propagation = 0x80000;	/* MS_SLAVE */
	a0->userns_fd = 0x80000000;
	syscall(SYS_mount_setattr, -1, "", 0, a0, 32);
	/* A bigger struct: its tail zero, not zero, unreadable. */
	memset(a, 0, 48);
	a->propagation = 0x20000;	/* MS_UNBINDABLE */
	syscall(SYS_mount_setattr, -1, "", 0, a, 48);
	memcpy(tail, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
	syscall(SYS_mount_setattr, -1, "", 0, a, 48);
	syscall(SYS_mount_setattr, -1, "", 0, a, 40);
	syscall(SYS_mount_setattr, -1, "", 0, a, 49);
	syscall(SYS_mount_setattr, -1, "", 0, a, 4096);
}

static void fsconfig_calls(char *end, int fd)
{
	char *key = at_end(end, "source");
	char *val = at_end(end - 64, "value");
	char *blob = end - 700;
	char *longkey = end - 1100;
	unsigned int cmd;

	for (int i = 0; i < 300; i++)
		blob[i] = (char)i;
	memset(longkey, 'k', 256);
	longkey[256] = '\0';
	for (cmd = 0; cmd <= 8; cmd++) {
		syscall(SYS_fsconfig, fd, cmd, key, val, 0);
		syscall(SYS_fsconfig, -1, cmd, NULL, NULL, -100);
		syscall(SYS_fsconfig, -100, cmd, end, end, fd);
		syscall(SYS_fsconfig, fd, cmd, longkey, longkey, -1);
		syscall(SYS_fsconfig, fd, cmd, longkey + 1, longkey + 1, 3);
		syscall(SYS_fsconfig, fd, cmd, key, "/dev/full", -100);
	}
	syscall(SYS_fsconfig, -1, 0xffffffff, key, val, 0);
	/* SET_BINARY: the value is aux bytes, up to 1 MiB. */
	syscall(SYS_fsconfig, fd, 2, key, blob, 300);
	syscall(SYS_fsconfig, fd, 2, key, blob, 4);
	syscall(SYS_fsconfig, fd, 2, key, blob, 301);
	syscall(SYS_fsconfig, fd, 2, key, blob, 0);
	syscall(SYS_fsconfig, fd, 2, key, NULL, 0);
	syscall(SYS_fsconfig, fd, 2, key, blob, 1024 * 1024);
	syscall(SYS_fsconfig, fd, 2, key, blob, 1024 * 1024 + 1);
	syscall(SYS_fsconfig, fd, 2, key, blob, -1);
	syscall(SYS_fsconfig, fd, 2, key, end - 3, 3);
	syscall(SYS_fsconfig, fd, 2, key, end - 3, 5);
	/* A key whose NUL is the last readable byte; one without a NUL. */
	syscall(SYS_fsconfig, fd, 1, key, key, 0);
	syscall(SYS_fsconfig, fd, 1, end - 2, end - 1, 0);
	/* SET_FD and the paths: aux a descriptor, a dirfd. */
	syscall(SYS_fsconfig, -1, 5, key, NULL, fd);
	syscall(SYS_fsconfig, -1, 3, key, "/dev/full", fd);
	syscall(SYS_fsconfig, -1, 4, key, "", fd);
	syscall(SYS_fsconfig, -1, 3, key, "dev", -100);
}

static void landlock_calls(char *end, int fd)
{
	uint64_t *attr = (uint64_t *)(end - 16);
	/* struct landlock_path_beneath_attr: packed, 12 bytes. */
	char *pb = end - 12;
	uint64_t access = 0x1;
	int32_t parent = fd;
	int rs;

	attr[0] = 0x1;
	attr[1] = 0;
	rs = (int)syscall(SYS_landlock_create_ruleset, attr, 8, 0);
	syscall(SYS_landlock_create_ruleset, attr, 16, 0);
	syscall(SYS_landlock_create_ruleset, attr + 1, 16, 0);
	syscall(SYS_landlock_create_ruleset, attr, 7, 0);
	syscall(SYS_landlock_create_ruleset, NULL, 0, 1);
	syscall(SYS_landlock_create_ruleset, NULL, 0, 3);
	syscall(SYS_landlock_create_ruleset, end, 8, 2);
	syscall(SYS_landlock_create_ruleset, end - 4, 8, 0);
	attr[1] = 0x3fff;
	syscall(SYS_landlock_create_ruleset, attr + 1, 8, -1);
	attr[1] = 0xffffffffffffc000ULL;
	syscall(SYS_landlock_create_ruleset, attr + 1, 8, 0);

	memcpy(pb, &access, 8);
	memcpy(pb + 8, &parent, 4);
	syscall(SYS_landlock_add_rule, rs, 1, pb, 0);
	syscall(SYS_landlock_add_rule, fd, 1, pb, 1);
	syscall(SYS_landlock_add_rule, -1, 0, pb, -1);
	syscall(SYS_landlock_add_rule, -1, 2, pb, 0);
	syscall(SYS_landlock_add_rule, -1, 1, NULL, 0);
	syscall(SYS_landlock_add_rule, -1, 1, end - 8, 0);
	access = 0xffffffffffffffffULL;
	parent = -100;
	memcpy(pb, &access, 8);
	memcpy(pb + 8, &parent, 4);
	syscall(SYS_landlock_add_rule, -1, 1, pb, 0);
	syscall(SYS_landlock_restrict_self, -1, 0);
	syscall(SYS_landlock_restrict_self, fd, 1);
	syscall(SYS_landlock_restrict_self, 12345, -1);
	if (rs >= 0)
		close(rs);
}

int main(void)
{
	char *end = tail_page();
	char *name = at_end(end, "tmpfs");
	int fd = open("/dev/full", O_WRONLY);
	int ctx;

	/* fsopen: the filesystem type is a string cut at -s. */
	syscall(SYS_fsopen, "no-such-filesystem-type", 0);
	syscall(SYS_fsopen, name, 2);
	syscall(SYS_fsopen, "/dev/full", -1);
	syscall(SYS_fsopen, NULL, 1);
	syscall(SYS_fsopen, end, 0xfffffffe);
	syscall(SYS_fsopen, end - 1, 0);
	/* As root, a filesystem context: a descriptor (-y shows what). */
	ctx = (int)syscall(SYS_fsopen, name, 1);
	if (ctx >= 0) {
		syscall(SYS_fsconfig, ctx, 1, "size", "1m", 0);
		close(ctx);
	}

	fsconfig_calls(tail_page(), fd);

	for (unsigned int i = 0; i < 5; i++) {
		static const unsigned int flags[] = { 0, 1, 2, 0xfffffffe, -1 };
		static const unsigned int attrs[] = {
			0, 1, 0x10, 0xbf, 0x40, 0x300000, 0xffffff40, -1
		};

		for (unsigned int j = 0; j < 8; j++)
			syscall(SYS_fsmount, i & 1 ? -1 : fd, flags[i],
				attrs[j]);
	}

	/* fspick, open_tree: dirfd, path, flags. */
	syscall(SYS_fspick, -1, NULL, 1);
	syscall(SYS_fspick, -100, "nowhere", 0);
	syscall(SYS_fspick, fd, "", 8);
	syscall(SYS_fspick, -1, "/dev/full", 0xf);
	syscall(SYS_fspick, -1, end, 0x10);
	syscall(SYS_fspick, -1, name, -1);
	syscall(SYS_open_tree, -1, NULL, 1);
	syscall(SYS_open_tree, -100, "nowhere", 0);
	syscall(SYS_open_tree, fd, "", 0x1000);
	syscall(SYS_open_tree, -1, "/dev/full", 0x80001);
	syscall(SYS_open_tree, -1, end, 0x8000);
	syscall(SYS_open_tree, -1, name, 2);
	syscall(SYS_open_tree, -1, name, -1);

	/* move_mount: two dirfd/path pairs. */
	syscall(SYS_move_mount, -1, NULL, -100, end, 0);
	syscall(SYS_move_mount, fd, "", -100, "nowhere", 4);
	syscall(SYS_move_mount, -100, "nowhere", fd, "/dev/full", 0x70);
	syscall(SYS_move_mount, -1, "/dev/full", -1, "", 0x100);
	syscall(SYS_move_mount, -1, "", -1, "", 0x177);
	syscall(SYS_move_mount, -1, "", -1, "", 8);
	syscall(SYS_move_mount, -1, "", -1, "", -1);

	mount_setattr_calls(tail_page(), fd);
	landlock_calls(tail_page(), fd);
	return 0;
}
