/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The -e expression parser.  Every rule and message below was observed
 * from Debian's strace 6.1 (tests/unit/filter_test.c lists them):
 *
 * - A value is "[!]...[!]LIST": each leading '!' flips the set; the
 *   list is split at ','; empty items are skipped, but a value with no
 *   item at all is an error that quotes the whole value ("!,").
 * - "all" and "none" stand alone for every kind; only trace= knows
 *   "all" as an item too ("all@32"), and "none" never as one.
 * - Syscall items: [?]{NAME|NUMBER|%CLASS|CLASS|/REGEX|all}[@64|@32|@x32].
 *   '?' silences "invalid system call" (not a bad regex or designator).
 *   Names and classes are case-sensitive; signal, status, quiet and
 *   decode-fds names are not.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "filter/expr.h"
#include "sysent/sysent.h"
#include "xlat/xlat.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static int __attribute__((format(printf, 3, 4)))
fail(struct qual_error *err, bool usage, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->usage = usage;
	return -1;
}

void qualifiers_init(struct qualifiers *q)
{
	memset(q, 0, sizeof(*q));
	scset_fill(&q->trace);
	scset_fill(&q->abbrev);
	scset_fill(&q->verbose);
	scset_clear(&q->raw);
	numset_init(&q->read);
	numset_init(&q->write);
	sigset_q_fill(&q->signals);
	q->status = STATUS_ALL;
	q->quiet = 0;
	q->decode_fds = 0;
}

void qualifiers_release(struct qualifiers *q)
{
	numset_release(&q->read);
	numset_release(&q->write);
	free(q->inject);
	q->inject = NULL;
	q->n_inject = 0;
}

/* --- the value: '!'s, "all", "none", the list ------------------------- */

/*
 * A value split into its negation and its items.  items points into a
 * private copy; the caller walks it with next_item().
 */
struct value {
	const char *whole;	/* as given, for "invalid ... '!,'" */
	bool negated;
	char *copy;
	char *rest;		/* after the '!'s */
	char *save;		/* strtok_r state */
};

static int value_open(struct value *v, const char *s)
{
	memset(v, 0, sizeof(*v));
	v->whole = s;
	while (*s == '!') {
		v->negated = !v->negated;
		s++;
	}
	v->copy = strdup(s);
	if (!v->copy)
		return -ENOMEM;
	v->rest = v->copy;
	return 0;
}

static void value_close(struct value *v)
{
	free(v->copy);
	v->copy = NULL;
}

static bool value_is(const struct value *v, const char *word)
{
	return !strcmp(v->rest, word);
}

/* The next non-empty item, or NULL. */
static char *next_item(struct value *v)
{
	char *tok;

	if (v->rest) {
		tok = strtok_r(v->rest, ",", &v->save);
		v->rest = NULL;
	} else {
		tok = strtok_r(NULL, ",", &v->save);
	}
	return tok;
}

/* --- syscall sets ----------------------------------------------------- */

/* Personalities an item names: bit per PERS_*, and whether x32 is in. */
struct pers_scope {
	unsigned int mask;
	bool x32;
};

/*
 * x32 is a personality strace knows and sltrace does not trace: "@x32"
 * is accepted and selects nothing.  Its names and numbers are checked
 * against the x86_64 table (x32 shares it) plus x32's own 512..547.
 */
#define X32_FIRST 512
#define X32_LAST 547

static const struct {
	const char *name;
	unsigned int flag;
} classes[] = {
	{ "%file", TRACE_FILE },
	{ "%ipc", TRACE_IPC },
	{ "%net", TRACE_NETWORK },
	{ "%network", TRACE_NETWORK },
	{ "%process", TRACE_PROCESS },
	{ "%signal", TRACE_SIGNAL },
	{ "%desc", TRACE_DESC },
	{ "%memory", TRACE_MEMORY },
	{ "%creds", TRACE_CREDS },
	{ "%clock", TRACE_CLOCK },
	{ "%stat", TRACE_STAT },
	{ "%lstat", TRACE_LSTAT },
	{ "%fstat", TRACE_FSTAT },
	{ "%%stat", TRACE_STAT_LIKE },
	{ "%statfs", TRACE_STATFS },
	{ "%fstatfs", TRACE_FSTATFS },
	{ "%%statfs", TRACE_STATFS_LIKE },
	{ "%pure", TRACE_PURE },
	/* The names from before classes had a '%'; not %net's "net". */
	{ "file", TRACE_FILE },
	{ "ipc", TRACE_IPC },
	{ "network", TRACE_NETWORK },
	{ "process", TRACE_PROCESS },
	{ "signal", TRACE_SIGNAL },
	{ "desc", TRACE_DESC },
	{ "memory", TRACE_MEMORY },
};

