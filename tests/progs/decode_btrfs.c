/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_btrfs: the BTRFS_IOC_* ioctls (src/syscall/ioctl_btrfs.c) with
 * filled structs, NULL, pointers into an unmapped page and error
 * returns.  No btrfs file system is needed: the calls go to fd -1 or to
 * /dev/null, fail (EBADF, ENOTTY) and strace still shows what the
 * program passed.  tests/cases/decode-btrfs*.sh trace it with strace and
 * with sltrace and compare the lines between the two marker writes.
 * Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>

#define PG 4096

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

/* Two pages, the second unmapped: its first byte is unreadable. */
static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

/* A struct of size bytes ending where the readable memory ends. */
static void *at_end(char *end, size_t size)
{
	return end - size;
}

static const unsigned char uuid[16] = {
	0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
	0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10,
};

/* Commands that take no argument or only one the kernel writes. */
static void simple(int fd, char *end)
{
	static const unsigned long out[] = {
		BTRFS_IOC_BALANCE_PROGRESS, BTRFS_IOC_FS_INFO,
		BTRFS_IOC_GET_FEATURES, FS_IOC_GETFSLABEL,
		BTRFS_IOC_GET_SUPPORTED_FEATURES, BTRFS_IOC_QGROUP_LIMIT,
		BTRFS_IOC_QUOTA_RESCAN_STATUS, BTRFS_IOC_START_SYNC,
		BTRFS_IOC_SUBVOL_GETFLAGS, BTRFS_IOC_DEVICES_READY,
	};
	uint64_t u64 = 0xdeadbeefbadc0dedULL;

	for (size_t i = 0; i < sizeof(out) / sizeof(out[0]); i++) {
		ioctl(-1, out[i], NULL);
		ioctl(fd, out[i], end);
	}
	ioctl(-1, BTRFS_IOC_TRANS_START, NULL);
	ioctl(-1, BTRFS_IOC_TRANS_END, 1);
	ioctl(-1, BTRFS_IOC_SYNC, NULL);
	ioctl(-1, BTRFS_IOC_SCRUB_CANCEL, NULL);
	ioctl(-1, BTRFS_IOC_QUOTA_RESCAN_WAIT, NULL);
	ioctl(-1, BTRFS_IOC_BALANCE, end - 8);
	ioctl(-1, BTRFS_IOC_DEFRAG, NULL);
	ioctl(-1, BTRFS_IOC_WAIT_SYNC, NULL);
	ioctl(-1, BTRFS_IOC_WAIT_SYNC, &u64);
	ioctl(-1, BTRFS_IOC_WAIT_SYNC, end - 4);
	ioctl(-1, BTRFS_IOC_DEFAULT_SUBVOL, &u64);
	ioctl(-1, BTRFS_IOC_DEFAULT_SUBVOL, end);
	ioctl(-1, BTRFS_IOC_CLONE, 4);
	ioctl(-1, BTRFS_IOC_BALANCE_CTL, 1);
	ioctl(-1, BTRFS_IOC_BALANCE_CTL, 2);
	ioctl(-1, BTRFS_IOC_BALANCE_CTL, 3);
	u64 = BTRFS_SUBVOL_RDONLY;
	ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, &u64);
	u64 = 0x40;
	ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, &u64);
	u64 = 0;
	ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, &u64);
	ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, NULL);
	ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, end);
}

static void vol_args(int fd, char *end)
{
	static const unsigned long cmds[] = {
		BTRFS_IOC_SNAP_CREATE, BTRFS_IOC_SUBVOL_CREATE,
		BTRFS_IOC_SNAP_DESTROY, BTRFS_IOC_RESIZE, BTRFS_IOC_SCAN_DEV,
		BTRFS_IOC_FORGET_DEV, BTRFS_IOC_ADD_DEV, BTRFS_IOC_RM_DEV,
	};
	struct btrfs_ioctl_vol_args *a = malloc(sizeof(*a));

	memset(a, 0, sizeof(*a));
	a->fd = 2;
	strcpy(a->name, "/dev/sda1");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		ioctl(-1, cmds[i], NULL);
		ioctl(fd, cmds[i], a);
		ioctl(-1, cmds[i], end - 8);
	}
	/* A name without its NUL. */
	memset(a->name, 'x', sizeof(a->name));
	a->fd = -5;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE, a);
	a->name[40] = '\0';
	a->name[3] = '\n';
	ioctl(-1, BTRFS_IOC_SNAP_CREATE, a);
	free(a);
}

