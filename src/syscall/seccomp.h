/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The classic BPF program, shared by seccomp(2), prctl(2) and the socket
 * filters of setsockopt/getsockopt (SO_ATTACH_FILTER, SO_GET_FILTER).
 */
#ifndef SLTRACE_SYSCALL_SECCOMP_H
#define SLTRACE_SYSCALL_SECCOMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tcb;

/*
 * struct sock_fprog at addr: "{len=3, filter=0x...}", and with -v the
 * instructions ("filter=[BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW)]").
 */
void print_seccomp_fprog(struct tcb *tcp, uint64_t addr);
/*
 * The same of a socket filter (SO_ATTACH_FILTER): the loads from the
 * special offsets named ("SKF_AD_OFF+SKF_AD_PROTOCOL"), returns as
 * numbers.
 */
void print_sock_fprog(struct tcb *tcp, uint64_t addr);
/*
 * A BPF opcode in the -X style, "BPF_JMP|BPF_K|BPF_EXIT": of classic BPF,
 * or of eBPF when ebpf (bpf(BPF_PROG_LOAD)'s instructions).  Returns buf.
 */
const char *sprint_bpf_code(char *buf, size_t size, unsigned int code,
			    bool ebpf);

/*
 * One struct sock_filter of a socket filter (an element printer for
 * print_array): "BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_AD_OFF+SKF_AD_PKTTYPE)".
 */
void print_sock_filter_insn(struct tcb *tcp, const void *elem, void *data);

#endif
