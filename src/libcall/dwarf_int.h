/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between dwarf.c (finding the debug file, the index of functions) and
 * dwarf_type.c (DWARF types to prototype kinds).
 */
#ifndef SLTRACE_LIBCALL_DWARF_INT_H
#define SLTRACE_LIBCALL_DWARF_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <elfutils/libdw.h>

/*
 * Limits: DWARF is untrusted input, its type graph may loop or fan out.
 * MAX_TYPE_CHAIN bounds a chain of qualifiers and typedefs, MAX_NEST the
 * namespaces nested in namespaces, MAX_TYPE_VISITS the types looked at to
 * place one aggregate.
 */
#define MAX_TYPE_CHAIN 32
#define MAX_NEST 8
#define MAX_TYPE_VISITS 512

struct file_key {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

struct dw_func {
	const char *name;	/* linkage name, else name; in .debug_str */
	Dwarf_Die die;
	uint64_t entry;		/* 0 for a declaration */
	unsigned char rank;	/* RANK_*: lower wins */
	bool built;
	struct proto *proto;	/* NULL when built and unusable */
};

enum {
	RANK_DEFINITION,	/* external, with code */
	RANK_DECLARATION,	/* external, declared in a caller's CU */
	RANK_STATIC,		/* local function, with code */
};

/* Enumerator tables, one per enum type DIE, shared by the prototypes. */
struct dw_enum {
	struct dw_enum *next;
	const void *key;	/* Dwarf_Die.addr: unique within one Dwarf */
	struct xlat *xlat;
};

struct dwarf_protos {
	struct dwarf_protos *next;
	struct file_key key;
	unsigned int refs;
	Elf *elf;		/* the file holding the DWARF */
	Dwarf *dbg;
	Elf *alt_elf;		/* .gnu_debugaltlink target we opened */
	Dwarf *alt;
	unsigned int word;	/* the object's long: 4 or 8 bytes */
	bool indexed;
	bool index_failed;
	struct dw_func *funcs;	/* sorted by name, then rank */
	size_t nfuncs, cap;
	struct dw_func **by_entry; /* definitions sorted by entry */
	size_t nentry;
	struct dw_enum *enums;
};

/* die has DW_TAG_formal_parameter or DW_TAG_unspecified_parameters children. */
bool dw_has_params(Dwarf_Die *die);

/*
 * The prototype of f, built with proto_new(): NULL + errno when memory
 * runs out.  Enumerator tables go to dp->enums.
 */
struct proto *dw_build_proto(struct dwarf_protos *dp, struct dw_func *f);

#endif /* SLTRACE_LIBCALL_DWARF_INT_H */
