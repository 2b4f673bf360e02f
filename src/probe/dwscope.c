/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The DWARF scopes at a pc and the variables they hold: what a value
 * path is looked up in (dwval.c) and what --list-vars lists (dwval.h:
 * dv_list_vars), with a type spelled as C spells it.
 */
#include "config.h"

#include <dwarf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/dwval_int.h"

const char *dv_name_of(Dwarf_Die *die)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_name, &a) ?
		       dwarf_formstring(&a) :
		       NULL;
}

/* The DIEs with code around pc, outermost first, below cu. */
static unsigned int scopes_at(Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *out,
			      unsigned int n)
{
	Dwarf_Die c;

	if (n >= DV_MAX_SCOPES || dwarf_child(parent, &c))
		return n;
	do {
		switch (dwarf_tag(&c)) {
		case DW_TAG_subprogram:
		case DW_TAG_lexical_block:
		case DW_TAG_inlined_subroutine:
		case DW_TAG_try_block:
		case DW_TAG_catch_block:
			if (dwarf_haspc(&c, pc) != 1)
				continue;
			out[n] = c;
			return scopes_at(&c, pc, out, n + 1);
		case DW_TAG_namespace:
		case DW_TAG_module: {
			unsigned int m = scopes_at(&c, pc, out, n);

			if (m > n)
				return m;
			continue;
		}
		default:
			continue;
		}
	} while (dwarf_siblingof(&c, &c) == 0);
	return n;
}

bool dv_is_var(Dwarf_Die *d)
{
	int tag = dwarf_tag(d);

	return tag == DW_TAG_variable || tag == DW_TAG_formal_parameter;
}

bool dv_is_decl(Dwarf_Die *d)
{
	Dwarf_Attribute a;
	bool f = false;

	return dwarf_attr(d, DW_AT_declaration, &a) &&
	       !dwarf_formflag(&a, &f) && f;
}

/* A variable named name among scope's children (and its abstract
 * origin's, for an inlined copy whose variable left no trace). */
