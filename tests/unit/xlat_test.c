/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of the constant tables: errno and signal names, and the
 * syscall tables of both personalities.  Prints one line per failed
 * check and exits 1 if any failed.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "sysent/sysent.h"
#include "xlat/xlat.h"

static int failures;

#define CHECK(cond, ...)                                    \
	do {                                                \
		if (!(cond)) {                              \
			printf("xlat_test:%d: ", __LINE__); \
			printf(__VA_ARGS__);                \
			putchar('\n');                      \
			failures++;                         \
		}                                           \
	} while (0)

static int str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

#define CHECK_STR(got, want)                                            \
	CHECK(str_eq((got), (want)), "%s is \"%s\", want \"%s\"", #got, \
	      (got) ? (got) : "(null)", (want) ? (want) : "(null)")

#define CHECK_INT(got, want)                                            \
	CHECK((long)(got) == (long)(want), "%s is %ld, want %ld", #got, \
	      (long)(got), (long)(want))

static void test_errno(void)
{
	int i;

	CHECK_STR(errno_name(2), "ENOENT");
	CHECK_STR(errno_message(2), "No such file or directory");
	CHECK_STR(errno_name(1), "EPERM");
	CHECK_STR(errno_message(1), "Operation not permitted");
	/* Aliases print as the primary name, as strace does. */
	CHECK_STR(errno_name(11), "EAGAIN");
	CHECK_STR(errno_message(11), "Resource temporarily unavailable");
	CHECK_STR(errno_name(35), "EDEADLK");
	CHECK_STR(errno_name(95), "EOPNOTSUPP");
	CHECK_STR(errno_name(133), "EHWPOISON");
	CHECK_STR(errno_message(133), "Memory page has hardware error");
	/* Kernel-internal errnos: strace's own messages, or strerror's. */
	CHECK_STR(errno_name(512), "ERESTARTSYS");
	CHECK_STR(errno_message(512), "To be restarted if SA_RESTART is set");
	CHECK_STR(errno_message(513), "To be restarted");
	CHECK_STR(errno_message(514), "To be restarted if no handler");
	CHECK_STR(errno_name(516), "ERESTART_RESTARTBLOCK");
	CHECK_STR(errno_message(516), "Interrupted by signal");
	CHECK_STR(errno_name(515), "ENOIOCTLCMD");
	CHECK_STR(errno_message(515), "Unknown error 515");
	CHECK_STR(errno_name(530), "ERECALLCONFLICT");
	/* No name: the caller prints "(errno N)". */
	CHECK_STR(errno_name(0), NULL);
	CHECK_STR(errno_name(-1), NULL);
	CHECK_STR(errno_name(41), NULL);
	CHECK_STR(errno_name(134), NULL);
	CHECK_STR(errno_name(519), NULL);
	CHECK_STR(errno_name(531), NULL);
	CHECK_STR(errno_name(4095), NULL);
	CHECK_STR(errno_message(519), NULL);

	CHECK_INT(errno_from_name("ENOENT"), 2);
	CHECK_INT(errno_from_name("enoent"), 2);
	CHECK_INT(errno_from_name("ERESTARTSYS"), 512);
	CHECK_INT(errno_from_name("EWOULDBLOCK"), 11);
	CHECK_INT(errno_from_name("EDEADLOCK"), 35);
	CHECK_INT(errno_from_name("ENOSUCHERR"), -1);
	CHECK_INT(errno_from_name(""), -1);
	CHECK_INT(errno_from_name("2"), -1);

	for (i = 1; i < 4096; i++) {
		const char *name = errno_name(i);

		if (!name)
			continue;
		CHECK_INT(errno_from_name(name), i);
		CHECK(errno_message(i) != NULL, "errno %d has no message", i);
	}
}

