/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printing a library call's arguments and return value from the
 * registers the core saw, by a prototype (proto.h).  The values are
 * found as the SysV ABI puts them — x86_64: integers in six registers,
 * floating point in xmm0..7, the rest on the stack from sp+8; i386: all
 * on the stack from sp+4 — and written with the emit primitives
 * (src/output/emit.h), tracee memory read with tracee_read*.
 *
 * Two styles (cfg.lc_style): sltrace's, which follows strace (NULL,
 * strings cut at -s as strace cuts them, flags by name, "?" for a void
 * return), and ltrace's, which copies what Debian's ltrace 0.7.3 prints
 * (nil for a NULL string, 0 for a NULL pointer, its string quoting and
 * cutting, "<void>").
 */
#ifndef SLTRACE_LIBCALL_PRINTVAL_H
#define SLTRACE_LIBCALL_PRINTVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tcb;
struct proto;
struct ptype;

/* The registers of a call, filled by the core at entry and at return. */
struct lc_regs {
	uint64_t arg[6];	/* rdi rsi rdx rcx r8 r9 */
	uint64_t sp;		/* rsp at function entry: [sp] is the return
				   address; at return, rsp after the ret */
	/*
	 * rax.  At return: the value (eax on i386).  At entry: al is the
	 * number of vector registers a variadic call passes (the ABI's
	 * upper bound; the format decides what is printed).
	 */
	uint64_t ret;
	/*
	 * i386 (a 32-bit program in compat mode): arguments on the stack
	 * from sp + 4, values 32 bits.  The core's word, not tcp->pers,
	 * which after an exec lags until the task's next syscall stop.
	 */
	bool compat;
	bool have_fp;		/* xmm[] was fetched (lc_proto_needs_fp) */
	uint64_t pc;		/* a client's breakpoint (libcall.h) */
	uint64_t xmm[8];	/* low 64 bits of xmm0..7 at entry; xmm0 at
				   return (i386: st0 as a double) */
};

/*
 * "arg, arg, ..." (no parentheses) from the entry registers, every
 * argument read now — output arguments too.
 */
void lc_print_args(struct tcb *tcp, const struct proto *p,
		   const struct lc_regs *r);

/*
 * The same in two halves, as strace prints a read(): the arguments
 * before the first output one (PTF_OUT: "out" in a prototype file) at
 * entry, the rest at return, when the call has filled them.  The entry
 * half returns true when it left some for lc_print_args_exit(); it then
 * ends with emit_next() so that the separator goes before
 * " <unfinished ...>" as strace puts it.  A prototype without output
 * arguments prints everything at entry and returns false.
 */
bool lc_print_args_entry(struct tcb *tcp, const struct proto *p,
			 const struct lc_regs *entry);
void lc_print_args_exit(struct tcb *tcp, const struct proto *p,
			const struct lc_regs *entry, const struct lc_regs *ret);

/* The value after "= ".  entry: the registers at entry (for lengths). */
void lc_print_retval(struct tcb *tcp, const struct proto *p,
		     const struct lc_regs *entry, const struct lc_regs *ret);

/* The core fetches the xmm registers only when this is true. */
bool lc_proto_needs_fp(const struct proto *p);

/* --- pure helpers, exposed for tests/unit/proto_test.c ------------------ */

/* Where a value is passed. */
enum lc_argclass {
	LC_CLASS_NONE,		/* void */
	LC_CLASS_INT,		/* INTEGER: general registers, then stack */
	LC_CLASS_SSE,		/* SSE: xmm registers, then stack */
	LC_CLASS_X87,		/* long double: on the stack, 16-aligned */
};

enum lc_argclass lc_ptype_class(const struct ptype *t);

struct lc_argloc {
	enum { LC_LOC_REG, LC_LOC_XMM, LC_LOC_STACK } where;
	unsigned int idx;	/* register number (REG, XMM) */
	uint64_t off;		/* STACK: offset from sp at entry */
};

