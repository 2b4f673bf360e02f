/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Clocks, sleeps and timers: clock_*, nanosleep, gettimeofday,
 * settimeofday, time, timer_*, alarm, getitimer, setitimer, adjtimex,
 * clock_adjtime, and the i386 *_time64 forms (64-bit time layouts).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "select/qualify.h"
#include "syscall/clock.h"
#include "syscall/defs.h"
#include "xlat/tables/adjtimex_modes.h"
#include "xlat/tables/adjtimex_state.h"
#include "xlat/tables/adjtimex_status.h"
#include "xlat/tables/clocknames.h"
#include "xlat/tables/itimer_which.h"
#include "xlat/tables/sigev_notify.h"
#include "xlat/tables/timer_flags.h"

/* Kernel-internal restart codes: the sleep was cut by a signal. */
#define EINTR_			4
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

#define SIGEV_SIGNAL_		0
#define SIGEV_THREAD_		2
#define SIGEV_THREAD_ID_	4

void print_clockid(struct tcb *tcp, int clk)
{
	print_xval(tcp, clocknames, (uint32_t)clk, "CLOCK_???");
}

/* An output struct: printed at exit, its address when the call failed. */
static void print_ts_out(struct tcb *tcp, uint64_t addr, int wide)
{
	if (syserror(tcp))
		emit_ptr(tcp, addr);
	else
		print_any_timespec(tcp, addr, wide);
}

static int interrupted(const struct tcb *tcp)
{
	int err = (int)-tcp_rval(tcp);

	return syserror(tcp) &&
	       (err == EINTR_ || err == ERESTARTSYS || err == ERESTARTNOINTR ||
		err == ERESTARTNOHAND || err == ERESTART_RESTARTBLOCK);
}

static int decode_clock_get(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		print_clockid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_ts_out(tcp, tcp_arg(tcp, 1), wide);
	return RVAL_DECIMAL;
}

SYS_FUNC(clock_gettime)
{
	return decode_clock_get(tcp, 0);
}

SYS_FUNC(clock_gettime64)
{
	return decode_clock_get(tcp, 1);
}

SYS_FUNC(clock_getres)
{
	return decode_clock_get(tcp, 0);
}

SYS_FUNC(clock_getres_time64)
{
	return decode_clock_get(tcp, 1);
}

static int decode_clock_set(struct tcb *tcp, int wide)
{
	print_clockid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_any_timespec(tcp, tcp_arg(tcp, 1), wide);
	return RVAL_DECODED;
}

SYS_FUNC(clock_settime)
{
	return decode_clock_set(tcp, 0);
}

SYS_FUNC(clock_settime64)
{
	return decode_clock_set(tcp, 1);
}

/* The time left is written only when a signal cut the sleep short. */
static void print_rem(struct tcb *tcp, uint64_t rem, int wide)
{
	if (interrupted(tcp))
		print_any_timespec(tcp, rem, wide);
	else
		emit_ptr(tcp, rem);
}

static int decode_clock_nanosleep(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		print_clockid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_flags(tcp, timer_flags, (uint32_t)tcp_iarg(tcp, 1),
			    "TIMER_???");
		emit_next(tcp);
		print_any_timespec(tcp, tcp_arg(tcp, 2), wide);
		emit_next(tcp);
		return 0;
	}
	/* TIMER_ABSTIME: an absolute deadline leaves nothing to report. */
	if (tcp_iarg(tcp, 1) & 1)
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else
		print_rem(tcp, tcp_arg(tcp, 3), wide);
	return RVAL_DECIMAL;
}

SYS_FUNC(clock_nanosleep)
{
	return decode_clock_nanosleep(tcp, 0);
}

SYS_FUNC(clock_nanosleep_time64)
{
	return decode_clock_nanosleep(tcp, 1);
}

