/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The -e expression parser: "[QUALIFIER=][!]VALUE[,VALUE...]" and the
 * long options that name a qualifier (--trace=, --signal=, ...), into a
 * struct qualifiers.  Pure: no tracee, no cfg, no exit — errors come
 * back as strace's message text, for the caller to print and exit on.
 * A libFuzzer target for it belongs to issue 4 (tests/fuzz/).
 */
#ifndef SLTRACE_FILTER_EXPR_H
#define SLTRACE_FILTER_EXPR_H

#include <stdbool.h>

#include "filter/inject_spec.h"
#include "filter/sets.h"

/* -e status= */
#define STATUS_SUCCESSFUL	0x01
#define STATUS_FAILED		0x02
#define STATUS_UNFINISHED	0x04
#define STATUS_UNAVAILABLE	0x08
#define STATUS_DETACHED		0x10
#define STATUS_ALL		0x1f

/* -e quiet= */
#define QUIET_ATTACH		0x01
#define QUIET_EXIT		0x02
#define QUIET_PATH_RESOLUTION	0x04
#define QUIET_PERSONALITY	0x08
#define QUIET_THREAD_EXECVE	0x10
#define QUIET_ALL		0x1f

/* -e decode-fds= */
#define DECODE_FD_PATH		0x01
#define DECODE_FD_SOCKET	0x02
#define DECODE_FD_DEV		0x04
#define DECODE_FD_PIDFD		0x08
#define DECODE_FD_ALL		0x0f

enum qual_kind {
	QK_TRACE,
	QK_ABBREV,
	QK_VERBOSE,
	QK_RAW,
	QK_SIGNAL,
	QK_READ,
	QK_WRITE,
	QK_FAULT,
	QK_INJECT,
	QK_STATUS,
	QK_QUIET,
	QK_KVM,
	QK_DECODE_FDS,
};

struct qualifiers {
	struct scset trace, abbrev, verbose, raw;
	struct numset read, write;
	struct sigset_q signals;
	unsigned int status;		/* STATUS_* */
	unsigned int quiet;		/* QUIET_* */
	bool quiet_given;		/* by -e quiet= or -q, not the default */
	bool trace_given;		/* by -e trace= or --trace= */
	bool signal_given;		/* by -e signal= */
	bool kvm_vcpu;			/* -e kvm=vcpu: KVM_RUN's exit reason */
	unsigned int decode_fds;	/* DECODE_FD_* */
	/* -e inject= and -e fault=, in the order given (owned array). */
	struct inject_spec *inject;
	unsigned int n_inject;
};

/* strace's defaults: trace all, abbrev all, verbose all, nothing raw... */
void qualifiers_init(struct qualifiers *q);
void qualifiers_release(struct qualifiers *q);

struct qual_error {
	char msg[512];		/* without the "sltrace: " prefix */
	bool usage;		/* strace adds "Try '... -h' ..." after it */
	/*
	 * A warning to print before msg (or alone on success): inject's
	 * "Inadvertent injection of error 1 is possible ...".
	 */
	char warn[256];
};

/*
 * Parse one -e argument.  A QUALIFIER= strace does not know makes the
 * whole argument a trace= value, as strace does ("-e open" is
 * "-e trace=open").  Each qualifier replaces the previous set of its
 * kind.  Returns 0, or -1 with *err filled.
 */
int qual_parse_expr(struct qualifiers *q, const char *expr,
		    struct qual_error *err);

/* Parse the value of one qualifier (--trace=VALUE). */
int qual_parse_value(struct qualifiers *q, enum qual_kind kind,
		     const char *value, struct qual_error *err);

/*
 * Parse a syscall set alone (trace=, and the SET of issue 4's inject=),
 * into *set.  Same errors as qual_parse_value(QK_TRACE, ...).
 */
int qual_parse_syscalls(struct scset *set, const char *value,
			struct qual_error *err);

/*
 * A syscall with no table row (syscall_0x1c8) is traced whatever the
 * trace set says, as strace does: add every unknown number to set.
 */
void qual_add_unknown_syscalls(struct scset *set);

#endif
