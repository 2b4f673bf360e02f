/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device mapper ioctls (linux/dm-ioctl.h) as strace 6.1 shows them at
 * entry: "[{struct dm_ioctl}, payload...]", the header's fields each
 * command uses, then with -v the data after data_start (table targets,
 * a target message, a new name or geometry string), "..." otherwise.
 * The kernel's answer at exit is not decoded.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/ioctl.h>
#include <linux/dm-ioctl.h>

#include "select/qualify.h"
#include "syscall/file.h"
#include "syscall/ioctl.h"
#include "xlat/tables/dm_flags.h"

/* The header before data[]: 305 bytes of the 312. */
#define DM_HDR_SIZE	offsetof(struct dm_ioctl, data)

enum {
	HAS_DATA_START = 1, NO_DEV = 2, HAS_EVENT = 4, HAS_PAYLOAD = 8,
};

/* Which fields each command uses, by command number. */
static const unsigned char dm_cmd_fields[] = {
	[DM_VERSION_CMD] = 0,
	[DM_REMOVE_ALL_CMD] = NO_DEV,
	[DM_LIST_DEVICES_CMD] = NO_DEV | HAS_DATA_START,
	[DM_DEV_CREATE_CMD] = 0,
	[DM_DEV_REMOVE_CMD] = HAS_EVENT,
	[DM_DEV_RENAME_CMD] = HAS_DATA_START | HAS_EVENT | HAS_PAYLOAD,
	[DM_DEV_SUSPEND_CMD] = 0,
	[DM_DEV_STATUS_CMD] = 0,
	[DM_DEV_WAIT_CMD] = HAS_DATA_START | HAS_EVENT,
	[DM_TABLE_LOAD_CMD] = HAS_DATA_START | HAS_PAYLOAD,
	[DM_TABLE_CLEAR_CMD] = 0,
	[DM_TABLE_DEPS_CMD] = HAS_DATA_START,
	[DM_TABLE_STATUS_CMD] = HAS_DATA_START,
	[DM_LIST_VERSIONS_CMD] = NO_DEV | HAS_DATA_START,
	[DM_TARGET_MSG_CMD] = HAS_DATA_START | HAS_PAYLOAD,
	[DM_DEV_SET_GEOMETRY_CMD] = HAS_DATA_START | HAS_PAYLOAD,
	[DM_DEV_ARM_POLL_CMD] = 0,
};

static bool dm_cmd_has(unsigned int nr, unsigned int what)
{
	return dm_cmd_fields[nr] & what;
}

/*
 * A string of at most max bytes (what is left of data_size) at addr,
 * cut at -s; the address when it cannot be read.
 */
static void print_dm_str(struct tcb *tcp, uint64_t addr, uint64_t max)
{
	size_t want = max < cfg.string_limit ? (size_t)max : cfg.string_limit;
	char buf[want + 1];
	ssize_t n;

	if (!max) {
		emit_quoted(tcp, "", 0, 0);
		return;
	}
	n = tracee_read_str(tcp, addr, buf, want);
	if (n < 0)
		emit_ptr(tcp, addr);
	else if ((size_t)n > want)
		emit_quoted(tcp, buf, want, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, (size_t)n, 0);
}

static void misplaced(struct tcb *tcp, const char *what)
{
	char text[64];

	emit_next(tcp);
	emit_raw(tcp, "???");
	snprintf(text, sizeof(text), "misplaced %s", what);
	emit_comment(tcp, text);
}

/* DM_TABLE_LOAD's targets, each found by the previous one's next. */
static void print_dm_targets(struct tcb *tcp, uint64_t arg,
			     const struct dm_ioctl *d)
{
	uint64_t off = d->data_start;
	struct dm_target_spec s;

	for (uint32_t i = 0; i < d->target_count; i++) {
		if (i >= cfg.string_limit) {
			emit_more(tcp);
			return;
		}
		if (off + sizeof(s) > d->data_size) {
			misplaced(tcp, "struct dm_target_spec");
			return;
		}
		emit_next(tcp);
		/* -e verbose=none: the struct as its address. */
		if (!qual_verbose(tcp) ||
		    tracee_read(tcp, arg + off, &s, sizeof(s))) {
			emit_ptr(tcp, arg + off);
			return;
		}
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "sector_start", s.sector_start);
		ioctl_field_u(tcp, "length", s.length);
		ioctl_cstr_field(tcp, "target_type", s.target_type,
				 sizeof(s.target_type));
		emit_field(tcp, "string");
		print_dm_str(tcp, arg + off + sizeof(s),
			     d->data_size - off - sizeof(s));
		emit_struct_end(tcp);
		/* A target that points at itself or back is misplaced too. */
		if (!s.next) {
			if (i + 1 < d->target_count)
				misplaced(tcp, "struct dm_target_spec");
			return;
		}
		off += s.next;
	}
}

