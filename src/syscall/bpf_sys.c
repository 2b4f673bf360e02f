/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The bpf(2) syscall: its command and the part of union bpf_attr that
 * the command reads, as strace shows it.  (src/filter/bpf.c is another
 * thing: sltrace's own seccomp filter.)
 *
 * Each command is a table of fields.  The kernel takes an attr of any
 * size and treats what was not passed as zero; strace reads the size
 * passed (at most a page), shows the fields of the command's first
 * version whatever the size, the later ones only when the size reaches
 * them, and after the command's known fields ", ..." when the rest is
 * not all zero (with -v the rest in hex).
 */
#include "config.h"

#include <linux/bpf.h>
#include <net/if.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/bpf_info.h"
#include "syscall/defs.h"
#include "xlat/tables/bpf_attach_flags.h"
#include "xlat/tables/bpf_attach_types.h"
#include "xlat/tables/bpf_commands.h"
#include "xlat/tables/bpf_file_mode_flags.h"
#include "xlat/tables/bpf_kprobe_multi_flags.h"
#include "xlat/tables/bpf_lookup_flags.h"
#include "xlat/tables/bpf_map_flags.h"
#include "xlat/tables/bpf_map_types.h"
#include "xlat/tables/bpf_prog_flags.h"
#include "xlat/tables/bpf_prog_types.h"
#include "xlat/tables/bpf_query_flags.h"
#include "xlat/tables/bpf_task_fd_types.h"
#include "xlat/tables/bpf_test_run_flags.h"
#include "xlat/tables/bpf_update_flags.h"

/* strace reads no attr larger than a page. */
#define ATTR_MAX 4096

/* How a field prints. */
enum kind {
	K_U,		/* unsigned decimal */
	K_INT,		/* signed decimal */
	K_FD,		/* a file descriptor (-y) */
	K_HEX,		/* hex */
	K_PTR,		/* an address (a __u64 that a 32-bit tracee cuts) */
	K_STR,		/* a NUL-terminated string at a __u64 address */
	K_PATH,		/* the same, never cut at -s */
	K_XVAL,		/* a constant of table x */
	K_FLAGS,	/* a flag set of table x */
	K_NAME,		/* char[BPF_OBJ_NAME_LEN], NUL-terminated in it */
	K_IFINDEX,	/* an interface index: if_nametoindex("lo") */
	K_KVER,		/* KERNEL_VERSION(a, b, c) */
	K_NUMA,		/* numa_node: NUMA_NO_NODE */
	K_LOGBUF,	/* a string of at most aux (a field's value) bytes */
	K_BUF,		/* aux bytes */
	K_PROGIDS,	/* prog_ids: u32[] of the count at aux, at exit */
	K_INOUT,	/* unsigned, which the kernel may rewrite: "8 => 1" */
	K_INSNS,	/* struct bpf_insn[] of the count at aux (-v) */
	K_INFO,		/* OBJ_GET_INFO_BY_FD's info struct (-v) */
};

struct bfield {
	const char *name;
	uint16_t off;
	uint8_t size;
	uint8_t kind;
	const struct xlat *x;
	const char *dflt;
	/*
	 * K_LOGBUF, K_BUF: the offset of the field that holds the length;
	 * cond_mask: the field is shown only when the flags at offset aux
	 * have one of these bits (numa_node, old_prog_fd).
	 */
	uint16_t aux;
	uint32_t cond_mask;
	/*
	 * Added to the kernel with the field before it: shown whenever
	 * that one is, even past the size.
	 */
	bool cont;
	/* Written by the kernel: shown as it is at exit. */
	bool out;
};

struct bcmd {
	const char *wrap;	/* the union member strace names, or NULL */
	const struct bfield *fields;
	size_t nfields;
	uint16_t min_len;	/* the first version: shown whatever the size */
	uint16_t size;		/* the known part: bytes after it are "..." */
	bool ret_fd;		/* the call returns a new descriptor */
};

#define OFF(m) offsetof(union bpf_attr, m)
#define SZ(m) sizeof(((union bpf_attr *)0)->m)
#define END(m) (OFF(m) + SZ(m))
#define F(n, m, k) { n, OFF(m), SZ(m), k, NULL, NULL, 0, 0, false, false }
#define FG(n, m, k) { n, OFF(m), SZ(m), k, NULL, NULL, 0, 0, true, false }
#define FX(n, m, k, x, d) { n, OFF(m), SZ(m), k, x, d, 0, 0, false, false }
#define FA(n, m, k, a) \
	{ n, OFF(m), SZ(m), k, NULL, NULL, OFF(a), 0, false, false }
#define FC(n, m, k, a, mask) \
	{ n, OFF(m), SZ(m), k, NULL, NULL, OFF(a), mask, false, false }
#define FCG(n, m, k, a, mask) \
	{ n, OFF(m), SZ(m), k, NULL, NULL, OFF(a), mask, true, false }
/* Fields the kernel writes. */
#define FO(n, m, k) { n, OFF(m), SZ(m), k, NULL, NULL, 0, 0, false, true }
#define FXO(n, m, k, x, d) { n, OFF(m), SZ(m), k, x, d, 0, 0, false, true }
#define FAO(n, m, k, a) \
	{ n, OFF(m), SZ(m), k, NULL, NULL, OFF(a), 0, false, true }

static const struct bfield map_create[] = {
	FX("map_type", map_type, K_XVAL, bpf_map_types, "BPF_MAP_TYPE_???"),
	F("key_size", key_size, K_U),
	F("value_size", value_size, K_U),
	F("max_entries", max_entries, K_U),
	FX("map_flags", map_flags, K_FLAGS, bpf_map_flags, "BPF_F_???"),
	F("inner_map_fd", inner_map_fd, K_FD),
	FC("numa_node", numa_node, K_NUMA, map_flags, BPF_F_NUMA_NODE),
	F("map_name", map_name, K_NAME),
	F("map_ifindex", map_ifindex, K_IFINDEX),
	F("btf_fd", btf_fd, K_FD),
	FG("btf_key_type_id", btf_key_type_id, K_U),
	FG("btf_value_type_id", btf_value_type_id, K_U),
	F("btf_vmlinux_value_type_id", btf_vmlinux_value_type_id, K_U),
	F("map_extra", map_extra, K_U),
};

static const struct bfield map_lookup[] = {
	F("map_fd", map_fd, K_FD),
	F("key", key, K_PTR),
	F("value", value, K_PTR),
	FX("flags", flags, K_FLAGS, bpf_lookup_flags, "BPF_???"),
};

static const struct bfield map_update[] = {
	F("map_fd", map_fd, K_FD),
	F("key", key, K_PTR),
	F("value", value, K_PTR),
	FX("flags", flags, K_XVAL, bpf_update_flags, "BPF_???"),
};

static const struct bfield map_delete[] = {
	F("map_fd", map_fd, K_FD),
	F("key", key, K_PTR),
};

static const struct bfield map_next_key[] = {
	F("map_fd", map_fd, K_FD),
	F("key", key, K_PTR),
	F("next_key", next_key, K_PTR),
};

static const struct bfield map_freeze[] = {
	F("map_fd", map_fd, K_FD),
};

static const struct bfield prog_load[] = {
	FX("prog_type", prog_type, K_XVAL, bpf_prog_types, "BPF_PROG_TYPE_???"),
	F("insn_cnt", insn_cnt, K_U),
	FA("insns", insns, K_INSNS, insn_cnt),
	F("license", license, K_STR),
	F("log_level", log_level, K_U),
	FG("log_size", log_size, K_U),
	{ "log_buf", OFF(log_buf), SZ(log_buf), K_LOGBUF, NULL, NULL,
	  OFF(log_size), 0, true, false },
	F("kern_version", kern_version, K_KVER),
	FX("prog_flags", prog_flags, K_FLAGS, bpf_prog_flags, "BPF_F_???"),
	F("prog_name", prog_name, K_NAME),
	F("prog_ifindex", prog_ifindex, K_IFINDEX),
	FX("expected_attach_type", expected_attach_type, K_XVAL,
	   bpf_attach_types, "BPF_???"),
	F("prog_btf_fd", prog_btf_fd, K_FD),
	FG("func_info_rec_size", func_info_rec_size, K_U),
	FG("func_info", func_info, K_PTR),
	FG("func_info_cnt", func_info_cnt, K_U),
	FG("line_info_rec_size", line_info_rec_size, K_U),
	FG("line_info", line_info, K_PTR),
	FG("line_info_cnt", line_info_cnt, K_U),
	F("attach_btf_id", attach_btf_id, K_U),
	F("attach_prog_fd", attach_prog_fd, K_FD),
	F("fd_array", fd_array, K_PTR),
};

static const struct bfield obj_pin[] = {
	F("pathname", pathname, K_PATH),
	F("bpf_fd", bpf_fd, K_FD),
	FX("file_flags", file_flags, K_FLAGS, bpf_file_mode_flags, "BPF_F_???"),
};

static const struct bfield prog_attach[] = {
	F("target_fd", target_fd, K_FD),
	F("attach_bpf_fd", attach_bpf_fd, K_FD),
	FX("attach_type", attach_type, K_XVAL, bpf_attach_types, "BPF_???"),
	FX("attach_flags", attach_flags, K_FLAGS, bpf_attach_flags,
	   "BPF_F_???"),
	F("replace_bpf_fd", replace_bpf_fd, K_FD),
};

/* strace shows no attach_bpf_fd for a detach. */
static const struct bfield prog_detach[] = {
	F("target_fd", target_fd, K_FD),
	FX("attach_type", attach_type, K_XVAL, bpf_attach_types, "BPF_???"),
};

static const struct bfield test_run[] = {
	F("prog_fd", test.prog_fd, K_FD),
	F("retval", test.retval, K_U),
	F("data_size_in", test.data_size_in, K_U),
	F("data_size_out", test.data_size_out, K_U),
	F("data_in", test.data_in, K_PTR),
	F("data_out", test.data_out, K_PTR),
	F("repeat", test.repeat, K_U),
	F("duration", test.duration, K_U),
	F("ctx_size_in", test.ctx_size_in, K_U),
	FG("ctx_size_out", test.ctx_size_out, K_U),
	FG("ctx_in", test.ctx_in, K_PTR),
	FG("ctx_out", test.ctx_out, K_PTR),
	FX("flags", test.flags, K_FLAGS, bpf_test_run_flags, "BPF_F_???"),
	FG("cpu", test.cpu, K_U),
	F("batch_size", test.batch_size, K_U),
};

static const struct bfield get_next_id[] = {
	F("start_id", start_id, K_U),
	FO("next_id", next_id, K_INOUT),
	FX("open_flags", open_flags, K_FLAGS, bpf_file_mode_flags, "BPF_F_???"),
};

static const struct bfield prog_get_fd[] = {
	F("prog_id", prog_id, K_U),
	F("next_id", next_id, K_U),
	FX("open_flags", open_flags, K_FLAGS, bpf_file_mode_flags, "BPF_F_???"),
};

static const struct bfield map_get_fd[] = {
	F("map_id", map_id, K_U),
	F("next_id", next_id, K_U),
	FX("open_flags", open_flags, K_FLAGS, bpf_file_mode_flags, "BPF_F_???"),
};

static const struct bfield btf_get_fd[] = {
	F("btf_id", btf_id, K_U),
};

static const struct bfield link_get_fd[] = {
	F("link_id", link_id, K_U),
};

static const struct bfield get_info[] = {
	F("bpf_fd", info.bpf_fd, K_FD),
	FO("info_len", info.info_len, K_INOUT),
	F("info", info.info, K_INFO),
};

static const struct bfield prog_query[] = {
	F("target_fd", query.target_fd, K_FD),
	FX("attach_type", query.attach_type, K_XVAL, bpf_attach_types,
	   "BPF_???"),
	FX("query_flags", query.query_flags, K_FLAGS, bpf_query_flags,
	   "BPF_F_QUERY_???"),
	FXO("attach_flags", query.attach_flags, K_FLAGS, bpf_attach_flags,
	    "BPF_F_???"),
	FAO("prog_ids", query.prog_ids, K_PROGIDS, query.prog_cnt),
	FO("prog_cnt", query.prog_cnt, K_INOUT),
};

static const struct bfield raw_tp[] = {
	F("name", raw_tracepoint.name, K_STR),
	F("prog_fd", raw_tracepoint.prog_fd, K_FD),
};

static const struct bfield btf_load[] = {
	FA("btf", btf, K_BUF, btf_size),
	F("btf_log_buf", btf_log_buf, K_PTR),
	F("btf_size", btf_size, K_U),
	F("btf_log_size", btf_log_size, K_U),
	F("btf_log_level", btf_log_level, K_U),
};

static const struct bfield task_fd_query[] = {
	F("pid", task_fd_query.pid, K_INT),
	F("fd", task_fd_query.fd, K_FD),
	F("flags", task_fd_query.flags, K_U),
	F("buf_len", task_fd_query.buf_len, K_U),
	FAO("buf", task_fd_query.buf, K_LOGBUF, task_fd_query.buf_len),
	F("prog_id", task_fd_query.prog_id, K_U),
	FX("fd_type", task_fd_query.fd_type, K_XVAL, bpf_task_fd_types,
	   "BPF_FD_TYPE_???"),
	F("probe_offset", task_fd_query.probe_offset, K_HEX),
	F("probe_addr", task_fd_query.probe_addr, K_HEX),
};

static const struct bfield lookup_batch[] = {
	F("in_batch", batch.in_batch, K_PTR),
	F("out_batch", batch.out_batch, K_PTR),
	F("keys", batch.keys, K_PTR),
	F("values", batch.values, K_PTR),
	F("count", batch.count, K_U),
	F("map_fd", batch.map_fd, K_FD),
	FX("elem_flags", batch.elem_flags, K_XVAL, bpf_update_flags, "BPF_???"),
	F("flags", batch.flags, K_HEX),
};

static const struct bfield update_batch[] = {
	F("keys", batch.keys, K_PTR),
	F("values", batch.values, K_PTR),
	F("count", batch.count, K_U),
	F("map_fd", batch.map_fd, K_FD),
	FX("elem_flags", batch.elem_flags, K_XVAL, bpf_update_flags, "BPF_???"),
	F("flags", batch.flags, K_HEX),
};

static const struct bfield delete_batch[] = {
	F("keys", batch.keys, K_PTR),
	F("count", batch.count, K_U),
	F("map_fd", batch.map_fd, K_FD),
	FX("elem_flags", batch.elem_flags, K_XVAL, bpf_update_flags, "BPF_???"),
	F("flags", batch.flags, K_HEX),
};

/* The fields every attach type shares; the per-type union is not shown. */
static const struct bfield link_create[] = {
	F("prog_fd", link_create.prog_fd, K_FD),
	F("target_fd", link_create.target_fd, K_FD),
	FX("attach_type", link_create.attach_type, K_XVAL, bpf_attach_types,
	   "BPF_???"),
	F("flags", link_create.flags, K_HEX),
};

static const struct bfield link_update[] = {
	F("link_fd", link_update.link_fd, K_FD),
	F("new_prog_fd", link_update.new_prog_fd, K_FD),
	FX("flags", link_update.flags, K_FLAGS, bpf_attach_flags, "BPF_F_???"),
	FCG("old_prog_fd", link_update.old_prog_fd, K_FD, link_update.flags,
	   BPF_F_REPLACE),
};

#define CMD(c, w, f, min, sz, fd) \
	[c] = { w, f, sizeof(f) / sizeof(f[0]), min, sz, fd }

static const struct bcmd cmds[] = {
	CMD(BPF_MAP_CREATE, NULL, map_create, END(max_entries),
	    END(map_extra), true),
	CMD(BPF_MAP_LOOKUP_ELEM, NULL, map_lookup, END(value), END(flags),
	    false),
	CMD(BPF_MAP_UPDATE_ELEM, NULL, map_update, END(flags), END(flags),
	    false),
	CMD(BPF_MAP_DELETE_ELEM, NULL, map_delete, END(key), END(key), false),
	CMD(BPF_MAP_GET_NEXT_KEY, NULL, map_next_key, END(next_key),
	    END(next_key), false),
	CMD(BPF_PROG_LOAD, NULL, prog_load, END(license), END(fd_array), true),
	CMD(BPF_OBJ_PIN, NULL, obj_pin, END(bpf_fd), END(file_flags), false),
	CMD(BPF_OBJ_GET, NULL, obj_pin, END(bpf_fd), END(file_flags), true),
	CMD(BPF_PROG_ATTACH, NULL, prog_attach, END(attach_flags),
	    END(replace_bpf_fd), false),
	CMD(BPF_PROG_DETACH, NULL, prog_detach, END(attach_type),
	    END(attach_type), false),
	CMD(BPF_PROG_TEST_RUN, "test", test_run, END(test.duration),
	    END(test.batch_size), false),
	CMD(BPF_PROG_GET_NEXT_ID, NULL, get_next_id, END(next_id),
	    END(open_flags), false),
	CMD(BPF_MAP_GET_NEXT_ID, NULL, get_next_id, END(next_id),
	    END(open_flags), false),
	CMD(BPF_PROG_GET_FD_BY_ID, NULL, prog_get_fd, END(next_id),
	    END(open_flags), true),
	CMD(BPF_MAP_GET_FD_BY_ID, NULL, map_get_fd, END(next_id),
	    END(open_flags), true),
	CMD(BPF_OBJ_GET_INFO_BY_FD, "info", get_info, END(info.info),
	    END(info.info), false),
	CMD(BPF_PROG_QUERY, "query", prog_query, END(query.prog_cnt),
	    END(query.prog_cnt), false),
	CMD(BPF_RAW_TRACEPOINT_OPEN, "raw_tracepoint", raw_tp,
	    END(raw_tracepoint.prog_fd), END(raw_tracepoint.prog_fd), true),
	CMD(BPF_BTF_LOAD, NULL, btf_load, END(btf_log_level),
	    END(btf_log_level), true),
	CMD(BPF_BTF_GET_FD_BY_ID, NULL, btf_get_fd, END(btf_id), END(btf_id),
	    true),
	CMD(BPF_TASK_FD_QUERY, "task_fd_query", task_fd_query,
	    END(task_fd_query.probe_addr), END(task_fd_query.probe_addr),
	    false),
	CMD(BPF_MAP_LOOKUP_AND_DELETE_ELEM, NULL, map_lookup, END(value),
	    END(flags), false),
	CMD(BPF_MAP_FREEZE, NULL, map_freeze, END(map_fd), END(map_fd), false),
	CMD(BPF_BTF_GET_NEXT_ID, NULL, get_next_id, END(next_id),
	    END(open_flags), false),
	CMD(BPF_MAP_LOOKUP_BATCH, "batch", lookup_batch, END(batch.flags),
	    END(batch.flags), false),
	CMD(BPF_MAP_LOOKUP_AND_DELETE_BATCH, "batch", lookup_batch,
	    END(batch.flags), END(batch.flags), false),
	CMD(BPF_MAP_UPDATE_BATCH, "batch", update_batch, END(batch.flags),
	    END(batch.flags), false),
	CMD(BPF_MAP_DELETE_BATCH, "batch", delete_batch, END(batch.flags),
	    END(batch.flags), false),
	CMD(BPF_LINK_CREATE, "link_create", link_create,
	    END(link_create.flags), END(link_create.flags), true),
	CMD(BPF_LINK_UPDATE, "link_update", link_update,
	    END(link_update.flags), END(link_update.old_prog_fd), false),
	CMD(BPF_LINK_GET_FD_BY_ID, NULL, link_get_fd, END(link_id),
	    END(link_id), true),
	CMD(BPF_LINK_GET_NEXT_ID, NULL, get_next_id, END(next_id),
	    END(open_flags), false),
};

static uint64_t get_field(const unsigned char *attr, unsigned int off,
			  unsigned int size)
{
	uint64_t v = 0;

	if (size == 8) {
		memcpy(&v, attr + off, 8);
	} else {
		uint32_t w;

		memcpy(&w, attr + off, 4);
		v = w;
	}
	return v;
}

/*
 * The attr as the call passed it and, at exit, as the kernel left it
 * (NULL at entry, and for commands whose attr the kernel does not
 * write).
 */
struct bctx {
	const unsigned char *in;
	const unsigned char *out;
	bool failed;
	const struct bpf_info_in *info;	/* OBJ_GET_INFO_BY_FD, -v */
};

/*
 * An address in a __u64: all 64 bits, for a 32-bit tracee too (the
 * kernel does not cut it; an address above 4 GiB just faults).
 */
static void print_u64_ptr(struct tcb *tcp, uint64_t v)
{
	emit_ptr(tcp, v);
}

/* char[n] that should end with a NUL in it: "...", when it does not. */
static void print_name(struct tcb *tcp, const unsigned char *s, size_t n)
{
	size_t len = strnlen((const char *)s, n);

	if (len < n)
		emit_quoted(tcp, (const char *)s, len, 0);
	else
		emit_quoted(tcp, (const char *)s, n ? n - 1 : 0,
			    QUOTE_ELLIPSIS);
}

static void print_ifindex(struct tcb *tcp, uint32_t idx)
{
	char name[IF_NAMESIZE], expr[IF_NAMESIZE + 32];

	if (!idx || !if_indextoname(idx, name)) {
		emit_uint(tcp, idx);
		return;
	}
	snprintf(expr, sizeof(expr), "if_nametoindex(\"%s\")", name);
	print_named(tcp, idx, expr, true);
}

/* A log buffer: a string of at most size bytes. */
static void print_logbuf(struct tcb *tcp, uint64_t addr, uint64_t size)
{
	size_t limit = size < cfg.string_limit ? (size_t)size :
						 cfg.string_limit;
	char buf[ATTR_MAX + 1];
	ssize_t n;

	if (!addr || limit > ATTR_MAX) {
		emit_ptr(tcp, addr);
		return;
	}
	n = tracee_read_str(tcp, addr, buf, limit);
	if (n < 0) {
		emit_ptr(tcp, addr);
		return;
	}
	if ((size_t)n >= limit && (limit < size || !memchr(buf, 0, limit)))
		emit_quoted(tcp, buf, limit, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, (size_t)n, 0);
}

/* A 32-bit tracee has nothing above 4 GiB to read: strace shows the address. */
static bool beyond_tracee(const struct tcb *tcp, uint64_t addr)
{
	return tcp_wordsize(tcp) == 4 && addr > UINT32_MAX;
}

static void print_u32_elem(struct tcb *tcp, const void *elem, void *data)
{
	uint32_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_uint(tcp, v);
}

static void print_field(struct tcb *tcp, const struct bfield *f,
			const struct bctx *x, size_t avail)
{
	const unsigned char *attr = f->out && x->out ? x->out : x->in;
	uint64_t v = get_field(attr, f->off, f->size == 8 ? 8 : 4);
	uint64_t was = get_field(x->in, f->off, f->size == 8 ? 8 : 4);
	uint64_t cnt;
	char buf[64];

	switch (f->kind) {
	case K_STR:
	case K_PATH:
	case K_LOGBUF:
	case K_BUF:
		if (beyond_tracee(tcp, v)) {
			emit_ptr(tcp, v);
			return;
		}
		break;
	}

	switch (f->kind) {
	case K_U:
		emit_uint(tcp, v);
		break;
	case K_INT:
		emit_int(tcp, (int32_t)v);
		break;
	case K_FD:
		print_fd(tcp, (int)(uint32_t)v);
		break;
	case K_HEX:
		emit_hex(tcp, v);
		break;
	case K_PTR:
		print_u64_ptr(tcp, v);
		break;
	case K_STR:
	case K_PATH:
		if (f->kind == K_PATH)
			emit_path(tcp, v);
		else
			emit_cstr(tcp, v);
		break;
	case K_XVAL:
		print_xval(tcp, f->x, v, f->dflt);
		break;
	case K_FLAGS:
		print_flags(tcp, f->x, v, f->dflt);
		break;
	case K_NAME:
		print_name(tcp, attr + f->off,
			   avail < f->size ? avail : f->size);
		break;
	case K_IFINDEX:
		print_ifindex(tcp, (uint32_t)v);
		break;
	case K_KVER:
		snprintf(buf, sizeof(buf), "KERNEL_VERSION(%u, %u, %u)",
			 (unsigned int)(v >> 16), (unsigned int)(v >> 8) & 0xff,
			 (unsigned int)v & 0xff);
		print_named(tcp, v, buf, false);
		break;
	case K_NUMA:
		/* strace shows the comment in every -X style but raw. */
		if ((uint32_t)v == (uint32_t)-1 &&
		    cfg.xlat_style != XLAT_STYLE_RAW)
			emit_sym(tcp, v, "4294967295 /* NUMA_NO_NODE */");
		else
			emit_uint(tcp, v);
		break;
	case K_LOGBUF:
		print_logbuf(tcp, v, get_field(attr, f->aux, 4));
		break;
	case K_PROGIDS:
		/* The ids the kernel wrote, as many as the count it left. */
		cnt = get_field(attr, f->aux, 4);
		if (v && !cnt) {
			emit_array_begin(tcp);
			emit_array_end(tcp);
		} else if (v && x->out && !x->failed) {
			print_array(tcp, v, cnt, 4, print_u32_elem, NULL);
		} else {
			print_u64_ptr(tcp, v);
		}
		break;
	case K_INOUT:
		if (x->out && !x->failed && was != v) {
			emit_uint(tcp, was);
			emit_changed(tcp);
		}
		emit_uint(tcp, v);
		break;
	case K_INSNS:
		if (qual_abbrev(tcp))
			print_u64_ptr(tcp, v);
		else
			bpf_print_insns(tcp, v, get_field(attr, f->aux, 4));
		break;
	case K_INFO:
		if (x->out && x->info)
			bpf_print_obj_info(tcp, (int)get_field(x->in,
							       OFF(info.bpf_fd),
							       4),
					   v, x->info,
					   (uint32_t)get_field(x->out,
							       OFF(info.info_len),
							       4),
					   x->failed);
		else
			print_u64_ptr(tcp, v);
		break;
	case K_BUF:
		emit_buf(tcp, v, get_field(attr, f->aux, 4));
		break;
	}
}

/*
 * Bytes past what the command knows: nothing when all are zero, else
 * "..." or, with -v, extra_data="\x.." /\* bytes N..M *\/.
 */
static void print_extra(struct tcb *tcp, const unsigned char *attr,
			size_t known, size_t len)
{
	char where[64];
	size_t i;

	for (i = known; i < len && !attr[i]; i++)
		;
	if (i >= len)
		return;
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		return;
	}
	emit_field(tcp, "extra_data");
	emit_quoted(tcp, (const char *)attr + known, len - known,
		    QUOTE_FORCE_HEX);
	snprintf(where, sizeof(where), "bytes %zu..%zu", known, len - 1);
	emit_comment(tcp, where);
}