static void vol_args_v2(char *end)
{
	struct btrfs_ioctl_vol_args_v2 *a = malloc(sizeof(*a));
	struct btrfs_qgroup_inherit *inh;
	size_t isz = sizeof(*inh) + 40 * sizeof(inh->qgroups[0]);

	memset(a, 0, sizeof(*a));
	a->fd = 2;
	a->flags = BTRFS_SUBVOL_RDONLY;
	strcpy(a->name, "subvol-name");
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, NULL);
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, a);
	ioctl(-1, BTRFS_IOC_SUBVOL_CREATE_V2, end - 8);
	a->flags = 0xff;
	ioctl(-1, BTRFS_IOC_SUBVOL_CREATE_V2, a);
	a->flags = 0xff00;
	ioctl(-1, BTRFS_IOC_SUBVOL_CREATE_V2, a);
	a->flags = BTRFS_SUBVOL_QGROUP_INHERIT;
	a->size = 0;
	a->qgroup_inherit = (void *)end;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, a);
	inh = malloc(isz);
	memset(inh, 0, isz);
	inh->flags = BTRFS_QGROUP_INHERIT_SET_LIMITS;
	inh->num_qgroups = 3;
	inh->num_ref_copies = 1;
	inh->num_excl_copies = 2;
	inh->lim.flags = BTRFS_QGROUP_LIMIT_MAX_RFER;
	inh->lim.max_rfer = -1ULL;
	inh->lim.max_excl = 5;
	for (int i = 0; i < 40; i++)
		inh->qgroups[i] = 100 + i;
	a->qgroup_inherit = inh;
	a->size = isz;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, a);
	/* A size too small for the struct. */
	a->size = 16;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, a);
	/* More qgroups than -s shows, and the count past the size. */
	a->size = isz;
	inh->num_qgroups = 40;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, a);
	inh->num_qgroups = 50;
	ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, a);
	a->flags = BTRFS_SUBVOL_QGROUP_INHERIT | BTRFS_SUBVOL_RDONLY;
	inh->num_qgroups = 0;
	ioctl(-1, BTRFS_IOC_SUBVOL_CREATE_V2, a);
	a->qgroup_inherit = NULL;
	ioctl(-1, BTRFS_IOC_SUBVOL_CREATE_V2, a);
	a->flags = BTRFS_DEVICE_SPEC_BY_ID;
	a->devid = 7;
	ioctl(-1, BTRFS_IOC_RM_DEV_V2, a);
	a->flags = BTRFS_SUBVOL_SPEC_BY_ID;
	ioctl(-1, BTRFS_IOC_SNAP_DESTROY_V2, a);
	free(inh);
	free(a);
}

static void print_balance_args(struct btrfs_balance_args *b, uint64_t p,
			       uint64_t f)
{
	b->profiles = p;
	b->usage = 33;
	b->devid = 0x801;
	b->pstart = 1;
	b->pend = -1ULL;
	b->vstart = 2;
	b->vend = 3;
	b->target = 4;
	b->flags = f;
}

