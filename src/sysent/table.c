/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syscall tables of each personality.  The rows are generated data
 * (syscallent/x86_64.h, syscallent/i386.h, written by syscallent/gen from
 * the kernel headers and syscallent/syscalls.in); this file gives the
 * short flag names they use a meaning and looks rows up.
 */
#include <string.h>

#include "arch/arch.h"
#include "sysent/sysent.h"

#define TF TRACE_FILE
#define TI TRACE_IPC
#define TN TRACE_NETWORK
#define TP TRACE_PROCESS
#define TS TRACE_SIGNAL
#define TD TRACE_DESC
#define TM TRACE_MEMORY
#define TC TRACE_CREDS
#define TCL TRACE_CLOCK
#define TST TRACE_STAT
#define TLST TRACE_LSTAT
#define TFST TRACE_FSTAT
#define TSTA TRACE_STAT_LIKE
#define TSF TRACE_STATFS
#define TFSF TRACE_FSTATFS
#define TSFA TRACE_STATFS_LIKE
#define PU TRACE_PURE
#define NF SYSCALL_NEVER_FAILS
#define NR SYSCALL_NO_RETURN
#define RX SYSCALL_RVAL_HEX
#define SE SYSCALL_MAPS_CHANGE
#define RF SYSCALL_RVAL_FD

/*
 * SEN(name) is the decoder sys_name when a family file defines one, and
 * NULL otherwise (the row then prints by its argfmt).  The declarations
 * are weak so that adding a decoder is writing the function, nothing
 * more: an undefined weak function's address is NULL at link time.
 */
#define SEN_DECL(name) \
	extern int sys_##name(struct tcb *) __attribute__((weak));
#include "syscallent/sen.h"
#define SEN(name) sys_##name

static const struct sysent sysent_x86_64[] = {
#include "syscallent/x86_64.h"
};

/* Not in sen.h: no x86_64 or i386 number leads to them. */
SEN_DECL(send)
SEN_DECL(recv)
#undef SEN_DECL

static const struct sysent sysent_i386[] = {
#include "syscallent/i386.h"
	[I386_SUBCALL_ACCEPT] = { 3, TN | RF | SYSCALL_SUBCALL_ONLY,
				  SEN(accept), "fPP", "accept",
				  "fd,upeer_sockaddr,upeer_addrlen" },
	[I386_SUBCALL_SEND] = { 4, TN | SYSCALL_SUBCALL_ONLY, SEN(send),
				"fbzx", "send", "fd,buff,len,flags" },
	[I386_SUBCALL_RECV] = { 4, TN | SYSCALL_SUBCALL_ONLY, SEN(recv),
				"fBzx", "recv", "fd,ubuf,size,flags" },
	[I386_SUBCALL_SEMOP] = { 3, TI | SYSCALL_SUBCALL_ONLY, SEN(semop),
				 "dpu", "semop", "semid,sops,nsops" },
	[I386_SUBCALL_SEMTIMEDOP] = { 4, TI | SYSCALL_SUBCALL_ONLY,
				      SEN(semtimedop), "dpup", "semtimedop",
				      "semid,sops,nsops,timeout" },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

const struct sysent_table sysent_tables[NUM_PERSONALITIES] = {
	[PERS_NATIVE] = { sysent_x86_64, ARRAY_SIZE(sysent_x86_64) },
	[PERS_COMPAT] = { sysent_i386, ARRAY_SIZE(sysent_i386) },
};

const struct sysent *sysent_lookup(int pers, long nr)
{
	const struct sysent_table *t;

	if (pers < 0 || pers >= NUM_PERSONALITIES)
		return NULL;
	t = &sysent_tables[pers];
	if (nr < 0 || (unsigned long)nr >= t->count)
		return NULL;
	/* Numbers the kernel never assigned are zero-filled holes. */
	if (!t->ents[nr].name || (t->ents[nr].flags & SYSCALL_SUBCALL_ONLY))
		return NULL;
	return &t->ents[nr];
}

unsigned int sysent_kernel_count(int pers)
{
	const struct sysent_table *t;
	unsigned int n;

	if (pers < 0 || pers >= NUM_PERSONALITIES)
		return 0;
	t = &sysent_tables[pers];
	n = t->count < I386_SUBCALL_ACCEPT ? t->count : I386_SUBCALL_ACCEPT;
	while (n && !t->ents[n - 1].name)
		n--;
	return n;
}

long sysent_find(int pers, const char *name)
{
	const struct sysent_table *t;
	unsigned int i;

	if (pers < 0 || pers >= NUM_PERSONALITIES || !name)
		return -1;
	t = &sysent_tables[pers];
	for (i = 0; i < t->count; i++)
		if (t->ents[i].name && !strcmp(t->ents[i].name, name))
			return i;
	return -1;
}
