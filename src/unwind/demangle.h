/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -C: C++ (and other languages') symbol names as people write them.  The
 * text is libiberty's, as ltrace prints it: "std::string::size() const",
 * "ns::slen(std::string const&)", "operator delete(void*, unsigned long)".
 */
#ifndef SLTRACE_UNWIND_DEMANGLE_H
#define SLTRACE_UNWIND_DEMANGLE_H

/*
 * Returns the demangled form of the symbol name sym, with its parameter
 * list and qualifiers, malloc'd (the caller frees it); NULL when sym is not
 * a mangled name (a C name such as "strlen"), when it cannot be demangled,
 * or when memory runs out.  sym is the bare name, without "@VERSION".
 */
char *lc_demangle(const char *sym);

#endif /* SLTRACE_UNWIND_DEMANGLE_H */
