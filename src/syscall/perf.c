/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perf_event_open(2) and its struct perf_event_attr (linux/perf_event.h),
 * which ioctl(PERF_EVENT_IOC_MODIFY_ATTRIBUTES) shows too.
 *
 * The struct grew by versions (PERF_ATTR_SIZE_VER0..7); the caller says
 * in its size field which one it passes, 0 meaning the first.  strace
 * shows, abbreviated, the fields up to the flag bits and "...", and with
 * -v every field the size covers, cut where a version ends, and "..."
 * when the size goes past what it knows.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/perf.h"
#include "xlat/tables/clocknames.h"
#include "xlat/tables/hw_breakpoint_type.h"
#include "xlat/tables/perf_attr_size.h"
#include "xlat/tables/perf_branch_sample_type.h"
#include "xlat/tables/perf_event_open_flags.h"
#include "xlat/tables/perf_event_read_format.h"
#include "xlat/tables/perf_event_sample_format.h"
#include "xlat/tables/perf_hw_cache_id.h"
#include "xlat/tables/perf_hw_cache_op_id.h"
#include "xlat/tables/perf_hw_cache_op_result_id.h"
#include "xlat/tables/perf_hw_id.h"
#include "xlat/tables/perf_sw_ids.h"
#include "xlat/tables/perf_type_id.h"

/* linux/perf_event.h: the offsets of the struct, fixed by the ABI. */
enum {
	PA_TYPE = 0,
	PA_SIZE = 4,
	PA_CONFIG = 8,
	PA_SAMPLE_PERIOD = 16,
	PA_SAMPLE_TYPE = 24,
	PA_READ_FORMAT = 32,
	PA_FLAGS = 40,
	PA_WAKEUP = 48, /* the end of what the abbreviated form shows */
	PA_BP_TYPE = 52,
	PA_CONFIG1 = 56,
	PA_CONFIG2 = 64, /* VER0 ends here */
	PA_BRANCH_SAMPLE_TYPE = 72,
	PA_SAMPLE_REGS_USER = 80,
	PA_SAMPLE_STACK_USER = 88,
	PA_CLOCKID = 92,
	PA_SAMPLE_REGS_INTR = 96,
	PA_AUX_WATERMARK = 104,
	PA_SAMPLE_MAX_STACK = 108,
	PA_RESERVED_2 = 110,
	PA_AUX_SAMPLE_SIZE = 112,
	PA_RESERVED_3 = 116,
	PA_SIG_DATA = 120,
	PA_VER0 = 64,
};

/* The sample_type and attr bits that decide whether a field shows. */
#define SAMPLE_BRANCH_STACK (1ULL << 11)
#define SAMPLE_STACK_USER (1ULL << 13)
#define TYPE_HARDWARE 0
#define TYPE_SOFTWARE 1
#define TYPE_TRACEPOINT 2
#define TYPE_HW_CACHE 3
#define TYPE_BREAKPOINT 5

/* The one-bit fields of the flags word, bit by bit (precise_ip aside). */
static const char *const flag_names[] = {
	"disabled",
	"inherit",
	"pinned",
	"exclusive",
	"exclude_user",
	"exclude_kernel",
	"exclude_hv",
	"exclude_idle",
	"mmap",
	"comm",
	"freq",
	"inherit_stat",
	"enable_on_exec",
	"task",
	"watermark",
	NULL,
	NULL, /* precise_ip, bits 15..16 */
	"mmap_data",
	"sample_id_all",
	"exclude_host",
	"exclude_guest",
	"exclude_callchain_kernel",
	"exclude_callchain_user",
	"mmap2",
	"comm_exec",
	"use_clockid",
	"context_switch",
	"write_backward",
	"namespaces",
	"ksymbol",
	"bpf_event",
	"aux_output",
	"cgroup",
	"text_poke",
	"build_id",
	"inherit_thread",
	"remove_on_exec",
	"sigtrap",
};
#define FLAG_BITS (sizeof(flag_names) / sizeof(flag_names[0]))
#define FLAG_FREQ 10
#define FLAG_WATERMARK 14
#define FLAG_USE_CLOCKID 25

