/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * btrfs ioctls (linux/btrfs.h, linux/btrfs_tree.h) as strace 6.1 shows
 * them: the structs the kernel reads, at entry.  Commands that only
 * write their argument show it as an address at exit when they fail;
 * what the kernel writes on success is not decoded (the address).
 * FICLONE and FICLONERANGE share BTRFS_IOC_CLONE's and
 * BTRFS_IOC_CLONE_RANGE's numbers; FIDEDUPERANGE is
 * BTRFS_IOC_FILE_EXTENT_SAME, decoded here with linux/fs.h's struct.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>

#include "select/qualify.h"
#include "syscall/file.h"
#include "syscall/ioctl.h"
#include "xlat/tables/btrfs_balance_args.h"
#include "xlat/tables/btrfs_balance_ctl_cmds.h"
#include "xlat/tables/btrfs_balance_flags.h"
#include "xlat/tables/btrfs_compress_types.h"
#include "xlat/tables/btrfs_cont_reading_from_srcdev_mode.h"
#include "xlat/tables/btrfs_defrag_flags.h"
#include "xlat/tables/btrfs_dev_replace_cmds.h"
#include "xlat/tables/btrfs_dev_stats_flags.h"
#include "xlat/tables/btrfs_features_compat.h"
#include "xlat/tables/btrfs_features_compat_ro.h"
#include "xlat/tables/btrfs_features_incompat.h"
#include "xlat/tables/btrfs_key_types.h"
#include "xlat/tables/btrfs_logical_ino_args_flags.h"
#include "xlat/tables/btrfs_qgroup_ctl_cmds.h"
#include "xlat/tables/btrfs_qgroup_inherit_flags.h"
#include "xlat/tables/btrfs_qgroup_limit_flags.h"
#include "xlat/tables/btrfs_scrub_flags.h"
#include "xlat/tables/btrfs_send_flags.h"
#include "xlat/tables/btrfs_snap_flags_v2.h"
#include "xlat/tables/btrfs_space_info_flags.h"
#include "xlat/tables/btrfs_tree_objectids.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * An unsigned decimal with its name, in the -X style:
 * "UINT64_MAX", "18446744073709551615 /\* UINT64_MAX *\/", the number.
 */
static void print_udec_named(struct tcb *tcp, uint64_t v, const char *name)
{
	char buf[256];

	switch (cfg.xlat_style) {
	case XLAT_STYLE_RAW:
		emit_uint(tcp, v);
		return;
	case XLAT_STYLE_VERBOSE:
		snprintf(buf, sizeof(buf), "%llu /* %s */",
			 (unsigned long long)v, name);
		emit_sym(tcp, v, buf);
		return;
	default:
		emit_sym(tcp, v, name);
	}
}

/* A u64 field; UINT64_MAX by name (strace's "pend=UINT64_MAX"). */
static void field_u64_max(struct tcb *tcp, const char *name, uint64_t v)
{
	emit_field(tcp, name);
	if (v == UINT64_MAX)
		print_udec_named(tcp, v, "UINT64_MAX");
	else
		emit_uint(tcp, v);
}

/* A number of x in decimal, its name when it has one ("tree_id=5 /\* ... *\/"). */
static void print_dec_named(struct tcb *tcp, const struct xlat *x, uint64_t v)
{
	const char *name = xlat_name(x, v);

	if (name)
		print_udec_named(tcp, v, name);
	else
		emit_uint(tcp, v);
}

static void field_objectid(struct tcb *tcp, const char *name, uint64_t v)
{
	emit_field(tcp, name);
	print_dec_named(tcp, btrfs_tree_objectids, v);
}

static void field_flags(struct tcb *tcp, const char *name,
			const struct xlat *x, uint64_t v, const char *dflt)
{
	emit_field(tcp, name);
	print_flags(tcp, x, v, dflt);
}

static void field_xval(struct tcb *tcp, const char *name,
		       const struct xlat *x, uint64_t v, const char *dflt)
{
	emit_field(tcp, name);
	print_xval(tcp, x, v, dflt);
}

/* Device ids show as device numbers: "devid=makedev(0, 0x1)". */
static void field_devid(struct tcb *tcp, const char *name, uint64_t v)
{
	emit_field(tcp, name);
	print_dev(tcp, v);
}

