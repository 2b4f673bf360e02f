/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Prototypes from DWARF debug information, read with libdw: the types of
 * a function's parameters and return value as the compiler described
 * them, in the object itself or in a separate debug file found by
 * build-id (DEBUG_ROOT/.build-id/xx/yyyy.debug) or by .gnu_debuglink
 * (next to the object, in its .debug/ directory, or DEBUG_ROOT/DIR/).
 *
 * Lazy: opening finds the debug file; the first lookup indexes the names
 * of the functions; a prototype is built the first time it is asked for
 * and then cached.  Curated prototypes (proto.h) win over these: callers
 * ask here only when proto_lookup() has no answer.
 *
 * Types map as follows: integers by size and signedness, plain char as a
 * character, _Bool and C++ bool as booleans, float and double, typedefs
 * followed (size_t, ssize_t, off_t and mode_t keep their own kinds),
 * pointers to char as strings, other pointers and C++ references as
 * addresses, enums as their enumerators' names.  An aggregate passed by
 * value in one integer register prints in hex, a C++ class the ABI passes
 * by invisible reference as its address; one whose registers cannot be
 * told (larger structs, long double, __int128, _Complex) ends the
 * argument list, which is then marked variadic so that nothing after it
 * is printed from the wrong register.  A function returning a struct
 * through memory gets a PT_PTR return (rax holds the address) and no
 * arguments (its hidden first argument shifts them all); a return value
 * in two registers or in st0 becomes PT_VOID.
 *
 * A program's own DWARF also declares the external functions it calls,
 * with their parameters: looked up in the program, "strlen" may be found
 * as a declaration when the library that defines it has no DWARF.
 *
 * Not thread-safe: sltrace is one thread.
 */
#ifndef SLTRACE_LIBCALL_DWARF_H
#define SLTRACE_LIBCALL_DWARF_H

#include <stdint.h>

struct proto;
struct dwarf_protos;

/*
 * The prototypes of the ELF object at path (a program or a shared
 * library).  Objects are cached by device, inode, size and modification
 * time: opening the same file again returns the same handle with one more
 * reference.  Returns NULL + errno (ENOENT when neither the object nor a
 * debug file has DWARF, or the open error) and prints nothing.
 */
struct dwarf_protos *dwarf_protos_open(const char *path);

/*
 * The prototype of the function whose symbol is name: a C name
 * ("bar_add") or a mangled C++ name ("_ZN2ns5twiceEi"); a "@VERSION"
 * suffix is ignored.  A definition wins over a declaration, an external
 * function over a static one.  NULL when DWARF does not know name.  The
 * result lives until the last dwarf_protos_close() of dp.
 */
const struct proto *dwarf_proto_lookup(struct dwarf_protos *dp,
				       const char *name);

/*
 * The same, and when name is unknown, the function whose entry is at
 * addr (the symbol's st_value: a link-time address), so that an alias
 * finds its target's prototype: glibc's fopen is _IO_new_fopen in DWARF.
 * The prototype then bears the target's name.  addr 0 means none; do not
 * pass an IFUNC symbol's value, which is its resolver's entry.
 */
const struct proto *dwarf_proto_lookup_at(struct dwarf_protos *dp,
					  const char *name, uint64_t addr);

/* Drops one reference; the last one frees dp and its prototypes. */
void dwarf_protos_close(struct dwarf_protos *dp);

/*
 * Where separate debug files are looked for, "/usr/lib/debug" by default
 * (NULL restores it).  For tests.  Forgets which objects had no debug
 * information.  Returns 0, or -ENOMEM.
 */
int dwarf_set_debug_root(const char *root);

#endif /* SLTRACE_LIBCALL_DWARF_H */
