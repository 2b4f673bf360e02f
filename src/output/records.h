/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Writers of whole JSON records (records.c), private to src/output/:
 * JSON Lines as they are, the chrome timeline, folded stacks.
 */
#ifndef SLTRACE_OUTPUT_RECORDS_H
#define SLTRACE_OUTPUT_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;
struct outstream;

/*
 * A record's fields (json-c): key's string (NULL if it is none), its
 * integer (dflt if none), its value (NULL if absent).
 */
const char *jstr(struct json_object *o, const char *key);
int64_t jint(struct json_object *o, const char *key, int64_t dflt);
struct json_object *jget(struct json_object *o, const char *key);

/*
 * One record (a line of JSON with its newline) for os in the format of
 * cfg.out_format; live: its process may still be read in /proc.
 */
void records_write(struct outstream *os, const char *rec, size_t len,
		   bool live);
/* os is closing (a -ff file): end what its format began. */
void records_close(struct outstream *os);
/* The end: what is written at the end (folded stacks) goes to os. */
void records_finish(struct outstream *os);

#endif
