/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_ipc: System V message queues, semaphores and shared memory,
 * POSIX message queues and io_uring setup/enter/register, through the
 * C library (so that a 32-bit build goes through i386's ipc(2)), with
 * failing calls, unknown constants and pointers into an unmapped page.
 * Traced by tests/cases/decode-ipc*.sh.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/io_uring.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void sysv(void *tail)
{
	struct {
		long mtype;
		char mtext[16];
	} m = { 1, "hello" };
	struct msqid_ds ds;
	struct semid_ds sds;
	struct shmid_ds shds;
	/* Room for struct msginfo, seminfo and shminfo alike. */
	unsigned long info[16];
	struct sembuf sb[2] = { { 0, 1, 0 }, { 1, 1, IPC_NOWAIT | SEM_UNDO } };
	struct timespec ts = { 0, 1000 };
	int q, s, sh;
	void *p;

	q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	msgsnd(q, &m, 6, 0);
	msgrcv(q, &m, sizeof(m.mtext), 0, IPC_NOWAIT);
	msgrcv(q, &m, sizeof(m.mtext), 5, IPC_NOWAIT | MSG_NOERROR);
	msgsnd(q, tail, 6, IPC_NOWAIT);
	msgctl(q, IPC_STAT, &ds);
#ifdef __x86_64__
	/* i386's C library converts the struct itself: it would fault. */
	msgctl(q, IPC_STAT, tail);
#endif
	msgctl(q, IPC_SET, &ds);
	/* The limits IPC_INFO gives are the same in every run. */
	msgctl(q, IPC_INFO, (struct msqid_ds *)&info);
	msgctl(q, IPC_RMID, NULL);
	msgget(0x1234, 0);

	s = semget(IPC_PRIVATE, 2, IPC_CREAT | IPC_EXCL | 0644);
	semop(s, sb, 2);
	sb[0].sem_op = -5;
	sb[0].sem_flg = 0;
	semtimedop(s, sb, 1, &ts);
	semctl(s, 0, GETVAL);
	semctl(s, 0, SETVAL, 5);
	semctl(s, 0, IPC_STAT, &sds);
	semctl(s, 0, IPC_SET, &sds);
	semctl(s, 0, IPC_INFO, &info);
	semctl(s, 0, IPC_RMID);
	semget(0x1234, 1, 0);

	sh = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	p = shmat(sh, NULL, SHM_RDONLY);
	shmdt(p);
	shmctl(sh, IPC_STAT, &shds);
	shmctl(sh, IPC_SET, &shds);
	shmctl(sh, IPC_INFO, (struct shmid_ds *)&info);
	shmctl(sh, IPC_RMID, NULL);
	shmget(0x1234, 1, 0);
	/* The hugetlb page size, and bits without a name. */
	shmget(0x1234, 1, 21 << 26);
	shmget(0x1234, 1, 0x2ce0000 | 21 << 26 | 0125);
	/* Where the kernel makes it, it goes: the next run makes it again. */
	sh = shmget(0x1234, 1, IPC_CREAT | IPC_EXCL | 0x2ce0000 | 0600);
	if (sh >= 0)
		shmctl(sh, IPC_RMID, NULL);
	shmdt(NULL);
#ifdef __i386__
	/*
	 * ipc(2) calls that name no sub-call: the call with its version
	 * (the upper half) as "42<<16|10", the other arguments in hex.
	 */
	for (unsigned int call = 0; call <= 40; call += 10) {
		syscall(SYS_ipc, call, 0, 0, 0, 0, 0);
		syscall(SYS_ipc, 42 << 16 | call, 0, 0, 0, 0, 0);
	}
	syscall(SYS_ipc, 0x7fff0063, -1, 0xffffffff, 0x80000000, tail, -2);
	syscall(SYS_ipc, 0xffff0000, 1, 2, 3, 4, 5);
#endif
}

static void posix_mq(void *tail)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 16 };
	struct mq_attr na = { .mq_flags = O_NONBLOCK };
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGUSR1 };
	struct timespec abs;
	char buf[16], name[64];
	unsigned int pr;
	mqd_t mq;

	/* Unique: the 64- and 32-bit tests run at the same time. */
	snprintf(name, sizeof(name), "/sltrace-decode-ipc-%07d", (int)getpid());
	mq = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_send(mq, "hi", 2, 3);
	mq_receive(mq, buf, sizeof(buf), &pr);
	clock_gettime(CLOCK_REALTIME, &abs);
	abs.tv_sec -= 1;
	mq_timedreceive(mq, buf, sizeof(buf), &pr, &abs);
	mq_timedsend(mq, "hello", 5, 1, &abs);
	mq_getattr(mq, &at);
	mq_setattr(mq, &na, &at);
	mq_notify(mq, &sev);
	mq_notify(mq, NULL);
	syscall(SYS_mq_notify, mq, tail);
	close(mq);
	mq_unlink(name);
	mq_open(name, O_RDONLY);
}

static void uring(void)
{
	struct io_uring_params p;
	sigset_t ss;
	int fds[2] = { 0, 1 };
	int fd;

	memset(&p, 0, sizeof(p));
	fd = syscall(SYS_io_uring_setup, 4, &p);
	syscall(SYS_io_uring_setup, 4, NULL);
	memset(&p, 0, sizeof(p));
	p.flags = 0x80000000;
	syscall(SYS_io_uring_setup, 4, &p);
	syscall(SYS_io_uring_enter, fd, 0, 0, 0, NULL, 0);
	sigemptyset(&ss);
	sigaddset(&ss, SIGUSR1);
	syscall(SYS_io_uring_enter, fd, 0, 0, IORING_ENTER_GETEVENTS, &ss, 8);
	syscall(SYS_io_uring_enter, fd, 0, 0, 0x80, NULL, 0);
	syscall(SYS_io_uring_register, fd, IORING_REGISTER_FILES, fds, 2);
	syscall(SYS_io_uring_register, fd, IORING_UNREGISTER_FILES, NULL, 0);
	syscall(SYS_io_uring_register, fd, 99, NULL, 0);
	close(fd);
}

int main(void)
{
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *tail;

	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	tail = page + 4096 - 4;
	sysv(tail);
	posix_mq(tail);
	uring();
	return 0;
}
