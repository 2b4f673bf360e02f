/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Prototypes of library functions: what each argument and the return
 * value is, so that a call prints as `open("/etc/passwd", O_RDONLY) = 3`
 * rather than as four machine words.
 *
 * Three sources make them: the built-in table of libc functions
 * (proto_builtin.c, written in the prototype file format), the user's
 * prototype files (--proto-file / ltrace's -F, parsed by proto_file.c;
 * doc/prototypes.md is the format) and DWARF (src/libcall/dwarf.c, which
 * builds them with proto_new()).  proto_lookup() answers for the first
 * two; the caller asks DWARF only when it returns NULL, so curated
 * prototypes win over bare DWARF.
 *
 * Not thread-safe: sltrace is one thread.
 */
#ifndef SLTRACE_LIBCALL_PROTO_H
#define SLTRACE_LIBCALL_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xlat/xlat.h"

/*
 * What a value is.  "word" is the tracee's long: 8 bytes on x86_64, 4 on
 * i386.  Integer kinds read only their own width of the register or stack
 * slot: the x86_64 ABI leaves the upper bits of a narrower argument
 * undefined.
 */
enum ptype_kind {
	PT_VOID = 0,	/* return only: nothing */
	PT_INT,		/* int: -3 */
	PT_UINT,	/* unsigned int: 4294967295 */
	PT_LONG,	/* long (word): -3 */
	PT_ULONG,	/* unsigned long (word) */
	PT_LLONG,	/* long long, int64_t (8 bytes in both ABIs) */
	PT_ULLONG,	/* unsigned long long, uint64_t */
	PT_SHORT,	/* short */
	PT_USHORT,	/* unsigned short */
	PT_INT8,	/* int8_t, signed char as a number */
	PT_UINT8,	/* uint8_t, unsigned char as a number */
	PT_CHAR,	/* char as a character: 'a', '\n' */
	PT_BOOL,	/* int or _Bool: true / false */
	PT_HEX,		/* unsigned in hex, `size` bytes: 0x1f, 0 as 0 */
	PT_OCTAL,	/* unsigned in octal, `size` bytes: 0644 */
	PT_SIZE,	/* size_t (word, unsigned) */
	PT_SSIZE,	/* ssize_t, off_t (word, signed) */
	PT_PTR,		/* an address: NULL / 0x7ffd... */
	PT_STRING,	/* char *, NUL-terminated, cut at -s */
	PT_STRING_N,	/* char * of at most a length (len_arg / len_const);
			   stops at a NUL */
	PT_BUF,		/* bytes of exactly a length, NULs and all: read's
			   and write's buffers */
	PT_FORMAT,	/* printf-like format: drives the variadic rest */
	PT_FLOAT,	/* float */
	PT_DOUBLE,	/* double */
	PT_FLAGS,	/* bit set of xlat, `size` bytes: A|B|0x40 */
	PT_ENUM,	/* one constant of xlat, `size` bytes */
	PT_FD,		/* file descriptor: 3, with -y 3</etc/passwd> */
	PT_DIRFD,	/* AT_FDCWD or a file descriptor */
	PT_MODE,	/* mode_t as octal: 0644 */
	PT_OPEN_FLAGS,	/* open(2) flags: O_RDWR|O_CREAT */
	PT_OPEN_MODE,	/* open's mode: shown only with O_CREAT/O_TMPFILE
			   in the argument len_arg names (sltrace style) */
	PT_MMAP_FLAGS,	/* mmap(2) flags: MAP_PRIVATE|MAP_ANONYMOUS */
	PT_SIGNAL,	/* signal number: SIGINT */
	PT_SIGHANDLER,	/* sighandler_t: SIG_DFL, SIG_IGN, SIG_ERR, address */
	PT_ERRNO,	/* an errno value: ENOENT */
	PT_SOCK_TYPE,	/* socket(2) type: SOCK_STREAM|SOCK_CLOEXEC */
	PT_STRARRAY,	/* char *const []: NULL-terminated strings */
	PT_ENVARRAY,	/* the same for an environment: with -v only, else
			   its count (execve's envp as strace shows it) */
	PT_TIMESPEC,	/* struct timespec *: {tv_sec=1, tv_nsec=0} */
	PT_TIMEVAL,	/* struct timeval *: {tv_sec=1, tv_usec=0} */
	PT_GUESS,	/* unknown word (ltrace's fallback): decimal when
			   |v| <= 10000, else hex */
	PT_LT,		/* ltrace.conf's composite types: pointer to a
			   value, struct, array, bitvec (ptype.lt, ltconf.h) */
	PT_KIND_MAX
};

/* ptype.len_arg when the length is the return value ("string[retval]"). */
#define PT_LEN_RETVAL (-1)

/* ptype.flags */
#define PTF_OUT 0x01	/* filled by the call: printed at return */
#define PTF_HIDE 0x02	/* ltrace's hide(T): read, never printed */

struct lt_type;

struct ptype {
	enum ptype_kind kind;
	uint8_t flags;		/* PTF_* */
	/*
	 * Bytes of the integer for PT_HEX, PT_OCTAL, PT_FLAGS, PT_ENUM:
	 * 1, 2, 4 or 8; 0 is the word.  Unused by the other kinds.
	 */
	uint8_t size;
	/*
	 * PT_STRING_N, PT_BUF: the argument (1-based) holding the length, or
	 * PT_LEN_RETVAL; 0 when len_const gives it.  PT_OPEN_MODE: the
	 * argument (1-based) holding the open flags.
	 */
	int16_t len_arg;
	uint32_t len_const;	/* PT_STRING_N, PT_BUF with len_arg 0 */
	/* PT_FLAGS, PT_ENUM: the names, and the pattern for unknown ones. */
	const struct xlat *xlat;
	const char *xlat_dflt;	/* "SEEK_???", or NULL */
	const struct lt_type *lt;	/* PT_LT */
};

