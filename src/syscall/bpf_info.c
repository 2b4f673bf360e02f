/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * eBPF instructions (struct bpf_insn) and the info structs of
 * BPF_OBJ_GET_INFO_BY_FD (struct bpf_map_info, bpf_prog_info), as strace
 * 6.1 shows them.  The info struct is shown with -v; which one it is,
 * strace learns from what the descriptor is ("anon_inode:bpf-map").
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "select/qualify.h"
#include "syscall/bpf_info.h"
#include "syscall/defs.h"
#include "syscall/file.h"
#include "syscall/seccomp.h"
#include "xlat/tables/bpf_map_flags.h"
#include "xlat/tables/bpf_map_types.h"
#include "xlat/tables/bpf_prog_types.h"
#include "xlat/tables/ebpf_regs.h"

/* The kernel takes no longer program, nor shows strace more (BPF_MAXINSNS). */
#define BPF_MAXINSNS 4096

/* struct bpf_insn (linux/bpf.h) */
struct insn {
	uint8_t code;
	uint8_t regs; /* dst_reg in the low nibble, src_reg in the high */
	int16_t off;
	int32_t imm;
};

static void print_insn(struct tcb *tcp, const void *elem, void *data)
{
	struct insn in;
	char buf[256];

	(void)data;
	memcpy(&in, elem, sizeof(in));
	emit_struct_begin(tcp);
	emit_field(tcp, "code");
	emit_sym(tcp, in.code,
		 sprint_bpf_code(buf, sizeof(buf), in.code, true));
	emit_field(tcp, "dst_reg");
	print_xval(tcp, ebpf_regs, in.regs & 0xf, "BPF_REG_???");
	emit_field(tcp, "src_reg");
	print_xval(tcp, ebpf_regs, in.regs >> 4, "BPF_REG_???");
	emit_field(tcp, "off");
	emit_int(tcp, in.off);
	emit_field(tcp, "imm");
	emit_hex(tcp, (uint32_t)in.imm);
	emit_struct_end(tcp);
}

void bpf_print_insns(struct tcb *tcp, uint64_t addr, uint64_t count)
{
	print_array_max(tcp, addr, count, sizeof(struct insn), BPF_MAXINSNS,
			print_insn, NULL);
}

/* How a field of an info struct prints. */
enum ikind {
	I_U, /* unsigned */
	I_INOUT, /* a count or length the caller gives and the kernel sets */
	I_PTR, /* an address */
	I_NAME, /* char[16] */
	I_TAG, /* u8[8] in hex */
	I_DEV, /* makedev() */
	I_MAPTYPE,
	I_MAPFLAGS,
	I_PROGTYPE,
	I_LOADTIME, /* ns since boot */
	I_GPL, /* bit 0 */
	I_MAPIDS, /* u32[] of the count at aux */
	I_INSNS, /* struct bpf_insn[] of the length in bytes at aux */
};

struct ifield {
	const char *name;
	uint8_t off;
	uint8_t size;
	uint8_t kind;
	uint8_t aux;
	bool always; /* shown whatever info_len */
};

static const struct ifield map_info[] = {
	{ "type", 0, 4, I_MAPTYPE, 0, true },
	{ "id", 4, 4, I_U, 0, true },
	{ "key_size", 8, 4, I_U, 0, true },
	{ "value_size", 12, 4, I_U, 0, true },
	{ "max_entries", 16, 4, I_U, 0, true },
	{ "map_flags", 20, 4, I_MAPFLAGS, 0, true },
	{ "name", 24, 16, I_NAME, 0, false },
	{ "ifindex", 40, 4, I_U, 0, false },
	{ "btf_vmlinux_value_type_id", 44, 4, I_U, 0, false },
	{ "netns_dev", 48, 8, I_DEV, 0, false },
	{ "netns_ino", 56, 8, I_U, 0, false },
	{ "btf_id", 64, 4, I_U, 0, false },
	{ "btf_key_type_id", 68, 4, I_U, 0, false },
	{ "btf_value_type_id", 72, 4, I_U, 0, false },
};