static void balance(char *end)
{
	struct btrfs_ioctl_balance_args *a = malloc(sizeof(*a));

	memset(a, 0, sizeof(*a));
	a->flags = BTRFS_BALANCE_DATA | BTRFS_BALANCE_METADATA |
		   BTRFS_BALANCE_SYSTEM | BTRFS_BALANCE_FORCE;
	a->state = 7;
	print_balance_args(&a->data, BTRFS_BLOCK_GROUP_DATA, 1);
	print_balance_args(&a->meta, 1ULL << 40, 0);
	print_balance_args(&a->sys, BTRFS_SPACE_INFO_GLOBAL_RSV | 0x7ff,
			   0xfff);
	ioctl(-1, BTRFS_IOC_BALANCE_V2, NULL);
	ioctl(-1, BTRFS_IOC_BALANCE_V2, a);
	ioctl(-1, BTRFS_IOC_BALANCE_V2, at_end(end, sizeof(*a) - 8));
	a->flags = BTRFS_BALANCE_METADATA;
	ioctl(-1, BTRFS_IOC_BALANCE_V2, a);
	a->flags = 0x100;
	ioctl(-1, BTRFS_IOC_BALANCE_V2, a);
	free(a);
}

static void clone_defrag(char *end)
{
	struct btrfs_ioctl_clone_range_args c = {
		.src_fd = 4, .src_offset = 4096, .src_length = -1ULL,
		.dest_offset = 131072,
	};
	struct btrfs_ioctl_defrag_range_args d = {
		.start = -1ULL, .len = -1ULL, .flags = 3,
		.extent_thresh = -1U, .compress_type = 3,
	};

	ioctl(-1, BTRFS_IOC_CLONE_RANGE, &c);
	ioctl(-1, BTRFS_IOC_CLONE_RANGE, end - 8);
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, NULL);
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, &d);
	d.flags = 0x10;
	d.compress_type = 9;
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, &d);
	d.flags = 0;
	d.compress_type = 0;
	d.start = 5;
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, &d);
	ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, end - 8);
}

static void search(char *end)
{
	struct btrfs_ioctl_search_args *s = malloc(sizeof(*s));
	struct btrfs_ioctl_search_args_v2 *s2 = malloc(sizeof(*s2));
	struct btrfs_ioctl_search_key k = {
		.tree_id = BTRFS_ROOT_TREE_OBJECTID,
		.min_objectid = BTRFS_FIRST_FREE_OBJECTID,
		.max_objectid = BTRFS_LAST_FREE_OBJECTID,
		.min_offset = 0, .max_offset = -1ULL,
		.min_transid = 9, .max_transid = -1ULL,
		.min_type = BTRFS_INODE_ITEM_KEY, .max_type = 0xff,
		.nr_items = 4096,
	};

	memset(s, 0, sizeof(*s));
	memset(s2, 0, sizeof(*s2));
	s->key = k;
	ioctl(-1, BTRFS_IOC_TREE_SEARCH, s);
	s2->key = k;
	s2->buf_size = -1ULL;
	ioctl(-1, BTRFS_IOC_TREE_SEARCH_V2, s2);
	k.tree_id = 12345;
	k.min_objectid = BTRFS_MULTIPLE_OBJECTIDS;
	k.max_objectid = BTRFS_FREE_INO_OBJECTID;
	k.min_type = BTRFS_ROOT_ITEM_KEY;
	k.max_type = 7;
	s->key = k;
	ioctl(-1, BTRFS_IOC_TREE_SEARCH, s);
	k.tree_id = BTRFS_DEV_STATS_OBJECTID;
	k.min_objectid = BTRFS_DATA_RELOC_TREE_OBJECTID;
	k.max_objectid = BTRFS_TREE_LOG_FIXUP_OBJECTID;
	k.min_type = BTRFS_DEV_STATS_KEY;
	k.max_type = -1U;
	s2->key = k;
	ioctl(-1, BTRFS_IOC_TREE_SEARCH_V2, s2);
	ioctl(-1, BTRFS_IOC_TREE_SEARCH, end - 16);
	ioctl(-1, BTRFS_IOC_TREE_SEARCH_V2, end - 16);
	free(s);
	free(s2);
}

