/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A dlopen program for the ltrace-mode corpus: libm loaded at run time,
 * a function looked up and called, the library closed again.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	void *h = dlopen("libm.so.6", RTLD_NOW);
	double (*f)(double);
	char buf[64];

	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	*(void **)&f = dlsym(h, "sqrt");
	if (!f || dlsym(h, "no_such_function"))
		return 1;
	snprintf(buf, sizeof(buf), "%.3f", f(2.0));
	puts(buf);
	if (strcmp(buf, "1.414"))
		return 1;
	dlclose(h);
	return atoi("0");
}