static int class_flag(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(classes); i++)
		if (!strcmp(classes[i].name, name))
			return (int)classes[i].flag;
	return -1;
}

static const struct sysent *row(int pers, unsigned long nr)
{
	const struct sysent_table *t = &sysent_tables[pers];

	if (nr >= t->count || !t->ents[nr].name)
		return NULL;
	return &t->ents[nr];
}

/* Digits only: strace takes neither signs, spaces nor hex here. */
static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/*
 * Add what one syscall item (without '?' and '@...') selects.  Returns
 * 1 when it selected something or names something that exists, 0 when
 * it names nothing, -1 on a regex error (err filled).
 */
static int add_syscall_item(struct scset *set, const char *item,
			    struct pers_scope scope, struct qual_error *err)
{
	unsigned int mask = scope.mask;
	int found = 0;

	if (!strcmp(item, "all")) {
		for (int p = 0; p < NUM_PERSONALITIES; p++)
			if (mask & (1u << p))
				scset_fill_pers(set, p);
		return 1;
	}
	if (item[0] == '/') {
		/*
		 * glibc's regcomp() takes time and memory that grow with the
		 * product of stacked repetitions ("a+++...", "a{9}{9}..."),
		 * up to hanging or overflowing its stack.  strace hands it
		 * the same text with no limit, and a length cap would not
		 * help (40 bytes suffice) while refusing long regexes strace
		 * takes; so there is none.  The fuzz target bounds its input
		 * instead (tests/fuzz/fuzz_expr.c).
		 */
		regex_t re;
		int rc = regcomp(&re, item + 1, REG_EXTENDED | REG_NOSUB);

		if (rc) {
			char buf[256];

			regerror(rc, &re, buf, sizeof(buf));
			return fail(err, false, "regcomp: %s: %s", item + 1,
				    buf);
		}
		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			const struct sysent_table *t = &sysent_tables[p];

			if (!(mask & (1u << p)) &&
			    !(p == PERS_NATIVE && scope.x32))
				continue;
			for (unsigned int nr = 0; nr < t->count; nr++) {
				if (!t->ents[nr].name ||
				    regexec(&re, t->ents[nr].name, 0, NULL, 0))
					continue;
				found = 1;
				if (mask & (1u << p))
					scset_add(set, p, nr);
			}
		}
		regfree(&re);
		return found;
	}
	if (class_flag(item) >= 0) {
		unsigned int flag = (unsigned int)class_flag(item);

		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			const struct sysent_table *t = &sysent_tables[p];

			if (!(mask & (1u << p)))
				continue;
			for (unsigned int nr = 0; nr < t->count; nr++)
				if (t->ents[nr].name &&
				    (t->ents[nr].flags & flag))
					scset_add(set, p, nr);
		}
		return 1;
	}
	if (all_digits(item)) {
		char *end;
		unsigned long nr;

		errno = 0;
		nr = strtoul(item, &end, 10);
		if (errno || nr >= SCSET_NR_MAX)
			return 0;
		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			if (!row(p, nr))
				continue;
			if (mask & (1u << p)) {
				scset_add(set, p, (long)nr);
				found = 1;
			} else if (p == PERS_NATIVE && scope.x32 &&
				   nr < X32_FIRST) {
				found = 1;
			}
		}
		if (scope.x32 && nr >= X32_FIRST && nr <= X32_LAST)
			found = 1;
		return found;
	}
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		long nr;

		if (!(mask & (1u << p)) && !(p == PERS_NATIVE && scope.x32))
			continue;
		nr = sysent_find(p, item);
		if (nr < 0)
			continue;
		found = 1;
		if (mask & (1u << p))
			scset_add(set, p, nr);
	}
	return found;
}

