/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * String quoting.  The rules were taken from Debian's strace 6.1 output
 * (see tests/unit/quote_test.c for each observation).
 */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "output/quote.h"

#define OCT 1 /* no name: octal escape */

/* 0: printable as is; OCT; otherwise the letter after the backslash. */
/* clang-format off */
static const unsigned char esc[256] = {
	[0 ... 8] = OCT,
	['\t'] = 't', ['\n'] = 'n', ['\v'] = 'v', ['\f'] = 'f', ['\r'] = 'r',
	[14 ... 31] = OCT,
	['"'] = '"', ['\\'] = '\\',
	[0x7f ... 0xff] = OCT,
};
/* clang-format on */

static const char hexdig[] = "0123456789abcdef";

static bool needs_octal(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (esc[s[i]] == OCT)
			return true;
	return false;
}

static char *put_hex(char *p, const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		*p++ = '\\';
		*p++ = 'x';
		*p++ = hexdig[s[i] >> 4];
		*p++ = hexdig[s[i] & 15];
	}
	return p;
}

static bool is_angle(unsigned char c)
{
	return c == '<' || c == '>';
}

static char *put_c(char *p, const unsigned char *s, size_t len, bool hex,
		   bool angle)
{
	size_t i = 0;

	while (i < len) {
		size_t run = i;
		unsigned char c;

		while (run < len && !esc[s[run]] &&
		       !(angle && is_angle(s[run])))
			run++;
		memcpy(p, s + i, run - i);
		p += run - i;
		if (run == len)
			break;
		c = s[run];
		i = run + 1;
		*p++ = '\\';
		if (esc[c] && esc[c] != OCT) {
			*p++ = (char)esc[c];
			continue;
		}
		if (hex) {
			*p++ = 'x';
			*p++ = hexdig[c >> 4];
			*p++ = hexdig[c & 15];
			continue;
		}
		/*
		 * Shortest octal form, unless the next printed byte is an
		 * octal digit that would be read as part of the escape.
		 */
		if (i < len && s[i] >= '0' && s[i] <= '7') {
			*p++ = (char)('0' + (c >> 6));
			*p++ = (char)('0' + ((c >> 3) & 7));
		} else if (c >= 64) {
			*p++ = (char)('0' + (c >> 6));
			*p++ = (char)('0' + ((c >> 3) & 7));
		} else if (c >= 8) {
			*p++ = (char)('0' + (c >> 3));
		}
		*p++ = (char)('0' + (c & 7));
	}
	return p;
}

size_t quote_string(char *dst, const void *src, size_t len, unsigned int flags)
{
	const unsigned char *s = src;
	char *p = dst;

	if (flags & QUOTE_0_TERMINATED) {
		const unsigned char *nul = memchr(s, '\0', len);

		if (nul)
			len = (size_t)(nul - s);
	}

	*p++ = '"';
	if ((flags & QUOTE_FORCE_HEX) ||
	    ((flags & QUOTE_HEX_NONPRINT) && needs_octal(s, len)))
		p = put_hex(p, s, len);
	else if ((flags & QUOTE_OMIT_TRAILING_0) && len && !s[len - 1])
		p = put_c(p, s, len - 1, flags & QUOTE_HEX_ESCAPES,
			  flags & QUOTE_ANGLE_OCTAL);
	else
		p = put_c(p, s, len, flags & QUOTE_HEX_ESCAPES,
			  flags & QUOTE_ANGLE_OCTAL);
	*p++ = '"';
	if (flags & QUOTE_ELLIPSIS) {
		memcpy(p, "...", 3);
		p += 3;
	}
	return (size_t)(p - dst);
}
