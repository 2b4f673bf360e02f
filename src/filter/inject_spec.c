/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The value of -e inject= and -e fault=: "SET[:KEY=VALUE]...".  Every
 * rule below was observed from Debian's strace 6.1:
 *
 * - The KEY=VALUE parts are read first, left to right, and the first bad
 *   one fails the whole value with "invalid inject argument 'VALUE'"
 *   ("invalid fault argument ..." for -e fault=).  Only then is SET read
 *   (so "foo:error=BAD" is a bad argument, "foo:error=EIO" a bad system
 *   call), and last comes the check that something is to be done.
 * - Empty parts are skipped ("chdir::error=EIO:").  Keys are
 *   case-sensitive; each may appear once, except when= (the last wins);
 *   error= and retval= exclude each other.
 * - Numbers: error= is decimal (strtol: blanks and a sign may lead),
 *   retval= is strtoull's base 0 ("-1", "0x10", "010"), signal= is
 *   digits only, when= parts are decimal like error=.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "filter/expr.h"
#include "filter/inject_spec.h"
#include "sysent/sysent.h"
#include "xlat/xlat.h"
#include "util/cesc.h"

#define MAX_ERRNO	4095
#define MAX_SIGNO	64
#define WHEN_MAX	65535	/* first and step */
#define WHEN_LAST_MAX	65534

static int __attribute__((format(printf, 2, 3)))
warn(struct qual_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->warn, sizeof(err->warn), fmt, ap);
	va_end(ap);
	return 0;
}

static int bad(struct qual_error *err, bool fault, const char *value)
{
	snprintf(err->msg, sizeof(err->msg), "invalid %s argument '%s'",
		 fault ? "fault" : "inject", value);
	err->usage = false;
	return -1;
}

/* strtoul's decimal syntax, all of s, 1..max; -1 otherwise. */
static long parse_dec(const char *s, const char **end, unsigned long max)
{
	const char *p = s;
	char *e;
	unsigned long v;

	/* strtoul would take "-1" as ULONG_MAX: no minus sign at all. */
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '-')
		return -1;
	errno = 0;
	v = strtoul(s, &e, 10);
	if (e == s || errno || v < 1 || v > max)
		return -1;
	if (end)
		*end = e;
	else if (*e)
		return -1;
	return (long)v;
}

static int parse_error(const char *s)
{
	for (int i = 1; i <= MAX_ERRNO; i++) {
		const char *name = errno_name(i);

		/* Only the table's names: strace refuses EWOULDBLOCK. */
		if (name && !strcasecmp(name, s))
			return i;
	}
	return (int)parse_dec(s, NULL, MAX_ERRNO);
}

static int parse_retval(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return end == s || *end || errno ? -1 : 0;
}

/*
 * "10", "010", "USR1", "sigusr1", "RT_3": as strace names them, any
 * case, "SIG" optional, 1..64.  No sign, blanks or aliases (SIGIOT).
 */
static int parse_signo(const char *s)
{
	const char *bare = strncasecmp(s, "SIG", 3) ? s : s + 3;
	long v = 0;

	if (*s >= '0' && *s <= '9') {
		for (const char *p = s; *p; p++) {
			if (*p < '0' || *p > '9')
				return -1;
			v = v * 10 + (*p - '0');
			if (v > MAX_SIGNO)
				return -1;
		}
		return v >= 1 ? (int)v : -1;
	}
	for (int sig = 1; sig <= MAX_SIGNO; sig++) {
		const char *name = signal_name(sig);

		if (name && !strcasecmp(name + 3, bare))
			return sig;
	}
	return -1;
}

/* A pure syscall by name, known to every personality. */
static int parse_scno(const char *s, long scno[NUM_PERSONALITIES])
{
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		const struct sysent *ent;

		scno[p] = sysent_find(p, s);
		if (scno[p] < 0)
			return -1;
		ent = sysent_lookup(p, scno[p]);
		if (!ent || !(ent->flags & TRACE_PURE))
			return -1;
	}
	return 0;
}

/*
 * "1.5ms", "10" (microseconds), "2s", "100ns".  An integer goes through
 * strtoll (blanks and a sign may lead, out of range is an error); any
 * other number through strtod, without blanks, hex, inf or nan.  Values
 * past what a signed 64-bit nanosecond count holds are clamped there,
 * as strace accepts them (1e30).
 */