static void print_fields(struct tcb *tcp, const struct bfield *fields,
			 size_t n, const struct bctx *x, size_t shown)
{
	const unsigned char *attr = x->in;
	bool last = false;

	for (size_t i = 0; i < n; i++) {
		const struct bfield *f = &fields[i];

		if (!(f->cont ? last : f->off < shown))
			break;
		last = true;
		if (f->cond_mask &&
		    !(get_field(attr, f->aux, 4) & f->cond_mask))
			continue;
		emit_field(tcp, f->name);
		print_field(tcp, f, x, shown - f->off);
	}
}

static void print_iter_info(struct tcb *tcp, const void *elem, void *data)
{
	int32_t fd;

	(void)data;
	memcpy(&fd, elem, sizeof(fd));
	emit_struct_begin(tcp);
	emit_field(tcp, "map");
	emit_struct_begin(tcp);
	emit_field(tcp, "map_fd");
	print_fd(tcp, fd);
	emit_struct_end(tcp);
	emit_struct_end(tcp);
}

static void print_sym(struct tcb *tcp, const void *elem, void *data)
{
	uint64_t p = 0;

	memcpy(&p, elem, tcp_wordsize(tcp));
	(void)data;
	emit_cstr(tcp, p);
}

static void print_u64_hex(struct tcb *tcp, const void *elem, void *data)
{
	uint64_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_hex(tcp, v);
}