static void print_uuid(struct tcb *tcp, const uint8_t *u)
{
	char buf[40];
	size_t n = 0;

	for (int i = 0; i < 16; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%02x",
				      i == 4 || i == 6 || i == 8 || i == 10 ?
				      "-" : "", u[i]);
	emit_raw(tcp, buf);
}

static uint64_t get_u64(const void *b, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)b + off, sizeof(v));
	return v;
}

static uint32_t get_u32(const void *b, size_t off)
{
	uint32_t v;

	memcpy(&v, (const char *)b + off, sizeof(v));
	return v;
}

/* A pointer member: 4 bytes on i386, where the header's __u64 * is one. */
static uint64_t get_ptr(struct tcb *tcp, const void *b, size_t off)
{
	return tcp_wordsize(tcp) == 4 ? get_u32(b, off) : get_u64(b, off);
}

/* --- struct btrfs_ioctl_vol_args and _v2 ---------------------------- */

static void print_vol_args(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_vol_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "fd", a.fd);
	ioctl_cstr_field(tcp, "name", a.name, sizeof(a.name));
	emit_struct_end(tcp);
}

static void print_u64_elem(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	emit_uint(tcp, get_u64(elem, 0));
}

static void print_x64_elem(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	emit_hex(tcp, get_u64(elem, 0));
}

static void print_objectid_elem(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	print_dec_named(tcp, btrfs_tree_objectids, get_u64(elem, 0));
}

static void print_qgroup_limit(struct tcb *tcp, const struct btrfs_qgroup_limit *l)
{
	emit_struct_begin(tcp);
	field_flags(tcp, "flags", btrfs_qgroup_limit_flags, l->flags,
		    "BTRFS_QGROUP_LIMIT_???");
	ioctl_field_u(tcp, "max_rfer", l->max_rfer);
	ioctl_field_u(tcp, "max_excl", l->max_excl);
	ioctl_field_u(tcp, "rsv_rfer", l->rsv_rfer);
	ioctl_field_u(tcp, "rsv_excl", l->rsv_excl);
	emit_struct_end(tcp);
}

static void print_qgroup_inherit(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_qgroup_inherit q;

	if (!ioctl_fetch(tcp, addr, &q, sizeof(q)))
		return;
	emit_struct_begin(tcp);
	field_flags(tcp, "flags", btrfs_qgroup_inherit_flags, q.flags,
		    "BTRFS_QGROUP_INHERIT_???");
	ioctl_field_u(tcp, "num_qgroups", q.num_qgroups);
	ioctl_field_u(tcp, "num_ref_copies", q.num_ref_copies);
	ioctl_field_u(tcp, "num_excl_copies", q.num_excl_copies);
	emit_field(tcp, "lim");
	print_qgroup_limit(tcp, &q.lim);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
	} else {
		emit_field(tcp, "qgroups");
		/* All of them whatever -s says: strace does so. */
		print_array_max(tcp, addr + sizeof(q), q.num_qgroups,
				sizeof(uint64_t), UINT64_MAX, print_u64_elem,
				NULL);
	}
	emit_struct_end(tcp);
}

static void print_vol_args_v2(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_vol_args_v2 a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "fd", a.fd);
	field_flags(tcp, "flags", btrfs_snap_flags_v2, a.flags,
		    "BTRFS_SUBVOL_???");
	if (a.flags & BTRFS_SUBVOL_QGROUP_INHERIT) {
		/* The pointer follows size: offset 32 on both ABIs. */
		uint64_t inherit = get_ptr(tcp, &a, 32);

		ioctl_field_u(tcp, "size", a.size);
		emit_field(tcp, "qgroup_inherit");
		print_qgroup_inherit(tcp, inherit);
	}
	ioctl_cstr_field(tcp, "name", a.name, sizeof(a.name));
	emit_struct_end(tcp);
}

/* --- balance, defrag, clone ----------------------------------------- */

static void print_balance_args(struct tcb *tcp, const char *name,
			       const struct btrfs_balance_args *b)
{
	emit_field(tcp, name);
	emit_struct_begin(tcp);
	field_flags(tcp, "profiles", btrfs_space_info_flags, b->profiles,
		    "BTRFS_BLOCK_GROUP_???");
	field_u64_max(tcp, "usage", b->usage);
	field_devid(tcp, "devid", b->devid);
	field_u64_max(tcp, "pstart", b->pstart);
	field_u64_max(tcp, "pend", b->pend);
	field_u64_max(tcp, "vstart", b->vstart);
	field_u64_max(tcp, "vend", b->vend);
	field_u64_max(tcp, "target", b->target);
	field_flags(tcp, "flags", btrfs_balance_args, b->flags,
		    "BTRFS_BALANCE_ARGS_???");
	emit_struct_end(tcp);
}