static const struct ifield prog_info[] = {
	{ "type", 0, 4, I_PROGTYPE, 0, true },
	{ "id", 4, 4, I_U, 0, true },
	{ "tag", 8, 8, I_TAG, 0, true },
	{ "jited_prog_len", 16, 4, I_INOUT, 0, true },
	{ "jited_prog_insns", 24, 8, I_PTR, 0, true },
	{ "xlated_prog_len", 20, 4, I_INOUT, 0, true },
	{ "xlated_prog_insns", 32, 8, I_INSNS, 20, true },
	{ "load_time", 40, 8, I_LOADTIME, 0, false },
	{ "created_by_uid", 48, 4, I_U, 0, false },
	{ "nr_map_ids", 52, 4, I_INOUT, 0, false },
	{ "map_ids", 56, 8, I_MAPIDS, 52, false },
	{ "name", 64, 16, I_NAME, 0, false },
	{ "ifindex", 80, 4, I_U, 0, false },
	{ "gpl_compatible", 84, 4, I_GPL, 0, false },
	{ "netns_dev", 88, 8, I_DEV, 0, false },
	{ "netns_ino", 96, 8, I_U, 0, false },
	{ "nr_jited_ksyms", 104, 4, I_INOUT, 0, false },
	{ "nr_jited_func_lens", 108, 4, I_INOUT, 0, false },
	{ "jited_ksyms", 112, 8, I_PTR, 0, false },
	{ "jited_func_lens", 120, 8, I_PTR, 0, false },
	{ "btf_id", 128, 4, I_U, 0, false },
	{ "func_info_rec_size", 132, 4, I_INOUT, 0, false },
	{ "func_info", 136, 8, I_PTR, 0, false },
	{ "nr_func_info", 144, 4, I_INOUT, 0, false },
	{ "nr_line_info", 148, 4, I_INOUT, 0, false },
	{ "line_info", 152, 8, I_PTR, 0, false },
	{ "jited_line_info", 160, 8, I_PTR, 0, false },
	{ "nr_jited_line_info", 168, 4, I_INOUT, 0, false },
	{ "line_info_rec_size", 172, 4, I_INOUT, 0, false },
	{ "jited_line_info_rec_size", 176, 4, I_INOUT, 0, false },
	{ "nr_prog_tags", 180, 4, I_INOUT, 0, false },
	{ "prog_tags", 184, 8, I_PTR, 0, false },
	{ "run_time_ns", 192, 8, I_U, 0, false },
	{ "run_cnt", 200, 8, I_U, 0, false },
	{ "recursion_misses", 208, 8, I_U, 0, false },
	{ "verified_insns", 216, 4, I_U, 0, false },
};

/* The known part of each: what strace 6.1 reads. */
#define MAP_INFO_KNOWN 76
#define PROG_INFO_KNOWN 220

static uint64_t iget(const unsigned char *b, unsigned int off,
		     unsigned int size)
{
	uint64_t v = 0;
	uint32_t w;

	if (size == 8) {
		memcpy(&v, b + off, 8);
	} else {
		memcpy(&w, b + off, 4);
		v = w;
	}
	return v;
}

static void print_u32_elem(struct tcb *tcp, const void *elem, void *data)
{
	uint32_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_uint(tcp, v);
}

/* load_time counts from boot: strace dates it by the wall clock. */
static void print_load_time(struct tcb *tcp, uint64_t ns)
{
	struct timespec rt, boot;
	int64_t sec, nsec;

	emit_uint(tcp, ns);
	if (clock_gettime(CLOCK_REALTIME, &rt) ||
	    clock_gettime(CLOCK_BOOTTIME, &boot))
		return;
	nsec = rt.tv_nsec - boot.tv_nsec + (int64_t)(ns % 1000000000);
	sec = rt.tv_sec - boot.tv_sec + (int64_t)(ns / 1000000000);
	while (nsec < 0) {
		nsec += 1000000000;
		sec--;
	}
	sec += nsec / 1000000000;
	print_time_comment(tcp, sec, 0, 0);
}

static void print_cname(struct tcb *tcp, const unsigned char *s, size_t n)
{
	size_t len = strnlen((const char *)s, n);

	if (len < n)
		emit_quoted(tcp, (const char *)s, len, 0);
	else
		emit_quoted(tcp, (const char *)s, n - 1, QUOTE_ELLIPSIS);
}

