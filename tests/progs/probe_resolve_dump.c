/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * probe_resolve_dump SPEC OBJECT: prints each site probe_resolve()
 * (src/probe/resolve.c) gives, one a line, for tests/cases/probe-*.sh:
 *
 *   ADDR FUNC FUNC_ADDR FILE LINE ENTRY SEMAPHORE ARGS
 *
 * addresses in hex, "-" for what is unknown, ENTRY 1 or 0; ARGS, for a
 * USDT point, "args N KIND..." (print_args()).  Exit status
 * 1 and a line on stderr when the spec or the object is refused.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "probe/resolve.h"
#include "probe/spec.h"
#include "probe/usdt.h"

static const char *str(const char *s)
{
	return s && *s ? s : "-";
}

/* ELF class 2 (64-bit) at byte 4 of path. */
static bool elf_is64(const char *path)
{
	unsigned char id[5] = { 0 };
	FILE *f = fopen(path, "rb");

	if (f) {
		if (fread(id, 1, sizeof(id), f) != sizeof(id))
			id[4] = 0;
		fclose(f);
	}
	return id[4] == 2;
}

/*
 * " N KIND..." for a note's argument spec: how many usdt_args_parse()
 * reads, and each one's kind (c, r, m; m! a symbol left without an
 * address); " bad" when it refuses the spec.
 */
static void print_args(const char *spec, const char *path, bool is64)
{
	struct usdt_arg a[12];
	int n = usdt_args_parse(spec, is64, a, 12);

	if (n < 0) {
		printf(" bad");
		return;
	}
	printf(" %d", n);
	if (probe_resolve_syms(path, a, n) < 0)
		printf(" nosyms");
	for (int i = 0; i < n; i++)
		printf(" %s%s",
		       a[i].kind == USDT_ARG_CONST ? "c" :
		       a[i].kind == USDT_ARG_REG   ? "r" :
						     "m",
		       a[i].sym && (!a[i].sym_addr ||
				    (a[i].gotoff && !a[i].got_addr)) ?
			       "!" :
			       "");
	usdt_args_release(a, n);
}

int main(int argc, char **argv)
{
	struct probe_spec spec;
	struct probe_sites sites;
	const char *why;
	bool is64;
	int rc;

	if (argc != 3) {
		fprintf(stderr, "usage: probe_resolve_dump SPEC OBJECT\n");
		return 2;
	}
	if (probe_spec_parse(argv[1], 0, &spec, &why)) {
		fprintf(stderr, "probe_resolve_dump: %s: %s\n", argv[1], why);
		return 1;
	}
	is64 = elf_is64(argv[2]);
	rc = probe_resolve(&spec, argv[2], &sites);
	if (rc) {
		fprintf(stderr, "probe_resolve_dump: %s: %s\n", argv[2],
			strerror(-rc));
		probe_spec_release(&spec);
		return 1;
	}
	for (unsigned int i = 0; i < sites.n; i++) {
		const struct probe_site *s = &sites.v[i];

		printf("%#llx %s %#llx %s %u %d %#llx %s",
		       (unsigned long long)s->addr, str(s->func),
		       (unsigned long long)s->func_addr, str(s->file), s->line,
		       s->at_entry, (unsigned long long)s->semaphore,
		       s->sdt_args ? "args" : "-");
		if (s->sdt_args)
			print_args(s->sdt_args, argv[2], is64);
		putchar('\n');
	}
	probe_sites_free(&sites);
	probe_spec_release(&spec);
	return 0;
}