static void print_dm_msg(struct tcb *tcp, uint64_t arg,
			 const struct dm_ioctl *d)
{
	uint64_t off = d->data_start;
	struct dm_target_msg m;

	if (off + sizeof(m) > d->data_size) {
		misplaced(tcp, "struct dm_target_msg");
		return;
	}
	emit_next(tcp);
	if (!qual_verbose(tcp) || tracee_read(tcp, arg + off, &m, sizeof(m))) {
		emit_ptr(tcp, arg + off);
		return;
	}
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "sector", m.sector);
	emit_field(tcp, "message");
	print_dm_str(tcp, arg + off + sizeof(m),
		     d->data_size - off - sizeof(m));
	emit_struct_end(tcp);
}

/* DM_DEV_RENAME's new name, DM_DEV_SET_GEOMETRY's "C H S start". */
static void print_dm_string(struct tcb *tcp, uint64_t arg,
			    const struct dm_ioctl *d)
{
	if (d->data_start >= d->data_size) {
		misplaced(tcp, "string");
		return;
	}
	emit_next(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "string");
	print_dm_str(tcp, arg + d->data_start, d->data_size - d->data_start);
	emit_struct_end(tcp);
}

static void print_dm_ioctl(struct tcb *tcp, unsigned int nr, uint64_t arg)
{
	struct dm_ioctl d;

	memset(&d, 0, sizeof(d));
	/* Decoded even with -e verbose=none, as strace does. */
	if (tracee_read(tcp, arg, &d, DM_HDR_SIZE)) {
		emit_ptr(tcp, arg);
		return;
	}
	/* Too short to hold even the version: strace shows the address. */
	if (d.data_size < sizeof(d.version)) {
		emit_ptr(tcp, arg);
		return;
	}
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "version");
	ioctl_local_array(tcp, d.version, 3, sizeof(d.version[0]),
			  ioctl_elem_u32, NULL);
	if (d.version[0] != DM_VERSION_MAJOR) {
		emit_comment(tcp, "unsupported device mapper ABI version");
		goto end;
	}
	ioctl_field_u(tcp, "data_size", d.data_size);
	if (d.data_size < DM_HDR_SIZE) {
		emit_comment(tcp, "data_size too small");
		goto end;
	}
	if (dm_cmd_has(nr, HAS_DATA_START))
		ioctl_field_u(tcp, "data_start", d.data_start);
	if (!dm_cmd_has(nr, NO_DEV)) {
		if (d.dev) {
			emit_field(tcp, "dev");
			print_dev(tcp, d.dev);
		}
		if (d.name[0])
			ioctl_cstr_field(tcp, "name", d.name, sizeof(d.name));
		if (d.uuid[0])
			ioctl_cstr_field(tcp, "uuid", d.uuid, sizeof(d.uuid));
	}
	if (nr == DM_TABLE_LOAD_CMD)
		ioctl_field_u(tcp, "target_count", d.target_count);
	/* A resume (DM_DEV_SUSPEND without the flag) waits for an event. */
	if (dm_cmd_has(nr, HAS_EVENT) ||
	    (nr == DM_DEV_SUSPEND_CMD && !(d.flags & DM_SUSPEND_FLAG)))
		ioctl_field_u(tcp, "event_nr", d.event_nr);
	emit_field(tcp, "flags");
	print_flags(tcp, dm_flags, d.flags, "DM_???");
	emit_struct_end(tcp);
	if (!dm_cmd_has(nr, HAS_PAYLOAD) ||
	    (nr == DM_TABLE_LOAD_CMD && !d.target_count))
		goto out;
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		goto out;
	}
	if (nr == DM_TABLE_LOAD_CMD)
		print_dm_targets(tcp, arg, &d);
	else if (nr == DM_TARGET_MSG_CMD)
		print_dm_msg(tcp, arg, &d);
	else
		print_dm_string(tcp, arg, &d);
	goto out;
end:
	emit_struct_end(tcp);
out:
	emit_array_end(tcp);
}

int ioctl_dm(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	unsigned int nr = code & 0xff;
	/* 312 bytes on i386 too: the header pads data[] to 8. */
	if (code != _IOC(_IOC_READ | _IOC_WRITE, DM_IOCTL, nr,
			 sizeof(struct dm_ioctl)) ||
	    nr >= sizeof(dm_cmd_fields) / sizeof(dm_cmd_fields[0]))
		return IOCTL_UNKNOWN;
	emit_next(tcp);
	/* strace shows a NULL struct dm_ioctl as a number. */
	if (!arg)
		emit_hex(tcp, 0);
	else
		print_dm_ioctl(tcp, nr, arg);
	return RVAL_DECODED;
}