bool dv_var_in(Dwarf_Die *scope, const char *name, Dwarf_Die *out)
{
	Dwarf_Attribute a;
	Dwarf_Die c, origin;

	if (dwarf_child(scope, &c) == 0) {
		do {
			const char *n;

			if (!dv_is_var(&c) || !(n = dv_name_of(&c)) ||
			    strcmp(n, name))
				continue;
			*out = c;
			return true;
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	if (dwarf_attr(scope, DW_AT_abstract_origin, &a) &&
	    dwarf_formref_die(&a, &origin) && dwarf_child(&origin, &c) == 0) {
		do {
			const char *n;

			if (dv_is_var(&c) && (n = dv_name_of(&c)) &&
			    !strcmp(n, name)) {
				*out = c;
				return true;
			}
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	return false;
}

/* The scopes at pc, innermost last, and the concrete function. */
unsigned int dv_scopes_of(struct dv_obj *o, uint64_t pc, Dwarf_Die *sc,
			  Dwarf_Die *cu, Dwarf_Die **func)
{
	Dwarf_Addr bias;
	Dwarf_Die *c = dwfl_module_addrdie(o->mod, pc + o->elfbias, &bias);
	unsigned int n;

	*func = NULL;
	if (!c)
		return 0;
	*cu = *c;
	n = scopes_at(cu, pc + o->elfbias - bias, sc, 0);
	for (unsigned int i = n; i-- > 0;)
		if (dwarf_tag(&sc[i]) == DW_TAG_subprogram) {
			*func = &sc[i];
			break;
		}
	return n;
}

/* --- C's spelling of a type (--list-vars) ------------------------------ */

/* DWARF is untrusted: a type chain may loop. */
#define MAX_TYPE_DEPTH 16
#define DECL_MAX 256

static bool type_die(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) &&
	       dwarf_formref_die(&a, out);
}

static void decl_of(Dwarf_Die *t, const char *d, char *buf, size_t n,
		    int depth);

/* "[4][2]" of an array type, "[]" for a dimension of unknown size. */
static void dims_text(Dwarf_Die *arr, char *buf, size_t n)
{
	Dwarf_Die c;
	size_t len = 0;

	buf[0] = '\0';
	if (dwarf_child(arr, &c) == 0) {
		do {
			Dwarf_Attribute a;
			Dwarf_Word w;

			if (dwarf_tag(&c) != DW_TAG_subrange_type || len >= n)
				continue;
			if (dwarf_attr(&c, DW_AT_count, &a) &&
			    !dwarf_formudata(&a, &w))
				len += snprintf(buf + len, n - len,
						"[%" PRIu64 "]", (uint64_t)w);
			else if (dwarf_attr(&c, DW_AT_upper_bound, &a) &&
				 !dwarf_formudata(&a, &w))
				len += snprintf(buf + len, n - len,
						"[%" PRIu64 "]",
						(uint64_t)w + 1);
			else
				len += snprintf(buf + len, n - len, "[]");
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	if (!len)
		snprintf(buf, n, "[]");
}

/* "(int, char *)" of a function type. */
static void params_text(Dwarf_Die *fn, char *buf, size_t n, int depth)
{
	Dwarf_Die c;
	size_t len = snprintf(buf, n, "(");
	bool any = false;

	if (dwarf_child(fn, &c) == 0) {
		do {
			char p[DECL_MAX];
			Dwarf_Die t;

			if (len >= n)
				break;
			if (dwarf_tag(&c) == DW_TAG_unspecified_parameters) {
				len += snprintf(buf + len, n - len, "%s...",
						any ? ", " : "");
				any = true;
				continue;
			}
			if (dwarf_tag(&c) != DW_TAG_formal_parameter)
				continue;
			decl_of(type_die(&c, &t) ? &t : NULL, "", p, sizeof(p),
				depth + 1);
			len += snprintf(buf + len, n - len, "%s%s",
					any ? ", " : "", p);
			any = true;
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	if (len < n)
		snprintf(buf + len, n - len, "%s)",
			 !any && dwarf_hasattr(fn, DW_AT_prototyped) ? "void" :
								       "");
}

/*
 * The declaration of d (a declarator: "", "*", "(*)[4]") as type t
 * (NULL: void), the way C writes it inside out: the pointer's '*' goes
 * left of d, an array's "[N]" or a function's "(...)" right of it, with
 * parentheses when a pointer is to one of those.
 */
static void decl_of(Dwarf_Die *t, const char *d, char *buf, size_t n, int depth)
{
	static const char *const kw[] = {
		[DW_TAG_structure_type] = "struct ",
		[DW_TAG_union_type] = "union ",
		[DW_TAG_enumeration_type] = "enum ",
		[DW_TAG_class_type] = "class ",
	};
	char nd[DECL_MAX], more[DECL_MAX];
	const char *name, *q = NULL, *sp = *d ? " " : "";
	Dwarf_Die in, *inp;
	int tag;

	if (!t || depth > MAX_TYPE_DEPTH) {
		snprintf(buf, n, "void%s%s", sp, d);
		return;
	}
	inp = type_die(t, &in) ? &in : NULL;
	switch ((tag = dwarf_tag(t))) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type: {
		const char *op = tag == DW_TAG_pointer_type   ? "*" :
				 tag == DW_TAG_reference_type ? "&" :
								"&&";
		int it = inp ? dwarf_tag(inp) : 0;

		if (it == DW_TAG_array_type || it == DW_TAG_subroutine_type)
			snprintf(nd, sizeof(nd), "(%s%s)", op, d);
		else
			snprintf(nd, sizeof(nd), "%s%s", op, d);
		decl_of(inp, nd, buf, n, depth + 1);
		return;
	}
	case DW_TAG_const_type:
		q = "const";
		/* fall through */
	case DW_TAG_volatile_type:
		q = q ? q : "volatile";
		/* fall through */
	case DW_TAG_restrict_type:
		q = q ? q : "restrict";
		/* fall through */
	case DW_TAG_atomic_type:
		q = q ? q : "_Atomic";
		/* A qualified pointer, as gdb spells it: "char * const". */
		if (inp && dwarf_tag(inp) == DW_TAG_pointer_type) {
			snprintf(nd, sizeof(nd), " %s%s%s", q, sp, d);
			decl_of(inp, nd, buf, n, depth + 1);
		} else {
			size_t len = (size_t)snprintf(buf, n, "%s ", q);

			if (len < n)
				decl_of(inp, d, buf + len, n - len, depth + 1);
		}
		return;
	case DW_TAG_array_type:
		dims_text(t, more, sizeof(more));
		snprintf(nd, sizeof(nd), "%s%s", d, more);
		decl_of(inp, nd, buf, n, depth + 1);
		return;
	case DW_TAG_subroutine_type:
		params_text(t, more, sizeof(more), depth);
		snprintf(nd, sizeof(nd), "%s%s", d, more);
		decl_of(inp, nd, buf, n, depth + 1);
		return;
	default:
		name = dv_name_of(t);
		snprintf(buf, n, "%s%s%s%s",
			 (size_t)tag < sizeof(kw) / sizeof(kw[0]) && kw[tag] ?
				 kw[tag] :
				 "",
			 name ? name : "{...}", sp, d);
		return;
	}
}

/* --- the variables visible at a pc (dv_list_vars) ---------------------- */

#define MAX_LISTED 512

struct listing {
	FILE *out;
	Dwarf_Addr dwpc; /* pc as the DWARF numbers it */
	const char *names[MAX_LISTED]; /* listed: an outer one is hidden */
	unsigned int n;
};

/* var has a location (or a constant value) at pc. */
static bool located(Dwarf_Die *var, Dwarf_Addr pc)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t len;

	if (dwarf_attr_integrate(var, DW_AT_const_value, &a))
		return true;
	if (!dwarf_attr(var, DW_AT_location, &a))
		return false;
	return dwarf_getlocation_addr(&a, pc, &ops, &len, 1) > 0 && len > 0;
}

static void list_one(struct listing *l, Dwarf_Die *var)
{
	const char *name = dv_name_of(var);
	char decl[DECL_MAX];
	Dwarf_Die t;

	if (!name || dv_is_decl(var) || l->n == MAX_LISTED)
		return;
	for (unsigned int i = 0; i < l->n; i++)
		if (!strcmp(l->names[i], name))
			return;
	l->names[l->n++] = name;
	decl_of(type_die(var, &t) ? &t : NULL, "", decl, sizeof(decl), 0);
	fprintf(l->out, "\t%s %s%s\n", decl, name,
		located(var, l->dwpc) ? "" : "\t<optimized out>");
}

/* Whether origin's variable at offset off has a concrete copy in scope. */
static bool has_copy(Dwarf_Die *scope, Dwarf_Off off)
{
	Dwarf_Die c, o;
	Dwarf_Attribute a;

	if (dwarf_child(scope, &c))
		return false;
	do {
		if (dv_is_var(&c) &&
		    dwarf_attr(&c, DW_AT_abstract_origin, &a) &&
		    dwarf_formref_die(&a, &o) && dwarf_dieoffset(&o) == off)
			return true;
	} while (dwarf_siblingof(&c, &c) == 0);
	return false;
}

/*
 * scope's variables, then those of its abstract origin (an inlined copy's
 * parameter may leave no DIE of its own: gdb shows it optimized out).
 */
static void list_scope(struct listing *l, Dwarf_Die *scope)
{
	Dwarf_Attribute a;
	Dwarf_Die c, origin;

	if (dwarf_child(scope, &c) == 0) {
		do {
			if (dv_is_var(&c))
				list_one(l, &c);
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	if (!dwarf_attr(scope, DW_AT_abstract_origin, &a) ||
	    !dwarf_formref_die(&a, &origin) || dwarf_child(&origin, &c))
		return;
	do {
		if (dv_is_var(&c) && !has_copy(scope, dwarf_dieoffset(&c)))
			list_one(l, &c);
	} while (dwarf_siblingof(&c, &c) == 0);
}

unsigned int dv_list_vars(struct dv_obj *o, uint64_t pc, FILE *out)
{
	Dwarf_Die sc[DV_MAX_SCOPES], cu, *func;
	struct listing *l;
	Dwarf_Addr bias;
	unsigned int n, listed;

	if (!o || !dwfl_module_addrdie(o->mod, pc + o->elfbias, &bias))
		return 0;
	l = calloc(1, sizeof(*l));
	if (!l)
		return 0;
	l->out = out;
	l->dwpc = pc + o->elfbias - bias;
	n = dv_scopes_of(o, pc, sc, &cu, &func);
	for (unsigned int i = n; i-- > 0;) {
		int tag = dwarf_tag(&sc[i]);

		list_scope(l, &sc[i]);
		/* A frame ends at its function: gdb's info locals and args. */
		if (tag == DW_TAG_subprogram ||
		    tag == DW_TAG_inlined_subroutine)
			break;
	}
	listed = l->n;
	free(l);
	return listed;
}
