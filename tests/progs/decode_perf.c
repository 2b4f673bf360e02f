/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_perf: perf_event_open(2) with its struct perf_event_attr of
 * every version's size (and sizes between them, 0, too small, too big
 * for the kernel, which writes its own size back), each event type with
 * known and unknown configs, pattern bytes in the flag bits, NULL and
 * attrs cut by an unmapped page; one call that succeeds, and
 * PERF_EVENT_IOC_MODIFY_ATTRIBUTES, which prints the same struct.
 * tests/cases/decode-perf*.sh trace it with strace and with sltrace and
 * compare the lines between the two marker writes.  Built 64-bit and
 * -m32.
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

static char *end;

static long peo(const void *attr, long pid, long cpu, long group,
		unsigned long flags)
{
	return syscall(SYS_perf_event_open, attr, pid, cpu, group, flags);
}

/* The attr placed against the unmapped page, len bytes of it. */
static void call(const struct perf_event_attr *a, unsigned int len,
		 unsigned int n)
{
	char *p = end - len;

	memcpy(p, a, len);
	peo(p, n & 1 ? -1 : 0, n & 2 ? 3 : -1, n & 4 ? 1 : -1,
	    n % 5 ? PERF_FLAG_FD_CLOEXEC : 0);
}

static void fill(unsigned char *a, unsigned int len, unsigned int seed)
{
	for (unsigned int i = 0; i < len; i++)
		a[i] = (unsigned char)(i * 37 + seed);
}

int main(void)
{
	static const unsigned int sizes[] = { 0, 56, 64, 72, 80, 88, 92, 96,
					      100, 104, 106, 108, 110, 111,
					      112, 114, 116, 118, 120, 128,
					      136, 160 };
	static const uint32_t types[] = { 0, 1, 2, 3, 4, 5, 6, 7,
					  0xdeadc0de };
	static const uint64_t configs[] = { 0, 1, 9, 10, 11, 12,
					    0x01020207, 0x10003,
					    0xfaceca7500000004ULL,
					    0xdeadf15700010306ULL };
	static const uint32_t bp_types[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8,
					     0xface1e55 };
	static const uint64_t words[] = { 0, 0x800, 0x2000, 0x2800,
					  0xffffffffffffffffULL,
					  0xdeadc0deda000000ULL };
	unsigned char raw[PG];
	struct perf_event_attr *a = (void *)raw;
	unsigned int n = 0;
	char *p;
	long fd;

	marker("decode-begin");
	p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(p + PG, PG);
	end = p + PG;

	peo(NULL, 0, -1, -1, 0);
	peo(NULL, -1, 0xbadabba7, -1, -1UL);
	peo(end, 0, -1, -1, PERF_FLAG_FD_OUTPUT | 0x100);
	peo(end - 8, 0, -1, -1, 0);
	peo(end - 48, 0, -1, -1, 0);

	/* Every size with pattern bytes, one type and config after another. */
	for (unsigned int s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		for (unsigned int t = 0; t < 3; t++, n++) {
			unsigned int len = sizes[s] < 64 ? 64 : sizes[s];

			fill(raw, sizeof(raw), n * 7);
			a->type = types[n % 9];
			a->size = sizes[s];
			a->config = configs[n % 10];
			a->sample_type = words[n % 6];
			a->read_format = words[(n + 1) % 6] & 0xff;
			if (t == 1)
				a->read_format = words[n % 6];
			a->bp_type = bp_types[n % 10];
			if (len >= 80)
				a->branch_sample_type = words[(n + 2) % 6];
			if (len >= 96)
				a->clockid = n % 3 ? 11 : 0xc;
			if (t == 2 && len >= 112)
				raw[110] = raw[111] = 0;
			if (t == 2 && len >= 120)
				memset(raw + 116, 0, 4);
			if (t == 2)
				memset(raw + 40, 0, 8);
			call(a, len > 200 ? 200 : len, n);
		}
	}

	/* Each type with each config, the flags zero then all set. */
	memset(raw, 0, sizeof(raw));
	a->size = PERF_ATTR_SIZE_VER7;
	for (unsigned int t = 0; t < sizeof(types) / sizeof(types[0]); t++)
		for (unsigned int c = 0;
		     c < sizeof(configs) / sizeof(configs[0]); c++) {
			a->type = types[t];
			a->config = configs[c];
			a->bp_type = bp_types[c];
			memset(raw + 40, c & 1 ? 0xff : 0, 8);
			call(a, PERF_ATTR_SIZE_VER7, c);
		}
	memset(raw + 40, 0, 8);
	a->type = PERF_TYPE_BREAKPOINT;
	for (unsigned int b = 0; b < sizeof(bp_types) / sizeof(bp_types[0]);
	     b++) {
		a->bp_type = bp_types[b];
		call(a, PERF_ATTR_SIZE_VER1, b);
	}

	/* A size too big: the kernel writes back the size it knows. */
	memset(raw, 0, sizeof(raw));
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_DUMMY;
	a->size = 200;
	raw[190] = 1;
	call(a, 200, 0);

	/* One that opens. */
	memset(raw, 0, sizeof(raw));
	a->type = PERF_TYPE_SOFTWARE;
	a->size = sizeof(*a);
	a->config = PERF_COUNT_SW_DUMMY;
	a->disabled = 1;
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
	fd = peo(a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);

	/* PERF_EVENT_IOC_MODIFY_ATTRIBUTES: the same struct. */
	ioctl((int)fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, a);
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, NULL);
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, end - 8);
	fill(raw, sizeof(raw), 3);
	a->size = 96;
	a->type = PERF_TYPE_HW_CACHE;
	memcpy(end - 96, a, 96);
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, end - 96);
	a->size = 0;
	memcpy(end - 64, a, 64);
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, end - 64);
	a->size = 40;
	ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, a);
	close((int)fd);

	marker("decode-end");
	return 0;
}