/*
 * BPF_LINK_CREATE: after the common fields, the member of the union that
 * the attach type selects.  Returns the size of what was shown.
 */
static size_t print_link_create(struct tcb *tcp, const unsigned char *attr,
				size_t shown)
{
	const struct bpf_attr_link_create_any {
		uint32_t prog_fd, target_fd, attach_type, flags;
	} *lc = (const void *)(attr + OFF(link_create));
	const unsigned char *u = attr + OFF(link_create) + 16;
	uint64_t p;
	uint32_t cnt;

	const struct bctx x = { attr, NULL, false, NULL };

	print_fields(tcp, link_create, sizeof(link_create) /
		     sizeof(link_create[0]), &x, shown);
	if (shown <= OFF(link_create) + 16)
		return OFF(link_create) + 16;
	switch (lc->attach_type) {
	case BPF_CGROUP_INET_INGRESS:
		memcpy(&cnt, u, 4);
		if (cnt) {
			emit_field(tcp, "target_btf_id");
			emit_uint(tcp, cnt);
		}
		return OFF(link_create) + 20;
	case BPF_TRACE_ITER:
		memcpy(&p, u, 8);
		memcpy(&cnt, u + 8, 4);
		emit_field(tcp, "iter_info");
		print_array(tcp, p, cnt, 4, print_iter_info, NULL);
		emit_field(tcp, "iter_info_len");
		emit_uint(tcp, cnt);
		return OFF(link_create) + 28;
	case BPF_PERF_EVENT:
		memcpy(&p, u, 8);
		emit_field(tcp, "perf_event");
		emit_struct_begin(tcp);
		emit_field(tcp, "bpf_cookie");
		emit_hex(tcp, p);
		emit_struct_end(tcp);
		return OFF(link_create) + 24;
	case BPF_TRACE_KPROBE_MULTI:
		emit_field(tcp, "kprobe_multi");
		emit_struct_begin(tcp);
		memcpy(&cnt, u, 4);
		emit_field(tcp, "flags");
		print_flags(tcp, bpf_kprobe_multi_flags, cnt, "BPF_F_???");
		memcpy(&cnt, u + 4, 4);
		emit_field(tcp, "cnt");
		emit_uint(tcp, cnt);
		memcpy(&p, u + 8, 8);
		emit_field(tcp, "syms");
		print_array(tcp, p, cnt, tcp_wordsize(tcp),
			    print_sym, NULL);
		memcpy(&p, u + 16, 8);
		emit_field(tcp, "addrs");
		print_array(tcp, p, cnt, 8, print_u64_hex, NULL);
		memcpy(&p, u + 24, 8);
		emit_field(tcp, "cookies");
		print_array(tcp, p, cnt, 8, print_u64_hex, NULL);
		emit_struct_end(tcp);
		return OFF(link_create) + 48;
	}
	return OFF(link_create) + 16;
}