static int parse_delay(const char *s, uint64_t *ns)
{
	static const struct {
		const char *suffix;
		double scale;
	} units[] = {
		{ "", 1e3 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 },
		{ "ns", 1 },
	};
	const double max = 9223372036854775807.0;
	double scale = -1, d;
	long long ll;
	char *end;

	errno = 0;
	ll = strtoll(s, &end, 10);
	if (end != s && *end != '.' && *end != 'e' && *end != 'E') {
		if (errno || ll < 0)
			return -1;
		d = (double)ll;
	} else {
		const char *p = s + (*s == '+' || *s == '-');

		if (!(*p >= '0' && *p <= '9') &&
		    !(*p == '.' && p[1] >= '0' && p[1] <= '9'))
			return -1;
		errno = 0;
		d = strtod(s, &end);
		if (errno || !isfinite(d) || d < 0)
			return -1;
	}
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(end, units[i].suffix))
			scale = units[i].scale;
	if (scale < 0)
		return -1;
	d *= scale;
	*ns = d >= max ? (uint64_t)INT64_MAX : (uint64_t)d;
	return 0;
}

/* FIRST[..LAST][+[STEP]] */
static int parse_when(struct inject_spec *spec, const char *s)
{
	const char *p;
	long first, last, step = 1;
	bool range = false;

	first = parse_dec(s, &p, WHEN_MAX);
	if (first < 0)
		return -1;
	last = first;
	if (p[0] == '.' && p[1] == '.') {
		last = parse_dec(p + 2, &p, WHEN_LAST_MAX);
		if (last < first)
			return -1;
		range = true;
	}
	if (*p == '+') {
		p++;
		if (!range)
			last = INJECT_WHEN_FOREVER;
		if (*p) {
			step = parse_dec(p, NULL, WHEN_MAX);
			if (step < 0)
				return -1;
		}
	} else if (*p) {
		return -1;
	}
	spec->first = (uint32_t)first;
	spec->last = (uint32_t)last;
	spec->step = (uint32_t)step;
	return 0;
}

bool inject_spec_when(const struct inject_spec *spec, uint64_t n)
{
	if (n < spec->first ||
	    (spec->last != INJECT_WHEN_FOREVER && n > spec->last))
		return false;
	return (n - spec->first) % spec->step == 0;
}

/*
 * strace warns when a retval= would read as an error: on x86_64 the
 * kernel's -4095..-1 range, and for 32-bit tracees the low 32 bits.
 */
static void check_retval(uint64_t v, struct qual_error *err)
{
	int64_t sv = (int64_t)v;
	int32_t v32 = (int32_t)(uint32_t)v;

	if (sv < 0 && sv >= -MAX_ERRNO)
		warn(err, "Inadvertent injection of error %d is possible for retval=%llu",
		     (int)-sv, (unsigned long long)v);
	else if (v32 < 0 && v32 >= -MAX_ERRNO)
		warn(err, "Inadvertent injection of error %d is possible in compat personality for retval=%llu",
		     -v32, (unsigned long long)v);
	else if ((uint32_t)v != v)
		warn(err, "Injected return value %llu will be clipped to %u in compat personality",
		     (unsigned long long)v, (uint32_t)v);
}

/*
 * poke_enter=/poke_exit=: "@argN=HEX[,@argM=HEX...]", N from 1 to 7,
 * each argument once, an even number of hex digits (at most 1024 bytes);
 * empty items between commas are allowed, as strace allows them.
 */
