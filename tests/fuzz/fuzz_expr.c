/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target for the -e expression parser (src/filter/expr.c,
 * sets.c).  `make fuzz` builds it with clang -fsanitize=fuzzer,address,
 * undefined and runs it for FUZZ_SECONDS (300 by default) on the seeds
 * in tests/fuzz/corpus_expr/ with the words of tests/fuzz/expr.dict.
 *
 * An input is a list of -e arguments, one per line (a NUL byte also
 * ends a line: argv strings cannot hold one).  They are parsed in order
 * into one struct qualifiers, as the cli does with several -e options,
 * so that a later qualifier replacing an earlier one is exercised too.
 * Beyond the sanitizers, these properties are checked; a violation
 * aborts, which libFuzzer reports as a crash:
 *
 * - a refusal fills err.msg with a non-empty, terminated message;
 * - a refused argument leaves every set as it was;
 * - the sets answer queries consistently (check_sets);
 * - "!V" as a syscall set is exactly the complement of "V", and the two
 *   are accepted or refused together.
 *
 * Regular expressions: "/REGEX" items go to glibc's regcomp(), whose
 * compile time and memory grow with the PRODUCT of stacked repetition
 * operators ("a++++++++++++++++++++" takes seconds, "a{3}{3}{3}..."
 * runs out of time or memory, thousands of nested '(' overflow the
 * stack).  strace passes the same text to the same regcomp() and takes
 * as long, and a length cap in the parser would not help (a 40-byte
 * regex already hangs) while refusing long regexes strace accepts.  So
 * the parser is left strace-compatible and the bound is here, on the
 * fuzzer's input: an input whose regex text could expand past
 * REGEX_BLOWUP_MAX copies, or nests deeper than REGEX_DEPTH_MAX, is
 * skipped.  The estimate is conservative (it reads every byte from a
 * '/' to the next ',' or line end as regex, and multiplies sequential
 * operators as if nested), so only inputs that reach glibc's known
 * blow-up are dropped; every other path of the parser is still run.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/expr.h"

#define REGEX_BLOWUP_MAX	(1u << 14)
#define REGEX_DEPTH_MAX		1000
#define REGEX_OPS_MAX		64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void __attribute__((noreturn))
broken(const char *what, const char *expr)
{
	fprintf(stderr, "fuzz_expr: %s: '%s'\n", what, expr);
	abort();
}

/*
 * glibc builds "X+" as "XX*" and "X{n}" as n copies of X, so each
 * operator multiplies the size of what it applies to.  '*' and '?'
 * copy nothing, but a run of them stacked on one atom ("a****...")
 * makes glibc's epsilon-closure pass recurse and repeat per operator:
 * 3,000 stars take more than 20 s.  So the repetition operators of one
 * regex are also counted, and more than REGEX_OPS_MAX skip the input.
 */
static bool regex_too_costly(const char *s, size_t n)
{
	uint64_t blowup = 1;
	unsigned int parens = 0, ops = 0;
	bool in_regex = false;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		uint64_t factor = 1;

		if (c == '\n' || c == '\0' || c == ',') {
			in_regex = false;
			ops = 0;
			continue;
		}
		if (c == '/') {
			in_regex = true;
			continue;
		}
		if (!in_regex)
			continue;
		if ((c == '*' || c == '?' || c == '+' || c == '{') &&
		    ++ops > REGEX_OPS_MAX)
			return true;
		if (c == '(') {
			parens++;
		} else if (c == '+') {
			factor = 2;
		} else if (c == '{') {
			uint64_t m = 0;

			while (i + 1 < n && s[i + 1] >= '0' &&
			       s[i + 1] <= '9' && m <= REGEX_BLOWUP_MAX)
				m = m * 10 + (uint64_t)(s[++i] - '0');
			factor = m + 1;
		}
		blowup *= factor;
		if (blowup > REGEX_BLOWUP_MAX || parens > REGEX_DEPTH_MAX)
			return true;
	}
	return false;
}

struct snapshot {
	struct scset trace, abbrev, verbose, raw;
	struct sigset_q signals;
	unsigned int status, quiet, decode_fds;
	bool quiet_given;
	struct numset read, write;
};

static void numset_copy(struct numset *to, const struct numset *from)
{
	*to = *from;
	to->v = NULL;
	if (from->n) {
		to->v = malloc(from->n * sizeof(*to->v));
		if (!to->v)
			abort();
		memcpy(to->v, from->v, from->n * sizeof(*to->v));
	}
	to->cap = from->n;
}

static bool numset_same(const struct numset *a, const struct numset *b)
{
	return a->negated == b->negated && a->n == b->n &&
	       (!a->n || !memcmp(a->v, b->v, a->n * sizeof(*a->v)));
}

static void snapshot_take(struct snapshot *s, const struct qualifiers *q)
{
	s->trace = q->trace;
	s->abbrev = q->abbrev;
	s->verbose = q->verbose;
	s->raw = q->raw;
	s->signals = q->signals;
	s->status = q->status;
	s->quiet = q->quiet;
	s->decode_fds = q->decode_fds;
	s->quiet_given = q->quiet_given;
	numset_copy(&s->read, &q->read);
	numset_copy(&s->write, &q->write);
}