/* Only the parts the flags ask to balance. */
static void print_balance(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_balance_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	field_flags(tcp, "flags", btrfs_balance_flags, a.flags,
		    "BTRFS_BALANCE_???");
	if (a.flags & BTRFS_BALANCE_DATA)
		print_balance_args(tcp, "data", &a.data);
	if (a.flags & BTRFS_BALANCE_METADATA)
		print_balance_args(tcp, "meta", &a.meta);
	if (a.flags & BTRFS_BALANCE_SYSTEM)
		print_balance_args(tcp, "sys", &a.sys);
	emit_struct_end(tcp);
}

static void print_defrag_range(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_defrag_range_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "start", a.start);
	field_u64_max(tcp, "len", a.len);
	field_flags(tcp, "flags", btrfs_defrag_flags, a.flags,
		    "BTRFS_DEFRAG_RANGE_???");
	ioctl_field_u(tcp, "extent_thresh", a.extent_thresh);
	field_xval(tcp, "compress_type", btrfs_compress_types, a.compress_type,
		   "BTRFS_COMPRESS_???");
	emit_struct_end(tcp);
}

static void print_clone_range(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_clone_range_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "src_fd", a.src_fd);
	ioctl_field_u(tcp, "src_offset", a.src_offset);
	ioctl_field_u(tcp, "src_length", a.src_length);
	ioctl_field_u(tcp, "dest_offset", a.dest_offset);
	emit_struct_end(tcp);
}

/* --- tree search, lookups, scrub ------------------------------------ */

static void field_key_type(struct tcb *tcp, const char *name, uint32_t v)
{
	emit_field(tcp, name);
	print_dec_named(tcp, btrfs_key_types, v);
}

/* The object id range shows without -v only when it is not the default. */
static void print_search_key(struct tcb *tcp, const struct btrfs_ioctl_search_key *k)
{
	bool abbrev = qual_abbrev(tcp);

	emit_field(tcp, "key");
	emit_struct_begin(tcp);
	field_objectid(tcp, "tree_id", k->tree_id);
	if (!abbrev || k->min_objectid != BTRFS_FIRST_FREE_OBJECTID)
		field_objectid(tcp, "min_objectid", k->min_objectid);
	if (!abbrev || k->max_objectid != BTRFS_LAST_FREE_OBJECTID)
		field_objectid(tcp, "max_objectid", k->max_objectid);
	field_u64_max(tcp, "min_offset", k->min_offset);
	field_u64_max(tcp, "max_offset", k->max_offset);
	field_u64_max(tcp, "min_transid", k->min_transid);
	field_u64_max(tcp, "max_transid", k->max_transid);
	field_key_type(tcp, "min_type", k->min_type);
	field_key_type(tcp, "max_type", k->max_type);
	ioctl_field_u(tcp, "nr_items", k->nr_items);
	emit_struct_end(tcp);
}

static void print_tree_search(struct tcb *tcp, uint64_t addr, bool v2)
{
	struct btrfs_ioctl_search_args_v2 a;
	/* The v1 struct is read whole, as strace reads it. */
	size_t len = v2 ? sizeof(a) : sizeof(struct btrfs_ioctl_search_args);
	char buf[sizeof(struct btrfs_ioctl_search_args)];

	if (!ioctl_fetch(tcp, addr, buf, len))
		return;
	memcpy(&a, buf, sizeof(a));
	emit_struct_begin(tcp);
	print_search_key(tcp, &a.key);
	if (v2)
		ioctl_field_u(tcp, "buf_size", a.buf_size);
	emit_struct_end(tcp);
}

static void print_ino_lookup(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_ino_lookup_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	field_objectid(tcp, "treeid", a.treeid);
	field_objectid(tcp, "objectid", a.objectid);
	emit_struct_end(tcp);
}

static void print_space_info(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_space_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "space_slots", a.space_slots);
	emit_struct_end(tcp);
}