static void lookup_space_scrub(char *end)
{
	struct btrfs_ioctl_ino_lookup_args *l = malloc(sizeof(*l));
	struct btrfs_ioctl_space_args sp = { .space_slots = 7 };
	struct btrfs_ioctl_scrub_args *sc = malloc(sizeof(*sc));
	struct btrfs_ioctl_dev_info_args *di = malloc(sizeof(*di));

	memset(l, 0, sizeof(*l));
	l->treeid = BTRFS_FS_TREE_OBJECTID;
	l->objectid = BTRFS_FIRST_FREE_OBJECTID;
	ioctl(-1, BTRFS_IOC_INO_LOOKUP, NULL);
	ioctl(-1, BTRFS_IOC_INO_LOOKUP, l);
	l->treeid = 0;
	l->objectid = 1000;
	ioctl(-1, BTRFS_IOC_INO_LOOKUP, l);
	ioctl(-1, BTRFS_IOC_INO_LOOKUP, end - 8);
	ioctl(-1, BTRFS_IOC_SPACE_INFO, &sp);
	ioctl(-1, BTRFS_IOC_SPACE_INFO, end - 8);

	memset(sc, 0, sizeof(*sc));
	sc->devid = 0x12345678;
	sc->start = 4;
	sc->end = -1ULL;
	sc->flags = BTRFS_SCRUB_READONLY;
	ioctl(-1, BTRFS_IOC_SCRUB, sc);
	sc->flags = 0x10;
	ioctl(-1, BTRFS_IOC_SCRUB, sc);
	ioctl(-1, BTRFS_IOC_SCRUB, end - 8);
	ioctl(-1, BTRFS_IOC_SCRUB_PROGRESS, sc);
	ioctl(-1, BTRFS_IOC_SCRUB_PROGRESS, end - 4);

	memset(di, 0, sizeof(*di));
	di->devid = 1;
	memcpy(di->uuid, uuid, sizeof(uuid));
	ioctl(-1, BTRFS_IOC_DEV_INFO, di);
	memset(di->uuid, 0, sizeof(di->uuid));
	di->devid = 0;
	ioctl(-1, BTRFS_IOC_DEV_INFO, di);
	ioctl(-1, BTRFS_IOC_DEV_INFO, end - 8);
	free(l);
	free(sc);
	free(di);
}

static void ino_paths(char *end)
{
	struct btrfs_ioctl_ino_path_args p = {
		.inum = 256, .size = 16384,
		.reserved = { 1, 2, 3, 4 },
		.fspath = 0,
	};
	struct btrfs_ioctl_logical_ino_args l = {
		.logical = 1ULL << 40, .size = 65536,
		.reserved = { 0, 0, 0 }, .flags = 0,
		.inodes = (uintptr_t)end,
	};

	ioctl(-1, BTRFS_IOC_INO_PATHS, NULL);
	ioctl(-1, BTRFS_IOC_INO_PATHS, &p);
	p.fspath = (uintptr_t)end;
	ioctl(-1, BTRFS_IOC_INO_PATHS, &p);
	ioctl(-1, BTRFS_IOC_INO_PATHS, end - 8);
	ioctl(-1, BTRFS_IOC_LOGICAL_INO, &l);
	l.reserved[1] = 5;
	l.flags = 3;
	ioctl(-1, BTRFS_IOC_LOGICAL_INO, &l);
	l.reserved[1] = 0;
	l.flags = BTRFS_LOGICAL_INO_ARGS_IGNORE_OFFSET;
	ioctl(-1, BTRFS_IOC_LOGICAL_INO_V2, &l);
	l.flags = 2;
	ioctl(-1, BTRFS_IOC_LOGICAL_INO_V2, &l);
	ioctl(-1, BTRFS_IOC_LOGICAL_INO, end - 8);
}