static void test_signals(void)
{
	char buf[16];
	int i;

	CHECK_STR(signal_name(1), "SIGHUP");
	CHECK_STR(signal_name(6), "SIGABRT");
	CHECK_STR(signal_name(17), "SIGCHLD");
	CHECK_STR(signal_name(29), "SIGIO");
	CHECK_STR(signal_name(31), "SIGSYS");
	CHECK_STR(signal_name(32), "SIGRTMIN");
	CHECK_STR(signal_name(33), "SIGRT_1");
	CHECK_STR(signal_name(35), "SIGRT_3");
	CHECK_STR(signal_name(64), "SIGRT_32");
	CHECK_STR(signal_name(0), NULL);
	CHECK_STR(signal_name(65), NULL);
	CHECK_STR(signal_name(-9), NULL);

	CHECK_INT(signal_from_name("SIGCHLD"), 17);
	CHECK_INT(signal_from_name("CHLD"), 17);
	CHECK_INT(signal_from_name("sigchld"), 17);
	CHECK_INT(signal_from_name("chld"), 17);
	CHECK_INT(signal_from_name("17"), 17);
	CHECK_INT(signal_from_name("0"), 0);
	CHECK_INT(signal_from_name("SIGRTMIN"), 32);
	CHECK_INT(signal_from_name("RTMIN"), 32);
	CHECK_INT(signal_from_name("SIGRT_3"), 35);
	CHECK_INT(signal_from_name("rt_32"), 64);
	/* Aliases are read, never printed. */
	CHECK_INT(signal_from_name("SIGIOT"), 6);
	CHECK_INT(signal_from_name("POLL"), 29);
	CHECK_INT(signal_from_name("SIGCLD"), 17);
	CHECK_INT(signal_from_name("SIGRT_0"), -1);
	CHECK_INT(signal_from_name("SIGRT_33"), -1);
	CHECK_INT(signal_from_name("SIGRTMAX"), -1);
	CHECK_INT(signal_from_name("SIG"), -1);
	CHECK_INT(signal_from_name(""), -1);
	CHECK_INT(signal_from_name("17x"), -1);
	CHECK_INT(signal_from_name("-1"), -1);
	CHECK_INT(signal_from_name("256"), -1);

	for (i = 1; i <= 64; i++) {
		const char *name = signal_name(i);

		CHECK(name != NULL, "signal %d has no name", i);
		if (!name)
			continue;
		CHECK_INT(signal_from_name(name), i);
		CHECK_INT(signal_from_name(name + 3), i);
		snprintf(buf, sizeof(buf), "%d", i);
		CHECK_INT(signal_from_name(buf), i);
	}
}

static void test_xlat(void)
{
	static const struct xlat x[] = {
		{ 1, "ONE" },
		{ (uint64_t)-1, "MINUS_ONE" },
		{ 0, NULL },
	};

	CHECK_STR(xlat_name(x, 1), "ONE");
	CHECK_STR(xlat_name(x, (uint64_t)-1), "MINUS_ONE");
	CHECK_STR(xlat_name(x, 2), NULL);
}

static int valid_argfmt(const char *fmt)
{
	return strspn(fmt, "dulzxopfasbBP") == strlen(fmt);
}

static void test_table_rows(int pers)
{
	const struct sysent_table *t = &sysent_tables[pers];
	unsigned int i, named = 0;

	for (i = 0; i < t->count; i++) {
		const struct sysent *e = &t->ents[i];

		if (!e->name) {
			CHECK(!e->argfmt && !e->nargs && !e->flags,
			      "pers %d: hole %u has data", pers, i);
			CHECK(sysent_lookup(pers, i) == NULL,
			      "pers %d: hole %u looked up", pers, i);
			continue;
		}
		named++;
		CHECK(e->argfmt != NULL, "pers %d: %s has no argfmt", pers,
		      e->name);
		if (!e->argfmt)
			continue;
		CHECK(e->nargs == strlen(e->argfmt) && e->nargs <= MAX_ARGS,
		      "pers %d: %s: nargs %u, argfmt \"%s\"", pers, e->name,
		      e->nargs, e->argfmt);
		CHECK(valid_argfmt(e->argfmt), "pers %d: %s: argfmt \"%s\"",
		      pers, e->name, e->argfmt);
		/* i386's sub-call rows have no number of their own. */
		if (e->flags & SYSCALL_SUBCALL_ONLY)
			CHECK(sysent_lookup(pers, i) == NULL,
			      "pers %d: sub-call %s looked up", pers, e->name);
		else
			CHECK(sysent_lookup(pers, i) == e,
			      "pers %d: lookup(%u)", pers, i);
		/* Names are unique within a personality. */
		CHECK(sysent_find(pers, e->name) == (long)i,
		      "pers %d: find(%s) is %ld, want %u", pers, e->name,
		      sysent_find(pers, e->name), i);
	}
	CHECK(named > 300, "pers %d: only %u syscalls", pers, named);
}

