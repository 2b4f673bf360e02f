/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The hex dump of -e read=/-e write= as strace prints it under a
 * syscall's line (src/syscall/dump.c reads the data, --replay has it
 * from a dump record):
 *
 *	 * 6 bytes in buffer 0
 *	 | 00000  68 65 6c 6c 6f 0a                                 hello.           |
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/output.h"

static const char hexdig[] = "0123456789abcdef";

/*
 * One line of 16 bytes: offset, the bytes in hex with a gap after the
 * eighth, then the bytes as text with '.' for anything not printable.
 */
static size_t hex_line(char *p, int width, uint64_t off,
		       const unsigned char *b, size_t n)
{
	char *s = p;
	size_t i;

	s += sprintf(s, " | %0*llx  ", width, (unsigned long long)off);
	for (i = 0; i < 16; i++) {
		if (i < n) {
			*s++ = hexdig[b[i] >> 4];
			*s++ = hexdig[b[i] & 15];
		} else {
			*s++ = ' ';
			*s++ = ' ';
		}
		*s++ = ' ';
		if (i == 7)
			*s++ = ' ';
	}
	*s++ = ' ';
	for (i = 0; i < 16; i++)
		*s++ = i < n ? (b[i] >= ' ' && b[i] < 0x7f ? (char)b[i] : '.')
			     : ' ';
	memcpy(s, " |\n", 3);
	s += 3;
	return (size_t)(s - p);
}

/*
 * The offsets have as many hex digits as the last offset of the data
 * needs, 5 at least: a dump of more than 1 MiB has six ("10fff0").
 */
static int offset_width(uint64_t total, uint64_t end)
{
	uint64_t last = (total > end ? total : end) - 1;
	int w = 5;

	while (w < 16 && (last >> (4 * w)))
		w++;
	return w;
}

void out_hexdump(struct outstream *os, uint64_t total, uint64_t offset,
		 const void *data, size_t n)
{
	static char text[64 * 96];
	const unsigned char *b = data;
	int width = n ? offset_width(total, offset + n) : 5;

	/* 64 lines at a time. */
	for (size_t done = 0; done < n;) {
		size_t t = 0;

		for (unsigned int k = 0; k < 64 && done < n; k++) {
			size_t m = n - done < 16 ? n - done : 16;

			t += hex_line(text + t, width, offset + done, b + done,
				      m);
			done += m;
		}
		out_write(os, text, t);
	}
}

void out_hexdump_head(struct outstream *os, uint64_t size, int buffer)
{
	out_printf(os, " * %llu bytes in buffer %d\n",
		   (unsigned long long)size, buffer);
}
