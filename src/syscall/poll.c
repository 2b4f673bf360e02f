/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Waiting for descriptors: poll, ppoll, select, pselect6 and the i386
 * _newselect and old select.  The input sets print at entry; what the
 * kernel hands back prints after the return value, as strace does:
 * "= 1 ([{fd=3, revents=POLLIN}])", "= 1 (in [3], left {tv_sec=0, ...})".
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "xlat/tables/poll_events.h"

/*
 * strace writes the explanation of the return value into a buffer of
 * 1 KiB.  Observed limits: an element is added only while the text
 * stays within 996 bytes ("..." stands for the rest), and the time left
 * only while the whole stays within 1022.
 */
#define AUX_ELEM_LIMIT 996
#define AUX_LIMIT 1022

static char aux[1100];

struct pollfd_k {
	int32_t fd;
	int16_t events;
	int16_t revents;
};

#define POLL_CHUNK 128

static void print_pollfd(struct tcb *tcp, const void *elem, void *data)
{
	const struct pollfd_k *pf = elem;

	(void)data;
	emit_struct_begin(tcp);
	emit_field(tcp, "fd");
	print_fd(tcp, pf->fd);
	/* A negative fd is ignored: strace leaves out events. */
	if (pf->fd >= 0) {
		emit_field(tcp, "events");
		print_flags(tcp, poll_events, (uint16_t)pf->events, "POLL???");
	}
	emit_struct_end(tcp);
}

/* Append to aux; returns the new length. */
static size_t aux_add(size_t n, const char *s)
{
	size_t l = strlen(s);

	if (n + l >= sizeof(aux))
		l = sizeof(aux) - 1 - n;
	memcpy(aux + n, s, l);
	aux[n + l] = '\0';
	return n + l;
}

/* The "[{fd=3, revents=POLLIN}, ...]" part; returns its length. */
static size_t poll_revents(struct tcb *tcp, uint64_t addr, uint64_t nfds)
{
	bool abbrev = qual_abbrev(tcp);
	unsigned int shown = 0;
	size_t n = aux_add(0, "[");
	uint64_t i = 0;

	while (i < nfds) {
		struct pollfd_k pf[POLL_CHUNK];
		size_t want = nfds - i < POLL_CHUNK ? (size_t)(nfds - i)
						    : POLL_CHUNK;
		ssize_t got = tracee_read_partial(tcp, addr + i * 8, pf,
						  want * 8);
		size_t m = got > 0 ? (size_t)got / 8 : 0;

		for (size_t j = 0; j < m; j++, i++) {
			char flags[256], elem[320];
			const char *sep = shown ? ", " : "";

			if (!pf[j].revents)
				continue;
			if (abbrev && shown >= cfg.string_limit) {
				n = aux_add(n, sep);
				n = aux_add(n, "...");
				goto done;
			}
			sprint_flags(flags, sizeof(flags), poll_events,
				     (uint16_t)pf[j].revents, "POLL???");
			snprintf(elem, sizeof(elem), "{fd=%d, revents=%s}",
				 pf[j].fd, flags);
			if (n + strlen(sep) + strlen(elem) > AUX_ELEM_LIMIT) {
				n = aux_add(n, sep);
				n = aux_add(n, "...");
				goto done;
			}
			n = aux_add(n, sep);
			n = aux_add(n, elem);
			shown++;
		}
		if (m < want)
			break;
	}
done:
	return aux_add(n, "]");
}

/* ", left {tv_sec=0, tv_nsec=99}" when it fits, else ", ...". */
static size_t aux_left(size_t n, const char *ts)
{
	char left[128];

	snprintf(left, sizeof(left), ", left %s", ts);
	if (n + strlen(left) > AUX_LIMIT)
		return aux_add(n, ", ...");
	return aux_add(n, left);
}

enum time_kind { TK_NONE, TK_TIMEVAL, TK_TIMESPEC, TK_TIMESPEC64 };

/* A time the kernel updated, as text; false when it cannot be read. */
static bool sprint_time_left(struct tcb *tcp, uint64_t addr,
			     enum time_kind k, char *buf, size_t size)
{
	int64_t v[2];

	if (!addr || k == TK_NONE)
		return false;
	if (k != TK_TIMESPEC64 && tcp_wordsize(tcp) == 4) {
		int32_t w[2];

		if (tracee_read(tcp, addr, w, sizeof(w)))
			return false;
		v[0] = w[0];
		v[1] = w[1];
	} else if (tracee_read(tcp, addr, v, sizeof(v))) {
		return false;
	}
	snprintf(buf, size, "{tv_sec=%lld, %s=%lld}", (long long)v[0],
		 k == TK_TIMEVAL ? "tv_usec" : "tv_nsec", (long long)v[1]);
	return true;
}

static void print_time_in(struct tcb *tcp, uint64_t addr, enum time_kind k)
{
	switch (k) {
	case TK_TIMEVAL:
		print_timeval(tcp, addr);
		break;
	case TK_TIMESPEC:
		print_timespec(tcp, addr);
		break;
	case TK_TIMESPEC64:
		print_timespec64(tcp, addr);
		break;
	default:
		emit_ptr(tcp, addr);
		break;
	}
}