/* The batch commands: their count the kernel rewrites. */
static bool is_batch(uint32_t cmd)
{
	return cmd == BPF_MAP_LOOKUP_BATCH ||
	       cmd == BPF_MAP_LOOKUP_AND_DELETE_BATCH ||
	       cmd == BPF_MAP_UPDATE_BATCH || cmd == BPF_MAP_DELETE_BATCH;
}

/* Whether the kernel writes into the command's attr: shown at exit. */
static bool has_out(const struct bcmd *c, uint32_t cmd)
{
	if (is_batch(cmd))
		return true;
	for (size_t i = 0; i < c->nfields; i++)
		if (c->fields[i].out)
			return true;
	return false;
}

/* Read the attr: false when it is to be shown as its address. */
static bool read_attr(struct tcb *tcp, uint64_t addr, uint32_t len,
		      unsigned char *attr)
{
	if (!addr || !len || len > ATTR_MAX || !qual_verbose(tcp))
		return false;
	memset(attr, 0, ATTR_MAX);
	return !tracee_read(tcp, addr, attr, len);
}

static void print_attr(struct tcb *tcp, const struct bcmd *c,
		       const struct bctx *x, uint32_t len, uint32_t cmd)
{
	size_t shown, known = c->size;
	uint32_t count;

	shown = len > c->min_len ? len : c->min_len;
	emit_struct_begin(tcp);
	if (c->wrap) {
		emit_field(tcp, c->wrap);
		emit_struct_begin(tcp);
	}
	if (cmd == BPF_LINK_CREATE)
		known = print_link_create(tcp, x->in, shown);
	else
		print_fields(tcp, c->fields, c->nfields, x, shown);
	if (c->wrap)
		emit_struct_end(tcp);
	/* At exit, as the kernel left them (newer kernels write more). */
	if (len > known)
		print_extra(tcp, x->out ? x->out : x->in, known, len);
	emit_struct_end(tcp);
	/* A batch shows the count the kernel left, failed or not. */
	count = (uint32_t)get_field(x->in, OFF(batch.count), 4);
	if (x->out && is_batch(cmd) &&
	    count != get_field(x->out, OFF(batch.count), 4)) {
		emit_changed(tcp);
		emit_struct_begin(tcp);
		emit_field(tcp, "batch");
		emit_struct_begin(tcp);
		emit_field(tcp, "count");
		emit_uint(tcp, get_field(x->out, OFF(batch.count), 4));
		emit_struct_end(tcp);
		emit_struct_end(tcp);
	}
}