static const char *const precise_ip_desc[] = {
	"arbitrary skid",
	"constant skid",
	"requested to have 0 skid",
	"must have 0 skid",
};

static uint64_t get(const unsigned char *b, unsigned int off, unsigned int size)
{
	uint64_t v = 0;
	uint32_t w;
	uint16_t h;

	switch (size) {
	case 8:
		memcpy(&v, b + off, 8);
		break;
	case 4:
		memcpy(&w, b + off, 4);
		v = w;
		break;
	default:
		memcpy(&h, b + off, 2);
		v = h;
		break;
	}
	return v;
}

void perf_attr_fetch(struct tcb *tcp, uint64_t addr, struct perf_attr_copy *a)
{
	uint32_t size, len;

	memset(a, 0, sizeof(*a));
	a->addr = addr;
	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr + PA_SIZE, &size, sizeof(size)))
		return;
	a->size = size;
	if (qual_abbrev(tcp))
		len = PA_WAKEUP;
	else
		len = !size		     ? PA_VER0 :
		      size < PERF_ATTR_KNOWN ? size :
					       PERF_ATTR_KNOWN;
	if (tracee_read(tcp, addr, a->b, len))
		return;
	/* The kernel refuses a size below the first version's. */
	a->ok = !size || size >= PA_VER0;
}

static void print_size(struct tcb *tcp, uint32_t size)
{
	print_xval(tcp, perf_attr_size, size, "PERF_ATTR_SIZE_???");
}

/* config: what it counts, as the type spells it. */
static void print_config(struct tcb *tcp, uint32_t type, uint64_t config)
{
	char text[512], part[160];
	size_t n = 0;

	text[0] = '\0';
	switch (type) {
	case TYPE_HARDWARE:
		if (config >> 32)
			n += snprintf(text, sizeof(text), "%#x<<32|",
				      (unsigned int)(config >> 32));
		snprintf(text + n, sizeof(text) - n, "%s",
			 sprint_xval(part, sizeof(part), perf_hw_id,
				     config & 0xffffffff, "PERF_COUNT_HW_???"));
		break;
	case TYPE_SOFTWARE:
		print_xval(tcp, perf_sw_ids, config, "PERF_COUNT_SW_???");
		return;
	case TYPE_TRACEPOINT:
		emit_uint(tcp, config);
		return;
	case TYPE_HW_CACHE:
		/* id | op << 8 | result << 16; the rest shown as a number. */
		if (config >> 32)
			n += snprintf(text + n, sizeof(text) - n, "%#x<<32|",
				      (unsigned int)(config >> 32));
		if ((config >> 24) & 0xff)
			n += snprintf(text + n, sizeof(text) - n, "%#x<<24|",
				      (unsigned int)(config >> 24) & 0xff);
		n += snprintf(text + n, sizeof(text) - n, "%s<<16|",
			      sprint_xval(part, sizeof(part),
					  perf_hw_cache_op_result_id,
					  (config >> 16) & 0xff,
					  "PERF_COUNT_HW_CACHE_RESULT_???"));
		n += snprintf(text + n, sizeof(text) - n, "%s<<8|",
			      sprint_xval(part, sizeof(part),
					  perf_hw_cache_op_id,
					  (config >> 8) & 0xff,
					  "PERF_COUNT_HW_CACHE_OP_???"));
		snprintf(text + n, sizeof(text) - n, "%s",
			 sprint_xval(part, sizeof(part), perf_hw_cache_id,
				     config & 0xff, "PERF_COUNT_HW_CACHE_???"));
		break;
	default:
		emit_hex(tcp, config);
		return;
	}
	emit_sym(tcp, config, text);
}

/* The flag bits: with -v all of them, else those set; then the rest. */
static void print_attr_flags(struct tcb *tcp, uint64_t flags, bool abbrev)
{
	char comment[64];

	for (unsigned int bit = 0; bit < FLAG_BITS; bit++) {
		if (bit == 15) {
			unsigned int ip = (flags >> 15) & 3;

			emit_field(tcp, "precise_ip");
			emit_uint(tcp, ip);
			emit_comment(tcp, precise_ip_desc[ip]);
			bit++;
			continue;
		}
		if (abbrev && !(flags >> bit & 1))
			continue;
		emit_field(tcp, flag_names[bit]);
		emit_uint(tcp, flags >> bit & 1);
	}
	if (flags >> FLAG_BITS) {
		emit_field(tcp, "__reserved_1");
		emit_hex(tcp, flags >> FLAG_BITS);
		snprintf(comment, sizeof(comment), "Bits 63..%zu", FLAG_BITS);
		emit_comment(tcp, comment);
	}
}