/* One item of a syscall list, with its '?' and '@' parts. */
static int add_syscall_token(struct scset *set, const char *tok,
			     struct qual_error *err)
{
	struct pers_scope scope = { (1u << NUM_PERSONALITIES) - 1, true };
	bool optional = false;
	const char *at;
	char *name;
	int rc;

	if (*tok == '?') {
		optional = true;
		tok++;
	}
	at = strrchr(tok, '@');
	if (at) {
		const char *d = at + 1;

		if (!strcmp(d, "64"))
			scope = (struct pers_scope){ 1u << PERS_NATIVE, false };
		else if (!strcmp(d, "32"))
			scope = (struct pers_scope){ 1u << PERS_COMPAT, false };
		else if (!strcmp(d, "x32"))
			scope = (struct pers_scope){ 0, true };
		else
			return fail(err, true,
				    "incorrect personality designator '%s' in qualification '%s'",
				    d, tok);
	}
	/*
	 * No length limit: strace takes a regex or a zero-padded number
	 * of any length ("/x|x|...|^read$", "000...03").
	 */
	name = strndup(tok, at ? (size_t)(at - tok) : strlen(tok));
	if (!name)
		return fail(err, false, "out of memory");
	rc = add_syscall_item(set, name, scope, err);
	free(name);
	if (rc < 0)
		return -1;
	if (!rc && !optional)
		return fail(err, false, "invalid system call '%s'", tok);
	return 0;
}

int qual_parse_syscalls(struct scset *set, const char *value,
			struct qual_error *err)
{
	struct value v;
	unsigned int n = 0;
	char *tok;
	int rc = 0;

	if (value_open(&v, value) < 0)
		return fail(err, false, "out of memory");
	scset_clear(set);
	if (value_is(&v, "none")) {
		/* nothing */
	} else if (value_is(&v, "all")) {
		scset_fill(set);
	} else {
		while ((tok = next_item(&v))) {
			n++;
			rc = add_syscall_token(set, tok, err);
			if (rc < 0)
				break;
		}
		if (!rc && !n)
			rc = fail(err, false, "invalid system call '%s'",
				  v.whole);
	}
	if (!rc && v.negated)
		scset_invert(set);
	value_close(&v);
	return rc;
}

void qual_add_unknown_syscalls(struct scset *set)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		for (long nr = 0; nr < SCSET_NR_MAX; nr++)
			if (!row(p, (unsigned long)nr))
				scset_add(set, p, nr);
		set->beyond[p] = true;
	}
}

/* --- descriptors ------------------------------------------------------ */

/* strtol's syntax ("  +5", "-0", "007"), 0..INT_MAX, nothing after. */
static int parse_fd(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end || errno || v < 0 || v > INT_MAX)
		return -1;
	return (int)v;
}

static int parse_fds(struct numset *set, const char *value,
		     struct qual_error *err)
{
	struct numset s;
	struct value v;
	unsigned int n = 0;
	char *tok;
	int rc = 0;

	if (value_open(&v, value) < 0)
		return fail(err, false, "out of memory");
	numset_init(&s);
	if (value_is(&v, "none")) {
		/* nothing */
	} else if (value_is(&v, "all")) {
		s.negated = true;
	} else {
		while ((tok = next_item(&v))) {
			int fd = parse_fd(tok);

			n++;
			if (fd < 0) {
				rc = fail(err, false, "invalid descriptor '%s'",
					  tok);
				break;
			}
			if (numset_add(&s, fd) < 0) {
				rc = fail(err, false, "out of memory");
				break;
			}
		}
		if (!rc && !n)
			rc = fail(err, false, "invalid descriptor '%s'",
				  v.whole);
	}
	value_close(&v);
	if (rc) {
		numset_release(&s);
		return rc;
	}
	if (v.negated)
		s.negated = !s.negated;
	numset_release(set);
	*set = s;
	return 0;
}

/* --- signals ---------------------------------------------------------- */