/* What a command that the kernel answers in its attr keeps till exit. */
struct bpf_priv {
	unsigned char in[ATTR_MAX];
	struct bpf_info_in info;
};

SYS_FUNC(bpf)
{
	uint32_t cmd = (uint32_t)tcp_arg(tcp, 0);
	uint64_t addr = tcp_arg(tcp, 1);
	uint32_t len = (uint32_t)tcp_arg(tcp, 2);
	const struct bcmd *c = cmd < sizeof(cmds) / sizeof(cmds[0]) &&
			       cmds[cmd].fields ? &cmds[cmd] : NULL;
	unsigned char out[ATTR_MAX];
	struct bpf_priv *p;
	struct bctx x = { NULL, NULL, false, NULL };

	if (entering(tcp)) {
		print_xval(tcp, bpf_commands, cmd, "BPF_???");
		emit_next(tcp);
		if (c && has_out(c, cmd) && (p = malloc(sizeof(*p)))) {
			if (read_attr(tcp, addr, len, p->in)) {
				if (cmd == BPF_OBJ_GET_INFO_BY_FD)
					bpf_info_fetch(
						tcp,
						get_field(p->in,
							  OFF(info.info), 8),
						(uint32_t)get_field(
							p->in,
							OFF(info.info_len), 4),
						&p->info);
				tcp->priv = p;
				tcp->priv_free = free;
				return 0;
			}
			free(p);
		}
		if (c && read_attr(tcp, addr, len, out)) {
			x.in = out;
			print_attr(tcp, c, &x, len, cmd);
		} else {
			emit_ptr(tcp, addr);
		}
		emit_next(tcp);
		emit_uint(tcp, len);
		return RVAL_DECODED | (c && c->ret_fd ? RVAL_FD : 0);
	}

	/* Exit of a command whose attr was read at entry. */
	p = tcp->priv_free == free ? tcp->priv : NULL;
	if (!p || !c) {
		emit_ptr(tcp, addr);
	} else {
		x.in = p->in;
		x.out = read_attr(tcp, addr, len, out) ? out : p->in;
		x.failed = syserror(tcp);
		x.info = &p->info;
		print_attr(tcp, c, &x, len, cmd);
	}
	emit_next(tcp);
	emit_uint(tcp, len);
	return c && c->ret_fd ? RVAL_FD : 0;
}