static void print_scrub(struct tcb *tcp, uint64_t addr, bool progress)
{
	struct btrfs_ioctl_scrub_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	field_devid(tcp, "devid", a.devid);
	if (!progress) {
		field_u64_max(tcp, "start", a.start);
		field_u64_max(tcp, "end", a.end);
		field_flags(tcp, "flags", btrfs_scrub_flags, a.flags,
			    "BTRFS_SCRUB_???");
	}
	emit_struct_end(tcp);
}

static bool all_zero(const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* A uuid of zeros is "not given" and left out. */
static void print_dev_info(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_dev_info_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	field_devid(tcp, "devid", a.devid);
	if (!all_zero(a.uuid, sizeof(a.uuid))) {
		emit_field(tcp, "uuid");
		print_uuid(tcp, a.uuid);
	}
	emit_struct_end(tcp);
}

static void print_ino_path(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_ino_path_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "inum", a.inum);
	ioctl_field_u(tcp, "size", a.size);
	ioctl_field_ptr(tcp, "fspath", a.fspath);
	emit_struct_end(tcp);
}

static void print_logical_ino(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_logical_ino_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "logical", a.logical);
	ioctl_field_u(tcp, "size", a.size);
	/* The reserved words show only when one is set. */
	if (!all_zero(a.reserved, sizeof(a.reserved))) {
		emit_field(tcp, "reserved");
		ioctl_local_array(tcp, a.reserved, ARRAY_SIZE(a.reserved),
				  sizeof(a.reserved[0]), print_x64_elem, NULL);
	}
	field_flags(tcp, "flags", btrfs_logical_ino_args_flags, a.flags,
		    "BTRFS_LOGICAL_INO_ARGS_???");
	ioctl_field_ptr(tcp, "inodes", a.inodes);
	emit_struct_end(tcp);
}

/* --- received subvolumes, send -------------------------------------- */

/*
 * The i386 layouts: a __u64 is 4-aligned there, so struct
 * btrfs_ioctl_timespec is 12 bytes and the send args' pointer is 4.
 */
struct received_layout {
	size_t size, stransid, stime_sec, stime_nsec, flags;
};
static const struct received_layout received64 = { 200, 16, 32, 40, 64 };
static const struct received_layout received32 = { 192, 16, 32, 40, 56 };

static void print_received_subvol(struct tcb *tcp, uint64_t addr)
{
	const struct received_layout *l =
		tcp_wordsize(tcp) == 4 ? &received32 : &received64;
	unsigned char b[200];
	uint64_t sec;
	uint32_t nsec;

	if (!ioctl_fetch(tcp, addr, b, l->size))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "uuid");
	print_uuid(tcp, b);
	ioctl_field_u(tcp, "stransid", get_u64(b, l->stransid));
	sec = get_u64(b, l->stime_sec);
	nsec = get_u32(b, l->stime_nsec);
	emit_field(tcp, "stime");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "sec", sec);
	ioctl_field_u(tcp, "nsec", nsec);
	emit_struct_end(tcp);
	print_time_comment(tcp, (int64_t)sec, nsec, 9);
	ioctl_field_u(tcp, "flags", get_u64(b, l->flags));
	emit_struct_end(tcp);
}

struct send_layout {
	size_t size, sources, parent_root, flags;
};
static const struct send_layout send64 = { 72, 16, 24, 32 };
static const struct send_layout send32 = { 68, 16, 20, 28 };

static void print_send(struct tcb *tcp, uint64_t addr)
{
	const struct send_layout *l =
		tcp_wordsize(tcp) == 4 ? &send32 : &send64;
	unsigned char b[72];
	uint64_t count, sources;

	if (!ioctl_fetch(tcp, addr, b, l->size))
		return;
	count = get_u64(b, 8);
	sources = get_ptr(tcp, b, l->sources);
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "send_fd", (int64_t)get_u64(b, 0));
	ioctl_field_u(tcp, "clone_sources_count", count);
	emit_field(tcp, "clone_sources");
	if (qual_abbrev(tcp))
		emit_ptr(tcp, sources);
	else
		print_array_max(tcp, sources, count, sizeof(uint64_t),
				UINT64_MAX, print_objectid_elem, NULL);
	field_objectid(tcp, "parent_root", get_u64(b, l->parent_root));
	field_flags(tcp, "flags", btrfs_send_flags, get_u64(b, l->flags),
		    "BTRFS_SEND_FLAGS_???");
	emit_struct_end(tcp);
}