static bool snapshot_same(const struct snapshot *s, const struct qualifiers *q)
{
	return !memcmp(&s->trace, &q->trace, sizeof(s->trace)) &&
	       !memcmp(&s->abbrev, &q->abbrev, sizeof(s->abbrev)) &&
	       !memcmp(&s->verbose, &q->verbose, sizeof(s->verbose)) &&
	       !memcmp(&s->raw, &q->raw, sizeof(s->raw)) &&
	       !memcmp(&s->signals, &q->signals, sizeof(s->signals)) &&
	       s->status == q->status && s->quiet == q->quiet &&
	       s->decode_fds == q->decode_fds &&
	       s->quiet_given == q->quiet_given &&
	       numset_same(&s->read, &q->read) &&
	       numset_same(&s->write, &q->write);
}

static void snapshot_release(struct snapshot *s)
{
	numset_release(&s->read);
	numset_release(&s->write);
}

static void check_error(const struct qual_error *err, const char *expr)
{
	size_t len = strnlen(err->msg, sizeof(err->msg));

	if (len == sizeof(err->msg))
		broken("unterminated error message", expr);
	if (!len)
		broken("empty error message", expr);
}

static bool scset_complement(const struct scset *a, const struct scset *b)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		if (a->beyond[p] == b->beyond[p])
			return false;
		for (int w = 0; w < SCSET_WORDS; w++)
			if (a->bits[p][w] != ~b->bits[p][w])
				return false;
	}
	return true;
}

static void check_negation(const char *value)
{
	static struct scset set, neg;
	struct qual_error err, nerr;
	size_t n = strlen(value);
	char *bang = malloc(n + 2);
	int rc, nrc;

	if (!bang)
		abort();
	bang[0] = '!';
	memcpy(bang + 1, value, n + 1);
	memset(&err, 0, sizeof(err));
	memset(&nerr, 0, sizeof(nerr));
	rc = qual_parse_syscalls(&set, value, &err);
	nrc = qual_parse_syscalls(&neg, bang, &nerr);
	if ((rc < 0) != (nrc < 0))
		broken("V and !V not refused together", value);
	if (rc < 0) {
		check_error(&err, value);
		check_error(&nerr, bang);
	} else if (!scset_complement(&set, &neg)) {
		broken("!V is not the complement of V", value);
	}
	free(bang);
}

/*
 * What the parser built must answer queries consistently: a descriptor
 * set is sorted without duplicates (numset_has bisects it), and a
 * syscall set's count is its members.
 */
static void check_numset(const struct numset *s, const char *expr)
{
	if (s->n > s->cap || (s->n && !s->v))
		broken("descriptor set size", expr);
	for (size_t i = 0; i < s->n; i++) {
		if (s->v[i] < 0 || (i && s->v[i - 1] >= s->v[i]))
			broken("descriptor set not sorted", expr);
		if (numset_has(s, s->v[i]) == s->negated)
			broken("descriptor set misses a member", expr);
	}
}

static void check_scset(const struct scset *s, const char *expr)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		unsigned int n = 0;

		for (long nr = 0; nr < SCSET_NR_MAX; nr++)
			n += scset_has(s, p, nr);
		if (n != scset_count(s, p))
			broken("syscall set count", expr);
		if (scset_has(s, p, -1) != s->beyond[p] ||
		    scset_has(s, p, SCSET_NR_MAX) != s->beyond[p])
			broken("syscall set beyond its bitset", expr);
	}
}

static void check_sets(const struct qualifiers *q, const char *expr)
{
	check_numset(&q->read, expr);
	check_numset(&q->write, expr);
	check_scset(&q->trace, expr);
	check_scset(&q->raw, expr);
	if (sigset_q_has(&q->signals, -1) ||
	    sigset_q_has(&q->signals, SIGSET_MAX + 1))
		broken("signal set beyond its range", expr);
	if ((q->status & ~STATUS_ALL) || (q->quiet & ~QUIET_ALL) ||
	    (q->decode_fds & ~DECODE_FD_ALL))
		broken("unknown bits in a named set", expr);
}

static void parse_one(struct qualifiers *q, const char *expr)
{
	struct qual_error err;
	struct snapshot before;

	memset(&err, 0, sizeof(err));
	snapshot_take(&before, q);
	if (qual_parse_expr(q, expr, &err) < 0) {
		check_error(&err, expr);
		if (!snapshot_same(&before, q))
			broken("a refused argument changed the sets", expr);
	}
	snapshot_release(&before);
	check_negation(expr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct qualifiers q;
	char *text, *line, *end;

	if (regex_too_costly((const char *)data, size))
		return -1;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	qualifiers_init(&q);
	line = text;
	for (;;) {
		end = line + strcspn(line, "\n");
		if (*end == '\0') {
			parse_one(&q, line);
			if (end == text + size)
				break;
		} else {
			*end = '\0';
			parse_one(&q, line);
		}
		line = end + 1;
	}
	check_sets(&q, "(the sets after the last line)");
	qualifiers_release(&q);
	free(text);
	return 0;
}
