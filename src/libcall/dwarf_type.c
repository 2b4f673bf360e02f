/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * DWARF types to prototype kinds (see dwarf.h for the mapping), placed
 * by the x86_64 calling convention: an argument the printer would read
 * from the wrong register ends the argument list instead.
 */
#include "config.h"

#include <dwarf.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdw.h>

#include "libcall/dwarf_int.h"
#include "libcall/dwattr.h"
#include "libcall/proto.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

bool dw_has_params(Dwarf_Die *die)
{
	Dwarf_Die child;

	if (dwarf_child(die, &child) != 0)
		return false;
	do {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_formal_parameter ||
		    tag == DW_TAG_unspecified_parameters)
			return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* --- types --------------------------------------------------------------- */

/* Where a value travels in the x86_64 calling convention. */
enum slot {
	SLOT_INT,	/* one integer register (or stack word) */
	SLOT_SSE,	/* one SSE register */
	SLOT_VOID,	/* nothing: void */
	SLOT_MEMORY,	/* an aggregate returned through a hidden pointer */
	SLOT_UNKNOWN,	/* anything we cannot place or print */
};

struct typer {
	struct dwarf_protos *dp;
	bool cxx;
	bool is_ret;	/* mapping the return value */
};

static bool type_of(Dwarf_Die *die, Dwarf_Die *type)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) &&
	       dwarf_formref_die(&a, type);
}

/*
 * Follows const, volatile, restrict, _Atomic and (when typedefs) typedef
 * DIEs.  False for void (no type at the end) or a loop.
 */
static bool peel(Dwarf_Die *die, Dwarf_Die *out, bool typedefs)
{
	Dwarf_Die cur = *die;
	int i;

	for (i = 0; i < MAX_TYPE_CHAIN; i++) {
		switch (dwarf_tag(&cur)) {
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			break;
		case DW_TAG_typedef:
			if (typedefs)
				break;
			/* fall through */
		default:
			*out = cur;
			return true;
		}
		if (!type_of(&cur, &cur))
			return false;
	}
	return false;
}

static bool is_char_type(Dwarf_Die *type)
{
	Dwarf_Die t;
	uint64_t enc;

	if (!peel(type, &t, true) || dwarf_tag(&t) != DW_TAG_base_type)
		return false;
	if (dwarf_bytesize(&t) != 1)
		return false;
	enc = dw_udata(&t, DW_AT_encoding, 0);
	return enc == DW_ATE_signed_char || enc == DW_ATE_unsigned_char ||
	       enc == DW_ATE_UTF;
}

static enum slot map_base(struct typer *ty, Dwarf_Die *die, struct ptype *t)
{
	const char *name = dwarf_diename(die);
	int size = dwarf_bytesize(die);
	unsigned int word = ty->dp->word;
	bool is_long;

	if (!name)
		name = "";
	is_long = strstr(name, "long") && !strstr(name, "long long");
	switch (dw_udata(die, DW_AT_encoding, 0)) {
	case DW_ATE_boolean:
		t->kind = PT_BOOL;
		t->size = size > 0 ? size : 1;
		return SLOT_INT;
	case DW_ATE_float:
		if (size == 4) {
			t->kind = PT_FLOAT;
			return SLOT_SSE;
		}
		if (size == 8) {
			t->kind = PT_DOUBLE;
			return SLOT_SSE;
		}
		/* long double travels on the stack, _Float16 in SSE. */
		return SLOT_UNKNOWN;
	case DW_ATE_signed_char:
	case DW_ATE_unsigned_char:
		if (size != 1)
			break;
		/* Only plain char is text; int8_t is signed char. */
		if (!strcmp(name, "char"))
			t->kind = PT_CHAR;
		else if (!strcmp(name, "signed char"))
			t->kind = PT_INT8;
		else
			t->kind = PT_UINT8;
		return SLOT_INT;
	case DW_ATE_signed:
		switch (size) {
		case 1:
			t->kind = PT_INT8;
			return SLOT_INT;
		case 2:
			t->kind = PT_SHORT;
			return SLOT_INT;
		case 4:
			t->kind = word == 4 && is_long ? PT_LONG : PT_INT;
			return SLOT_INT;
		case 8:
			t->kind = word == 8 && is_long ? PT_LONG : PT_LLONG;
			return SLOT_INT;
		}
		break;
	case DW_ATE_unsigned:
	case DW_ATE_UTF:
		switch (size) {
		case 1:
			t->kind = PT_UINT8;
			return SLOT_INT;
		case 2:
			t->kind = PT_USHORT;
			return SLOT_INT;
		case 4:
			t->kind = word == 4 && is_long ? PT_ULONG : PT_UINT;
			return SLOT_INT;
		case 8:
			t->kind = word == 8 && is_long ? PT_ULONG : PT_ULLONG;
			return SLOT_INT;
		}
		break;
	}
	/* __int128 takes two registers, _Complex one or two, decimals... */
	return SLOT_UNKNOWN;
}

