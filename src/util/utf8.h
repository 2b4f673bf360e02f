/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * UTF-8 checks for the JSON writers (--output-format=json and the script
 * maps' JSON): a string is written as text only when it is valid UTF-8.
 */
#ifndef SLTRACE_UTIL_UTF8_H
#define SLTRACE_UTIL_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Length of the UTF-8 sequence at s (at most n bytes, n > 0), 0 when it
 * is not valid: overlong forms, surrogates and past U+10FFFF are not.
 */
size_t utf8_seq_len(const unsigned char *s, size_t n);

/* The n bytes at s are all valid UTF-8 (true for n == 0). */
bool utf8_valid(const char *s, size_t n);

#endif /* SLTRACE_UTIL_UTF8_H */