/* --- quotas, labels, device statistics and replacement -------------- */

static void print_quota_ctl(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_quota_ctl_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	field_xval(tcp, "cmd", btrfs_qgroup_ctl_cmds, a.cmd,
		   "BTRFS_QUOTA_CTL_???");
	emit_struct_end(tcp);
}

static void print_qgroup_assign(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_qgroup_assign_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "assign", a.assign);
	ioctl_field_u(tcp, "src", a.src);
	ioctl_field_u(tcp, "dst", a.dst);
	emit_struct_end(tcp);
}

static void print_qgroup_create(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_qgroup_create_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "create", a.create);
	ioctl_field_u(tcp, "qgroupid", a.qgroupid);
	emit_struct_end(tcp);
}

static void print_quota_rescan(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_quota_rescan_args a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "flags", a.flags);
	emit_struct_end(tcp);
}

/* The label: up to BTRFS_LABEL_SIZE bytes, whatever -s says. */
static void print_label(struct tcb *tcp, uint64_t addr)
{
	char label[BTRFS_LABEL_SIZE];
	size_t len;

	if (!ioctl_fetch(tcp, addr, label, sizeof(label)))
		return;
	len = strnlen(label, sizeof(label));
	if (len == sizeof(label))
		emit_quoted(tcp, label, sizeof(label) - 1, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, label, len, 0);
}

static void print_dev_stats(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_get_dev_stats a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	field_devid(tcp, "devid", a.devid);
	ioctl_field_u(tcp, "nr_items", a.nr_items);
	field_flags(tcp, "flags", btrfs_dev_stats_flags, a.flags,
		    "BTRFS_DEV_STATS_???");
	emit_struct_end(tcp);
}

/* Same offsets on both ABIs: only the padding at the end differs. */
static void print_dev_replace(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_dev_replace_args a;
	size_t len = tcp_wordsize(tcp) == 4 ? 2596 : sizeof(a);

	if (!ioctl_fetch(tcp, addr, &a, len))
		return;
	emit_struct_begin(tcp);
	field_xval(tcp, "cmd", btrfs_dev_replace_cmds, a.cmd,
		   "BTRFS_IOCTL_DEV_REPLACE_CMD_???");
	if (a.cmd == BTRFS_IOCTL_DEV_REPLACE_CMD_START) {
		emit_field(tcp, "start");
		emit_struct_begin(tcp);
		field_devid(tcp, "srcdevid", a.start.srcdevid);
		field_xval(tcp, "cont_reading_from_srcdev_mode",
			   btrfs_cont_reading_from_srcdev_mode,
			   a.start.cont_reading_from_srcdev_mode,
			   "BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_???");
		ioctl_cstr_field(tcp, "srcdev_name", a.start.srcdev_name,
				 sizeof(a.start.srcdev_name));
		ioctl_cstr_field(tcp, "tgtdev_name", a.start.tgtdev_name,
				 sizeof(a.start.tgtdev_name));
		emit_struct_end(tcp);
	}
	emit_struct_end(tcp);
}

/* --- dedupe, features ----------------------------------------------- */

static void print_dedupe_info(struct tcb *tcp, const void *elem, void *data)
{
	const struct file_dedupe_range_info *i = elem;

	(void)data;
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "dest_fd", i->dest_fd);
	ioctl_field_u(tcp, "dest_offset", i->dest_offset);
	emit_struct_end(tcp);
}

/*
 * Without -v strace shows two destinations, then "...".  Each element is
 * read before that limit is checked: an unreadable third one shows as
 * "... /\* address *\/" even without -v.
 */