/*
 * A number 0..255 (digits only) or a name as strace prints it, any
 * case, "SIG" optional: "SIGRTMIN", "rt_3", "hup".  Not the aliases
 * (SIGIOT, SIGPOLL, SIGCLD): strace refuses them here.
 */
static int parse_signal(const char *s)
{
	const char *bare = strncasecmp(s, "SIG", 3) ? s : s + 3;

	if (all_digits(s)) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(s, &end, 10);
		return errno || v > SIGSET_MAX ? -1 : (int)v;
	}
	for (int sig = 1; sig <= SIGSET_MAX; sig++) {
		const char *name = signal_name(sig);

		if (!name)
			break;
		if (!strcasecmp(name + 3, bare))
			return sig;
	}
	return -1;
}

static int parse_signals(struct sigset_q *set, const char *value,
			 struct qual_error *err)
{
	struct sigset_q s;
	struct value v;
	unsigned int n = 0;
	char *tok;
	int rc = 0;

	if (value_open(&v, value) < 0)
		return fail(err, false, "out of memory");
	sigset_q_clear(&s);
	if (value_is(&v, "none")) {
		/* nothing */
	} else if (value_is(&v, "all")) {
		sigset_q_fill(&s);
	} else {
		while ((tok = next_item(&v))) {
			int sig = parse_signal(tok);

			n++;
			if (sig < 0) {
				rc = fail(err, false, "invalid signal '%s'",
					  tok);
				break;
			}
			sigset_q_add(&s, sig);
		}
		if (!rc && !n)
			rc = fail(err, false, "invalid signal '%s'", v.whole);
	}
	if (!rc) {
		if (v.negated)
			sigset_q_invert(&s);
		*set = s;
	}
	value_close(&v);
	return rc;
}

/* --- small named sets: status=, quiet=, decode-fds= ------------------- */

struct word {
	const char *name;
	unsigned int bit;
};

static const struct word status_words[] = {
	{ "successful", STATUS_SUCCESSFUL },
	{ "failed", STATUS_FAILED },
	{ "unfinished", STATUS_UNFINISHED },
	{ "unavailable", STATUS_UNAVAILABLE },
	{ "detached", STATUS_DETACHED },
	{ NULL, 0 },
};

static const struct word quiet_words[] = {
	{ "attach", QUIET_ATTACH },
	{ "exit", QUIET_EXIT },
	{ "exits", QUIET_EXIT },
	{ "path-resolution", QUIET_PATH_RESOLUTION },
	{ "personality", QUIET_PERSONALITY },
	{ "thread-execve", QUIET_THREAD_EXECVE },
	/* "+++ superseded by execve" is the thread-execve message. */
	{ "superseded", QUIET_THREAD_EXECVE },
	{ NULL, 0 },
};

static const struct word decode_fds_words[] = {
	{ "path", DECODE_FD_PATH },
	{ "socket", DECODE_FD_SOCKET },
	{ "dev", DECODE_FD_DEV },
	{ "pidfd", DECODE_FD_PIDFD },
	{ NULL, 0 },
};

static int parse_words(unsigned int *set, const struct word *words,
		       unsigned int all, const char *what, const char *value,
		       struct qual_error *err)
{
	unsigned int s = 0;
	struct value v;
	unsigned int n = 0;
	char *tok;
	int rc = 0;

	if (value_open(&v, value) < 0)
		return fail(err, false, "out of memory");
	if (value_is(&v, "none")) {
		/* nothing */
	} else if (value_is(&v, "all")) {
		s = all;
	} else {
		while ((tok = next_item(&v))) {
			const struct word *w;

			n++;
			for (w = words; w->name; w++)
				if (!strcasecmp(w->name, tok))
					break;
			if (!w->name) {
				rc = fail(err, false, "invalid %s '%s'", what,
					  tok);
				break;
			}
			s |= w->bit;
		}
		if (!rc && !n)
			rc = fail(err, false, "invalid %s '%s'", what, v.whole);
	}
	if (!rc)
		*set = v.negated ? all & ~s : s;
	value_close(&v);
	return rc;
}

/* --- qualifiers ------------------------------------------------------- */

