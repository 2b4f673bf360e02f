/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The program's variables at a probed address, through DWARF: a value
 * path ("hdr->len", "name", "v.items[2]", "*p", "x:x64") compiled once
 * against the scopes visible at a file-relative pc, then evaluated at
 * each hit from the stopped thread's registers and memory.  Location
 * expressions (location lists too) are evaluated by our own evaluator
 * over libdw: registers, frame base through CFI (DW_OP_call_frame_cfa),
 * memory, register and memory pieces, implicit and stack values,
 * DW_OP_entry_value when the value can be known (at the function's first
 * byte), "<optimized out>" where it cannot, as gdb shows it.  Values
 * print with the emit primitives (so text and JSON), typed by DWARF:
 * integers, chars, bools, floats, enums by name, pointers, char * as
 * strings, structs, unions, arrays, bitfields, with depth and size
 * limits.
 */
#ifndef SLTRACE_PROBE_DWVAL_H
#define SLTRACE_PROBE_DWVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/user.h>

struct tcb;
struct dv_obj;
struct dv_expr;

/* A stopped thread, as a hit sees it. */
struct dv_frame {
	const struct user_regs_struct *regs;	/* PTRACE_GETREGS */
	bool is64;		/* x86_64; else i386 (regs hold its 32-bit
				   registers in their 64-bit slots) */
	uint64_t bias;		/* the object's load bias */
	/* Tracee memory: 0 or -errno. */
	int (*read)(void *ctx, uint64_t addr, void *buf, size_t len);
	void *ctx;
};

/* The DWARF of the object at path (cached: the same handle again); NULL
 * when it has none. */
struct dv_obj *dv_open(const char *path);

/*
 * Compiles the value path text at file-relative pc of o.  The names are
 * looked up in the scopes at pc (innermost first: lexical blocks, inlined
 * subroutines, the function, the CU, then the object's globals).
 * Returns NULL with a one-line reason in err ("no variable 'x' at
 * parser.c:88", "'len' is not a pointer").
 */
struct dv_expr *dv_compile(struct dv_obj *o, uint64_t pc, const char *text,
			   char *err, size_t errlen);
/* $args: each parameter of the function at pc, in order.  Their number,
 * *out a malloc'ed array; 0 when there is no DWARF function there. */
unsigned int dv_compile_args(struct dv_obj *o, uint64_t pc,
			     struct dv_expr ***out);
void dv_expr_free(struct dv_expr *e);

/*
 * --list-vars: writes to out the variables visible at file-relative pc
 * of o, one "\tTYPE NAME" line each, innermost scope first (lexical
 * blocks, then the inlined copy or the function around pc, whose
 * parameters and locals end the list: its callers' and the globals are
 * not listed), an inner name hiding an outer one.  TYPE is spelled as C
 * (gdb's ptype) spells it: "int", "char *", "struct item *", "enum
 * color", "int [4]", "int (*)(int)".  A variable without a location at
 * pc ends with "\t<optimized out>".  Returns how many were written.
 */
unsigned int dv_list_vars(struct dv_obj *o, uint64_t pc, FILE *out);
/* The name it prints under ("hdr->len"). */
const char *dv_expr_name(const struct dv_expr *e);

/* Writes the value at this hit with the emit primitives on tcp. */
void dv_print(struct tcb *tcp, const struct dv_expr *e,
	      const struct dv_frame *f);

/* A value reduced to a scalar, for conditions. */
struct dv_scalar {
	enum { DVS_NONE, DVS_INT, DVS_UINT, DVS_FLOAT, DVS_STRING } kind;
	int64_t i;
	uint64_t u;
	double d;
	char str[256];		/* DVS_STRING: a char * or char[] read (cut) */
};
/* 0, or -errno (unreadable, optimized out: kind DVS_NONE). */
int dv_eval_scalar(const struct dv_expr *e, const struct dv_frame *f,
		   struct dv_scalar *out);

#endif