static int poll_exit(struct tcb *tcp, uint64_t ts_addr, enum time_kind k)
{
	char ts[96];
	size_t n;

	if (syserror(tcp))
		return RVAL_DECIMAL;
	if (!tcp_rval(tcp)) {
		tcp->sc.auxstr = "Timeout";
		return RVAL_DECIMAL | RVAL_STR;
	}
	/* -e verbose=none: nothing of the array, not even at exit. */
	if (!qual_verbose(tcp))
		return RVAL_DECIMAL;
	n = poll_revents(tcp, tcp_arg(tcp, 0), tcp_arg(tcp, 1));
	if (sprint_time_left(tcp, ts_addr, k, ts, sizeof(ts)))
		aux_left(n, ts);
	tcp->sc.auxstr = aux;
	return RVAL_DECIMAL | RVAL_STR;
}

SYS_FUNC(poll)
{
	if (entering(tcp)) {
		print_array(tcp, tcp_arg(tcp, 0), (uint32_t)tcp_arg(tcp, 1),
			    sizeof(struct pollfd_k), print_pollfd, NULL);
		emit_next(tcp);
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
		emit_next(tcp);
		emit_int(tcp, tcp_iarg(tcp, 2));
		return 0;
	}
	return poll_exit(tcp, 0, TK_NONE);
}

static int do_ppoll(struct tcb *tcp, enum time_kind k)
{
	if (entering(tcp)) {
		print_array(tcp, tcp_arg(tcp, 0), (uint32_t)tcp_arg(tcp, 1),
			    sizeof(struct pollfd_k), print_pollfd, NULL);
		emit_next(tcp);
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
		emit_next(tcp);
		print_time_in(tcp, tcp_arg(tcp, 2), k);
		emit_next(tcp);
		print_sigset(tcp, tcp_arg(tcp, 3), tcp_arg(tcp, 4));
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 4));
		return 0;
	}
	return poll_exit(tcp, tcp_arg(tcp, 2), k);
}

SYS_FUNC(ppoll)
{
	return do_ppoll(tcp, TK_TIMESPEC);
}

SYS_FUNC(ppoll_time64)
{
	return do_ppoll(tcp, TK_TIMESPEC64);
}

/* --- select ---------------------------------------------------------- */

/*
 * The kernel reads an fd_set in longs (core_sys_select()): nfds bits
 * rounded up to the tracee's long.
 */
static size_t fdset_bytes(struct tcb *tcp, int nfds)
{
	unsigned int bits = 8 * tcp_wordsize(tcp);

	return ((size_t)nfds + bits - 1) / bits * (bits / 8);
}

/* Only the first million fds of a set are read and shown. */
#define FDSET_FDS (1024 * 1024)
#define FDSET_MAX (FDSET_FDS / 8)

static int fdset_nfds(int nfds)
{
	return nfds > FDSET_FDS ? FDSET_FDS : nfds;
}

/* The last fd_set read, one tracee read for the whole set. */
static unsigned char fdset[FDSET_MAX];

static bool read_fdset(struct tcb *tcp, uint64_t addr, int nfds)
{
	size_t bytes = fdset_bytes(tcp, nfds);

	return bytes <= sizeof(fdset) && !tracee_read(tcp, addr, fdset, bytes);
}

/*
 * The members of an fd_set, "3 4", into buf (the exit explanation).
 * Returns false when it cannot be read; *empty tells whether it has none.
 */
static bool sprint_fdset(struct tcb *tcp, uint64_t addr, int nfds, char *buf,
			 size_t size, bool *empty)
{
	size_t n = 0;

	buf[0] = '\0';
	*empty = true;
	nfds = fdset_nfds(nfds);
	if (!read_fdset(tcp, addr, nfds))
		return false;
	for (int fd = 0; fd < nfds && n + 16 < size; fd++) {
		if (!(fdset[fd / 8] & (1u << (fd % 8))))
			continue;
		n += (size_t)snprintf(buf + n, size - n, "%s%d",
				      *empty ? "" : " ", fd);
		*empty = false;
	}
	return true;
}