static void print_ifield(struct tcb *tcp, const struct ifield *f,
			 const unsigned char *in, const unsigned char *out,
			 bool failed)
{
	uint64_t v = iget(out, f->off, f->size);
	uint64_t was = iget(in, f->off, f->size);
	uint64_t n, m;

	switch (f->kind) {
	case I_U:
		emit_uint(tcp, v);
		break;
	case I_INOUT:
		if (!failed && was != v) {
			emit_uint(tcp, was);
			emit_changed(tcp);
		}
		emit_uint(tcp, v);
		break;
	case I_PTR:
		emit_ptr(tcp, v);
		break;
	case I_NAME:
		print_cname(tcp, out + f->off, f->size);
		break;
	case I_TAG:
		emit_quoted(tcp, (const char *)out + f->off, f->size,
			    QUOTE_FORCE_HEX);
		break;
	case I_DEV:
		print_dev(tcp, v);
		break;
	case I_MAPTYPE:
		print_xval(tcp, bpf_map_types, v, "BPF_MAP_TYPE_???");
		break;
	case I_MAPFLAGS:
		print_flags(tcp, bpf_map_flags, v, "BPF_F_???");
		break;
	case I_PROGTYPE:
		print_xval(tcp, bpf_prog_types, v, "BPF_PROG_TYPE_???");
		break;
	case I_LOADTIME:
		print_load_time(tcp, v);
		break;
	case I_GPL:
		emit_uint(tcp, v & 1);
		break;
	case I_MAPIDS:
	case I_INSNS:
		/* What the kernel wrote: no more than the room given. */
		n = iget(in, f->aux, 4);
		m = iget(out, f->aux, 4);
		if (m < n)
			n = m;
		/* As prog_ids: none to show is "[]", failed or not. */
		if (v && !n && f->kind == I_MAPIDS)
			print_array(tcp, v, 0, 4, print_u32_elem, NULL);
		else if (failed || !v)
			emit_ptr(tcp, v);
		else if (f->kind == I_MAPIDS)
			print_array(tcp, v, n, 4, print_u32_elem, NULL);
		else
			bpf_print_insns(tcp, v, n / sizeof(struct insn));
		break;
	}
}

void bpf_info_fetch(struct tcb *tcp, uint64_t addr, uint32_t len,
		    struct bpf_info_in *in)
{
	memset(in, 0, sizeof(*in));
	if (qual_abbrev(tcp) || !addr)
		return;
	in->len = len < BPF_INFO_MAX ? len : BPF_INFO_MAX;
	in->ok = !tracee_read(tcp, addr, in->b, in->len);
}

void bpf_print_obj_info(struct tcb *tcp, int fd, uint64_t addr,
			const struct bpf_info_in *in, uint32_t out_len,
			bool failed)
{
	static const char map_path[] = "anon_inode:bpf-map";
	static const char prog_path[] = "anon_inode:bpf-prog";
	const struct ifield *fields;
	unsigned char out[BPF_INFO_MAX];
	char path[64];
	size_t nfields, known, len;
	ssize_t plen;

	if (!in->ok ||
	    (plen = fd_path(tcp->pid, fd, path, sizeof(path) - 1)) < 0) {
		emit_ptr(tcp, addr);
		return;
	}
	path[plen] = '\0';
	if (!strcmp(path, map_path)) {
		fields = map_info;
		nfields = sizeof(map_info) / sizeof(map_info[0]);
		known = MAP_INFO_KNOWN;
	} else if (!strcmp(path, prog_path)) {
		fields = prog_info;
		nfields = sizeof(prog_info) / sizeof(prog_info[0]);
		known = PROG_INFO_KNOWN;
	} else {
		emit_ptr(tcp, addr);
		return;
	}
	memset(out, 0, sizeof(out));
	len = out_len < known ? out_len : known;
	if (tracee_read(tcp, addr, out, len)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	for (size_t i = 0; i < nfields; i++) {
		if (!fields[i].always && out_len <= fields[i].off)
			continue;
		emit_field(tcp, fields[i].name);
		print_ifield(tcp, &fields[i], in->b, out, failed);
	}
	emit_struct_end(tcp);
}