static void received_send(char *end)
{
	struct btrfs_ioctl_received_subvol_args r;
	struct btrfs_ioctl_send_args s;
	__u64 srcs[40];

	memset(&r, 0, sizeof(r));
	memcpy(r.uuid, uuid, sizeof(uuid));
	r.stransid = 0x12345;
	r.stime.sec = 1463193386;
	r.stime.nsec = 12345;
	r.rtransid = 9;
	r.flags = 3;
	ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, NULL);
	ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, &r);
	r.stime.sec = 0;
	r.stime.nsec = 0;
	ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, &r);
	ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, end - 16);

	for (int i = 0; i < 40; i++)
		srcs[i] = i < 2 ? BTRFS_FIRST_FREE_OBJECTID - 1 + (__u64)i :
				   1000 + (__u64)i;
	memset(&s, 0, sizeof(s));
	s.send_fd = 4;
	s.parent_root = BTRFS_FIRST_FREE_OBJECTID;
	s.flags = BTRFS_SEND_FLAG_NO_FILE_DATA;
	ioctl(-1, BTRFS_IOC_SEND, NULL);
	ioctl(-1, BTRFS_IOC_SEND, &s);
	s.clone_sources_count = 3;
	s.clone_sources = srcs;
	s.flags = 0x30;
	s.version = 2;
	ioctl(-1, BTRFS_IOC_SEND, &s);
	s.clone_sources_count = 40;
	ioctl(-1, BTRFS_IOC_SEND, &s);
	s.clone_sources = (__u64 *)(end - 8);
	s.clone_sources_count = 2;
	ioctl(-1, BTRFS_IOC_SEND, &s);
	ioctl(-1, BTRFS_IOC_SEND, end - 8);
}

static void quota(int fd, char *end)
{
	struct btrfs_ioctl_quota_ctl_args c = { .cmd = 1, .status = 5 };
	struct btrfs_ioctl_qgroup_assign_args a = {
		.assign = 1, .src = 257, .dst = -1ULL,
	};
	struct btrfs_ioctl_qgroup_create_args cr = {
		.create = 0, .qgroupid = (1ULL << 48) | 5,
	};
	struct btrfs_ioctl_quota_rescan_args r = { .flags = 5, .progress = 1 };
	char label[BTRFS_LABEL_SIZE];

	ioctl(-1, BTRFS_IOC_QUOTA_CTL, NULL);
	ioctl(-1, BTRFS_IOC_QUOTA_CTL, &c);
	c.cmd = 3;
	ioctl(-1, BTRFS_IOC_QUOTA_CTL, &c);
	c.cmd = 99;
	ioctl(fd, BTRFS_IOC_QUOTA_CTL, &c);
	ioctl(-1, BTRFS_IOC_QUOTA_CTL, end - 8);
	ioctl(-1, BTRFS_IOC_QGROUP_ASSIGN, &a);
	ioctl(-1, BTRFS_IOC_QGROUP_ASSIGN, end - 8);
	ioctl(-1, BTRFS_IOC_QGROUP_CREATE, &cr);
	ioctl(-1, BTRFS_IOC_QGROUP_CREATE, end - 8);
	ioctl(-1, BTRFS_IOC_QUOTA_RESCAN, &r);
	ioctl(-1, BTRFS_IOC_QUOTA_RESCAN, end - 8);

	memset(label, 0, sizeof(label));
	strcpy(label, "btrfs-label");
	ioctl(-1, FS_IOC_SETFSLABEL, NULL);
	ioctl(fd, FS_IOC_SETFSLABEL, label);
	memset(label, 'l', sizeof(label));
	ioctl(-1, FS_IOC_SETFSLABEL, label);
	ioctl(-1, FS_IOC_SETFSLABEL, end - 8);
}