static void test_sysent(void)
{
	const struct sysent *e;

	e = sysent_lookup(PERS_NATIVE, 0);
	CHECK(e && str_eq(e->name, "read"), "x86_64 0 is not read");
	e = sysent_lookup(PERS_NATIVE, 2);
	CHECK(e && str_eq(e->name, "open") && e->nargs == 3 &&
		      (e->flags & TRACE_FILE) && (e->flags & TRACE_DESC) &&
		      (e->flags & SYSCALL_RVAL_FD),
	      "x86_64 2 is not open");
	e = sysent_lookup(PERS_NATIVE, 9);
	CHECK(e && str_eq(e->name, "mmap") && e->nargs == 6 &&
		      (e->flags & SYSCALL_RVAL_HEX),
	      "x86_64 9 is not mmap");
	e = sysent_lookup(PERS_NATIVE, 231);
	CHECK(e && str_eq(e->name, "exit_group") &&
		      (e->flags & SYSCALL_NO_RETURN),
	      "x86_64 231 is not exit_group");
	e = sysent_lookup(PERS_NATIVE, 39);
	CHECK(e && str_eq(e->name, "getpid") && (e->flags & TRACE_PURE),
	      "x86_64 39 is not getpid");
	e = sysent_lookup(PERS_NATIVE, 424);
	CHECK(e && str_eq(e->name, "pidfd_send_signal"),
	      "x86_64 424 is not pidfd_send_signal");
	/* 335..423 were never assigned on x86_64. */
	CHECK(sysent_lookup(PERS_NATIVE, 335) == NULL, "x86_64 335 exists");
	CHECK(sysent_lookup(PERS_NATIVE, 400) == NULL, "x86_64 400 exists");
	CHECK(sysent_lookup(PERS_NATIVE, 100000) == NULL,
	      "x86_64 100000 exists");
	CHECK(sysent_lookup(PERS_NATIVE, -1) == NULL, "x86_64 -1 exists");

	e = sysent_lookup(PERS_COMPAT, 1);
	CHECK(e && str_eq(e->name, "exit"), "i386 1 is not exit");
	e = sysent_lookup(PERS_COMPAT, 11);
	CHECK(e && str_eq(e->name, "execve"), "i386 11 is not execve");
	/* The old i386 mmap takes one pointer to its six arguments. */
	e = sysent_lookup(PERS_COMPAT, 90);
	CHECK(e && str_eq(e->name, "mmap") && e->nargs == 1,
	      "i386 90 is not the one-argument mmap");
	e = sysent_lookup(PERS_COMPAT, 192);
	CHECK(e && str_eq(e->name, "mmap2") && e->nargs == 6,
	      "i386 192 is not mmap2");
	CHECK(sysent_lookup(PERS_COMPAT, 222) == NULL, "i386 222 exists");
	CHECK(sysent_lookup(PERS_COMPAT, 100000) == NULL, "i386 100000 exists");
	CHECK(sysent_lookup(NUM_PERSONALITIES, 0) == NULL,
	      "a third personality exists");
	CHECK(sysent_lookup(-1, 0) == NULL, "personality -1 exists");

	CHECK_INT(sysent_find(PERS_NATIVE, "execve"), 59);
	CHECK_INT(sysent_find(PERS_COMPAT, "execve"), 11);
	CHECK_INT(sysent_find(PERS_NATIVE, "clone"), 56);
	CHECK_INT(sysent_find(PERS_COMPAT, "clone"), 120);
	CHECK_INT(sysent_find(PERS_COMPAT, "socketcall"), 102);
	CHECK_INT(sysent_find(PERS_NATIVE, "socketcall"), -1);
	CHECK_INT(sysent_find(PERS_NATIVE, "no_such_syscall"), -1);
	CHECK_INT(sysent_find(NUM_PERSONALITIES, "read"), -1);

	test_table_rows(PERS_NATIVE);
	test_table_rows(PERS_COMPAT);
}

int main(void)
{
	test_errno();
	test_signals();
	test_xlat();
	test_sysent();
	return failures ? 1 : 0;
}
