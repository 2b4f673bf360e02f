/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct perf_event_attr, shared by perf_event_open(2) and
 * ioctl(PERF_EVENT_IOC_MODIFY_ATTRIBUTES).
 */
#ifndef SLTRACE_SYSCALL_PERF_H
#define SLTRACE_SYSCALL_PERF_H

#include <stdbool.h>
#include <stdint.h>

struct tcb;

/* strace 6.1 knows the struct up to sig_data: PERF_ATTR_SIZE_VER7. */
#define PERF_ATTR_KNOWN 128

/* What was read of an attr: the bytes, and the size field in them. */
struct perf_attr_copy {
	uint64_t addr;
	uint32_t size; /* the size field, as the caller passed it */
	bool ok; /* false: print the address */
	unsigned char b[PERF_ATTR_KNOWN];
};

/*
 * Read the attr at addr as strace does: its size field first, then the
 * part that will be shown (the fields up to the flags when abbreviated,
 * else as much of the known struct as the size covers).  An attr that
 * cannot be read, or whose size is below the first version's, is
 * shown as its address.
 */
void perf_attr_fetch(struct tcb *tcp, uint64_t addr, struct perf_attr_copy *a);
/*
 * Print it; new_size, when not NULL, is the size field the kernel left
 * (perf_event_open writes its own size back on E2BIG): "size=A => B".
 */
void perf_attr_print(struct tcb *tcp, const struct perf_attr_copy *a,
		     const uint32_t *new_size);

#endif
