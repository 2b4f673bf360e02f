/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The qualifier sets.  Until -e parses them, each holds strace's default:
 * nothing raw, everything abbreviated unless -v, everything verbose, no
 * fd dumped.
 */
#include "config.h"

#include "cli/cli.h"
#include "engine/tcb.h"
#include "filter/qualify.h"

bool qual_raw(const struct tcb *tcp)
{
	return false;
}

bool qual_abbrev(const struct tcb *tcp)
{
	return !cfg.verbose;
}

bool qual_verbose(const struct tcb *tcp)
{
	return true;
}

bool qual_read_dump(int fd)
{
	return false;
}

bool qual_write_dump(int fd)
{
	return false;
}
