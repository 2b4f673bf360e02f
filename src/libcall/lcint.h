/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between the files of src/libcall/ that trace calls. */
#ifndef SLTRACE_LIBCALL_LCINT_H
#define SLTRACE_LIBCALL_LCINT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>
#include <time.h>

#include "bp/bp.h"
#include "libcall/printval.h"

struct bp;
struct bp_space;
struct tcb;
struct elfobj;
struct proto;
struct dwarf_protos;
struct lc_proc;
struct guard_undo;

/* bp->kind */
enum {
	BPK_START = 1,		/* the program's first instruction, once */
	BPK_PLT,		/* a PLT slot of the main program */
	BPK_ENTRY,		/* a function's entry (-x, -fno-plt callees) */
	BPK_RBRK,		/* the dynamic linker's r_brk: dlopen/dlclose */
	BPK_UNWIND,		/* _Unwind_RaiseException & co */
	BPK_CATCH,		/* __cxa_begin_catch: the unwinding is over */
	BPK_CLIENT,		/* a client's (libcall.h: the probes) */
};

/* The kinds whose bp->data is a struct lc_site. */
static inline bool bpk_has_site(unsigned int kind)
{
	return kind == BPK_PLT || kind == BPK_ENTRY || kind == BPK_CLIENT;
}

struct lc_client;

/* What lc_client_plant() is given: the process and object being armed. */
struct lc_arm_ctx {
	struct tcb *tcp;
	struct lc_proc *p;
	struct lc_dso *o;
	const struct lc_client *client;	/* whose object() runs */
};

/* A client's counter (a USDT semaphore) and what undoes it. */
struct lc_count {
	uint64_t addr;
	int delta;
	struct guard_undo *undo;
};

/* A loaded object. */
struct lc_dso {
	int refs;		/* processes that have it (fork children) */
	unsigned int order;	/* place in the link map: lookup order */
	char *path;
	const char *name;	/* soname or file name; "MAIN" for the program */
	uint64_t bias;
	uint64_t lo, hi;	/* the address range its PT_LOADs cover */
	struct elfobj *elf;
	bool is_main;
	bool seen;		/* in the link map at the last scan */
	bool armed;
	bool dw_tried;		/* DWARF prototypes looked for */
	struct dwarf_protos *dw;
	struct lc_proc *gone_from;	/* while its breakpoints go */
};

/* One address space. */
struct lc_proc {
	struct lc_proc *next;	/* all of them */
	pid_t tgid;
	int refs;		/* tasks sharing it */
	struct bp_space *bs;
	struct lc_dso **objv;	/* loaded objects */
	unsigned int nobj, capobj;
	bool rbrk_armed;
	bool unwind_armed;
	uint64_t entry;		/* AT_ENTRY */
	uint64_t r_debug;	/* &_r_debug, 0 until known */
	char *exe;
	struct lc_count *counts;	/* lc_client_count()'s */
	unsigned int ncounts;
};

/* The clients (libcall.c). */
extern const struct lc_client *lc_clients[4];
extern unsigned int lc_nclients;
/* The observers (libcall.h), in the order registered. */
extern const struct lc_observer *lc_observers[4];
extern unsigned int lc_nobservers;

/*
 * Who a site's calls are for (lc_site.who): the printer (-l, -L, ltrace's
 * options) and the observers, observer i being LC_WHO_OBS(i).
 */
enum {
	LC_WHO_PRINT = 1 << 0,
};
#define LC_WHO_OBS(i) (2u << (i))
#define LC_WHO_OBSERVERS (~(unsigned int)LC_WHO_PRINT)

/* Take back the counters in the process's memory (s: its space, or a
 * fork child's) and forget them. */
void lc_counts_undo(struct lc_proc *p, struct bp_space *s, bool forget_only);

