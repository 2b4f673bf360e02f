/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Parts of bpf(2) that src/syscall/bpf_sys.c leaves to bpf_info.c: eBPF
 * instructions, and the info structs BPF_OBJ_GET_INFO_BY_FD fills.
 */
#ifndef SLTRACE_SYSCALL_BPF_INFO_H
#define SLTRACE_SYSCALL_BPF_INFO_H

#include <stdbool.h>
#include <stdint.h>

struct tcb;

/* The largest info struct strace 6.1 shows (bpf_prog_info to verified_insns). */
#define BPF_INFO_MAX 232

/* count struct bpf_insn at addr: "[{code=BPF_JMP|BPF_K|BPF_EXIT, ...}]". */
void bpf_print_insns(struct tcb *tcp, uint64_t addr, uint64_t count);

/* An info struct as read at entry, for the fields the kernel rewrites. */
struct bpf_info_in {
	bool ok;
	uint32_t len;
	unsigned char b[BPF_INFO_MAX];
};

/* Read the info struct at addr (len bytes of it) at entry. */
void bpf_info_fetch(struct tcb *tcp, uint64_t addr, uint32_t len,
		    struct bpf_info_in *in);
/*
 * At exit: the info struct at addr of the object that fd refers to,
 * out_len the length the kernel left in info_len; in/out fields as
 * "0 => 86" when the call succeeded.  The address when not -v, when fd
 * is no map or program, or when it cannot be read.
 */
void bpf_print_obj_info(struct tcb *tcp, int fd, uint64_t addr,
			const struct bpf_info_in *in, uint32_t out_len,
			bool failed);

#endif
