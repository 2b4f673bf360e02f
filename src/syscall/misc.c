/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* System information: uname, sysinfo, times; getrandom. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/getrandom_flags.h"

/* include/uapi/linux/utsname.h: six fields of __NEW_UTS_LEN + 1. */
#define UTS_FIELD 65

SYS_FUNC(uname)
{
	static const char *const names[6] = {
		"sysname", "nodename", "release",
		"version", "machine",  "domainname",
	};
	char u[6][UTS_FIELD];
	uint64_t addr = tcp_arg(tcp, 0);
	unsigned int i, n;

	if (entering(tcp))
		return 0;
	if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, u, sizeof(u))) {
		emit_ptr(tcp, addr);
		return 0;
	}
	n = qual_abbrev(tcp) ? 2 : 6;
	emit_struct_begin(tcp);
	for (i = 0; i < n; i++) {
		emit_field(tcp, names[i]);
		emit_quoted(tcp, u[i], strnlen(u[i], UTS_FIELD),
			    QUOTE_0_TERMINATED);
	}
	if (n < 6)
		emit_more(tcp);
	emit_struct_end(tcp);
	return 0;
}

/* The random bytes are binary: strace always shows them in hex. */
SYS_FUNC(getrandom)
{
	uint64_t addr = tcp_arg(tcp, 0);
	unsigned char buf[4096];
	uint64_t len;
	size_t show;

	if (entering(tcp))
		return 0;
	len = syserror(tcp) ? 0 : (uint64_t)tcp_rval(tcp);
	show = len > cfg.string_limit ? cfg.string_limit : (size_t)len;
	if (show > sizeof(buf))
		show = sizeof(buf);
	if (syserror(tcp) || !addr ||
	    (show && tracee_read(tcp, addr, buf, show))) {
		emit_ptr(tcp, addr);
	} else {
		emit_quoted(tcp, (const char *)buf, show,
			    QUOTE_FORCE_HEX |
				    (len > show ? QUOTE_ELLIPSIS : 0));
	}
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_flags(tcp, getrandom_flags, (uint32_t)tcp_arg(tcp, 2),
		    "GRND_???");
	return 0;
}

/*
 * struct sysinfo, all fields whatever -v says.  64-bit: longs at 0..72,
 * procs (u16) at 80, totalhigh/freehigh at 88/96, mem_unit at 104.
 * i386: longs at 0..36, procs at 40, totalhigh/freehigh at 44/48,
 * mem_unit at 52.
 */
SYS_FUNC(sysinfo)
{
	static const char *const longs[] = {
		"totalram",  "freeram",	  "sharedram",
		"bufferram", "totalswap", "freeswap",
	};
	uint64_t addr = tcp_arg(tcp, 0);
	unsigned char raw[112];
	uint64_t w[10], high[2];
	unsigned int i, ws = tcp_wordsize(tcp);
	uint32_t mem_unit;
	uint16_t procs;
	size_t size = ws == 8 ? 112 : 64;

	if (entering(tcp))
		return 0;
	if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, raw, size)) {
		emit_ptr(tcp, addr);
		return 0;
	}
	for (i = 0; i < 10; i++) {
		if (ws == 8) {
			memcpy(&w[i], raw + 8 * i, 8);
		} else {
			uint32_t v;

			memcpy(&v, raw + 4 * i, 4);
			w[i] = v;
		}
	}
	memcpy(&procs, raw + (ws == 8 ? 80 : 40), 2);
	for (i = 0; i < 2; i++) {
		if (ws == 8) {
			memcpy(&high[i], raw + 88 + 8 * i, 8);
		} else {
			uint32_t v;

			memcpy(&v, raw + 44 + 4 * i, 4);
			high[i] = v;
		}
	}
	memcpy(&mem_unit, raw + (ws == 8 ? 104 : 52), 4);
	emit_struct_begin(tcp);
	emit_field(tcp, "uptime");
	emit_int(tcp, ws == 8 ? (int64_t)w[0] : (int64_t)(int32_t)w[0]);
	emit_field(tcp, "loads");
	emit_array_begin(tcp);
	for (i = 1; i <= 3; i++) {
		emit_next(tcp);
		emit_uint(tcp, w[i]);
	}
	emit_array_end(tcp);
	for (i = 0; i < 6; i++) {
		emit_field(tcp, longs[i]);
		emit_uint(tcp, w[4 + i]);
	}
	emit_field(tcp, "procs");
	emit_uint(tcp, procs);
	emit_field(tcp, "totalhigh");
	emit_uint(tcp, high[0]);
	emit_field(tcp, "freehigh");
	emit_uint(tcp, high[1]);
	emit_field(tcp, "mem_unit");
	emit_uint(tcp, mem_unit);
	emit_struct_end(tcp);
	return 0;
}

