/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * errno names and messages.  The names are generated data (errnoent.h);
 * the messages are glibc's strerror() text in the C locale, which is
 * what strace prints, except for the few kernel-internal errnos strace
 * gives messages of its own (errno_kernel.in).
 */
#include "config.h"

#include <locale.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "xlat/xlat.h"

struct errnoent {
	const char *name;
	const char *msg; /* NULL: strerror()'s text */
};

struct errno_alias {
	const char *name;
	int err;
};

#include "xlat/errnoent.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

const char *errno_name(int err)
{
	if (err <= 0 || (size_t)err >= ARRAY_SIZE(errnoent))
		return NULL;
	return errnoent[err].name;
}

/*
 * Always the C locale: a traced program's LANG must not turn
 * "No such file or directory" into another language, or output would
 * differ from strace's and between machines.
 */
static locale_t c_locale(void)
{
	static locale_t loc;

	if (!loc)
		loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	return loc;
}

const char *errno_message(int err)
{
	locale_t loc;

	if (!errno_name(err))
		return NULL;
	if (errnoent[err].msg)
		return errnoent[err].msg;
	loc = c_locale();
	if (loc)
		return strerror_l(err, loc);
	/* newlocale() only fails for lack of memory: still say something. */
	return strerror(err);
}

int errno_from_name(const char *name)
{
	size_t i;

	if (!name)
		return -1;
	for (i = 1; i < ARRAY_SIZE(errnoent); i++)
		if (errnoent[i].name && !strcasecmp(errnoent[i].name, name))
			return (int)i;
	for (i = 0; i < ARRAY_SIZE(errno_aliases); i++)
		if (!strcasecmp(errno_aliases[i].name, name))
			return errno_aliases[i].err;
	return -1;
}
