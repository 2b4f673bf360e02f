/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Emit primitives.  Decoders describe values — an argument, a number, a
 * string, a struct with named fields — and never write punctuation
 * themselves, so one decoder can feed the text writer and a structured
 * (JSON) writer.  All of them write to tcp->out.
 *
 * Degrade, don't fail: every primitive that reads tracee memory prints
 * the address when the memory cannot be read.
 */
#ifndef SLTRACE_EMIT_H
#define SLTRACE_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tcb;

/* Syscall name and "(": starts the argument list of tcp's line. */
void emit_call_begin(struct tcb *tcp, const char *name);
/*
 * After emit_call_begin: the names of a library call's arguments
 * ("fd,buf,count", empty where one has none), which JSON gives them
 * (syscalls' come from their table).  Text shows none.  names must live
 * until the record ends.
 */
void emit_arg_names(struct tcb *tcp, const char *names);
/* ")" : ends the argument list. */
void emit_call_end(struct tcb *tcp);

/*
 * Separator before the next argument, struct field or array element
 * (", " in text; nothing before the first one of its level).  Calling it
 * twice in a row prints one separator.  When a decoder leaves arguments
 * for the exit stop, it calls emit_next() last at entry: strace prints
 * that separator before " <unfinished ...>" ("read(3,  <unfinished ...>",
 * then "<... read resumed>"..."), and the call at exit prints nothing.
 */
void emit_next(struct tcb *tcp);

/* Numbers. */
void emit_int(struct tcb *tcp, int64_t v);
void emit_uint(struct tcb *tcp, uint64_t v);
void emit_hex(struct tcb *tcp, uint64_t v);	/* 0x1f; 0 as "0" */
void emit_oct(struct tcb *tcp, uint64_t v);	/* 0644; 0 as "000" */
void emit_ptr(struct tcb *tcp, uint64_t addr);	/* NULL or 0x7ffd... */

/* Symbolic text as it is, when no number stands behind it. */
void emit_raw(struct tcb *tcp, const char *text);
/*
 * A constant or a set of flags: its value and its text as the -X style
 * spells it ("O_RDONLY|O_CLOEXEC", "0x10 /\* MCL_??? *\/").  Text shows
 * the text; JSON both.
 */
void emit_sym(struct tcb *tcp, uint64_t value, const char *text);
/* A floating-point number spelt as text ("1.500000"): JSON has it as a
 * number with those digits (or as text: "inf", "nan"). */
void emit_real(struct tcb *tcp, const char *text);
/*
 * What a file descriptor refers to (-y), after its number: "<path>",
 * and strace's "(deleted)" after it when the file is gone.  The first
 * quoted bytes of the text are a path, quoted as strace quotes one (a
 * device's "<char 1:3>" after it, a socket's or pidfd's text are not);
 * emit_fd_path quotes all of it.
 */
void emit_fd_annot(struct tcb *tcp, const char *text, size_t quoted,
		   bool deleted);
void emit_fd_path(struct tcb *tcp, const char *path, bool deleted);
/*
 * The same with text of sltrace's own after the path, not escaped as the
 * path is: "<" path suffix ">" ("/dev/null" "<char 1:3>"; "" and
 * "TCP:[...]" for a socket's description).
 */
void emit_fd_path_suffix(struct tcb *tcp, const char *path,
			 const char *suffix, bool deleted);
/*
 * Separators and text glued to the next value: emit_next_space() is
 * emit_next() where strace separates by a space ("[3 4]", select's fd
 * sets); emit_prefix() writes text the next value begins with ("@" of
 * an abstract socket name, "/\* bytes 24..31 *\/ " before a string).
 */
void emit_next_space(struct tcb *tcp);
void emit_prefix(struct tcb *tcp, const char *text);
/*
 * The value just written became the next one: " => " ("[16 => 28]",
 * the size a call was given and the size it wrote back).
 */
void emit_changed(struct tcb *tcp);
/*
 * An annotation of the value just written, such as the "<comm>" of a
 * pid with -Y: text shows text; JSON adds key (val as a string, or true
 * when val is NULL) to the value.
 */
