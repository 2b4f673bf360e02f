/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * probe_usdt's point with a semaphore: with _SDT_HAS_SEMAPHORES, the note
 * of each point of this file holds the address of PROVIDER_NAME_semaphore,
 * which a tracer increments to say the point is watched (sdt.h).
 */
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <sys/sdt.h>

/* sdt.h's convention: .probes, a short named PROVIDER_NAME_semaphore. */
unsigned short sltest_guarded_semaphore __attribute__((section(".probes")));

long counter = 40;

long __attribute__((noinline)) guarded(int n, long k)
{
	/* What the program saw: set only while a tracer watches. */
	fprintf(stderr, "semaphore=%u\n", sltest_guarded_semaphore);
	if (sltest_guarded_semaphore) {
		STAP_PROBE2(sltest, guarded, n + k, counter);
		fprintf(stderr, "guarded arg1=%ld arg2=%ld\n", n + k, counter);
	}
	return k + 1;
}