SYS_FUNC(nanosleep)
{
	if (entering(tcp)) {
		print_timespec(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_rem(tcp, tcp_arg(tcp, 1), 0);
	return RVAL_DECIMAL;
}

static void print_timezone(struct tcb *tcp, uint64_t addr)
{
	int32_t tz[2];

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, tz, sizeof(tz))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "tz_minuteswest");
	emit_int(tcp, tz[0]);
	emit_field(tcp, "tz_dsttime");
	emit_int(tcp, tz[1]);
	emit_struct_end(tcp);
}

SYS_FUNC(gettimeofday)
{
	if (entering(tcp))
		return 0;
	if (syserror(tcp)) {
		emit_ptr(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, 1));
		return RVAL_DECIMAL;
	}
	print_timeval(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_timezone(tcp, tcp_arg(tcp, 1));
	return RVAL_DECIMAL;
}

SYS_FUNC(settimeofday)
{
	print_timeval(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_timezone(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

/* "2026-11-21T13:20:27+0000", as strace writes times it decodes. */
static void sprint_date(char *buf, size_t size, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!localtime_r(&tt, &tm) ||
	    !strftime(buf, size, "%FT%T%z", &tm))
		snprintf(buf, size, "%lld", (long long)t);
}

SYS_FUNC(time)
{
	uint64_t addr = tcp_arg(tcp, 0);
	char date[64];

	if (entering(tcp))
		return 0;
	if (!addr || syserror(tcp) || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
	} else {
		int64_t t;

		if (tcp_wordsize(tcp) == 4) {
			int32_t v;

			if (tracee_read(tcp, addr, &v, sizeof(v)))
				goto unreadable;
			t = v;
		} else if (tracee_read(tcp, addr, &t, sizeof(t))) {
			goto unreadable;
		}
		sprint_date(date, sizeof(date), t);
		emit_array_begin(tcp);
		emit_int(tcp, t);
		emit_comment(tcp, date);
		emit_array_end(tcp);
	}
	goto done;
unreadable:
	emit_ptr(tcp, addr);
done:
	if (syserror(tcp))
		return RVAL_DECIMAL;
	sprint_date(tcp->sc.auxbuf, sizeof(tcp->sc.auxbuf), tcp_rval(tcp));
	tcp->sc.auxstr = tcp->sc.auxbuf;
	return RVAL_DECIMAL | RVAL_STR;
}

void print_sigevent(struct tcb *tcp, uint64_t addr)
{
	unsigned int w = tcp_wordsize(tcp);
	unsigned char b[32];
	uint64_t value = 0, fn = 0, attr = 0;
	int32_t signo, notify, tid;
	size_t size = w == 4 ? 20 : 32;

	if (!addr || !qual_verbose(tcp) || tracee_read(tcp, addr, b, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	/* sigev_value (a word), signo, notify, then the union. */
	memcpy(&value, b, w);
	memcpy(&signo, b + w, 4);
	memcpy(&notify, b + w + 4, 4);
	memcpy(&tid, b + w + 8, 4);
	memcpy(&fn, b + w + 8, w);
	memcpy(&attr, b + 2 * w + 8, w);
	emit_struct_begin(tcp);
	if (value) {
		emit_field(tcp, "sigev_value");
		emit_struct_begin(tcp);
		emit_field(tcp, "sival_int");
		emit_int(tcp, (int32_t)value);
		emit_field(tcp, "sival_ptr");
		emit_ptr(tcp, value);
		emit_struct_end(tcp);
	}
	emit_field(tcp, "sigev_signo");
	if (notify == SIGEV_SIGNAL_ || notify == SIGEV_THREAD_ ||
	    notify == SIGEV_THREAD_ID_)
		print_signo(tcp, signo);
	else
		emit_uint(tcp, (uint32_t)signo);
	emit_field(tcp, "sigev_notify");
	print_xval(tcp, sigev_notify, (uint32_t)notify, "SIGEV_???");
	if (notify == SIGEV_THREAD_ID_) {
		emit_field(tcp, "sigev_notify_thread_id");
		emit_int(tcp, tid);
	} else if (notify == SIGEV_THREAD_) {
		emit_field(tcp, "sigev_notify_function");
		emit_ptr(tcp, fn);
		emit_field(tcp, "sigev_notify_attributes");
		emit_ptr(tcp, attr);
	}
	emit_struct_end(tcp);
}

SYS_FUNC(timer_create)
{
	int32_t id;

	if (entering(tcp)) {
		print_clockid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_sigevent(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, tcp_arg(tcp, 2), &id, sizeof(id))) {
		emit_ptr(tcp, tcp_arg(tcp, 2));
		return RVAL_DECIMAL;
	}
	emit_array_begin(tcp);
	emit_int(tcp, id);
	emit_array_end(tcp);
	return RVAL_DECIMAL;
}

/* Two timespecs (or timevals, usec) in a row: itimerspec, itimerval. */
static void print_timer_pair(struct tcb *tcp, uint64_t addr, int wide,
			     const char *sub)
{
	unsigned int w = wide ? 8 : tcp_wordsize(tcp);
	int64_t v[4];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (w == 4) {
		int32_t s[4];

		if (tracee_read(tcp, addr, s, sizeof(s))) {
			emit_ptr(tcp, addr);
			return;
		}
		for (int i = 0; i < 4; i++)
			v[i] = s[i];
	} else if (tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	/*
	 * strace shows the fraction unsigned, as the tracee's word:
	 * tv_nsec=4207869677 for an i386 0xfacefeed.
	 */
	if (w == 4) {
		v[1] = (uint32_t)v[1];
		v[3] = (uint32_t)v[3];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "it_interval");
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, v[0]);
	emit_field(tcp, sub);
	emit_uint(tcp, (uint64_t)v[1]);
	emit_struct_end(tcp);
	emit_field(tcp, "it_value");
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, v[2]);
	emit_field(tcp, sub);
	emit_uint(tcp, (uint64_t)v[3]);
	emit_struct_end(tcp);
	emit_struct_end(tcp);
}

void print_itimerspec(struct tcb *tcp, uint64_t addr, int wide)
{
	print_timer_pair(tcp, addr, wide, "tv_nsec");
}

int decode_itimer_settime(struct tcb *tcp, const struct xlat *flags,
			  const char *dflt, int wide)
{
	if (entering(tcp)) {
		print_flags(tcp, flags, (uint32_t)tcp_arg(tcp, 1), dflt);
		emit_next(tcp);
		print_itimerspec(tcp, tcp_arg(tcp, 2), wide);
		emit_next(tcp);
		return 0;
	}
	return decode_itimer_gettime(tcp, 3, wide);
}

int decode_itimer_gettime(struct tcb *tcp, unsigned int arg, int wide)
{
	if (entering(tcp))
		return 0;
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, arg));
	else
		print_itimerspec(tcp, tcp_arg(tcp, arg), wide);
	return RVAL_DECIMAL;
}

static int decode_timer_settime(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
	}
	return decode_itimer_settime(tcp, timer_flags, "TIMER_???", wide);
}

