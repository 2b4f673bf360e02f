/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Signal names as strace prints them.  1..31 come from the kernel's
 * asm/signal.h (signalent.h, generated).  The real-time range is named
 * after the kernel's SIGRTMIN (32), not glibc's, which reserves 32 and
 * 33 for itself: SIGRTMIN, SIGRT_1 .. SIGRT_32.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xlat/xlat.h"

struct signal_alias {
	const char *name;
	int sig;
};

#include "xlat/signalent.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define KERNEL_SIGRTMIN 32
#define KERNEL_SIGRTMAX 64
/*
 * strace accepts plain numbers up to 255 in signal sets (-e signal=)
 * although only 1..64 exist; match it so scripts move over unchanged.
 */
#define SIGNAL_NUMBER_MAX 255

/* "SIGRT_1".."SIGRT_32", built once: signal_name() returns constants. */
static char rt_names[KERNEL_SIGRTMAX - KERNEL_SIGRTMIN][sizeof("SIGRT_32")];

const char *signal_name(int sig)
{
	int i;

	if (sig >= 1 && sig < KERNEL_SIGRTMIN)
		return signalent[sig];
	if (sig == KERNEL_SIGRTMIN)
		return "SIGRTMIN";
	if (sig < KERNEL_SIGRTMIN || sig > KERNEL_SIGRTMAX)
		return NULL;
	i = sig - KERNEL_SIGRTMIN - 1;
	if (!rt_names[i][0])
		snprintf(rt_names[i], sizeof(rt_names[i]), "SIGRT_%d", i + 1);
	return rt_names[i];
}

static int number_of(const char *s)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v > SIGNAL_NUMBER_MAX)
		return -1;
	return (int)v;
}

/* "RTMIN", "RT_3" (the part after "SIG"). */
static int rt_of(const char *s)
{
	char *end;
	long v;

	if (!strcasecmp(s, "RTMIN"))
		return KERNEL_SIGRTMIN;
	if (strncasecmp(s, "RT_", 3) || s[3] < '0' || s[3] > '9')
		return -1;
	v = strtol(s + 3, &end, 10);
	if (*end || v < 1 || v > KERNEL_SIGRTMAX - KERNEL_SIGRTMIN)
		return -1;
	return KERNEL_SIGRTMIN + (int)v;
}

int signal_from_name(const char *name)
{
	const char *bare;
	size_t i;
	int sig;

	if (!name || !*name)
		return -1;
	sig = number_of(name);
	if (sig >= 0 || (*name >= '0' && *name <= '9'))
		return sig;
	/* "SIGCHLD", "sigchld", "CHLD" and "chld" all name 17. */
	bare = strncasecmp(name, "SIG", 3) ? name : name + 3;
	for (i = 1; i < ARRAY_SIZE(signalent); i++)
		if (!strcasecmp(signalent[i] + 3, bare))
			return (int)i;
	sig = rt_of(bare);
	if (sig > 0)
		return sig;
	for (i = 0; i < ARRAY_SIZE(signal_aliases); i++)
		if (!strcasecmp(signal_aliases[i].name + 3, bare))
			return signal_aliases[i].sig;
	return -1;
}