static const struct xlat *enum_xlat(struct typer *ty, Dwarf_Die *die,
				    int size)
{
	uint64_t mask = size >= 8 ? ~0ULL : (1ULL << (8 * size)) - 1;
	struct dw_enum *e;
	struct xlat *x;
	Dwarf_Die child;
	size_t n = 0, i = 0;

	for (e = ty->dp->enums; e; e = e->next)
		if (e->key == die->addr)
			return e->xlat;
	if (dwarf_child(die, &child) == 0) {
		do {
			n += dwarf_tag(&child) == DW_TAG_enumerator;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	if (!n)
		return NULL;
	e = calloc(1, sizeof(*e));
	x = calloc(n + 1, sizeof(*x));
	if (!e || !x) {
		free(e);
		free(x);
		return NULL;
	}
	dwarf_child(die, &child);
	do {
		Dwarf_Attribute a;
		Dwarf_Word v;
		const char *name;

		if (dwarf_tag(&child) != DW_TAG_enumerator || i == n)
			continue;
		name = dwarf_diename(&child);
		if (!name || !dwarf_attr(&child, DW_AT_const_value, &a) ||
		    dwarf_formudata(&a, &v))
			continue;
		/*
		 * Negative enumerators come sign-extended; the printer reads
		 * size bytes, zero-extended.
		 */
		x[i].val = v & mask;
		x[i].name = name;
		i++;
	} while (dwarf_siblingof(&child, &child) == 0);
	if (!i) {
		free(e);
		free(x);
		return NULL;
	}
	e->key = die->addr;
	e->xlat = x;
	e->next = ty->dp->enums;
	ty->dp->enums = e;
	return x;
}

static enum slot map_enum(struct typer *ty, Dwarf_Die *die, struct ptype *t)
{
	int size = dwarf_bytesize(die);
	Dwarf_Die under;
	bool is_signed = true;

	if (size != 1 && size != 2 && size != 4 && size != 8)
		size = 4;
	if (type_of(die, &under) && peel(&under, &under, true) &&
	    dwarf_tag(&under) == DW_TAG_base_type) {
		uint64_t enc = dw_udata(&under, DW_AT_encoding, 0);

		is_signed = enc == DW_ATE_signed || enc == DW_ATE_signed_char;
	}
	t->xlat = enum_xlat(ty, die, size);
	if (t->xlat) {
		t->kind = PT_ENUM;
		t->size = size;
		return SLOT_INT;
	}
	switch (size) {
	case 1:
		t->kind = is_signed ? PT_INT8 : PT_UINT8;
		break;
	case 2:
		t->kind = is_signed ? PT_SHORT : PT_USHORT;
		break;
	case 8:
		t->kind = is_signed ? PT_LLONG : PT_ULLONG;
		break;
	default:
		t->kind = is_signed ? PT_INT : PT_UINT;
		break;
	}
	return SLOT_INT;
}

static bool is_aggregate(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type;
}

/* fn, a member function of cls, is X(const X &) or X(X &&). */
static bool is_copy_or_move_ctor(Dwarf_Die *fn, Dwarf_Die *cls)
{
	const char *cname = dwarf_diename(cls), *tname;
	Dwarf_Die p, t;

	if (dwarf_child(fn, &p) != 0)
		return false;
	do {
		/* The first parameter after `this`. */
		if (dwarf_tag(&p) != DW_TAG_formal_parameter ||
		    dw_flag(&p, DW_AT_artificial, false))
			continue;
		if (!type_of(&p, &t) || !peel(&t, &t, true))
			return false;
		if (dwarf_tag(&t) != DW_TAG_reference_type &&
		    dwarf_tag(&t) != DW_TAG_rvalue_reference_type)
			return false;
		if (!type_of(&t, &t) || !peel(&t, &t, true))
			return false;
		tname = dwarf_diename(&t);
		return t.addr == cls->addr ||
		       (tname && cname && !strcmp(tname, cname));
	} while (dwarf_siblingof(&p, &p) == 0);
	return false;
}

/*
 * A C++ class the Itanium ABI passes and returns through a hidden
 * pointer: one with a user-provided copy or move constructor or
 * destructor, a deleted one, virtual functions or bases, or such a
 * member or base.  GCC does not emit DW_AT_calling_convention, so the
 * members say it.  Implicit special members appear in DWARF only when
 * used, hence the walk through members and bases.  1 if so, 0 if not, -1
 * when the budget of types to look at runs out first.
 */
static int cxx_by_reference(Dwarf_Die *die, int *budget)
{
	const char *cname = dwarf_diename(die);
	Dwarf_Die child, t;
	int r;

	if (--*budget < 0)
		return -1;
	if (dwarf_child(die, &child) != 0)
		return 0;
	do {
		const char *name = dwarf_diename(&child);

		switch (dwarf_tag(&child)) {
		case DW_TAG_subprogram:
			if (dw_udata(&child, DW_AT_virtuality, 0))
				return 1;
			if (dw_flag(&child, DW_AT_artificial, false) || !name)
				break;
			/* `X(const X &) = default;` stays trivial. */
			if (dw_udata(&child, DW_AT_defaulted, 0) ==
			    DW_DEFAULTED_in_class)
				break;
			if (name[0] == '~')
				return 1;
			if (cname && !strcmp(name, cname) &&
			    is_copy_or_move_ctor(&child, die))
				return 1;
			break;
		case DW_TAG_member:
			if (name && !strncmp(name, "_vptr", 5))
				return 1;
			/* fall through */
		case DW_TAG_inheritance:
			if (dw_udata(&child, DW_AT_virtuality, 0))
				return 1;
			if (dw_flag(&child, DW_AT_declaration, false))
				break;
			if (type_of(&child, &t) && peel(&t, &t, true) &&
			    is_aggregate(dwarf_tag(&t)) &&
			    (r = cxx_by_reference(&t, budget)))
				return r;
			break;
		default:
			break;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return 0;
}

/* The x86_64 classes of the eightbytes of an aggregate of 16 bytes or less. */
enum eb_class {
	EB_NONE,
	EB_SSE,
	EB_INT,
	EB_MEMORY,
};

static void eb_merge(enum eb_class *c, enum eb_class with)
{
	if (with > *c)
		*c = with;
}

static void classify(Dwarf_Die *type, uint64_t off, enum eb_class cls[2],
		     int *budget)
{
	Dwarf_Die t, child, elem;
	Dwarf_Word size = 0, esize = 0;
	int tag;
	uint64_t i;

	if (--*budget < 0 || !peel(type, &t, true)) {
		eb_merge(&cls[0], EB_MEMORY);
		return;
	}
	tag = dwarf_tag(&t);
	if (is_aggregate(tag)) {
		if (dwarf_child(&t, &child) != 0)
			return;
		do {
			int ctag = dwarf_tag(&child);
			uint64_t moff;

			if (ctag != DW_TAG_member && ctag != DW_TAG_inheritance)
				continue;
			if (dw_flag(&child, DW_AT_declaration, false) ||
			    !type_of(&child, &elem))
				continue;
			moff = dw_udata(&child, DW_AT_data_member_location,
					  0);
			if (dwarf_hasattr(&child, DW_AT_data_bit_offset))
				moff = dw_udata(&child, DW_AT_data_bit_offset,
						  0) / 8;
			classify(&elem, off + moff, cls, budget);
		} while (dwarf_siblingof(&child, &child) == 0);
		return;
	}
	if (tag == DW_TAG_array_type) {
		if (!type_of(&t, &elem) || dwarf_aggregate_size(&t, &size) ||
		    dwarf_aggregate_size(&elem, &esize) || !esize) {
			eb_merge(&cls[0], EB_MEMORY);
			return;
		}
		for (i = 0; i < size / esize && i < 16; i++)
			classify(&elem, off + i * esize, cls, budget);
		return;
	}
	if (dwarf_aggregate_size(&t, &size) || off + size > 16 || !size) {
		eb_merge(&cls[0], EB_MEMORY);
		return;
	}
	if (tag == DW_TAG_base_type) {
		uint64_t enc = dw_udata(&t, DW_AT_encoding, 0);

		/* long double is x87 class: the whole aggregate in memory. */
		if (enc == DW_ATE_float && size > 8) {
			eb_merge(&cls[0], EB_MEMORY);
			return;
		}
		if (enc == DW_ATE_float || enc == DW_ATE_complex_float) {
			for (i = off / 8; i <= (off + size - 1) / 8; i++)
				eb_merge(&cls[i], EB_SSE);
			return;
		}
	}
	for (i = off / 8; i <= (off + size - 1) / 8 && i < 2; i++)
		eb_merge(&cls[i], EB_INT);
}

static enum slot map_aggregate(struct typer *ty, Dwarf_Die *die,
			       struct ptype *t)
{
	enum eb_class cls[2] = { EB_NONE, EB_NONE };
	int budget = MAX_TYPE_VISITS, byref = 0;
	Dwarf_Word size;

	if (ty->cxx)
		byref = cxx_by_reference(die, &budget);
	if (byref < 0)
		return SLOT_UNKNOWN;
	if (byref) {
		t->kind = PT_PTR;
		return SLOT_MEMORY;
	}
	/* The i386 ABI returns every struct and union through memory. */
	if (ty->is_ret && ty->dp->word == 4)
		return SLOT_MEMORY;
	if (dwarf_aggregate_size(die, &size) || size > 16)
		return SLOT_MEMORY;
	budget = MAX_TYPE_VISITS;
	classify(die, 0, cls, &budget);
	if (cls[0] == EB_MEMORY || cls[1] == EB_MEMORY)
		return SLOT_MEMORY;
	/* One integer eightbyte: the register holds all of the value. */
	if (size > 0 && size <= ty->dp->word && cls[0] == EB_INT) {
		t->kind = PT_HEX;
		t->size = size <= 1 ? 1 : size <= 2 ? 2 : size <= 4 ? 4 : 8;
		return SLOT_INT;
	}
	return SLOT_UNKNOWN;
}

static const struct {
	const char *name;
	enum ptype_kind kind;
} typedef_kinds[] = {
	{ "size_t", PT_SIZE },	 { "ssize_t", PT_SSIZE }, { "off_t", PT_SSIZE },
	{ "off64_t", PT_SSIZE }, { "mode_t", PT_MODE },
};

/* A typedef with a kind of its own, when its size agrees with the kind. */
static bool typedef_kind(struct typer *ty, Dwarf_Die *die, struct ptype *t)
{
	const char *name = dwarf_diename(die);
	Dwarf_Word size, want;
	size_t i;

	if (!name || dwarf_aggregate_size(die, &size))
		return false;
	for (i = 0; i < ARRAY_SIZE(typedef_kinds); i++) {
		if (strcmp(name, typedef_kinds[i].name))
			continue;
		/* PT_SIZE, PT_SSIZE: a word; i386 off_t may be 64-bit. */
		want = typedef_kinds[i].kind == PT_MODE ? 4 : ty->dp->word;
		if (size != want)
			return false;
		t->kind = typedef_kinds[i].kind;
		return true;
	}
	return false;
}

/* The kind of a value of type die (NULL: void).  Fills t. */
static enum slot map_type(struct typer *ty, Dwarf_Die *die, struct ptype *t)
{
	Dwarf_Die cur, target;
	int i;

	memset(t, 0, sizeof(*t));
	t->kind = PT_VOID;
	if (!die)
		return SLOT_VOID;
	cur = *die;
	for (i = 0; i < MAX_TYPE_CHAIN; i++) {
		switch (dwarf_tag(&cur)) {
		case DW_TAG_typedef:
			if (typedef_kind(ty, &cur, t))
				return SLOT_INT;
			/* fall through */
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			if (!type_of(&cur, &cur))
				return SLOT_VOID;
			continue;
		case DW_TAG_base_type:
			return map_base(ty, &cur, t);
		case DW_TAG_pointer_type:
			if (type_of(&cur, &target) && is_char_type(&target))
				t->kind = PT_STRING;
			else
				t->kind = PT_PTR;
			return SLOT_INT;
		case DW_TAG_reference_type:
		case DW_TAG_rvalue_reference_type:
		case DW_TAG_unspecified_type: /* decltype(nullptr) */
			t->kind = PT_PTR;
			return SLOT_INT;
		case DW_TAG_ptr_to_member_type:
			/* A pointer to member function is two words. */
			if (type_of(&cur, &target) &&
			    peel(&target, &target, true) &&
			    dwarf_tag(&target) == DW_TAG_subroutine_type)
				return SLOT_UNKNOWN;
			t->kind = PT_HEX;
			return SLOT_INT;
		case DW_TAG_enumeration_type:
			return map_enum(ty, &cur, t);
		case DW_TAG_structure_type:
		case DW_TAG_class_type:
		case DW_TAG_union_type:
			return map_aggregate(ty, &cur, t);
		default:
			return SLOT_UNKNOWN;
		}
	}
	return SLOT_UNKNOWN;
}

/* --- prototypes ---------------------------------------------------------- */

static bool is_cxx_lang(int lang)
{
	switch (lang) {
	case DW_LANG_C_plus_plus:
	case DW_LANG_C_plus_plus_03:
	case DW_LANG_C_plus_plus_11:
	case DW_LANG_C_plus_plus_14:
#ifdef DW_LANG_C_plus_plus_17
	case DW_LANG_C_plus_plus_17:
#endif
#ifdef DW_LANG_C_plus_plus_20
	case DW_LANG_C_plus_plus_20:
#endif
		return true;
	default:
		return false;
	}
}

/* A parameter's name onto "a,b,": empty where it has none. */
static void add_name(char *names, size_t size, size_t *len, Dwarf_Die *die)
{
	const char *name = dwarf_diename(die);
	int n = snprintf(names + *len, size - *len, "%s,", name ? name : "");

	if (n > 0 && (size_t)n < size - *len)
		*len += (size_t)n;
}

struct proto *dw_build_proto(struct dwarf_protos *dp, struct dw_func *f)
{
	struct ptype args[PROTO_MAX_ARGS], ret;
	char names[PROTO_MAX_ARGS * 32];
	size_t nlen = 0, commas;
	struct typer ty = { .dp = dp };
	Dwarf_Die die = f->die, cudie, child, type;
	bool variadic = false, cut = false;
	struct proto *p;
	unsigned int n = 0, i;
	enum slot s;

	if (dwarf_diecu(&f->die, &cudie, NULL, NULL))
		ty.cxx = is_cxx_lang(dwarf_srclang(&cudie));
	ty.is_ret = true;
	s = map_type(&ty, type_of(&die, &type) ? &type : NULL, &ret);
	ty.is_ret = false;
	switch (s) {
	case SLOT_MEMORY:
		/*
		 * The caller passes the address of the result as a hidden
		 * first argument (rdi; i386: the first stack slot) and gets
		 * it back in rax: every argument is one place further than
		 * the prototype says.
		 */
		memset(&ret, 0, sizeof(ret));
		ret.kind = PT_PTR;
		cut = variadic = true;
		break;
	case SLOT_UNKNOWN:
		/* In st0, or in two registers: no kind prints it right. */
		memset(&ret, 0, sizeof(ret));
		ret.kind = PT_VOID;
		break;
	default:
		break;
	}
	/*
	 * A concrete out-of-line copy of an inline function, or a C++
	 * definition, may leave its parameters to the DIE it refers to.
	 */
	for (i = 0; i < 4 && !dw_has_params(&die); i++) {
		Dwarf_Attribute a;

		if (!(dwarf_attr(&die, DW_AT_abstract_origin, &a) ||
		      dwarf_attr(&die, DW_AT_specification, &a)) ||
		    !dwarf_formref_die(&a, &die))
			break;
	}
	if (dwarf_child(&die, &child) == 0) {
		do {
			int tag = dwarf_tag(&child);

			if (tag == DW_TAG_unspecified_parameters)
				variadic = true;
			if (tag != DW_TAG_formal_parameter || cut)
				continue;
			if (n == PROTO_MAX_ARGS) {
				cut = variadic = true;
				continue;
			}
			s = map_type(&ty, type_of(&child, &type) ? &type : NULL,
				     &args[n]);
			if (s == SLOT_INT || s == SLOT_SSE ||
			    (s == SLOT_MEMORY && args[n].kind == PT_PTR)) {
				add_name(names, sizeof(names), &nlen, &child);
				n++;
				continue;
			}
			/*
			 * A value in two registers, in memory or of no known
			 * place: the next arguments' registers are unknown.
			 */
			cut = variadic = true;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	/* A name for each argument kept, or none (room ran out). */
	commas = 0;
	for (i = 0; i < nlen; i++)
		commas += names[i] == ',';
	if (nlen)
		names[nlen - 1] = '\0';
	p = proto_new_named(f->name, n, n && commas == n ? names : NULL);
	if (!p)
		return NULL;
	p->ret = ret;
	p->variadic = variadic;
	for (i = 0; i < n; i++)
		p->args[i] = args[i];
	return p;
}

