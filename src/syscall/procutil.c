/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Printers shared by the memory, process and signal decoders. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "output/siginfo.h"

int read_word(struct tcb *tcp, uint64_t addr, uint64_t *val)
{
	if (tcp_wordsize(tcp) == 4) {
		uint32_t v;
		int err = tracee_read(tcp, addr, &v, sizeof(v));

		if (err)
			return err;
		*val = v;
		return 0;
	}
	return tracee_read(tcp, addr, val, sizeof(*val));
}

void print_word_at(struct tcb *tcp, uint64_t addr, bool ptr)
{
	uint64_t v;

	if (!addr || syserror(tcp) || !qual_verbose(tcp) ||
	    read_word(tcp, addr, &v)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	if (ptr)
		emit_ptr(tcp, v);
	else
		emit_uint(tcp, v);
	emit_array_end(tcp);
}

void print_int_at(struct tcb *tcp, uint64_t addr)
{
	int32_t v;

	if (!addr || (exiting(tcp) && syserror(tcp)) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	emit_int(tcp, v);
	emit_array_end(tcp);
}

void print_id(struct tcb *tcp, uint32_t id)
{
	if (id == UINT32_MAX)
		emit_int(tcp, -1);
	else
		emit_uint(tcp, id);
}

/*
 * The i386 siginfo (compat_siginfo_t, arch/x86/include/asm/compat.h in
 * the kernel) has 32-bit longs and pointers and no padding before the
 * union, so the union starts at word 3 instead of byte 16.  Which union
 * member is live depends on the sender and the signal, as for printing.
 */
static void siginfo_from_compat(const uint32_t *w, siginfo_t *si)
{
	const uint32_t *u = w + 3;
	int code = (int32_t)w[2];
	int sig = (int32_t)w[0];

	memset(si, 0, sizeof(*si));
	si->si_signo = sig;
	si->si_errno = (int32_t)w[1];
	si->si_code = code;
	if (code == SI_TIMER) {
		si->si_timerid = (int32_t)u[0];
		si->si_overrun = (int32_t)u[1];
		si->si_value.sival_ptr = (void *)(uintptr_t)u[2];
		return;
	}
	if (code == SI_SIGIO || (code > 0 && (sig == SIGIO))) {
		si->si_band = (int32_t)u[0];
		si->si_fd = (int32_t)u[1];
		return;
	}
	if (code > 0) {
		switch (sig) {
		case SIGCHLD:
			si->si_pid = (int32_t)u[0];
			si->si_uid = u[1];
			si->si_status = (int32_t)u[2];
			si->si_utime = (int32_t)u[3];
			si->si_stime = (int32_t)u[4];
			return;
		case SIGILL:
		case SIGFPE:
		case SIGSEGV:
		case SIGBUS:
		case SIGTRAP:
			si->si_addr = (void *)(uintptr_t)u[0];
			si->si_addr_lsb = (short)u[1];
			si->si_lower = (void *)(uintptr_t)u[2];
			si->si_upper = (void *)(uintptr_t)u[3];
			if (sig == SIGSEGV && code == SEGV_PKUERR)
				si->si_pkey = u[2];
			return;
		case SIGSYS:
			si->si_call_addr = (void *)(uintptr_t)u[0];
			si->si_syscall = (int32_t)u[1];
			si->si_arch = u[2];
			return;
		default:
			break;
		}
	}
	si->si_pid = (int32_t)u[0];
	si->si_uid = u[1];
	si->si_value.sival_ptr = (void *)(uintptr_t)u[2];
}

void siginfo_from_tracee(const struct tcb *tcp, const void *raw,
			 siginfo_t *si)
{
	uint32_t w[32];

	if (tcp_wordsize(tcp) == 8) {
		memcpy(si, raw, sizeof(*si));
		return;
	}
	memcpy(w, raw, sizeof(w));
	siginfo_from_compat(w, si);
}

int read_siginfo(struct tcb *tcp, uint64_t addr, siginfo_t *si)
{
	unsigned char raw[128];
	int err;

	err = tracee_read(tcp, addr, raw, sizeof(raw));
	if (err)
		return err;
	siginfo_from_tracee(tcp, raw, si);
	return 0;
}

void print_siginfo_at(struct tcb *tcp, uint64_t addr)
{
	siginfo_t si;

	if (!addr || !qual_verbose(tcp) || read_siginfo(tcp, addr, &si)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (!si.si_signo) {
		/* waitid(WNOHANG) with no child ready: zeroed. */
		emit_struct_begin(tcp);
		emit_struct_end(tcp);
		return;
	}
	print_siginfo(tcp, &si);
}

/* tv_usec and the counters of struct rusage are shown unsigned. */
static void print_tv(struct tcb *tcp, const char *name, int64_t sec,
		     uint64_t usec)
{
	emit_field(tcp, name);
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	emit_field(tcp, "tv_usec");
	emit_uint(tcp, usec);
	emit_struct_end(tcp);
}

void print_rusage_at(struct tcb *tcp, uint64_t addr)
{
	static const char *const names[14] = {
		"ru_maxrss",  "ru_ixrss",  "ru_idrss",	"ru_isrss",
		"ru_minflt",  "ru_majflt", "ru_nswap",	"ru_inblock",
		"ru_oublock", "ru_msgsnd", "ru_msgrcv", "ru_nsignals",
		"ru_nvcsw",   "ru_nivcsw",
	};
	uint64_t v[18];
	unsigned int i;

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	/* Two timevals then 14 longs, all of the tracee's long size. */
	if (tcp_wordsize(tcp) == 4) {
		int32_t w[18];

		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		/* tv_sec sign-extended, the rest zero-extended. */
		for (i = 0; i < 18; i++)
			v[i] = (i == 0 || i == 2) ? (uint64_t)(int64_t)w[i] :
						    (uint32_t)w[i];
	} else if (tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	print_tv(tcp, "ru_utime", (int64_t)v[0], v[1]);
	print_tv(tcp, "ru_stime", (int64_t)v[2], v[3]);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
	} else {
		for (i = 0; i < 14; i++) {
			emit_field(tcp, names[i]);
			emit_uint(tcp, v[4 + i]);
		}
	}
	emit_struct_end(tcp);
}

void print_user_desc(struct tcb *tcp, uint64_t addr, bool full)
{
	static const char *const bits[] = {
		"seg_32bit",
		"contents",
		"read_exec_only",
		"limit_in_pages",
		"seg_not_present",
		"useable",
		"lm",
	};
	uint32_t d[4];
	unsigned int i, shift = 0;

	/* Only entry_number is read when the rest is not shown. */
	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, d, full ? sizeof(d) : sizeof(d[0]))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	/* An unsigned int, but -1 ("find a free entry") reads -1. */
	emit_field(tcp, "entry_number");
	if (d[0] == UINT32_MAX)
		emit_int(tcp, -1);
	else
		emit_uint(tcp, d[0]);
	if (!full) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	emit_field(tcp, "base_addr");
	print_hex08(tcp, d[1]);
	emit_field(tcp, "limit");
	print_hex08(tcp, d[2]);
	/* The flag bit-fields; "lm" exists only in the 64-bit layout. */
	for (i = 0; i < (tcp_wordsize(tcp) == 8 ? 7u : 6u); i++) {
		unsigned int width = i == 1 ? 2 : 1;

		emit_field(tcp, bits[i]);
		emit_uint(tcp, (d[3] >> shift) & ((1u << width) - 1));
		shift += width;
	}
	emit_struct_end(tcp);
}