/* Walks the arguments of one call in order. */
struct lc_cursor {
	unsigned int ni, nf;	/* general and vector registers used */
	uint64_t off;		/* next stack offset from sp */
	bool compat;		/* i386: everything on the stack */
};

void lc_cursor_init(struct lc_cursor *c, bool compat);
/*
 * The location of the next argument of class cls and size bytes (i386:
 * 4 or 8 for a long long or a double, 12 for a long double).
 */
struct lc_argloc lc_cursor_next(struct lc_cursor *c, enum lc_argclass cls,
				unsigned int size);

/* One conversion of a printf format that takes arguments. */
struct lc_fmt_conv {
	char conv;		/* d i u o x X c s p n f e g a (lower-cased
				   for the float ones: F E G A -> f e g a) */
	enum {
		LC_LEN_NONE, LC_LEN_HH, LC_LEN_H, LC_LEN_L, LC_LEN_LL,
		LC_LEN_J, LC_LEN_Z, LC_LEN_T, LC_LEN_BIGL,
	} len;
	bool width_arg;		/* '*' width: an int argument first */
	bool prec_arg;		/* ".*" precision: an int argument next */
	bool positional;	/* "%2$s": the argument is not the next one */
	int prec;		/* precision, -1 when none (or from an arg) */
	/*
	 * ltrace's length of a %s (observed): the digits of the flags,
	 * width and precision read as one number ("%10.3s": 103, so the
	 * whole string), after the value of the last '*' argument when
	 * there is one ("%*.3s" with 8: 83).
	 */
	bool lt_star;		/* a '*' came before lt_digits */
	unsigned int lt_ndigits;
	uint32_t lt_digits;
};

/*
 * The next conversion in fmt[*pos..len) that consumes an argument;
 * %% and %m consume none and are skipped, as is an unknown conversion.
 * Returns 1 and fills *c, 0 at the end.  After a positional conversion
 * ("%1$d", c->positional) nothing can be said of the arguments any more;
 * ltrace takes them in order all the same.
 */
int lc_fmt_next(const char *fmt, size_t len, size_t *pos,
		struct lc_fmt_conv *c);

/*
 * How an argument of conversion c prints: a prototype type (kind, size)
 * for the sltrace or the ltrace style (ltrace prints %hhd as a char and
 * %lld unsigned); %p and %n are PT_PTR.
 */
void lc_fmt_ptype(const struct lc_fmt_conv *c, bool ltrace,
		  struct ptype *t);

/* The float whose bits are the low 32 of v (a float's bits as in xmm). */
static inline float lc_float_of(uint64_t v)
{
	union {
		uint32_t u;
		float f;
	} fl = { .u = (uint32_t)v };

	return fl.f;
}

/* The double whose bits are v. */
static inline double lc_double_of(uint64_t v)
{
	union {
		uint64_t u;
		double d;
	} db = { .u = v };

	return db.d;
}

/*
 * The text of value v of t where no tracee memory is needed (numbers,
 * chars, floats, ltrace's guesses): into buf, NUL-terminated.  Returns
 * false for kinds that need the tracee or the emit layer (strings,
 * flags, fds...).  The bits of a float or double are in v as in xmm.
 */
bool lc_sprint_scalar(char *buf, size_t size, const struct ptype *t,
		      uint64_t v, bool compat, bool ltrace);

/*
 * A string quoted the way ltrace quotes it: "\t\n\\" by name, printable
 * ASCII (" included) as itself, the rest as three octal digits; with
 * ellipsis, "..." after the closing quote.  dst needs 4 * len + 6 bytes;
 * returns the length written (dst is NUL-terminated).
 */
size_t lc_quote_ltrace(char *dst, const char *s, size_t len, bool ellipsis);

/* A char as ltrace prints it: 'a', '\n', '\0', '\310' (quote: ''' ). */
void lc_sprint_char(char *buf, size_t size, unsigned char c, bool ltrace);

#endif /* SLTRACE_LIBCALL_PRINTVAL_H */