/* An input set at entry: "[3 4]", each fd as print_fd() shows it. */
static void print_fdset(struct tcb *tcp, uint64_t addr, int nfds)
{
	bool first = true;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	nfds = fdset_nfds(nfds);
	/* No descriptor to show (nfds 0): strace prints the address. */
	if (nfds <= 0 || !qual_verbose(tcp) || !read_fdset(tcp, addr, nfds)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	for (int fd = 0; fd < nfds; fd++) {
		if (!(fdset[fd / 8] & (1u << (fd % 8))))
			continue;
		/* Members are separated by a space, not ", ". */
		if (!first)
			emit_next_space(tcp);
		first = false;
		print_fd(tcp, fd);
	}
	emit_array_end(tcp);
}

struct select_args {
	int nfds;
	uint64_t sets[3];
	uint64_t timeout;
};

static void select_entry(struct tcb *tcp, const struct select_args *a,
			 enum time_kind k)
{
	emit_int(tcp, a->nfds);
	for (int i = 0; i < 3; i++) {
		emit_next(tcp);
		print_fdset(tcp, a->sets[i], a->nfds);
	}
	emit_next(tcp);
	print_time_in(tcp, a->timeout, k);
}

static int select_exit(struct tcb *tcp, const struct select_args *a,
		       enum time_kind k)
{
	static const char *const names[3] = { "in", "out", "except" };
	static char set[65536];
	char ts[96];
	size_t n = 0;

	if (syserror(tcp))
		return RVAL_DECIMAL;
	if (!tcp_rval(tcp)) {
		tcp->sc.auxstr = "Timeout";
		return RVAL_DECIMAL | RVAL_STR;
	}
	aux[0] = '\0';
	for (int i = 0; i < 3; i++) {
		bool empty;

		if (!a->sets[i] || a->nfds < 0 ||
		    !sprint_fdset(tcp, a->sets[i], a->nfds, set, sizeof(set),
				  &empty) || empty)
			continue;
		if (n + strlen(names[i]) + strlen(set) + 5 > AUX_LIMIT) {
			n = aux_add(n, n ? ", ..." : "...");
			tcp->sc.auxstr = aux;
			return RVAL_DECIMAL | RVAL_STR;
		}
		if (n)
			n = aux_add(n, ", ");
		n = aux_add(n, names[i]);
		n = aux_add(n, " [");
		n = aux_add(n, set);
		n = aux_add(n, "]");
	}
	/* -e verbose=none still lists the sets, but "left" by address. */
	if (a->timeout && !qual_verbose(tcp))
		snprintf(ts, sizeof(ts), "%#llx", (unsigned long long)a->timeout);
	if ((a->timeout && !qual_verbose(tcp)) ||
	    sprint_time_left(tcp, a->timeout, k, ts, sizeof(ts))) {
		if (n) {
			aux_left(n, ts);
		} else {
			snprintf(aux, sizeof(aux), "left %s", ts);
		}
	}
	/* Nothing to list (the sets overwrote each other): "()". */
	tcp->sc.auxstr = aux;
	return RVAL_DECIMAL | RVAL_STR;
}

static void select_args_regs(struct tcb *tcp, struct select_args *a)
{
	a->nfds = tcp_iarg(tcp, 0);
	for (int i = 0; i < 3; i++)
		a->sets[i] = tcp_arg(tcp, 1 + i);
	a->timeout = tcp_arg(tcp, 4);
}

static int do_select(struct tcb *tcp, enum time_kind k)
{
	struct select_args a;

	select_args_regs(tcp, &a);
	if (entering(tcp)) {
		select_entry(tcp, &a, k);
		return 0;
	}
	return select_exit(tcp, &a, k);
}

SYS_FUNC(select)
{
	return do_select(tcp, TK_TIMEVAL);
}

SYS_FUNC(_newselect)
{
	return do_select(tcp, TK_TIMEVAL);
}

/* i386 select (82): one pointer to the five arguments as 32-bit longs. */
SYS_FUNC(old_select)
{
	uint32_t v[5];
	struct select_args a;

	if (tracee_read(tcp, tcp_arg(tcp, 0), v, sizeof(v))) {
		if (entering(tcp))
			emit_ptr(tcp, tcp_arg(tcp, 0));
		return entering(tcp) ? 0 : RVAL_DECIMAL;
	}
	a.nfds = (int32_t)v[0];
	for (int i = 0; i < 3; i++)
		a.sets[i] = v[1 + i];
	a.timeout = v[4];
	if (entering(tcp)) {
		select_entry(tcp, &a, TK_TIMEVAL);
		return 0;
	}
	return select_exit(tcp, &a, TK_TIMEVAL);
}

/*
 * pselect6's sixth argument points to {const sigset_t *ss; size_t len}
 * in the tracee's longs.
 */
static void print_pselect_sigmask(struct tcb *tcp, uint64_t addr)
{
	uint64_t v[2];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (tcp_wordsize(tcp) == 4) {
		uint32_t w[2];

		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		v[0] = w[0];
		v[1] = w[1];
	} else if (tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "sigmask");
	print_sigset(tcp, v[0], v[1]);
	emit_field(tcp, "sigsetsize");
	emit_uint(tcp, v[1]);
	emit_struct_end(tcp);
}

static int do_pselect6(struct tcb *tcp, enum time_kind k)
{
	struct select_args a;

	select_args_regs(tcp, &a);
	if (entering(tcp)) {
		select_entry(tcp, &a, k);
		emit_next(tcp);
		print_pselect_sigmask(tcp, tcp_arg(tcp, 5));
		return 0;
	}
	return select_exit(tcp, &a, k);
}

SYS_FUNC(pselect6)
{
	return do_pselect6(tcp, TK_TIMESPEC);
}

SYS_FUNC(pselect6_time64)
{
	return do_pselect6(tcp, TK_TIMESPEC64);
}
