/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Attribute readers over libdw (dwattr.h). */
#include "config.h"

#include "libcall/dwattr.h"

bool dw_flag(Dwarf_Die *die, unsigned int at, bool integrate)
{
	Dwarf_Attribute a;
	bool v = false;

	if (!(integrate ? dwarf_attr_integrate(die, at, &a) :
			  dwarf_attr(die, at, &a)))
		return false;
	return dwarf_formflag(&a, &v) == 0 && v;
}

uint64_t dw_udata(Dwarf_Die *die, unsigned int at, uint64_t dflt)
{
	Dwarf_Attribute a;
	Dwarf_Word v;

	if (!dwarf_attr_integrate(die, at, &a) || dwarf_formudata(&a, &v))
		return dflt;
	return v;
}
