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

/*
 * As elfobj_open(), from an image in memory: data is copied (libelf may
 * write into the buffer it is given) and need not outlive the call.  Used
 * by the fuzz target and by readers of objects that exist only in memory
 * (the vDSO).
 */
int elfobj_open_mem(const void *data, size_t len, struct elfobj **out);

/* One PT_LOAD program header, in program-header order. */
struct elfobj_load {
	uint64_t vaddr;		/* p_vaddr */
	uint64_t memsz;		/* p_memsz */
	uint64_t offset;	/* p_offset */
	uint64_t filesz;	/* p_filesz */
	uint64_t align;		/* p_align */
	uint32_t flags;		/* PF_R | PF_W | PF_X */
};

/*
 * What is needed to place the object in a process: the ELF header's
 * fields, the program headers the loader reads, and the identity of the
 * object.  Addresses are link-time.
 */
struct elfobj_layout {
	unsigned int type;	/* e_type: ET_EXEC, ET_DYN */
	uint64_t entry;		/* e_entry */
	uint64_t phoff;		/* e_phoff */
	unsigned int phnum;	/* number of program headers */
	unsigned int phentsize;	/* e_phentsize */
	/*
	 * Link-time address of the program headers: PT_PHDR's p_vaddr, else
	 * the address at which the PT_LOAD covering e_phoff maps them (how
	 * the kernel computes AT_PHDR since Linux 5.18).  has_phdr false:
	 * neither exists.  phdr_from_pt_phdr: it is PT_PHDR's.
	 */
	bool has_phdr;
	bool phdr_from_pt_phdr;
	uint64_t phdr_vaddr;
	/* PT_DYNAMIC (the program's _DYNAMIC), when present. */
	bool has_dynamic;
	uint64_t dynamic_vaddr;
	uint64_t dynamic_size;
	/*
	 * The address of the d_ptr word of the first DT_DEBUG entry of
	 * .dynamic: the loader stores &_r_debug there before the program's
	 * own code runs.  Only executables have one.
	 */
	bool has_debug;
	uint64_t debug_slot;
	const char *interp;	/* PT_INTERP path, or NULL */
	const char *soname;	/* DT_SONAME, or NULL */
	/* NT_GNU_BUILD_ID's bytes (build_id_len of them), or NULL. */
	const unsigned char *build_id;
	size_t build_id_len;
	/* PT_LOAD headers in program-header order (ascending p_vaddr). */
	const struct elfobj_load *loads;
	size_t nloads;
};

/* The object's layout; owned by obj, valid until elfobj_close(). */
const struct elfobj_layout *elfobj_layout(const struct elfobj *obj);

/*
 * The lowest PT_LOAD's p_vaddr and p_offset rounded down to pagesz (a power
 * of two): the link-time address the object's first mapping stands for,
 * and that mapping's file offset.  Returns 0 and sets *vaddr and, unless
 * NULL, *offset; -ENOENT with no PT_LOAD.
 */
int elfobj_first_load(const struct elfobj *obj, uint64_t pagesz,
		      uint64_t *vaddr, uint64_t *offset);

/*
 * A defined symbol by name: the functions of elfobj_syms() and the data
 * objects (STT_OBJECT, e.g. ld.so's _r_debug), .dynsym before .symtab.
 * name is a bare name or a versioned one ("memcpy@GLIBC_2.2.5",
 * "memcpy@@GLIBC_2.14", compared with vname).  A bare name prefers the
 * default version of .dynsym (as the dynamic linker binds it) over a
 * hidden one.  Returns NULL if none; the entry points into obj.
 */
const struct elfobj_sym *elfobj_lookup(const struct elfobj *obj,
				       const char *name);

/*
 * IFUNC.  An STT_GNU_IFUNC symbol's value is its resolver, run by the
 * dynamic linker while relocating; a breakpoint there catches the
 * resolver once, never the calls.  The implementation the resolver picked
 * can be read in a running process from any GOT slot relocated to it,
 * since relocation wrote the resolver's answer there:
 *
 *  - in the defining object, its R_X86_64_IRELATIVE slots whose addend is
 *    the resolver (libc calls its own IFUNCs, e.g. strlen and memcpy,
 *    through such slots of its .rela.plt; a static binary's .rela.plt
 *    holds them too, applied by its start-up code before main);
 *  - in any object, the GLOB_DAT slots naming the symbol (filled at load
 *    time), and its JUMP_SLOTs once bound: always under -z now
 *    (DT_FLAGS BIND_NOW), else only after the first call, before which
 *    the slot points back into the caller's own .plt.
 *
 * elfobj_ifunc_slots() lists obj's slots of both kinds for the function
 * name (NULL: named slots are not searched) and the resolver's link-time
 * address resolver (non-zero only when obj defines the IFUNC; 0: not
 * searched).  With a resolver, obj's own JUMP_SLOTs are left out unless
 * obj is bound now: unbound, they point into obj's own .plt, which no
 * address range of obj could tell from an implementation.  Slot
 * addresses are link-time: add obj's load bias.  At most max are stored
 * in got[]; returns how many exist.
 *
 * The core reads each slot in the tracee and keeps a value that lies in
 * the defining object's executable mapping (linkmap_ifunc_impl() does
 * this); a lazy slot not yet bound fails that test.  If no slot holds the
 * answer yet, the choices are to wait (a lazy slot binds at the first
 * call, and the r_brk stop after each dlopen is a chance to retry) or to
 * break at the resolver's return once, at load time.
 */
size_t elfobj_ifunc_slots(const struct elfobj *obj, const char *name,
			  uint64_t resolver, uint64_t *got, size_t max);

/* DT_FLAGS has DF_BIND_NOW or DT_FLAGS_1 has DF_1_NOW (-z now). */
bool elfobj_bind_now(const struct elfobj *obj);

#endif /* SLTRACE_LIBCALL_ELF_H */
