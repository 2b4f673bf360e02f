/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading one ELF object (a program or a shared library) from a file: its
 * type, class and machine, the functions it defines and the calls it makes
 * through its PLT.  Pure: no tracee, no ptrace.  The file is untrusted; a
 * truncated or corrupted one gives an error or fewer entries, never a crash.
 *
 * Addresses are the object's link-time virtual addresses; the caller adds
 * the load bias of a PIE or shared library.
 */
#ifndef SLTRACE_LIBCALL_ELF_H
#define SLTRACE_LIBCALL_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct elfobj;

/* A defined function (STT_FUNC or STT_GNU_IFUNC) of .dynsym or .symtab. */
struct elfobj_sym {
	const char *name;	/* bare name, e.g. "memcpy" */
	/*
	 * Name with its version when .gnu.version gives one: "memcpy@@GLIBC_2.14"
	 * for the default version, "memcpy@GLIBC_2.2.5" for a hidden one (as
	 * readelf spells them); otherwise the same string as name.
	 */
	const char *vname;
	uint64_t value;
	uint64_t size;
	bool dynamic;		/* from .dynsym (else .symtab) */
	bool ifunc;		/* STT_GNU_IFUNC: value is the resolver */
};

enum elfobj_reloc {
	ELFOBJ_JUMP_SLOT,	/* lazy or -z now PLT slot (.rela.plt) */
	ELFOBJ_IRELATIVE,	/* IFUNC slot resolved at load time (.rela.plt) */
	ELFOBJ_GLOB_DAT,	/* function's GOT slot (.rela.dyn): -fno-plt, .plt.got */
};

enum elfobj_plt_kind {
	ELFOBJ_PLT_NONE,	/* no PLT entry: calls are `call *GOT(%rip)` */
	ELFOBJ_PLT_SEC,		/* .plt.sec (IBT PLT) or .plt.bnd (MPX PLT) */
	ELFOBJ_PLT_PLT,		/* .plt */
	ELFOBJ_PLT_GOT,		/* .plt.got */
};

/* One imported function the object calls through a GOT slot. */
struct elfobj_plt {
	/* Imported symbol; NULL for IRELATIVE (see addend). */
	const char *name;
	/* name@VERSION when .gnu.version_r names one, else same as name. */
	const char *vname;
	uint64_t got;		/* address of the GOT slot (r_offset) */
	uint64_t plt;		/* entry a call goes through; 0 if kind is NONE */
	uint64_t addend;	/* IRELATIVE: the resolver's address */
	enum elfobj_reloc reloc;
	enum elfobj_plt_kind kind;
};

/*
 * Reads the object at path whole into memory and parses it.  On success
 * *out owns everything the queries below return, until elfobj_close(); the
 * file itself is closed before return.  Returns 0, or -errno: -ENOEXEC for
 * a file that is not a usable ELF object, -ENOMEM, or open/read's error.
 */
int elfobj_open(const char *path, struct elfobj **out);

/* Frees obj and every string and array obtained from it.  NULL is allowed. */
void elfobj_close(struct elfobj *obj);

/* ET_DYN: a PIE or a shared library, loaded at a bias chosen at run time. */
bool elfobj_is_dyn(const struct elfobj *obj);

/* 32 or 64 (ELFCLASS32/64). */
int elfobj_class(const struct elfobj *obj);

/* e_machine: EM_X86_64, EM_386... */
unsigned int elfobj_machine(const struct elfobj *obj);

/*
 * The defined functions, .dynsym's first then .symtab's (a function may be
 * in both).  *syms points into obj, valid until elfobj_close().  Returns
 * the number of entries.
 */
size_t elfobj_syms(const struct elfobj *obj, const struct elfobj_sym **syms);

/*
 * The object's calls through GOT slots, in relocation order: .rela.plt's
 * JUMP_SLOT and IRELATIVE entries, then .rela.dyn's GLOB_DAT entries of
 * functions.  *plts points into obj, valid until elfobj_close().  Filled
 * on x86_64 only for now; other machines give 0 entries.  Returns the
 * number of entries.
 */
size_t elfobj_plts(const struct elfobj *obj, const struct elfobj_plt **plts);

#endif /* SLTRACE_LIBCALL_ELF_H */