#define PROTO_MAX_ARGS 32

/*
 * A function's prototype.  Allocated in one block by proto_new(); the
 * registry owns the ones it returns (they live until proto_reset(), or
 * for the built-in ones until exit), the DWARF reader its own.
 */
struct proto {
	const char *name;
	const char *argnames;	/* "fd,buf,count" (DWARF's), or NULL */
	struct ptype ret;
	bool variadic;		/* ends with "...": after a PT_FORMAT
				   argument the format says what follows */
	unsigned int nargs;
	struct ptype args[];
};

/*
 * A new prototype with nargs zeroed arguments (PT_VOID: set each one),
 * name copied into the same block, ret PT_VOID.  NULL + errno on failure
 * or when nargs > PROTO_MAX_ARGS.  Free it with proto_free().
 */
struct proto *proto_new(const char *name, unsigned int nargs);
/* The same with the arguments' names ("fd,buf,count", copied too). */
struct proto *proto_new_named(const char *name, unsigned int nargs,
			      const char *argnames);
void proto_free(struct proto *p);

/*
 * An integer of type t from the register or word v holding it: cut to
 * the type's width and extended by its sign (the ABI leaves the bits
 * above a narrower type undefined); other kinds as they are.
 */
int64_t proto_narrow(const struct ptype *t, uint64_t v);

/*
 * The prototype of function name in the object whose soname is
 * lib_soname ("libc.so.6", "MAIN" for the program; NULL when unknown).
 * The user's prototypes come first — the last file loaded wins, and the
 * last definition within a file — where a prototype scoped to a library
 * ("library libbar.so*;") counts only for objects matching it; then the
 * built-in table.  NULL if none knows name.  The result lives until
 * proto_reset(); callers cache it.
 */
const struct proto *proto_lookup(const char *name, const char *lib_soname);

/*
 * Load a prototype file / parse one from memory (origin names it in
 * messages).  All or nothing: on an error nothing of it is kept, and err
 * gets "ORIGIN:LINE: message" (proto_load_file: also
 * "cannot open prototype file PATH: No such file or directory").
 * Return 0, or -1.
 */
int proto_load_file(const char *path, char *err, size_t errlen);
int proto_parse(const char *buf, size_t len, const char *origin, char *err,
		size_t errlen);

/*
 * The prototype files of a run, loaded in order (a later one wins):
 * files[0..n) when n > 0 (--proto-file, ltrace's -F); with none, the
 * default ones, each skipped when missing: every *.conf file of
 * PROTO_SYSTEM_DIR in name order, then $XDG_CONFIG_HOME/sltrace/prototypes
 * (~/.config/sltrace/prototypes).  skip_unreadable: a named
 * file that cannot be opened is passed over (ltrace's -F).  Stops at the
 * first error, with err as proto_load_file() sets it; 0 or -1.
 */
#define PROTO_SYSTEM_DIR "/etc/sltrace/prototypes.d"
int proto_load_config(char *const *files, size_t n, bool skip_unreadable,
		      char *err, size_t errlen);

/*
 * What to print for a function nobody knows: ltrace's fallback, four
 * arguments and a return value of kind PT_GUESS.
 */
const struct proto *proto_fallback(void);

/* Forget every user prototype and table (tests, the fuzz target). */
void proto_reset(void);

/*
 * A prototype in the file format: "int bar_add(int, int)", into buf
 * (always NUL-terminated).  For -d messages and tests.  Returns buf.
 */
const char *proto_sprint(char *buf, size_t size, const struct proto *p);

/* The file-format name of a type: "int", "string[arg2]", "flags(...)". */
const char *ptype_name(char *buf, size_t size, const struct ptype *t);

/* Number of built-in prototypes (the test asserts >= 150). */
unsigned int proto_builtin_count(void);

/* --- between proto.c, proto_file.c and proto_builtin.c ------------------ */

/* A named constant table, usable as flags(NAME) / enum(NAME). */
struct proto_table {
	const char *name;	/* "mmap_prot" */
	const char *alias;	/* "PROT_*", or NULL */
	const struct xlat *xlat;
	const char *dflt;	/* "PROT_???", or NULL */
	/*
	 * Kind for a table with a printer of its own (PT_OPEN_FLAGS...),
	 * or PT_VOID: flags(NAME) is then PT_FLAGS, enum(NAME) PT_ENUM.
	 */
	enum ptype_kind kind;
	bool user;		/* defined by a file: owned by the registry */
};

/* The built-in prototypes, in the file format, and tables. */
extern const char proto_builtin_text[];
extern const struct proto_table proto_builtin_tables[];
extern const size_t proto_builtin_ntables;

/*
 * Parse into the registry, as built-ins (no user scoping, never dropped
 * by proto_reset) or as the user's.  proto_parse() is the user form.
 */
int proto_parse_into(const char *buf, size_t len, const char *origin,
		     bool builtin, char *err, size_t errlen);

/*
 * The registry takes p and lib (a malloc'd fnmatch pattern, or NULL for
 * every object); it frees both on failure.  Returns 0 or -ENOMEM.
 */
int proto_registry_add(struct proto *p, char *lib, bool builtin);
/* The registry takes a user table (t->user set); newest wins by name. */
void proto_registry_add_table(struct proto_table *t);
/* A table by name or alias: the user's, newest first, then built-in. */
const struct proto_table *proto_find_table(const char *name);
/* The table whose names are x, or NULL. */
const struct proto_table *proto_table_of(const struct xlat *x);
/* Free a user table with its names (proto_file.c allocates them). */
void proto_user_table_free(struct proto_table *t);

#endif /* SLTRACE_LIBCALL_PROTO_H */
