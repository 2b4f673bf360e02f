/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Hex digits and C escapes in text the user wrote (-e inject= pokes,
 * probe conditions, scripts).  src/util/ is the bottom floor: it
 * includes no other module, and every module may include it.
 */
#ifndef SLTRACE_UTIL_CESC_H
#define SLTRACE_UTIL_CESC_H

#include <stddef.h>

/* The value of the hex digit c (either case), or -1. */
int hex_digit_value(int c);

/*
 * Every reader takes \n \t \r \\ \" \' and \xH or \xHH; the flags add
 * the rest of C's escapes, as each language has its own set.
 */
enum {
	CESC_OCTAL = 1 << 0,	/* \N, \NN, \NNN up to 255; without it \0 alone */
	CESC_MORE = 1 << 1,	/* \a \b \f \v \? and \e (ESC) */
};

/* Why an escape did not read (cesc_read's negative returns). */
enum {
	CESC_END = -1,		/* nothing after the backslash */
	CESC_NO_HEX = -2,	/* \x and no hex digit */
	CESC_RANGE = -3,	/* an octal escape past 255 */
	CESC_UNKNOWN = -4,	/* the byte after the backslash starts none */
};

/*
 * The escape at s, where s[0] is the backslash and n bytes are left (a
 * NUL among them is an ordinary byte): its byte in *c, and its length in
 * the text (2 to 4), or a CESC_* error above.
 */
int cesc_read(const char *s, size_t n, unsigned int flags, unsigned char *c);

#endif /* SLTRACE_UTIL_CESC_H */