/* Padding that is not zero: "/\* bytes 110..111: 0x1 *\/". */
static void print_padding(struct tcb *tcp, const unsigned char *b,
			  unsigned int off, unsigned int size)
{
	uint64_t v = get(b, off, size);
	char comment[64];

	if (!v)
		return;
	snprintf(comment, sizeof(comment), "bytes %u..%u: %#llx", off,
		 off + size - 1, (unsigned long long)v);
	emit_comment(tcp, comment);
}

/*
 * The fields after the flags, as far as size goes; returns where the
 * fields shown end, for the "..." of a larger size.
 */
static unsigned int print_attr_tail(struct tcb *tcp, const unsigned char *b,
				    uint32_t size)
{
	uint32_t type = (uint32_t)get(b, PA_TYPE, 4);
	uint64_t flags = get(b, PA_FLAGS, 8);
	uint64_t sample_type = get(b, PA_SAMPLE_TYPE, 8);
	uint32_t bp_type;

	emit_field(tcp, flags >> FLAG_WATERMARK & 1 ? "wakeup_watermark" :
						      "wakeup_events");
	emit_uint(tcp, get(b, PA_WAKEUP, 4));
	if (type == TYPE_BREAKPOINT) {
		bp_type = (uint32_t)get(b, PA_BP_TYPE, 4);
		emit_field(tcp, "bp_type");
		/* R, W and X combined, or none of them, the kernel refuses. */
		print_xval(tcp, hw_breakpoint_type, bp_type,
			   bp_type < 8 ? "HW_BREAKPOINT_INVALID" :
					 "HW_BREAKPOINT_???");
	}
	emit_field(tcp, type == TYPE_BREAKPOINT ? "bp_addr" : "config1");
	emit_hex(tcp, get(b, PA_CONFIG1, 8));
	if (size <= PA_CONFIG2)
		return PA_CONFIG2;

	if (type == TYPE_BREAKPOINT) {
		emit_field(tcp, "bp_len");
		emit_uint(tcp, get(b, PA_CONFIG2, 8));
	} else {
		emit_field(tcp, "config2");
		emit_hex(tcp, get(b, PA_CONFIG2, 8));
	}
	if (size <= PA_BRANCH_SAMPLE_TYPE)
		return PA_BRANCH_SAMPLE_TYPE;

	if (sample_type & SAMPLE_BRANCH_STACK) {
		emit_field(tcp, "branch_sample_type");
		print_flags(tcp, perf_branch_sample_type,
			    get(b, PA_BRANCH_SAMPLE_TYPE, 8),
			    "PERF_SAMPLE_BRANCH_???");
	}
	if (size <= PA_SAMPLE_REGS_USER)
		return PA_SAMPLE_REGS_USER;

	emit_field(tcp, "sample_regs_user");
	emit_hex(tcp, get(b, PA_SAMPLE_REGS_USER, 8));
	if (size <= PA_SAMPLE_STACK_USER)
		return PA_SAMPLE_STACK_USER;

	if (sample_type & SAMPLE_STACK_USER) {
		emit_field(tcp, "sample_stack_user");
		emit_hex(tcp, get(b, PA_SAMPLE_STACK_USER, 4));
	}
	if (size <= PA_CLOCKID)
		return PA_CLOCKID;

	if (flags >> FLAG_USE_CLOCKID & 1) {
		emit_field(tcp, "clockid");
		print_xval(tcp, clocknames, get(b, PA_CLOCKID, 4), "CLOCK_???");
	}
	if (size <= PA_SAMPLE_REGS_INTR)
		return PA_SAMPLE_REGS_INTR;

	emit_field(tcp, "sample_regs_intr");
	emit_hex(tcp, get(b, PA_SAMPLE_REGS_INTR, 8));
	if (size <= PA_AUX_WATERMARK)
		return PA_AUX_WATERMARK;

	emit_field(tcp, "aux_watermark");
	emit_uint(tcp, get(b, PA_AUX_WATERMARK, 4));
	if (size <= PA_SAMPLE_MAX_STACK)
		return PA_SAMPLE_MAX_STACK;

	emit_field(tcp, "sample_max_stack");
	emit_uint(tcp, get(b, PA_SAMPLE_MAX_STACK, 2));
	if (size <= PA_RESERVED_2)
		return PA_RESERVED_2;
	print_padding(tcp, b, PA_RESERVED_2, 2);
	if (size <= PA_AUX_SAMPLE_SIZE)
		return PA_AUX_SAMPLE_SIZE;

	emit_field(tcp, "aux_sample_size");
	emit_uint(tcp, get(b, PA_AUX_SAMPLE_SIZE, 4));
	if (size <= PA_RESERVED_3)
		return PA_RESERVED_3;
	print_padding(tcp, b, PA_RESERVED_3, 4);
	if (size <= PA_SIG_DATA)
		return PA_SIG_DATA;

	emit_field(tcp, "sig_data");
	emit_hex(tcp, get(b, PA_SIG_DATA, 8));
	return PERF_ATTR_KNOWN;
}

