/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * probe_resolve_dump SPEC OBJECT: prints each site probe_resolve()
 * (src/probe/resolve.c) gives, one a line, for tests/cases/probe-*.sh:
 *
 *   ADDR FUNC FUNC_ADDR FILE LINE ENTRY SEMAPHORE ARGS
 *
 * addresses in hex, "-" for what is unknown, ENTRY 1 or 0.  Exit status
 * 1 and a line on stderr when the spec or the object is refused.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "probe/resolve.h"
#include "probe/spec.h"

static const char *str(const char *s)
{
	return s && *s ? s : "-";
}

int main(int argc, char **argv)
{
	struct probe_spec spec;
	struct probe_sites sites;
	const char *why;
	int rc;

	if (argc != 3) {
		fprintf(stderr, "usage: probe_resolve_dump SPEC OBJECT\n");
		return 2;
	}
	if (probe_spec_parse(argv[1], 0, &spec, &why)) {
		fprintf(stderr, "probe_resolve_dump: %s: %s\n", argv[1], why);
		return 1;
	}
	rc = probe_resolve(&spec, argv[2], &sites);
	if (rc) {
		fprintf(stderr, "probe_resolve_dump: %s: %s\n", argv[2],
			strerror(-rc));
		probe_spec_release(&spec);
		return 1;
	}
	for (unsigned int i = 0; i < sites.n; i++) {
		const struct probe_site *s = &sites.v[i];

		printf("%#llx %s %#llx %s %u %d %#llx %s\n",
		       (unsigned long long)s->addr, str(s->func),
		       (unsigned long long)s->func_addr, str(s->file), s->line,
		       s->at_entry, (unsigned long long)s->semaphore,
		       str(s->sdt_args));
	}
	probe_sites_free(&sites);
	probe_spec_release(&spec);
	return 0;
}
