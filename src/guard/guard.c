/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sltrace's side of the guardian: starting it, and the records of what
 * must be undone (see guard.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guard/guard.h"
#include "guard/internal.h"
#include "log.h"

#ifndef PR_SET_PTRACER
#define PR_SET_PTRACER 0x59616d61
#endif

struct guard_arena *guard_arena;
static bool active;
static pid_t guardian_pid;

pid_t guard_pid(void)
{
	return guardian_pid;
}

bool guard_active(void)
{
	return active;
}

static bool read_full(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * The guardian is a grandchild that nobody waits for (its parent exits
 * at once): as our child, the stop loop's waitpid(-1) would collect it.
 * It sends its pid; we let it trace us (Yama's relational mode asks for
 * that) and say go; it seizes us and sends how that went.
 */
int guard_start(void)
{
	int up[2], down[2], status, err = 0;
	pid_t me = getpid(), mid, gpid = 0;
	void *area;

	if (cfg.no_guardian)
		return 0;
	area = mmap(NULL, GUARD_ARENA_SIZE, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (area == MAP_FAILED) {
		debug("guardian: no shared memory: %m");
		return 0;
	}
	if (pipe2(up, O_CLOEXEC) < 0) {
		munmap(area, GUARD_ARENA_SIZE);
		return 0;
	}
	if (pipe2(down, O_CLOEXEC) < 0) {
		close(up[0]);
		close(up[1]);
		munmap(area, GUARD_ARENA_SIZE);
		return 0;
	}
	guard_arena = area;
	guard_arena->magic = GUARD_MAGIC;
	guard_arena->tracer = me;
	guard_arena->cap = (uint32_t)((GUARD_ARENA_SIZE -
				       sizeof(struct guard_arena)) /
				      sizeof(struct guard_undo));
	mid = fork();
	if (mid == 0) {
		close(up[0]);
		close(down[1]);
		if (fork() != 0)
			_exit(0);
		guardian_main(me, up[1], down[0]);
	}
	close(up[1]);
	close(down[0]);
	if (mid > 0)
		while (waitpid(mid, &status, 0) < 0 && errno == EINTR)
			;
	if (mid < 0 || !read_full(up[0], &gpid, sizeof(gpid))) {
		err = mid < 0 ? errno : EPIPE;
		goto fail;
	}
	/* EINVAL: no Yama; then nothing restricts it anyway. */
	prctl(PR_SET_PTRACER, (unsigned long)gpid, 0, 0, 0);
	if (write(down[1], "g", 1) != 1 || !read_full(up[0], &err, sizeof(err))) {
		err = EPIPE;
		goto fail;
	}
	if (err)
		goto fail;
	close(up[0]);
	close(down[1]);
	/*
	 * We are traced now: every signal to us stops us for the guardian.
	 * A SIGCHLD comes with every stop of every tracee; blocked, it is
	 * never delivered, so it never stops us.  (After engine_init: the
	 * command we launch does not inherit the mask.)
	 */
	{
		sigset_t set;

		sigemptyset(&set);
		sigaddset(&set, SIGCHLD);
		sigprocmask(SIG_BLOCK, &set, NULL);
	}
	active = true;
	guardian_pid = gpid;
	debug("guardian: pid %d watches", (int)gpid);
	return 0;
fail:
	debug("guardian: not started: %s", strerror(err));
	close(up[0]);
	close(down[1]);
	guard_arena = NULL;
	munmap(area, GUARD_ARENA_SIZE);
	return 0;
}

static struct guard_undo *alloc_rec(void)
{
	struct guard_arena *a = guard_arena;
	uint32_t i;

	if (a->free_head) {
		i = a->free_head - 1;
		a->free_head = a->rec[i].next_free;
		return &a->rec[i];
	}
	if (a->used == a->cap)
		return NULL;
	return &a->rec[a->used++];
}

struct guard_undo *guard_record(enum guard_kind kind, pid_t tgid, pid_t tid,
				uint64_t addr, const void *orig,
				const void *now, size_t len)
{
	static bool said;
	struct guard_undo *u;

	if (!active)
		return NULL;
	u = alloc_rec();
	if (!u || len > sizeof(u->orig)) {
		if (!said)
			debug("guardian: no room for more records");
		said = true;
		return NULL;
	}
	u->len = (uint8_t)len;
	u->tgid = tgid;
	u->tid = tid;
	u->addr = addr;
	memcpy(u->orig, orig, len);
	memcpy(u->now, now, len);
	/* Whole before it counts (see struct guard_undo). */
	__atomic_store_n(&u->kind, (uint8_t)kind, __ATOMIC_RELEASE);
	if (kind == GUARD_CODE || kind == GUARD_WORD)
		guard_arena->nchanges++;
	return u;
}

struct guard_undo *guard_copy(const struct guard_undo *u, pid_t tgid)
{
	if (!u || !active)
		return NULL;
	return guard_record((enum guard_kind)u->kind, tgid, u->tid, u->addr,
			    u->orig, u->now, u->len);
}

void guard_forget(struct guard_undo *u)
{
	struct guard_arena *a = guard_arena;

	if (!u || !a)
		return;
	if (u->kind == GUARD_CODE || u->kind == GUARD_WORD)
		a->nchanges--;
	__atomic_store_n(&u->kind, (uint8_t)0, __ATOMIC_RELEASE);
	u->next_free = a->free_head;
	a->free_head = (uint32_t)(u - a->rec) + 1;
}

void guard_serve_filter(void)
{
	if (active)
		guard_arena->serve = 1;
}

void guard_regs_saved(pid_t tgid, pid_t tid, const void *regs, size_t len)
{
	if (!active || len != sizeof(guard_arena->regs))
		return;
	memcpy(&guard_arena->regs, regs, len);
	guard_arena->regs_tgid = tgid;
	__atomic_store_n(&guard_arena->regs_tid, tid, __ATOMIC_RELEASE);
}

void guard_regs_done(void)
{
	if (active)
		__atomic_store_n(&guard_arena->regs_tid, 0, __ATOMIC_RELEASE);
}

void guard_trap_held(pid_t tid)
{
	if (active)
		__atomic_store_n(&guard_arena->trap_tid, tid, __ATOMIC_RELEASE);
}

void guard_trap_done(void)
{
	if (active)
		__atomic_store_n(&guard_arena->trap_tid, 0, __ATOMIC_RELEASE);
}

/*
 * The guardian waits for us in waitpid: a signal to ourselves is a
 * signal-delivery stop it sees, and with release set it detaches us
 * there, suppressing the signal, and ends.  When raise() returns, we are
 * untraced.
 */
void guard_stop(void)
{
	if (!active || guard_arena->nchanges || guard_arena->regs_tid)
		return;
	active = false;
	guard_arena->release = 1;
	raise(SIGURG);
}