SYS_FUNC(timer_settime)
{
	return decode_timer_settime(tcp, 0);
}

SYS_FUNC(timer_settime64)
{
	return decode_timer_settime(tcp, 1);
}

static int decode_timer_gettime(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
	}
	return decode_itimer_gettime(tcp, 1, wide);
}

SYS_FUNC(timer_gettime)
{
	return decode_timer_gettime(tcp, 0);
}

SYS_FUNC(timer_gettime64)
{
	return decode_timer_gettime(tcp, 1);
}

SYS_FUNC(timer_getoverrun)
{
	emit_int(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(timer_delete)
{
	emit_int(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(alarm)
{
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 0));
	return RVAL_DECODED | RVAL_UDECIMAL;
}

SYS_FUNC(getitimer)
{
	if (entering(tcp)) {
		print_xval(tcp, itimer_which, (uint32_t)tcp_iarg(tcp, 0),
			   "ITIMER_???");
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_timer_pair(tcp, tcp_arg(tcp, 1), 0, "tv_usec");
	return RVAL_DECIMAL;
}

SYS_FUNC(setitimer)
{
	if (entering(tcp)) {
		print_xval(tcp, itimer_which, (uint32_t)tcp_iarg(tcp, 0),
			   "ITIMER_???");
		emit_next(tcp);
		print_timer_pair(tcp, tcp_arg(tcp, 1), 0, "tv_usec");
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_timer_pair(tcp, tcp_arg(tcp, 2), 0, "tv_usec");
	return RVAL_DECIMAL;
}

/*
 * struct timex: every field, int or long, takes one slot of the long's
 * size (ints are padded on x86_64); the 64-bit layout for
 * clock_adjtime64.  Slots: modes, offset, freq, maxerror, esterror,
 * status, constant, precision, tolerance, time (2), tick, ppsfreq,
 * jitter, shift, stabil, jitcnt, calcnt, errcnt, stbcnt, tai.
 */
#define TIMEX_SLOTS 21

static const char *const timex_names[TIMEX_SLOTS] = {
	"modes", "offset", "freq", "maxerror", "esterror", "status",
	"constant", "precision", "tolerance", NULL, NULL, "tick", "ppsfreq",
	"jitter", "shift", "stabil", "jitcnt", "calcnt", "errcnt", "stbcnt",
	"tai",
};

/* Slots that are C ints: their upper half (x86_64) is padding. */
static int timex_is_int(unsigned int i)
{
	return i == 0 || i == 5 || i == 14 || i == 20;
}

static int print_timex(struct tcb *tcp, uint64_t addr, int wide)
{
	unsigned int w = wide ? 8 : tcp_wordsize(tcp);
	unsigned char b[TIMEX_SLOTS * 8];
	int64_t v[TIMEX_SLOTS];

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, b, TIMEX_SLOTS * w)) {
		emit_ptr(tcp, addr);
		return -1;
	}
	for (unsigned int i = 0; i < TIMEX_SLOTS; i++) {
		if (w == 4 || timex_is_int(i)) {
			int32_t x;

			memcpy(&x, b + i * w, 4);
			v[i] = x;
		} else {
			memcpy(&v[i], b + i * w, 8);
		}
	}
	emit_struct_begin(tcp);
	for (unsigned int i = 0; i < TIMEX_SLOTS; i++) {
		if (i == 9) {
			emit_field(tcp, "time");
			emit_struct_begin(tcp);
			emit_field(tcp, "tv_sec");
			emit_int(tcp, v[9]);
			emit_field(tcp, "tv_usec");
			emit_int(tcp, v[10]);
			emit_struct_end(tcp);
			continue;
		}
		if (i == 10)
			continue;
		emit_field(tcp, timex_names[i]);
		if (i == 0)
			print_flags(tcp, adjtimex_modes, (uint32_t)v[0],
				    "ADJ_???");
		else if (i == 5)
			print_flags(tcp, adjtimex_status, (uint32_t)v[5],
				    "STA_???");
		else
			emit_int(tcp, v[i]);
	}
	emit_struct_end(tcp);
	return 0;
}

static int timex_exit(struct tcb *tcp, uint64_t addr, int wide)
{
	const char *state;

	if (syserror(tcp)) {
		emit_ptr(tcp, addr);
		return RVAL_DECIMAL;
	}
	/* The state only along with the struct, as strace does. */
	if (print_timex(tcp, addr, wide) < 0)
		return RVAL_DECIMAL;
	state = xlat_name(adjtimex_state, (uint64_t)tcp_rval(tcp));
	if (!state)
		return RVAL_DECIMAL;
	tcp->sc.auxstr = state;
	return RVAL_DECIMAL | RVAL_STR;
}

SYS_FUNC(adjtimex)
{
	if (entering(tcp))
		return 0;
	return timex_exit(tcp, tcp_arg(tcp, 0), 0);
}

static int decode_clock_adjtime(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		print_clockid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	return timex_exit(tcp, tcp_arg(tcp, 1), wide);
}

SYS_FUNC(clock_adjtime)
{
	return decode_clock_adjtime(tcp, 0);
}

SYS_FUNC(clock_adjtime64)
{
	return decode_clock_adjtime(tcp, 1);
}
