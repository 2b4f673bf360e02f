/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <stddef.h>

#include <libiberty/demangle.h>

#include "unwind/demangle.h"

char *lc_demangle(const char *sym)
{
	/*
	 * libiberty rather than libstdc++'s __cxa_demangle: the latter also
	 * decodes bare type encodings, so a C function named "i" or "f" would
	 * come back as "int" or "float".  cplus_demangle() without DMGL_TYPES
	 * decodes only names of functions and objects.  DMGL_PARAMS keeps the
	 * parameter list, DMGL_ANSI the const/volatile qualifiers, as ltrace
	 * -C shows them; without DMGL_VERBOSE "Ss" stays "std::string".
	 */
	if (!sym || !*sym)
		return NULL;
	return cplus_demangle(sym, DMGL_PARAMS | DMGL_ANSI);
}
