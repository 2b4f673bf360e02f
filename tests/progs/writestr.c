/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * writestr STRING: write STRING to stdout in one write(2).
 * writestr -x HEX: write the bytes spelled by HEX ("41000a" is "A\0\n").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	unsigned char buf[4096];
	size_t n = 0;
	const char *h;

	if (argc == 3 && !strcmp(argv[1], "-x")) {
		for (h = argv[2]; h[0] && h[1] && n < sizeof(buf); h += 2) {
			char byte[3] = { h[0], h[1], 0 };

			buf[n++] = (unsigned char)strtoul(byte, NULL, 16);
		}
	} else if (argc == 2) {
		n = strlen(argv[1]);
		if (n > sizeof(buf))
			return 2;
		memcpy(buf, argv[1], n);
	} else {
		fputs("usage: writestr STRING | writestr -x HEX\n", stderr);
		return 2;
	}
	return syscall(SYS_write, 1, buf, n) == (long)n ? 0 : 1;
}