/* What a PLT or entry breakpoint stands for (bp->data). */
struct lc_site {
	int refs;		/* spaces whose breakpoint has it (fork) */
	char *name;		/* as printed (demangled with -C) */
	const struct proto *proto;
	struct lc_dso *owner;	/* where the breakpoint is */
	/* The calling object: a PLT's owner; for the entry of a -fno-plt
	 * callee the only caller that counts.  NULL: any. */
	struct lc_dso *from;
	bool is_x;		/* -x: "name@lib" in ltrace's style */
	/* How its return is caught: hooked (the rule), or not at all. */
	enum {
		RET_HOOK,
		RET_TWICE,	/* setjmp, vfork: "= ?" at once */
		RET_NEVER,	/* __cxa_throw, _Unwind_Resume: "<no return ...>" */
	} ret;
	/* LC_WHO_*: printed, observed by whom (0 for a client's). */
	unsigned int who;
	/* The defining object's path, kept for the observers (NULL when
	 * none observes the site, or none is known). */
	char *lib;
	/* Also the C++ unwinder's own breakpoint (BPK_UNWIND, BPK_CATCH). */
	unsigned int unwind;
	/* BPK_CLIENT: whose, and its data for the entry and for the
	 * return (ret is RET_HOOK when there is one); name is NULL. */
	const struct lc_client *client;
	void *cdata;
	void *cdata_ret;
};

struct lc_frame {
	uint64_t ret;		/* the real return address */
	uint64_t slot;		/* where it is on the stack (sp at entry) */
	struct lc_site *site;
	struct lc_dso *caller;	/* the object the call came from, or NULL */
	struct lc_regs regs;	/* at entry */
	bool args_left;		/* output arguments print at return */
	struct timespec t0;
	bool hooked;		/* slot holds a return slot's address */
	int rslot;		/* that return slot, -1: the int3 trap */
	struct guard_undo *undo;	/* the hook, for the guardian */
};

/* A task's state (its slot of tcb->tap_state) */
struct lc_task {
	struct lc_proc *proc;
	struct lc_frame *stack;
	unsigned int depth, cap;
	int open_depth;		/* frame whose line is open, -1: none */
	uint64_t plt_target;	/* where the last PLT hit sent the task */
	const char *plt_name;	/* and the function it called */
	bool silent;		/* followed for the memory's sake only */
};

/* The size of the space's words: return addresses, GOT slots, the link
 * map's pointers (4 for a 32-bit program). */
static inline unsigned int lc_word(const struct bp_space *s)
{
	return s->is64 ? 8 : 4;
}

struct lc_dso *lc_dso_at(const struct lc_proc *p, uint64_t addr);
struct lc_dso *lc_dso_new(struct lc_proc *p, const char *path, uint64_t bias,
			  bool is_main);
void lc_dso_put(struct lc_dso *o);
/* Place o at bias: its address range follows. */
void lc_dso_set_bias(struct lc_dso *o, uint64_t bias);
void lc_site_put(struct lc_site *site);
struct lc_proc *lc_proc_new(struct tcb *tcp, bool is64);
void lc_proc_put(struct lc_proc *p);
void lc_unhook_all(struct tcb *tcp, struct lc_task *lt);
void lc_rehook_all(struct tcb *tcp, struct lc_task *lt, uint64_t sp);

/* lcarm.c */
void lc_arm(struct tcb *tcp, struct lc_proc *p, struct bp *start,
	    struct user_regs_struct *u);
void lc_rescan(struct tcb *tcp, struct lc_proc *p);
void lc_disarm(struct lc_proc *p);
struct lc_proc *lc_proc_fork(struct lc_proc *p, struct tcb *child);

/* lcprint.c */
void lc_print_entry(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f,
		    uint64_t pc);
void lc_print_return(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f,
		     const struct lc_regs *r);
void lc_print_noreturn(struct tcb *tcp, struct lc_task *lt,
		       struct lc_frame *f);
void lc_print_unfinished(struct tcb *tcp, struct lc_task *lt,
			 struct lc_frame *f);
void lc_print_unknown_return(struct tcb *tcp, struct lc_task *lt,
			     struct lc_frame *f);
void lc_print_gone(struct tcb *tcp, struct lc_task *lt);

/* lcobs.c: the observers told of f's entry, or of its return with the
 * registers r (as at the return: r->ret the value). */
void lc_observe_entry(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f,
		      bool returns);
void lc_observe_return(struct tcb *tcp, struct lc_task *lt,
		       struct lc_frame *f, const struct lc_regs *r);

#endif /* SLTRACE_LIBCALL_LCINT_H */