static void print_dedupe_infos(struct tcb *tcp, uint64_t addr, uint64_t count)
{
	struct file_dedupe_range_info info;
	uint64_t max = qual_abbrev(tcp) ? 2 : UINT64_MAX;
	char where[32];

	if (!count) {
		emit_array_begin(tcp);
		emit_array_end(tcp);
		return;
	}
	for (uint64_t i = 0; i < count; i++) {
		uint64_t at = addr + i * sizeof(info);

		if (tracee_read(tcp, at, &info, sizeof(info))) {
			if (!i) {
				emit_ptr(tcp, at);
				return;
			}
			snprintf(where, sizeof(where), "%#llx",
				 (unsigned long long)at);
			emit_more(tcp);
			emit_comment(tcp, where);
			break;
		}
		if (!i)
			emit_array_begin(tcp);
		if (i >= max || (qual_abbrev(tcp) && i >= cfg.string_limit)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		print_dedupe_info(tcp, &info, NULL);
	}
	emit_array_end(tcp);
}

static void print_dedupe(struct tcb *tcp, uint64_t addr)
{
	struct file_dedupe_range a;

	if (!ioctl_fetch(tcp, addr, &a, sizeof(a)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "src_offset", a.src_offset);
	ioctl_field_u(tcp, "src_length", a.src_length);
	ioctl_field_u(tcp, "dest_count", a.dest_count);
	emit_field(tcp, "info");
	print_dedupe_infos(tcp, addr + sizeof(a), a.dest_count);
	emit_struct_end(tcp);
}

static void print_features(struct tcb *tcp, const void *elem, void *data)
{
	const struct btrfs_ioctl_feature_flags *f = elem;

	(void)data;
	emit_struct_begin(tcp);
	field_flags(tcp, "compat_flags", btrfs_features_compat,
		    f->compat_flags, "BTRFS_FEATURE_COMPAT_???");
	field_flags(tcp, "compat_ro_flags", btrfs_features_compat_ro,
		    f->compat_ro_flags, "BTRFS_FEATURE_COMPAT_RO_???");
	field_flags(tcp, "incompat_flags", btrfs_features_incompat,
		    f->incompat_flags, "BTRFS_FEATURE_INCOMPAT_???");
	emit_struct_end(tcp);
}

static void print_set_features(struct tcb *tcp, uint64_t addr)
{
	struct btrfs_ioctl_feature_flags f[2];

	if (!ioctl_fetch(tcp, addr, f, sizeof(f)))
		return;
	ioctl_local_array(tcp, f, 2, sizeof(f[0]), print_features, NULL);
}

/* "[flags]" of BTRFS_IOC_SUBVOL_SETFLAGS, shown without the brackets. */
static void print_subvol_flags(struct tcb *tcp, uint64_t addr)
{
	uint64_t v;

	if (!ioctl_fetch(tcp, addr, &v, sizeof(v)))
		return;
	print_flags(tcp, btrfs_snap_flags_v2, v, "BTRFS_SUBVOL_???");
}

/* --- the commands --------------------------------------------------- */

typedef void (*btrfs_print_fn)(struct tcb *tcp, uint64_t addr);

static void print_tree_search_v1(struct tcb *tcp, uint64_t addr)
{
	print_tree_search(tcp, addr, false);
}

static void print_tree_search_v2(struct tcb *tcp, uint64_t addr)
{
	print_tree_search(tcp, addr, true);
}

static void print_scrub_start(struct tcb *tcp, uint64_t addr)
{
	print_scrub(tcp, addr, false);
}

static void print_scrub_progress(struct tcb *tcp, uint64_t addr)
{
	print_scrub(tcp, addr, true);
}

static void print_u64_ptr(struct tcb *tcp, uint64_t addr)
{
	ioctl_num_ptr(tcp, addr, 8, false, false);
}

/* Commands whose argument the kernel reads, printed at entry. */
static const struct {
	uint32_t code;
	btrfs_print_fn print;
} btrfs_in[] = {
	{ BTRFS_IOC_SNAP_CREATE, print_vol_args },
	{ BTRFS_IOC_SUBVOL_CREATE, print_vol_args },
	{ BTRFS_IOC_SNAP_DESTROY, print_vol_args },
	{ BTRFS_IOC_RESIZE, print_vol_args },
	{ BTRFS_IOC_SCAN_DEV, print_vol_args },
	{ BTRFS_IOC_FORGET_DEV, print_vol_args },
	{ BTRFS_IOC_ADD_DEV, print_vol_args },
	{ BTRFS_IOC_RM_DEV, print_vol_args },
	{ BTRFS_IOC_SNAP_CREATE_V2, print_vol_args_v2 },
	{ BTRFS_IOC_SUBVOL_CREATE_V2, print_vol_args_v2 },
	{ BTRFS_IOC_WAIT_SYNC, print_u64_ptr },
	{ BTRFS_IOC_DEFAULT_SUBVOL, print_u64_ptr },
	{ BTRFS_IOC_SUBVOL_SETFLAGS, print_subvol_flags },
	{ BTRFS_IOC_BALANCE_V2, print_balance },
	{ BTRFS_IOC_CLONE_RANGE, print_clone_range },
	{ BTRFS_IOC_DEFRAG_RANGE, print_defrag_range },
	{ BTRFS_IOC_TREE_SEARCH, print_tree_search_v1 },
	{ BTRFS_IOC_TREE_SEARCH_V2, print_tree_search_v2 },
	{ BTRFS_IOC_INO_LOOKUP, print_ino_lookup },
	{ BTRFS_IOC_SPACE_INFO, print_space_info },
	{ BTRFS_IOC_SCRUB, print_scrub_start },
	{ BTRFS_IOC_SCRUB_PROGRESS, print_scrub_progress },
	{ BTRFS_IOC_DEV_INFO, print_dev_info },
	{ BTRFS_IOC_INO_PATHS, print_ino_path },
	{ BTRFS_IOC_LOGICAL_INO, print_logical_ino },
	{ BTRFS_IOC_SET_RECEIVED_SUBVOL, print_received_subvol },
	{ BTRFS_IOC_SEND, print_send },
	{ BTRFS_IOC_QUOTA_CTL, print_quota_ctl },
	{ BTRFS_IOC_QGROUP_ASSIGN, print_qgroup_assign },
	{ BTRFS_IOC_QGROUP_CREATE, print_qgroup_create },
	{ BTRFS_IOC_QUOTA_RESCAN, print_quota_rescan },
	{ FS_IOC_SETFSLABEL, print_label },
	{ BTRFS_IOC_GET_DEV_STATS, print_dev_stats },
	{ BTRFS_IOC_DEV_REPLACE, print_dev_replace },
	{ BTRFS_IOC_FILE_EXTENT_SAME, print_dedupe },
	{ BTRFS_IOC_SET_FEATURES, print_set_features },
};

/* Commands whose argument the kernel only writes. */
static const uint32_t btrfs_out[] = {
	BTRFS_IOC_BALANCE_PROGRESS, BTRFS_IOC_FS_INFO, BTRFS_IOC_GET_FEATURES,
	FS_IOC_GETFSLABEL, BTRFS_IOC_GET_SUPPORTED_FEATURES,
	BTRFS_IOC_QGROUP_LIMIT, BTRFS_IOC_QUOTA_RESCAN_STATUS,
	BTRFS_IOC_START_SYNC, BTRFS_IOC_SUBVOL_GETFLAGS,
	BTRFS_IOC_DEVICES_READY,
};

/* Commands without an argument; BALANCE and DEFRAG ignore theirs. */
static const uint32_t btrfs_none[] = {
	BTRFS_IOC_TRANS_START, BTRFS_IOC_TRANS_END, BTRFS_IOC_SYNC,
	BTRFS_IOC_SCRUB_CANCEL, BTRFS_IOC_QUOTA_RESCAN_WAIT,
	BTRFS_IOC_BALANCE, BTRFS_IOC_DEFRAG,
};

static bool in_list(const uint32_t *list, size_t n, uint32_t code)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == code)
			return true;
	return false;
}

