/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Resource limits and usage. */
#include "config.h"

#include <stdio.h>

#include "select/qualify.h"
#include "output/pidcomm.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/rlimit_resources.h"
#include "xlat/tables/rusage_who.h"

/*
 * A limit as strace shows it: the infinity constant of the layout, a
 * multiple of 1024 as "8192*1024", anything else in decimal.
 */
static void print_rlim(struct tcb *tcp, uint64_t v, bool wide)
{
	char text[48], buf[96];

	if (wide && v == UINT64_MAX)
		snprintf(text, sizeof(text), "RLIM64_INFINITY");
	else if (!wide && v == UINT32_MAX)
		snprintf(text, sizeof(text), "RLIM_INFINITY");
	else if (v && !(v % 1024))
		snprintf(text, sizeof(text), "%llu*1024",
			 (unsigned long long)(v / 1024));
	else
		text[0] = '\0';
	/* -X raw: the number; -X verbose: the number and the text. */
	if (!text[0] || cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_uint(tcp, v);
	} else if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%llu /* %s */",
			 (unsigned long long)v, text);
		emit_sym(tcp, v, buf);
	} else {
		emit_sym(tcp, v, text);
	}
}

/*
 * struct rlimit at addr.  wide: two 64-bit values (prlimit64, and
 * rlimit on x86_64, whose infinity strace also calls RLIM64_INFINITY);
 * otherwise the i386 32-bit layout.
 */
static void print_rlimit_at(struct tcb *tcp, uint64_t addr, bool wide)
{
	uint64_t v[2];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (wide) {
		if (tracee_read(tcp, addr, v, sizeof(v))) {
			emit_ptr(tcp, addr);
			return;
		}
	} else {
		uint32_t w[2];

		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		v[0] = w[0];
		v[1] = w[1];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "rlim_cur");
	print_rlim(tcp, v[0], wide);
	emit_field(tcp, "rlim_max");
	print_rlim(tcp, v[1], wide);
	emit_struct_end(tcp);
}

static void print_resource(struct tcb *tcp, uint64_t r)
{
	print_xval(tcp, rlimit_resources, (uint32_t)r, "RLIMIT_???");
}

static int getrlimit_common(struct tcb *tcp)
{
	if (entering(tcp)) {
		print_resource(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_rlimit_at(tcp, tcp_arg(tcp, 1), tcp_wordsize(tcp) == 8);
	return 0;
}

SYS_FUNC(getrlimit)
{
	return getrlimit_common(tcp);
}

SYS_FUNC(ugetrlimit)
{
	return getrlimit_common(tcp);
}

SYS_FUNC(setrlimit)
{
	print_resource(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_rlimit_at(tcp, tcp_arg(tcp, 1), tcp_wordsize(tcp) == 8);
	return RVAL_DECODED;
}

SYS_FUNC(prlimit64)
{
	if (entering(tcp)) {
		print_pid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_resource(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		print_rlimit_at(tcp, tcp_arg(tcp, 2), true);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else
		print_rlimit_at(tcp, tcp_arg(tcp, 3), true);
	return 0;
}

SYS_FUNC(getrusage)
{
	if (entering(tcp)) {
		print_xval(tcp, rusage_who, (uint32_t)tcp_arg(tcp, 0),
			   "RUSAGE_???");
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_rusage_at(tcp, tcp_arg(tcp, 1));
	return 0;
}
