/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -k across mapping changes: stack_dlopen LIB1 FUNC1 LIB2 FUNC2 loads
 * LIB1, calls FUNC1, unloads it, then does the same with LIB2 — which
 * the loader usually maps where LIB1 was.  A tracer that kept LIB1's
 * symbols would name LIB2's frames wrongly.
 */
#include <dlfcn.h>
#include <stdio.h>

static int call(const char *lib, const char *func)
{
	void (*fn)(void);
	void *h = dlopen(lib, RTLD_NOW);

	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	fn = (void (*)(void))dlsym(h, func);
	if (!fn) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	fn();
	return dlclose(h) != 0;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: stack_dlopen LIB1 FUNC1 LIB2 FUNC2\n");
		return 2;
	}
	return call(argv[1], argv[2]) || call(argv[3], argv[4]);
}
