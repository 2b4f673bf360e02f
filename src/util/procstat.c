/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <string.h>

#include "util/procstat.h"

const char *procstat_field(const char *buf, int n)
{
	const char *p = strrchr(buf, ')');

	if (!p || p[1] != ' ')
		return NULL;
	p += 2;
	for (int field = 3; field < n; field++) {
		p = strchr(p, ' ');
		if (!p)
			return NULL;
		p++;
	}
	return *p ? p : NULL;
}