static void stats_replace(char *end)
{
	struct btrfs_ioctl_get_dev_stats st = {
		.devid = 0x10, .nr_items = 5, .flags = 1,
	};
	struct btrfs_ioctl_dev_replace_args *r = malloc(sizeof(*r));

	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, NULL);
	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, &st);
	st.flags = 6;
	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, &st);
	ioctl(-1, BTRFS_IOC_GET_DEV_STATS, end - 8);

	memset(r, 0, sizeof(*r));
	r->cmd = BTRFS_IOCTL_DEV_REPLACE_CMD_START;
	r->start.srcdevid = 0x803;
	r->start.cont_reading_from_srcdev_mode = 1;
	strcpy((char *)r->start.srcdev_name, "/dev/sda1");
	memset(r->start.tgtdev_name, 't', sizeof(r->start.tgtdev_name));
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, NULL);
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, r);
	r->start.cont_reading_from_srcdev_mode = 7;
	strcpy((char *)r->start.tgtdev_name, "/dev/sdb1");
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, r);
	r->cmd = BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS;
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, r);
	r->cmd = BTRFS_IOCTL_DEV_REPLACE_CMD_CANCEL;
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, r);
	r->cmd = 5;
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, r);
	ioctl(-1, BTRFS_IOC_DEV_REPLACE, end - 8);
	free(r);
}

static void dedupe_features(int fd, char *end)
{
	size_t n = 40;
	struct file_dedupe_range *d =
		malloc(sizeof(*d) + n * sizeof(d->info[0]));
	struct btrfs_ioctl_feature_flags f[3] = {
		{ 0, 0, 0 },
		{ 1, BTRFS_FEATURE_COMPAT_RO_VERITY | 0x100,
		  BTRFS_FEATURE_INCOMPAT_ZONED | (1ULL << 20) },
		{ 0, 0, 0 },
	};

	memset(d, 0, sizeof(*d) + n * sizeof(d->info[0]));
	d->src_offset = 1024;
	d->src_length = 10240;
	for (size_t i = 0; i < n; i++) {
		d->info[i].dest_fd = 2;
		d->info[i].dest_offset = 4096 * i;
		d->info[i].bytes_deduped = 7;
		d->info[i].status = 1;
	}
	ioctl(-1, FIDEDUPERANGE, NULL);
	ioctl(-1, FIDEDUPERANGE, d);
	d->dest_count = 1;
	ioctl(fd, FIDEDUPERANGE, d);
	d->dest_count = 3;
	ioctl(-1, FIDEDUPERANGE, d);
	d->dest_count = 40;
	ioctl(-1, FIDEDUPERANGE, d);
	memmove(at_end(end, sizeof(*d) + 2 * sizeof(d->info[0])), d,
		sizeof(*d) + 2 * sizeof(d->info[0]));
	((struct file_dedupe_range *)at_end(end, sizeof(*d) +
		2 * sizeof(d->info[0])))->dest_count = 3;
	ioctl(-1, FIDEDUPERANGE, at_end(end, sizeof(*d) +
					2 * sizeof(d->info[0])));
	ioctl(-1, FIDEDUPERANGE, end - 8);

	ioctl(-1, BTRFS_IOC_SET_FEATURES, NULL);
	ioctl(-1, BTRFS_IOC_SET_FEATURES, f);
	ioctl(-1, BTRFS_IOC_SET_FEATURES, &f[1]);
	ioctl(-1, BTRFS_IOC_SET_FEATURES, at_end(end, sizeof(f[0])));
	free(d);
}

/* Whether section name is to run: the arguments name those that are, all without. */
static int wanted(int argc, char **argv, const char *name)
{
	if (argc < 2)
		return 1;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	int fd = open("/dev/null", O_RDONLY);
	char *end = tail_page();

	marker("decode-begin");
	if (wanted(argc, argv, "simple"))
		simple(fd, end);
	if (wanted(argc, argv, "vol")) {
		vol_args(fd, end);
		vol_args_v2(end);
	}
	if (wanted(argc, argv, "balance")) {
		balance(end);
		clone_defrag(end);
	}
	if (wanted(argc, argv, "search")) {
		search(end);
		lookup_space_scrub(end);
		ino_paths(end);
	}
	if (wanted(argc, argv, "send"))
		received_send(end);
	if (wanted(argc, argv, "quota"))
		quota(fd, end);
	if (wanted(argc, argv, "misc")) {
		stats_replace(end);
		dedupe_features(fd, end);
	}
	marker("decode-end");
	return 0;
}
