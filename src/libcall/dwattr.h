/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Attribute readers over libdw, for the prototypes from DWARF
 * (dwarf_type.c) and the probes' value reader (src/probe/dwval.c).
 */
#ifndef SLTRACE_LIBCALL_DWATTR_H
#define SLTRACE_LIBCALL_DWATTR_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

/* A flag attribute; integrate follows DW_AT_abstract_origin/specification. */
bool dw_flag(Dwarf_Die *die, unsigned int at, bool integrate);

/*
 * An unsigned constant attribute, following DW_AT_abstract_origin and
 * DW_AT_specification; dflt when the DIE has none or it is no constant.
 */
uint64_t dw_udata(Dwarf_Die *die, unsigned int at, uint64_t dflt);

#endif /* SLTRACE_LIBCALL_DWATTR_H */