void perf_attr_print(struct tcb *tcp, const struct perf_attr_copy *a,
		     const uint32_t *new_size)
{
	const unsigned char *b = a->b;
	bool abbrev = qual_abbrev(tcp);
	uint64_t flags = get(b, PA_FLAGS, 8);
	uint32_t type = (uint32_t)get(b, PA_TYPE, 4);
	uint32_t size = a->size ? a->size : PA_VER0;

	if (!a->ok) {
		emit_ptr(tcp, a->addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "type");
	print_xval(tcp, perf_type_id, type, "PERF_TYPE_???");
	emit_field(tcp, "size");
	print_size(tcp, a->size);
	if (new_size && *new_size != a->size) {
		emit_changed(tcp);
		print_size(tcp, *new_size);
	}
	emit_field(tcp, "config");
	print_config(tcp, type, get(b, PA_CONFIG, 8));
	emit_field(tcp,
		   flags >> FLAG_FREQ & 1 ? "sample_freq" : "sample_period");
	emit_uint(tcp, get(b, PA_SAMPLE_PERIOD, 8));
	emit_field(tcp, "sample_type");
	print_flags(tcp, perf_event_sample_format, get(b, PA_SAMPLE_TYPE, 8),
		    "PERF_SAMPLE_???");
	emit_field(tcp, "read_format");
	print_flags(tcp, perf_event_read_format, get(b, PA_READ_FORMAT, 8),
		    "PERF_FORMAT_???");
	print_attr_flags(tcp, flags, abbrev);
	if (abbrev || size > print_attr_tail(tcp, b, size))
		emit_more(tcp);
	emit_struct_end(tcp);
}

/*
 * The attr is read at entry (the kernel may write its size back) and
 * shown at exit, with the size the kernel left.
 */
SYS_FUNC(perf_event_open)
{
	struct perf_attr_copy *a;
	uint32_t size;

	if (entering(tcp)) {
		a = malloc(sizeof(*a));
		if (a) {
			perf_attr_fetch(tcp, tcp_arg(tcp, 0), a);
			tcp->priv = a;
			tcp->priv_free = free;
		}
		return 0;
	}
	a = tcp->priv_free == free ? tcp->priv : NULL;
	if (!a)
		emit_ptr(tcp, tcp_arg(tcp, 0));
	else if (a->ok &&
		 !tracee_read(tcp, a->addr + PA_SIZE, &size, sizeof(size)))
		perf_attr_print(tcp, a, &size);
	else
		perf_attr_print(tcp, a, NULL);
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 2));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 3));
	emit_next(tcp);
	print_flags(tcp, perf_event_open_flags, tcp_arg(tcp, 4),
		    "PERF_FLAG_???");
	return RVAL_FD;
}
