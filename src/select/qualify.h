/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-syscall and per-fd choices made by -e qualifiers (trace=, raw=,
 * abbrev=, verbose=, read=, write=, signal=, status=, quiet=) and the
 * options that imply them (-v is abbrev=none, -q is quiet=...).
 * Decoders and printers ask these; the cli fills them through
 * qualify_parse() (src/filter/expr.c does the parsing).
 */
#ifndef SLTRACE_SELECT_QUALIFY_H
#define SLTRACE_SELECT_QUALIFY_H

#include <stdbool.h>

#include "filter/expr.h"

struct tcb;

/* -e raw=SET: print this syscall's arguments undecoded, in hex. */
bool qual_raw(const struct tcb *tcp);
/* -e abbrev=SET (default all, -v none): abbreviate big structs/arrays. */
bool qual_abbrev(const struct tcb *tcp);
/* -e verbose=SET (default all): dereference structure pointers. */
bool qual_verbose(const struct tcb *tcp);
/* -e read=SET / -e write=SET: hex-dump the data read from / written to fd. */
bool qual_read_dump(int fd);
bool qual_write_dump(int fd);

/*
 * -e trace=SET: print this syscall (tcp->sc at entry or exit).  A
 * number without a table row is always printed, as strace does.
 */
bool qual_trace(const struct tcb *tcp);
/* -e signal=SET: print the "--- SIG... ---" line of this signal. */
bool qual_signal(int sig);
/*
 * -e quiet=SET, -q, and strace's default with -o FILE and a command
 * (attach and personality messages off): true when the QUIET_* message
 * kind is suppressed.
 */
bool qual_quiet(unsigned int what);
/* -e kvm=vcpu: KVM_RUN shows the vcpu's exit reason. */
bool qual_kvm_vcpu(void);
/* -e status=SET: the STATUS_* bits to print (issue 4 filters by it). */
unsigned int qual_status(void);

/*
 * The parsed sets, read-only, for what compiles them into something
 * else (issue 4's seccomp-BPF program from trace).
 */
const struct qualifiers *qualify_get(void);

/*
 * For the cli.  qualify_parse: one -e argument; qualify_parse_kind: the
 * value of a long option (--trace=...).  Return 0 or -1 with *err set.
 */
int qualify_parse(const char *expr, struct qual_error *err);
int qualify_parse_kind(enum qual_kind kind, const char *value,
		       struct qual_error *err);
/* -q, counted: 1 attach,personality; 2 adds exit; 3 all. */
void qualify_quiet_level(unsigned int count);
/*
 * The default quiet set when no -e quiet= is given: strace silences
 * attach and personality messages when it writes the trace to a file
 * (-o) for a command it launched.
 */
void qualify_quiet_default(unsigned int what);

/* The -e trace= set itself (for the seccomp-BPF filter). */
const struct scset *qual_trace_set(void);
/* Whether -e trace= leaves any known syscall out. */
bool qual_trace_is_partial(void);

#endif
