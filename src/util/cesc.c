/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Hex digits and C escapes (cesc.h). */
#include "config.h"

#include "util/cesc.h"

int hex_digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* \a \b \f \v \? \e: the escapes only CESC_MORE takes. */
static int more_escape(int c)
{
	switch (c) {
	case 'a':
		return '\a';
	case 'b':
		return '\b';
	case 'f':
		return '\f';
	case 'v':
		return '\v';
	case '?':
		return '?';
	case 'e':
		return 033;
	}
	return -1;
}

int cesc_read(const char *s, size_t n, unsigned int flags, unsigned char *c)
{
	unsigned int v = 0;
	size_t k;
	int e;

	if (n < 2)
		return CESC_END;
	switch (s[1]) {
	case 'n':
		*c = '\n';
		return 2;
	case 't':
		*c = '\t';
		return 2;
	case 'r':
		*c = '\r';
		return 2;
	case '\\':
	case '"':
	case '\'':
		*c = s[1];
		return 2;
	case 'x':
		for (k = 2; k < 4 && k < n && hex_digit_value(s[k]) >= 0; k++)
			v = v * 16 + hex_digit_value(s[k]);
		if (k == 2)
			return CESC_NO_HEX;
		*c = v;
		return k;
	}
	if (s[1] >= '0' && s[1] <= '7' && (flags & CESC_OCTAL)) {
		for (k = 1; k < 4 && k < n && s[k] >= '0' && s[k] <= '7'; k++)
			v = v * 8 + s[k] - '0';
		if (v > 255)
			return CESC_RANGE;
		*c = v;
		return k;
	}
	if (s[1] == '0') {
		*c = '\0';
		return 2;
	}
	if ((flags & CESC_MORE) && (e = more_escape(s[1])) >= 0) {
		*c = e;
		return 2;
	}
	return CESC_UNKNOWN;
}