static int parse_pokes(struct inject_spec *spec, int which, const char *s)
{
	struct inject_poke pokes[INJECT_POKE_ARGS];
	unsigned int n = 0, seen = 0;

	while (*s) {
		size_t len = strcspn(s, ",");
		const char *h = s + 6, *end = s + len;
		struct inject_poke *p;

		if (!len) {
			s++;
			continue;
		}
		if (len < 7 || strncmp(s, "@arg", 4) || s[4] < '1' ||
		    s[4] > '0' + INJECT_POKE_ARGS || s[5] != '=')
			goto bad;
		if (end - h >= 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X'))
			h += 2;
		if (h == end || (end - h) % 2 || (end - h) / 2 > INJECT_POKE_MAX)
			goto bad;
		if (seen & (1U << (s[4] - '1')))
			goto bad;
		seen |= 1U << (s[4] - '1');
		p = &pokes[n++];
		p->arg = (unsigned int)(s[4] - '1');
		p->len = (unsigned int)(end - h) / 2;
		p->data = malloc(p->len);
		if (!p->data)
			goto bad;
		for (unsigned int i = 0; i < p->len; i++) {
			int hi = hex_digit_value(h[2 * i]);
			int lo = hex_digit_value(h[2 * i + 1]);

			if (hi < 0 || lo < 0)
				goto bad;
			p->data[i] = (unsigned char)(hi << 4 | lo);
		}
		s = *end ? end + 1 : end;
	}
	if (!n)
		return -1;
	spec->poke[which] = malloc(n * sizeof(pokes[0]));
	if (!spec->poke[which])
		goto bad;
	memcpy(spec->poke[which], pokes, n * sizeof(pokes[0]));
	spec->n_poke[which] = n;
	return 0;
bad:
	while (n)
		free(pokes[--n].data);
	return -1;
}

/* One KEY=VALUE part; 0 or -1. */
static int parse_part(struct inject_spec *spec, char *part, bool fault,
		      struct qual_error *err)
{
	char *val = strchr(part, '=');
	unsigned int what = 0;

	if (!val)
		return -1;
	*val++ = '\0';
	if (!strcmp(part, "when"))
		return parse_when(spec, val);
	if (!strcmp(part, "error")) {
		if (spec->what & (INJECT_ERROR | INJECT_RETVAL))
			return -1;
		spec->error = parse_error(val);
		what = INJECT_ERROR;
		if (spec->error < 0)
			return -1;
	} else if (!strcmp(part, "syscall")) {
		if (spec->what & INJECT_SYSCALL || parse_scno(val, spec->scno))
			return -1;
		what = INJECT_SYSCALL;
	} else if (fault) {
		return -1;
	} else if (!strcmp(part, "retval")) {
		if (spec->what & (INJECT_ERROR | INJECT_RETVAL) ||
		    parse_retval(val, &spec->retval))
			return -1;
		check_retval(spec->retval, err);
		what = INJECT_RETVAL;
	} else if (!strcmp(part, "signal")) {
		if (spec->what & INJECT_SIGNAL)
			return -1;
		spec->signo = parse_signo(val);
		if (spec->signo < 0)
			return -1;
		what = INJECT_SIGNAL;
	} else if (!strcmp(part, "delay_enter")) {
		if (spec->what & INJECT_DELAY_ENTER ||
		    parse_delay(val, &spec->delay_enter_ns))
			return -1;
		what = INJECT_DELAY_ENTER;
	} else if (!strcmp(part, "poke_enter") || !strcmp(part, "poke_exit")) {
		int which = !strcmp(part, "poke_exit");

		what = which ? INJECT_POKE_EXIT : INJECT_POKE_ENTER;
		if (spec->what & what || parse_pokes(spec, which, val))
			return -1;
	} else if (!strcmp(part, "delay_exit")) {
		if (spec->what & INJECT_DELAY_EXIT ||
		    parse_delay(val, &spec->delay_exit_ns))
			return -1;
		what = INJECT_DELAY_EXIT;
	} else {
		return -1;
	}
	spec->what |= what;
	return 0;
}

int inject_spec_parse(struct inject_spec *spec, const char *value,
		      bool fault, struct qual_error *err)
{
	char *copy = strdup(value), *colon, *part, *save = NULL;
	int rc = 0;

	if (!copy) {
		snprintf(err->msg, sizeof(err->msg), "out of memory");
		err->usage = false;
		return -1;
	}
	memset(spec, 0, sizeof(*spec));
	spec->first = 1;
	spec->last = INJECT_WHEN_FOREVER;
	spec->step = 1;
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		spec->scno[p] = -1;

	colon = strchr(copy, ':');
	if (colon) {
		*colon = '\0';
		for (part = strtok_r(colon + 1, ":", &save); part;
		     part = strtok_r(NULL, ":", &save)) {
			if (parse_part(spec, part, fault, err) < 0) {
				rc = bad(err, fault, value);
				break;
			}
		}
	}
	if (!rc)
		rc = qual_parse_syscalls(&spec->set, copy, err);
	if (!rc) {
		if (fault && !(spec->what & INJECT_ERROR)) {
			spec->error = ENOSYS;
			spec->what |= INJECT_ERROR;
		}
		if (!(spec->what & ~INJECT_SYSCALL))
			rc = bad(err, fault, value);
	}
	free(copy);
	if (rc)
		/* A refused spec keeps nothing; sltrace is about to exit 1. */
		for (int w = 0; w < 2; w++) {
			for (unsigned int i = 0; i < spec->n_poke[w]; i++)
				free(spec->poke[w][i].data);
			free(spec->poke[w]);
			spec->poke[w] = NULL;
			spec->n_poke[w] = 0;
		}
	return rc;
}
