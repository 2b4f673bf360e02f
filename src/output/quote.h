/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * strace's string quoting, as a pure function of bytes: no tracee, no
 * stream, no cfg.  Private to src/output/ (and its unit test).
 */
#ifndef SLTRACE_OUTPUT_QUOTE_H
#define SLTRACE_OUTPUT_QUOTE_H

#include <stddef.h>

#include "output/emit.h" /* QUOTE_ELLIPSIS, QUOTE_0_TERMINATED, QUOTE_FORCE_HEX */

/*
 * -x: the whole string as \xNN when any byte of it would need an octal
 * escape; strace leaves a string of printable text, \t \n \v \f \r
 * alone.  QUOTE_FORCE_HEX (emit.h) is -xx: always \xNN.
 */
#define QUOTE_HEX_NONPRINT 0x100
/*
 * --strings-in-hex=non-ascii-chars: the bytes that would be \ooo are
 * \xNN (always two digits), the rest prints as usual: "a\x01b\n".
 */
#define QUOTE_HEX_ESCAPES 0x200
/*
 * A -y path: '<' and '>' in octal too (\74, \76), so that the path's
 * own brackets are told from those around it; -x does not see them.
 */
#define QUOTE_ANGLE_OCTAL 0x400

/* Room quote_string() may need for len bytes: quotes, \ooo each, "...". */
static inline size_t quote_bound(size_t len)
{
	return 4 * len + 2 + 3;
}

/*
 * Write len bytes of src into dst as a quoted C string the way strace
 * prints it: "\t\n\v\f\r\\\"" escaped by name, other bytes outside
 * printable ASCII in octal, as short as possible unless an octal digit
 * follows.  QUOTE_0_TERMINATED stops at the first NUL; QUOTE_ELLIPSIS
 * appends "..." after the closing quote.  dst needs quote_bound(len)
 * bytes; it is not NUL-terminated.  Returns the number of bytes written.
 */
size_t quote_string(char *dst, const void *src, size_t len, unsigned int flags);

#endif