void emit_annot(struct tcb *tcp, const char *key, const char *val,
		const char *text);
/* A comment after a value, such as the count of environment variables. */
void emit_comment(struct tcb *tcp, const char *text);

/* Quoting flags for emit_quoted(). */
#define QUOTE_ELLIPSIS	0x01	/* the data was cut: add "..." after it */
#define QUOTE_0_TERMINATED 0x02	/* stop at the first NUL */
#define QUOTE_FORCE_HEX	0x04	/* every byte as \xNN (getrandom, -xx) */
/*
 * A last byte NUL is not shown — unless the string prints in hex (-x),
 * where strace shows it as \x00 (keyctl's KEYCTL_DESCRIBE).
 */
#define QUOTE_OMIT_TRAILING_0 0x08

/* A string from tracer memory, quoted and escaped as strace does. */
void emit_quoted(struct tcb *tcp, const char *s, size_t len,
		 unsigned int flags);

/*
 * Strings in tracee memory.  emit_path: a NUL-terminated path, never
 * cut.  emit_cstr: a NUL-terminated string cut at -s.  emit_buf: len
 * bytes cut at -s.  Each prints the address when it cannot be read and
 * NULL for address 0.
 */
void emit_path(struct tcb *tcp, uint64_t addr);
void emit_cstr(struct tcb *tcp, uint64_t addr);
/*
 * emit_cstr of a string the kernel reads at most max bytes of (fsconfig's
 * 256-byte keys): cut at max, or at -s when that is less.
 */
void emit_cstr_max(struct tcb *tcp, uint64_t addr, size_t max);
/* emit_path of a path the kernel says is max bytes long (getcwd's). */
void emit_path_max(struct tcb *tcp, uint64_t addr, size_t max);
void emit_buf(struct tcb *tcp, uint64_t addr, uint64_t len);

/* Structures, arrays and named fields. */
void emit_struct_begin(struct tcb *tcp);	/* "{" */
void emit_struct_end(struct tcb *tcp);		/* "}" */
void emit_array_begin(struct tcb *tcp);		/* "[" */
void emit_array_end(struct tcb *tcp);		/* "]" */
void emit_field(struct tcb *tcp, const char *name);	/* ", name=" */
void emit_more(struct tcb *tcp);		/* ", ..." (elided rest) */

/*
 * The arguments written next begin at argument first (0-based): a call's
 * output arguments, written at its return.  Names them in JSON.
 */
void emit_args_from(struct tcb *tcp, unsigned int first);

/*
 * Items were written before at this level (on an earlier line, for
 * ltrace's "<... f resumed> , nil)"): the next emit_next() writes a
 * separator.
 */
void emit_continue(struct tcb *tcp);

/*
 * The result of a call, after emit_call_end(): emit_retval_begin() pads
 * to the -a column and writes "= "; then one value (any primitive
 * above), emit_noval() ("?": none), or emit_errno() ("-1 ENOENT (No
 * such file or directory)"; restart: "? ERESTARTSYS (...)"), then
 * emit_aux() (" (text)": what the value means) and emit_mark()
 * (" (INJECTED)", " (DELAYED)": mark is INJECTED or DELAYED).
 */
void emit_retval_begin(struct tcb *tcp);
void emit_noval(struct tcb *tcp);
void emit_errno(struct tcb *tcp, int err, bool restart);
/*
 * An error the kernel returned as another value than -errno (x86_64's
 * modify_ldt returns an unsigned int): "4294967258 ENOSYS (...)".
 */
void emit_errno_val(struct tcb *tcp, int err, uint64_t val);
void emit_aux(struct tcb *tcp, const char *text);
void emit_mark(struct tcb *tcp, const char *mark);
/* -T: " <0.000123>", the call's duration in ns. */
void emit_duration(struct tcb *tcp, uint64_t ns);
/*
 * At exit, a call whose output arguments never came (the task died in
 * it): " <unfinished ...>" before ")".
 */
void emit_args_unfinished(struct tcb *tcp);

#endif
