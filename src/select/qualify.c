/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The qualifier sets of this run, and the questions decoders and
 * printers ask of them.  Until the cli parses anything, each holds
 * strace's default: everything traced, abbreviated and verbose, nothing
 * raw, no fd dumped, every signal shown.
 */
#include "config.h"

#include "engine/tcb.h"
#include "select/qualify.h"
#include "sysent/sysent.h"

static struct qualifiers quals;
static bool quals_ready;
static unsigned int quiet_q;		/* from -q */
static unsigned int quiet_default;	/* from -o with a command */

static struct qualifiers *q(void)
{
	if (__builtin_expect(!quals_ready, 0)) {
		qualifiers_init(&quals);
		qual_add_unknown_syscalls(&quals.trace);
		quals_ready = true;
	}
	return &quals;
}

bool qual_raw(const struct tcb *tcp)
{
	return scset_has(&q()->raw, tcp->sc.pers, tcp->sc.nr);
}

bool qual_abbrev(const struct tcb *tcp)
{
	return scset_has(&q()->abbrev, tcp->sc.pers, tcp->sc.nr);
}

bool qual_verbose(const struct tcb *tcp)
{
	return scset_has(&q()->verbose, tcp->sc.pers, tcp->sc.nr);
}

bool qual_read_dump(int fd)
{
	return numset_has(&q()->read, fd);
}

bool qual_write_dump(int fd)
{
	return numset_has(&q()->write, fd);
}

bool qual_trace(const struct tcb *tcp)
{
	if (!tcp->sc.ent)
		return true;
	return scset_has(&q()->trace, tcp->sc.pers, tcp->sc.nr);
}

const struct scset *qual_trace_set(void)
{
	return &q()->trace;
}

bool qual_trace_is_partial(void)
{
	const struct scset *t = &q()->trace;

	for (int p = 0; p < NUM_PERSONALITIES; p++)
		for (unsigned int nr = 0; nr < sysent_tables[p].count; nr++)
			if (!scset_has(t, p, nr))
				return true;
	return false;
}

bool qual_signal(int sig)
{
	return sigset_q_has(&q()->signals, sig);
}

bool qual_kvm_vcpu(void)
{
	return q()->kvm_vcpu;
}

bool qual_quiet(unsigned int what)
{
	unsigned int set = q()->quiet_given ? q()->quiet : quiet_default;

	/* -q adds to whatever -e quiet= said, in either order. */
	return (set | quiet_q) & what;
}

unsigned int qual_status(void)
{
	return q()->status;
}

const struct qualifiers *qualify_get(void)
{
	return q();
}

int qualify_parse(const char *expr, struct qual_error *err)
{
	return qual_parse_expr(q(), expr, err);
}

int qualify_parse_kind(enum qual_kind kind, const char *value,
		       struct qual_error *err)
{
	return qual_parse_value(q(), kind, value, err);
}

void qualify_quiet_level(unsigned int count)
{
	if (count >= 3)
		quiet_q = QUIET_ALL;
	else if (count == 2)
		quiet_q = QUIET_ATTACH | QUIET_PERSONALITY | QUIET_EXIT;
	else if (count == 1)
		quiet_q = QUIET_ATTACH | QUIET_PERSONALITY;
	else
		quiet_q = 0;
}

void qualify_quiet_default(unsigned int what)
{
	quiet_default = what;
}