/* A count of clock ticks (USER_HZ) in seconds: " /\* 0.01 s *\/". */
static void print_ticks_comment(struct tcb *tcp, uint64_t t)
{
	static long hz;
	char text[64];

	/* -X raw has the numbers alone. */
	if (!t || cfg.xlat_style == XLAT_STYLE_RAW)
		return;
	if (!hz) {
		hz = sysconf(_SC_CLK_TCK);
		if (hz <= 0)
			hz = 100;
	}
	snprintf(text, sizeof(text), "%llu.%02llu s",
		 (unsigned long long)(t / (uint64_t)hz),
		 (unsigned long long)(t % (uint64_t)hz * 100 / (uint64_t)hz));
	emit_comment(tcp, text);
}

/* struct tms: four clock_t, the tracee's long size. */
SYS_FUNC(times)
{
	static const char *const names[4] = {
		"tms_utime",
		"tms_stime",
		"tms_cutime",
		"tms_cstime",
	};
	uint64_t addr = tcp_arg(tcp, 0);
	int64_t v[4];
	unsigned int i;

	if (entering(tcp))
		return 0;
	if (tcp_wordsize(tcp) == 4) {
		int32_t w[4];

		if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
		    tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return RVAL_UDECIMAL;
		}
		for (i = 0; i < 4; i++)
			v[i] = w[i];
	} else if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
		   tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return RVAL_UDECIMAL;
	}
	emit_struct_begin(tcp);
	for (i = 0; i < 4; i++) {
		emit_field(tcp, names[i]);
		emit_uint(tcp, (uint64_t)v[i]);
		print_ticks_comment(tcp, (uint64_t)v[i]);
	}
	emit_struct_end(tcp);
	return RVAL_UDECIMAL;
}

/*
 * lookup_dcookie(u64 cookie, char *buf, size_t len): the cookie is one
 * 64-bit number, two registers on i386; the path is written at exit.
 */
SYS_FUNC(lookup_dcookie)
{
	unsigned int i;
	uint64_t cookie = tcp_arg64(tcp, 0, &i);

	if (entering(tcp)) {
		emit_uint(tcp, cookie);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, i));
	else
		emit_buf(tcp, tcp_arg(tcp, i), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, i + 1));
	return RVAL_DECIMAL;
}

/*
 * _sysctl(struct __sysctl_args *): its pointers and lengths (the kernel
 * has not had the syscall since 5.5; the name's numbers are not shown).
 */
SYS_FUNC(_sysctl)
{
	static const char *const ptrs[] = { "oldval", "oldlenp", "newval" };
	uint64_t addr = tcp_arg(tcp, 0), v[10];
	unsigned int w = tcp_wordsize(tcp);

	/* name, nlen (an int, then padding), 3 pointers, newlen, unused[4] */
	if (w == 4) {
		uint32_t s[10];

		if (!addr || !qual_verbose(tcp) ||
		    tracee_read(tcp, addr, s, sizeof(s))) {
			emit_ptr(tcp, addr);
			return RVAL_DECODED;
		}
		for (int i = 0; i < 10; i++)
			v[i] = s[i];
	} else if (!addr || !qual_verbose(tcp) ||
		   tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return RVAL_DECODED;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "name");
	emit_ptr(tcp, v[0]);
	emit_field(tcp, "nlen");
	emit_int(tcp, (int32_t)v[1]);
	for (int i = 0; i < 3; i++) {
		emit_field(tcp, ptrs[i]);
		emit_ptr(tcp, v[2 + i]);
	}
	emit_field(tcp, "newlen");
	emit_uint(tcp, v[5]);
	emit_struct_end(tcp);
	return RVAL_DECODED;
}

/*
 * vm86(cmd, arg) (i386 only): strace has no decoder and shows five
 * registers in hex, the three the kernel ignores too.
 */
SYS_FUNC(vm86)
{
	for (unsigned int i = 0; i < 5; i++) {
		if (i)
			emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, i));
	}
	return RVAL_DECODED;
}
