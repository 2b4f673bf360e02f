/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stand-ins for the emit primitives (src/output/emit.h) shared by the
 * unit tests that link a printer without the writers: every primitive
 * appends to out[] what the text writer would write, with the separator
 * logic of src/output/emit.c, so a printed value is a string to compare.
 * The primitives that read tracee memory (emit_cstr, emit_buf, ...) are
 * each test's own: they depend on what the test stands in for memory.
 */
#ifndef SLTRACE_TESTS_FAKE_EMIT_H
#define SLTRACE_TESTS_FAKE_EMIT_H

#define FAKE_OUT_SIZE 8192

/* What was emitted since the last reset_out(), NUL-terminated. */
extern char out[FAKE_OUT_SIZE];

/* Empties out[] and forgets the nesting and the separator state. */
void reset_out(void);

#endif