static const struct {
	const char *name;
	enum qual_kind kind;
} qualifier_names[] = {
	{ "trace", QK_TRACE },
	{ "t", QK_TRACE },
	{ "abbrev", QK_ABBREV },
	{ "a", QK_ABBREV },
	{ "verbose", QK_VERBOSE },
	{ "v", QK_VERBOSE },
	{ "raw", QK_RAW },
	{ "x", QK_RAW },
	{ "signal", QK_SIGNAL },
	{ "signals", QK_SIGNAL },
	{ "s", QK_SIGNAL },
	{ "read", QK_READ },
	{ "reads", QK_READ },
	{ "r", QK_READ },
	{ "write", QK_WRITE },
	{ "writes", QK_WRITE },
	{ "w", QK_WRITE },
	{ "fault", QK_FAULT },
	{ "inject", QK_INJECT },
	{ "status", QK_STATUS },
	{ "quiet", QK_QUIET },
	{ "silent", QK_QUIET },
	{ "silence", QK_QUIET },
	{ "q", QK_QUIET },
	{ "kvm", QK_KVM },
	{ "decode-fds", QK_DECODE_FDS },
	{ "decode-fd", QK_DECODE_FDS },
};

static int parse_syscall_set(struct scset *set, const char *value,
			     struct qual_error *err)
{
	struct scset s;

	if (qual_parse_syscalls(&s, value, err) < 0)
		return -1;
	*set = s;
	return 0;
}

int qual_parse_value(struct qualifiers *q, enum qual_kind kind,
		     const char *value, struct qual_error *err)
{
	err->warn[0] = '\0';
	switch (kind) {
	case QK_TRACE:
		if (parse_syscall_set(&q->trace, value, err) < 0)
			return -1;
		qual_add_unknown_syscalls(&q->trace);
		q->trace_given = true;
		return 0;
	case QK_ABBREV:
		return parse_syscall_set(&q->abbrev, value, err);
	case QK_VERBOSE:
		return parse_syscall_set(&q->verbose, value, err);
	case QK_RAW:
		return parse_syscall_set(&q->raw, value, err);
	case QK_SIGNAL:
		q->signal_given = true;
		return parse_signals(&q->signals, value, err);
	case QK_READ:
		return parse_fds(&q->read, value, err);
	case QK_WRITE:
		return parse_fds(&q->write, value, err);
	case QK_FAULT:
	case QK_INJECT: {
		/* Each one adds a spec; for a syscall the last one wins. */
		struct inject_spec spec, *v;

		if (inject_spec_parse(&spec, value, kind == QK_FAULT, err) < 0)
			return -1;
		v = realloc(q->inject, (q->n_inject + 1) * sizeof(*v));
		if (!v)
			return fail(err, false, "out of memory");
		v[q->n_inject++] = spec;
		q->inject = v;
		return 0;
	}
	case QK_STATUS:
		return parse_words(&q->status, status_words, STATUS_ALL,
				   "status", value, err);
	case QK_QUIET:
		if (parse_words(&q->quiet, quiet_words, QUIET_ALL, "quiet",
				value, err) < 0)
			return -1;
		q->quiet_given = true;
		return 0;
	case QK_KVM:
		if (strcmp(value, "vcpu"))
			return fail(err, false,
				    "invalid -e kvm= argument: '%s'", value);
		q->kvm_vcpu = true;
		return 0;
	case QK_DECODE_FDS:
		return parse_words(&q->decode_fds, decode_fds_words,
				   DECODE_FD_ALL, "decode-fds", value, err);
	}
	return fail(err, false, "invalid qualifier");
}

int qual_parse_expr(struct qualifiers *q, const char *expr,
		    struct qual_error *err)
{
	const char *eq = strchr(expr, '=');

	if (eq) {
		size_t n = (size_t)(eq - expr);

		for (size_t i = 0; i < ARRAY_SIZE(qualifier_names); i++)
			if (strlen(qualifier_names[i].name) == n &&
			    !strncmp(qualifier_names[i].name, expr, n))
				return qual_parse_value(
					q, qualifier_names[i].kind, eq + 1,
					err);
	}
	return qual_parse_value(q, QK_TRACE, expr, err);
}
