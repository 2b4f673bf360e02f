/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <stddef.h>

#include "xlat/xlat.h"

const char *xlat_name(const struct xlat *x, uint64_t val)
{
	for (; x && x->name; x++)
		if (x->val == val)
			return x->name;
	return NULL;
}
