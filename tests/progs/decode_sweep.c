// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * decode_sweep: syscalls with the arguments of syscallent/sweep-strace
 * that showed a decoding different from strace's.  A seccomp filter fails
 * every call with ENOSYS, so only the entry decoding is under test and
 * nothing really happens (no socket, no exit, no clone); the arguments
 * are small numbers, flag-like values and pointers to fixed pages of
 * known patterns (zeros, the words 1, 2, 3..., 'A's then a NUL), each
 * followed by an unmapped page, so the same in every run.
 * Compared with strace by tests/cases/decode-sweep*.sh.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#define Z 0x10000000L		/* zeros */
#define W 0x10002000L		/* 32-bit words 1, 2, 3... */
#define A 0x10004000L		/* 'A' * 4095, NUL */
#define AEND (A + 0xff0)	/* 'A' * 15, NUL */

struct call {
	long nr;
	long a[6];
};

static const struct call calls[] = {
	/* IPC flags of no known bit: hex, then the mode */
	{ __NR_msgget, { 0, 0x10000000 } },
	{ __NR_msgget, { 0, 0x10000644 } },
	{ __NR_semget, { 1, 2, 0x10002000 } },
	/* msync flags in strace's order */
	{ __NR_msync, { 0, 0, 0x1f } },
	{ __NR_msync, { 0, 0, 5 } },
	/* timerfd: one table of four flags for both calls */
	{ __NR_timerfd_create, { 1, 0x80803 } },
	{ __NR_timerfd_create, { 1, 7 } },
	{ __NR_timerfd_settime, { -1, -1, 0, 0 } },
	{ __NR_timerfd_settime, { 1, 0x80801, 0, 0 } },
	/* unknown mempolicy flags */
	{ __NR_get_mempolicy, { 0, 0, 0, 0, 0x10000000 } },
	{ __NR_mbind, { 0, 0, 0, 0, 0, 0x10000000 } },
	/* execveat: all the AT_ flags */
	{ __NR_execveat, { -1, 0, 0, 0, -1 } },
	{ __NR_execveat, { -100, AEND, 0, 0, 0x8a00 } },
	/* socket types of no known type, protocols of no family */
	{ __NR_socket, { 1, 0, 0 } },
	{ __NR_socket, { 1, 0x80000, 0 } },
	{ __NR_socket, { 1, 0x8000f, 0 } },
	{ __NR_socket, { 1, 0x10, 0 } },
	{ __NR_socket, { -1, -1, -1 } },
	{ __NR_socket, { 1, 1, 5 } },
	{ __NR_socketpair, { 1, 0x10004ff0, -1, 0 } },
	/* AX.25 protocols */
	{ __NR_socket, { 3, 5, 0xcc } },
	{ __NR_socket, { 3, 5, 0xf0 } },
	{ __NR_socket, { 3, 5, 0 } },
	{ __NR_socket, { 3, 5, 0x1cc } },
	{ __NR_socket, { 3, 5, -1 } },
	/* options of no known level */
	{ __NR_getsockopt, { -1, -1, -1, 0, 0 } },
	{ __NR_setsockopt, { 1, 12345, 0x80000000, 0, 0 } },
	/* CPU sets: cpusetsize unsigned, at most 128 bytes shown */
	{ __NR_sched_setaffinity, { 0, -1, -1 } },
	{ __NR_sched_setaffinity, { 0, 8, W } },
	{ __NR_sched_setaffinity, { 0, 128, Z } },
	{ __NR_sched_setaffinity, { 0, 129, Z } },
	{ __NR_sched_setaffinity, { 0, 1024, W } },
	{ __NR_sched_getaffinity, { -1, -1, -1 } },
	/* fd_sets of nfds 0 */
	{ __NR_pselect6, { 0, W, 4, 0, 1, 0 } },
	/* the whole long of mmap's and mount's flags */
	{ __NR_mmap, { 0, 0, 0, (long)0x100000002ULL, -1, 0 } },
	{ __NR_mmap, { -1, -1, -1, -1, -1, -1 } },
	{ __NR_mount, { 0, 0, 0, (long)0x100000001ULL, 0 } },
	{ __NR_mount, { -1, -1, -1, -1, -1 } },
	{ __NR_remap_file_pages, { -1, -1, -1, -1, -1 } },
	/* rseq: four registers in hex */
	{ __NR_rseq, { -1, -1, -1, -1 } },
	{ __NR_rseq, { W, 32, 1, 0x53053053 } },
	/* the previous syscall, resumed */
	{ __NR_getpid, { 0 } },
	{ __NR_restart_syscall, { 0 } },
	{ __NR_restart_syscall, { 0 } },
	/* futex: the arguments by the low 7 bits of op, flags or not */
	{ __NR_futex, { 0, 0x10000000, 1, W, 2, 3 } },
	{ __NR_futex, { 0, 0x10000005, 1, 0, 2, 3 } },
	{ __NR_futex, { 0, 0x1000000c, 1, 0, 2, 3 } },
	{ __NR_futex, { 0, 0x10000007, 1, 0, 2, 3 } },
	{ __NR_futex, { 0, 0x7f, 1, 0, 2, 3 } },
	{ __NR_futex, { 0, 0x0e, 1, W, 2, 3 } },
	/* capset: one data struct for an unknown version */
	{ __NR_capset, { Z, W } },
	{ __NR_capset, { W, Z } },
	/* file handles: the header read whole, f_handle of a bad size */
	{ __NR_open_by_handle_at, { 1, W + 0xff8, 0 } },
	{ __NR_open_by_handle_at, { 1, W + 0xffc, 0 } },
	{ __NR_open_by_handle_at, { 1, Z + 0xff8, 0 } },
	{ __NR_open_by_handle_at, { -100, W, 2 } },
	/* extensible structs: no more than 4096 bytes looked at */
	{ __NR_openat2, { 0, 0, W, 8192 } },
	{ __NR_openat2, { 0, 0, Z, 8192 } },
	{ __NR_openat2, { 0, 0, W + 0x800, 4096 } },
	{ __NR_clone3, { W, 0x10000000 } },
	{ __NR_clone3, { Z, 0x10000000 } },
	{ __NR_mount_setattr, { -1, 0, 0, W, 8192 } },
	{ __NR_mount_setattr, { -1, 0, 0, Z, 8192 } },
	/* msgsnd: a padded struct msgbuf read first, then the text */
	{ __NR_msgsnd, { 1, AEND, 9, 0 } },
	{ __NR_msgsnd, { 1, AEND, 64, 0 } },
	{ __NR_msgsnd, { 1, W + 0xff0, 100, 0 } },
	{ __NR_msgsnd, { 1, A + 0xff8, 0, 0 } },
	{ __NR_msgsnd, { 1, A + 0xffc, 0, 0 } },
	{ __NR_msgsnd, { 1, AEND, 4, 0 } },
	/* an iocb's reqprio, shown when IOCB_FLAG_IOPRIO is set, even 0 */
	{ __NR_io_cancel, { 1, W, 0 } },
	/* a failed clone: tls as an address (i386's user_desc too) */
	{ __NR_clone, { 0x80011, 0, 0, Z, 0 } },
	{ __NR_clone, { 0x80011, 0, 0, W, W } },
	/*
	 * Structs in, shown as their addresses under -e verbose=none (the
	 * lengths and the out pointers too).
	 */
#ifdef __NR_accept
	{ __NR_accept, { 1, W, W } },
#endif
	{ __NR_accept4, { 1, W, W, 0 } },
	{ __NR_getsockname, { 1, W, W } },
	{ __NR_getpeername, { 1, W, W } },
	{ __NR_getsockopt, { 1, 1, 3, W, W } },
	{ __NR_setsockopt, { 1, 1, 2, W, 4 } },
	{ __NR_setsockopt, { 1, 0x10002000, 8, W, 8 } },
	{ __NR_recvfrom, { 1, W, 8, 0, W, W } },
	{ __NR_recvmsg, { 1, W, 0 } },
	{ __NR_rt_sigaction, { 1, W, W, 8 } },
	{ __NR_rt_sigqueueinfo, { 1, 1, W } },
	{ __NR_rt_tgsigqueueinfo, { 1, 1, 1, W } },
	{ __NR_pidfd_send_signal, { 1, 1, W, 0 } },
	{ __NR_sigaltstack, { W, W } },
	{ __NR_sched_setparam, { 1, W } },
	{ __NR_sched_setscheduler, { 1, 0, W } },
	{ __NR_sched_setattr, { 1, W, 0 } },
	{ __NR_sched_setattr, { 1, Z, 0 } },
	{ __NR_setrlimit, { 1, W } },
	{ __NR_prlimit64, { 1, 1, W, W } },
	{ __NR_settimeofday, { W, W } },
	{ __NR_timer_create, { 1, W, W } },
	{ __NR_mq_open, { AEND, 0x40, 0600, W } },
	{ __NR_mq_notify, { 1, W } },
	{ __NR_mq_getsetattr, { 1, W, W } },
	{ __NR_io_cancel, { 1, Z, W } },
	{ __NR_io_pgetevents, { 1, 1, 1, W, Z, W } },
	{ __NR_bpf, { 0, W, 4 } },
	{ __NR_bpf, { 1, W, 8 } },
	{ __NR__sysctl, { W } },
	{ __NR_set_thread_area, { W } },
	{ __NR_get_thread_area, { W } },
#ifdef __NR_sigaction
	{ __NR_sigaction, { 1, W, W } },
#endif
	/* syscalls strace prints in hex */
	{ __NR_create_module, { 0, 0 } },
	{ __NR_create_module, { 1, 2 } },
	{ __NR_get_kernel_syms, { 0 } },
	{ __NR_sysfs, { 1, 2, 3 } },
#ifdef __NR_select
	{ __NR_select, { 0, W, 4, 0, 1 } },
#endif
#ifdef __NR__newselect
	{ __NR__newselect, { 0, W, 4, 0, 1 } },
#endif
#ifdef __NR_ipc
	{ __NR_ipc, { 31, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f } },
	{ __NR_ipc, { -1, -1, -1, -1, -1, -1 } },
	{ __NR_ipc, { 0x10000, 1, 2, 3, 4, 5 } },
#endif
#ifdef __NR_socketcall
	{ __NR_socketcall, { -1, -1 } },
	{ __NR_socketcall, { -100, AEND } },
#endif
#ifdef __NR_signal
	{ __NR_signal, { -1, -1 } },
	{ __NR_signal, { 1, 1 } },
#endif
#ifdef __NR_olduname
	{ __NR_olduname, { 0 } },
	{ __NR_oldolduname, { 0 } },
	{ __NR_vm86old, { 0 } },
	{ __NR_bdflush, { 1, 2 } },
	{ __NR_vm86, { 1, 2, 3, 4, 5 } },
#endif
};

static void *page(unsigned long addr)
{
	void *p = mmap((void *)addr, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	if (p != (void *)addr)
		exit(2);
	return p;
}

int main(void)
{
	/* Everything fails with ENOSYS but exit_group. */
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_exit_group, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 38),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };
	uint32_t *w = page(W);
	char *a = page(A);

	page(Z);
	munmap((void *)(Z + 4096), 4096);
	munmap((void *)(W + 4096), 4096);
	munmap((void *)(A + 4096), 4096);
	for (int i = 0; i < 1024; i++)
		w[i] = i + 1;
	memset(a, 'A', 4095);
	a[4095] = 0;
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		return 77;
	write(-1, "decode-begin", 12);
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		syscall(calls[i].nr, calls[i].a[0], calls[i].a[1],
			calls[i].a[2], calls[i].a[3], calls[i].a[4],
			calls[i].a[5]);
	write(-1, "decode-end", 10);
	return 0;
}
