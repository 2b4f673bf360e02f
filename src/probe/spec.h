/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Probe specifications: the text of --list-probes today and of the probe
 * event source later (doc/probes.md lists every spelling).  Pure: no
 * tracee, no files.  The text is untrusted; a bad one gives -EINVAL and a
 * reason, never a crash.
 *
 *   FUNC[@OBJ]              entry of a function (after its prologue)
 *   FUNC[@OBJ]%return       its returns
 *   FUNC[@OBJ]+OFF          OFF bytes into it (+0: its first byte)
 *   FUNC[@OBJ]:RELLINE      line RELLINE of its body (0: its first line)
 *   FILE:LINE               a source line (FILE has a '.' or a '/')
 *   *ADDR[@OBJ]             a file-relative address
 *   sdt:PROV:NAME[@OBJ]     a USDT point of .note.stapsdt
 *
 * FUNC, OBJ, PROV and NAME are fnmatch(3) globs; OBJ is matched against
 * an object's basename.
 */
#ifndef SLTRACE_PROBE_SPEC_H
#define SLTRACE_PROBE_SPEC_H

#include <stdbool.h>
#include <stdint.h>

enum probe_kind {
	PROBE_FUNC,		/* FUNC[@OBJ], with %return or +OFF */
	PROBE_RELLINE,		/* FUNC[@OBJ]:RELLINE */
	PROBE_LINE,		/* FILE:LINE */
	PROBE_ADDR,		/* *ADDR[@OBJ] */
	PROBE_SDT,		/* sdt:PROV:NAME[@OBJ] */
};

/* Listing may name a function's every line: "FUNC:" (line is -1). */
#define PROBE_SPEC_LISTING	0x1

struct probe_spec {
	enum probe_kind kind;
	char *func;		/* FUNC, RELLINE: a glob */
	char *obj;		/* a glob on the basename; NULL: any object */
	char *file;		/* LINE: a path or its tail */
	char *provider;		/* SDT */
	char *name;		/* SDT */
	uint64_t offset;	/* FUNC: +OFF; ADDR: the address */
	long line;		/* LINE, RELLINE; -1: every line (listing) */
	bool has_offset;	/* FUNC: +OFF was given (+0 differs from none) */
	bool ret;		/* FUNC: %return */
};

/*
 * Parses text into *spec.  flags: PROBE_SPEC_*.  Returns 0, and then *spec
 * owns copies of every string until probe_spec_release(); or -EINVAL with
 * *why set to a static reason ("expected a line number after ':'"), or
 * -ENOMEM; *spec is then empty.
 */
int probe_spec_parse(const char *text, unsigned int flags,
		     struct probe_spec *spec, const char **why);

/* Frees what spec owns and empties it. */
void probe_spec_release(struct probe_spec *spec);

#endif