/* The kernel's answer is not decoded: its address. */
static void print_out_addr(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	(void)code;
	emit_ptr(tcp, addr);
}

int ioctl_btrfs(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	static const struct ioctl_compat compat[] = {
		{ BTRFS_IOC_SEND, 68 },
		{ BTRFS_IOC_SET_RECEIVED_SUBVOL, 192 },
		{ BTRFS_IOC_DEV_REPLACE, 2596 },
	};

	code = ioctl_native(tcp, code, compat, ARRAY_SIZE(compat));
	if (in_list(btrfs_none, ARRAY_SIZE(btrfs_none), code))
		return RVAL_DECODED;
	if (in_list(btrfs_out, ARRAY_SIZE(btrfs_out), code))
		return ioctl_getter(tcp, arg, print_out_addr, code);
	if (code == BTRFS_IOC_BALANCE_CTL) {
		emit_next(tcp);
		print_xval(tcp, btrfs_balance_ctl_cmds, (uint32_t)arg,
			   "BTRFS_BALANCE_CTL_???");
		return RVAL_DECODED;
	}
	for (size_t i = 0; i < ARRAY_SIZE(btrfs_in); i++) {
		if (btrfs_in[i].code != code)
			continue;
		emit_next(tcp);
		btrfs_in[i].print(tcp, arg);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}
