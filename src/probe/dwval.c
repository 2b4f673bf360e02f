/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The program's variables at a probed address (dwval.h): value paths
 * compiled against the DWARF scopes at a pc, their types followed, and
 * their values printed or reduced to scalars at each hit.  Where a value
 * is comes from dwloc.c.
 */
#include "config.h"

#include <ctype.h>
#include <dwarf.h>
#include <errno.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "libcall/dwattr.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "output/emit.h"
#include "probe/dwval_int.h"

/*
 * DWARF is untrusted: a type chain may loop.  MAX_CHAIN bounds the
 * typedefs and qualifiers followed, MAX_STEPS a value path, MAX_DEPTH
 * the nesting printed, MAX_ELEMS the array elements printed.
 */
#define MAX_CHAIN 32
#define MAX_STEPS 32
#define MAX_DEPTH 4
#define MAX_ELEMS 32
#define MAX_DIMS 8
#define STR_MAX 255

/* A type with its qualifiers and typedefs stripped; dim: the first
 * dimension of an array type still to index. */
struct tref {
	Dwarf_Die die;
	bool is_void;
	unsigned int dim;
};

enum step_kind {
	S_OFF,
	S_DEREF
};

struct step {
	enum step_kind kind;
	int64_t off;
};

enum cast_kind {
	C_NONE,
	C_STRING,
	C_HEX,
	C_SIGNED,
	C_UNSIGNED
};

struct dv_expr {
	char *name;
	struct dv_obj *o;
	Dwarf_Die var;
	Dwarf_Die func; /* the concrete function around pc */
	bool has_func;
	uint64_t pc; /* file-relative */
	struct step steps[MAX_STEPS];
	unsigned int nsteps;
	struct tref type; /* of the value the path ends at */
	size_t var_size; /* of the variable itself */
	bool bitfield;
	uint64_t bit_off, bit_size; /* from the last S_OFF's byte */
	enum cast_kind cast;
	unsigned int cast_bits;
};

/* --- objects --------------------------------------------------------- */

static struct dv_obj *objs;

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/*
 * An offline Dwfl of the object, as --list-probes opens it: its
 * addresses stay the file's own, and libdwfl finds a separate debug
 * file by build-id and .gnu_debuglink as -k does.
 */
struct dv_obj *dv_open(const char *path)
{
	static const Dwfl_Callbacks cb = {
		.find_elf = dwfl_build_id_find_elf,
		.find_debuginfo = dwfl_standard_find_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	struct dv_obj *o;
	GElf_Addr bias;
	Elf *elf;

	for (o = objs; o; o = o->next)
		if (!strcmp(o->path, path))
			return o->dbg ? o : NULL;
	o = calloc(1, sizeof(*o));
	if (!o || !(o->path = strdup(path))) {
		free(o);
		return NULL;
	}
	/* Misses are cached too: an object without DWARF is asked again
	 * at every probe on it. */
	o->next = objs;
	objs = o;
	o->dwfl = dwfl_begin(&cb);
	if (!o->dwfl)
		return NULL;
	o->mod = dwfl_report_offline(o->dwfl, base_name(path), path, -1);
	dwfl_report_end(o->dwfl, NULL, NULL);
	if (!o->mod)
		return NULL;
	elf = dwfl_module_getelf(o->mod, &bias);
	o->elfbias = bias;
	o->is64 = elf && gelf_getclass(elf) == ELFCLASS64;
	o->dbg = dwfl_module_getdwarf(o->mod, &o->dwbias);
	return o->dbg ? o : NULL;
}

/* --- types ------------------------------------------------------------ */

static bool type_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) &&
	       dwarf_formref_die(&a, out);
}

/* die's type, typedefs and qualifiers followed. */
static struct tref strip(Dwarf_Die *type)
{
	struct tref t = { .die = *type };

	for (int i = 0; i < MAX_CHAIN; i++) {
		switch (dwarf_tag(&t.die)) {
		case DW_TAG_typedef:
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			if (!type_of(&t.die, &t.die)) {
				t.is_void = true;
				return t;
			}
			continue;
		default:
			return t;
		}
	}
	t.is_void = true;
	return t;
}

static struct tref type_ref(Dwarf_Die *die)
{
	Dwarf_Die t;

	if (!type_of(die, &t))
		return (struct tref){ .is_void = true };
	return strip(&t);
}

static int tag_of(const struct tref *t)
{
	return t->is_void ? 0 : dwarf_tag((Dwarf_Die *)&t->die);
}

/* An array's dimensions (elements each; 0 unknown).  Returns how many. */
static unsigned int dims_of(Dwarf_Die *arr, uint64_t *dims)
{
	Dwarf_Die c;
	unsigned int n = 0;

	if (dwarf_child(arr, &c))
		return 0;
	do {
		Dwarf_Attribute a;
		Dwarf_Sword lo = 0, hi;

		if (dwarf_tag(&c) != DW_TAG_subrange_type &&
		    dwarf_tag(&c) != DW_TAG_enumeration_type)
			continue;
		if (n == MAX_DIMS)
			break;
		if (dwarf_attr_integrate(&c, DW_AT_count, &a)) {
			dims[n++] = dw_udata(&c, DW_AT_count, 0);
			continue;
		}
		if (dwarf_attr_integrate(&c, DW_AT_lower_bound, &a))
			dwarf_formsdata(&a, &lo);
		if (dwarf_attr_integrate(&c, DW_AT_upper_bound, &a) &&
		    !dwarf_formsdata(&a, &hi) && hi >= lo)
			dims[n++] = (uint64_t)(hi - lo + 1);
		else
			dims[n++] = 0;
	} while (dwarf_siblingof(&c, &c) == 0);
	return n;
}

static size_t ptr_size(const struct dv_obj *o)
{
	return o->is64 ? 8 : 4;
}

static uint64_t type_size(const struct dv_obj *o, const struct tref *t);

/* The element of array t (after dimension t->dim). */
static struct tref elem_of(const struct tref *t, uint64_t *count)
{
	uint64_t dims[MAX_DIMS];
	unsigned int n = dims_of((Dwarf_Die *)&t->die, dims);
	struct tref e = *t;

	*count = t->dim < n ? dims[t->dim] : 0;
	if (t->dim + 1 < n) {
		e.dim = t->dim + 1;
		return e;
	}
	return type_ref((Dwarf_Die *)&t->die);
}

static uint64_t type_size(const struct dv_obj *o, const struct tref *t)
{
	uint64_t count;
	struct tref e;

	switch (tag_of(t)) {
	case 0:
		return 0;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		return dw_udata((Dwarf_Die *)&t->die, DW_AT_byte_size,
			     ptr_size(o));
	case DW_TAG_array_type:
		e = elem_of(t, &count);
		if (tag_of(&e) == DW_TAG_array_type && e.dim == t->dim)
			return 0; /* a loop */
		return count * type_size(o, &e);
	default:
		return dw_udata((Dwarf_Die *)&t->die, DW_AT_byte_size, 0);
	}
}

static bool is_char(const struct tref *t)
{
	uint64_t enc;

	if (tag_of(t) != DW_TAG_base_type ||
	    dw_udata((Dwarf_Die *)&t->die, DW_AT_byte_size, 0) != 1)
		return false;
	enc = dw_udata((Dwarf_Die *)&t->die, DW_AT_encoding, 0);
	return enc == DW_ATE_signed_char || enc == DW_ATE_unsigned_char ||
	       enc == DW_ATE_UTF;
}

static bool is_pointer(const struct tref *t)
{
	int tag = tag_of(t);

	return tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
	       tag == DW_TAG_rvalue_reference_type;
}

static bool is_char_array(const struct tref *t)
{
	uint64_t count;
	struct tref el;

	if (tag_of(t) != DW_TAG_array_type)
		return false;
	el = elem_of(t, &count);
	return is_char(&el);
}

static bool is_char_ptr(const struct tref *t)
{
	struct tref p;

	if (!is_pointer(t))
		return false;
	p = type_ref((Dwarf_Die *)&t->die);
	return is_char(&p);
}

static bool is_aggregate(const struct tref *t)
{
	int tag = tag_of(t);

	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type;
}

/*
 * Where member m is in its struct: its byte offset, and for a bitfield
 * the bit offset from the struct's start (little-endian: from bit 0 of
 * its first byte) and width.
 */
static void member_place(Dwarf_Die *m, uint64_t *off, bool *bits,
			 uint64_t *bit_off, uint64_t *bit_size)
{
	Dwarf_Attribute a;
	Dwarf_Word w;

	*off = 0;
	*bits = false;
	if (dwarf_attr_integrate(m, DW_AT_data_member_location, &a)) {
		Dwarf_Op *ops;
		size_t n;

		if (!dwarf_formudata(&a, &w))
			*off = w;
		else if (dwarf_getlocation(&a, &ops, &n) == 0 && n == 1 &&
			 ops[0].atom == DW_OP_plus_uconst)
			*off = ops[0].number; /* DWARF 2 */
	}
	*bit_size = dw_udata(m, DW_AT_bit_size, 0);
	if (!*bit_size)
		return;
	*bits = true;
	if (dwarf_attr_integrate(m, DW_AT_data_bit_offset, &a)) {
		*bit_off = dw_udata(m, DW_AT_data_bit_offset, 0);
		*off = 0;
	} else {
		/* DWARF 2/3: counted from the storage unit's top bit. */
		uint64_t unit = dw_udata(m, DW_AT_byte_size, 0);
		uint64_t big = dw_udata(m, DW_AT_bit_offset, 0);
		struct tref t = type_ref(m);

		if (!unit)
			unit = dw_udata(&t.die, DW_AT_byte_size, 4);
		*bit_off = *off * 8 + unit * 8 - big - *bit_size;
		*off = 0;
	}
}

/*
 * Member name of aggregate t, looked for in anonymous members too: its
 * Dwarf_Die and byte offset.
 */
static bool find_member(struct tref *t, const char *name, Dwarf_Die *out,
			uint64_t *base, int depth)
{
	Dwarf_Die c;

	if (depth > MAX_DEPTH || dwarf_child(&t->die, &c))
		return false;
	do {
		const char *n;
		uint64_t off, bo, bs;
		bool bits;

		if (dwarf_tag(&c) != DW_TAG_member)
			continue;
		n = dv_name_of(&c);
		member_place(&c, &off, &bits, &bo, &bs);
		if (n && !strcmp(n, name)) {
			*out = c;
			*base += off;
			return true;
		}
		if (!n) {
			struct tref mt = type_ref(&c);
			uint64_t sub = *base + off;

			if (is_aggregate(&mt) &&
			    find_member(&mt, name, out, &sub, depth + 1)) {
				*base = sub;
				return true;
			}
		}
	} while (dwarf_siblingof(&c, &c) == 0);
	return false;
}

/* A global of the object: a CU-level variable with a location. */
static bool global_var(struct dv_obj *o, const char *name, Dwarf_Die *out)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	bool found = false;

	while (dwarf_nextcu(o->dbg, off, &next, &hsize, NULL, NULL, NULL) ==
	       0) {
		Dwarf_Die cu, c;
		Dwarf_Attribute a;

		if (dwarf_offdie(o->dbg, off + hsize, &cu) &&
		    dwarf_child(&cu, &c) == 0) {
			do {
				const char *n;

				if (dwarf_tag(&c) != DW_TAG_variable ||
				    dv_is_decl(&c) || !(n = dv_name_of(&c)) ||
				    strcmp(n, name) ||
				    (!dwarf_attr(&c, DW_AT_location, &a) &&
				     !dwarf_attr(&c, DW_AT_const_value, &a)))
					continue;
				*out = c;
				found = true;
				/* An external one wins over a static one. */
				if (dwarf_hasattr(&c, DW_AT_external))
					return true;
			} while (dwarf_siblingof(&c, &c) == 0);
		}
		off = next;
	}
	return found;
}

static void where(struct dv_obj *o, uint64_t pc, char *buf, size_t size)
{
	Dwfl_Line *l = dwfl_module_getsrc(o->mod, pc + o->elfbias);
	const char *file = NULL;
	int line = 0;

	if (l)
		file = dwfl_lineinfo(l, NULL, &line, NULL, NULL, NULL);
	if (file)
		snprintf(buf, size, "%s:%d", base_name(file), line);
	else
		snprintf(buf, size, "%#" PRIx64, pc);
}

/* --- value paths ------------------------------------------------------- */

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static size_t ident_len(const char *p)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

static int parse_cast(const char *c, struct dv_expr *e)
{
	char *end;
	unsigned long w;

	if (!strcmp(c, "string")) {
		e->cast = C_STRING;
		return 0;
	}
	if (*c == 'x')
		e->cast = C_HEX;
	else if (*c == 's')
		e->cast = C_SIGNED;
	else if (*c == 'u')
		e->cast = C_UNSIGNED;
	else
		return -1;
	if (!isdigit((unsigned char)c[1]))
		return -1;
	w = strtoul(c + 1, &end, 10);
	if (*end || (w != 8 && w != 16 && w != 32 && w != 64))
		return -1;
	e->cast_bits = (unsigned int)w;
	return 0;
}

static bool add_step(struct dv_expr *e, enum step_kind k, int64_t off)
{
	if (e->nsteps == MAX_STEPS)
		return false;
	/* Offsets add up. */
	if (k == S_OFF && e->nsteps && e->steps[e->nsteps - 1].kind == S_OFF) {
		e->steps[e->nsteps - 1].off += off;
		return true;
	}
	e->steps[e->nsteps++] = (struct step){ k, off };
	return true;
}

#define FAIL(...)                                   \
	do {                                        \
		snprintf(err, errlen, __VA_ARGS__); \
		goto fail;                          \
	} while (0)

/* One dereference of the value typed *t, named so far by n chars of text. */
static bool deref(struct dv_expr *e, struct tref *t)
{
	if (is_pointer(t)) {
		*t = type_ref(&t->die);
		return add_step(e, S_DEREF, 0);
	}
	if (tag_of(t) == DW_TAG_array_type) {
		uint64_t count;

		*t = elem_of(t, &count);
		return true;
	}
	return false;
}

struct dv_expr *dv_compile(struct dv_obj *o, uint64_t pc, const char *text,
			   char *err, size_t errlen)
{
	struct dv_expr *e = calloc(1, sizeof(*e));
	Dwarf_Die sc[DV_MAX_SCOPES], cu, *func;
	const char *p, *colon;
	char name[256], at[128];
	unsigned int stars = 0, n;
	size_t len;
	bool found = false;

	if (!o) {
		snprintf(err, errlen, "no DWARF to read '%s' from", text);
		free(e);
		return NULL;
	}
	if (!e) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	e->o = o;
	e->pc = pc;
	p = skip_ws(text);
	len = strlen(p);
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	e->name = strndup(p, len);
	if (!e->name)
		FAIL("out of memory");
	p = e->name;
	colon = strchr(p, ':');
	if (colon && parse_cast(colon + 1, e))
		FAIL("bad cast '%s' in '%s' (string, x8..x64, s8..s64, u8..u64)",
		     colon + 1, e->name);
	while (*(p = skip_ws(p)) == '*') {
		stars++;
		p++;
	}
	len = ident_len(p);
	if (!len)
		FAIL("bad value path '%s': a variable name expected", e->name);
	if (len >= sizeof(name))
		FAIL("bad value path '%s': name too long", e->name);
	memcpy(name, p, len);
	name[len] = '\0';
	p += len;

	/* The variable: the scopes at pc, innermost first, then globals. */
	where(o, pc, at, sizeof(at));
	n = dv_scopes_of(o, pc, sc, &cu, &func);
	if (func) {
		e->func = *func;
		e->has_func = true;
	}
	for (unsigned int i = n; i-- > 0 && !found;)
		found = dv_var_in(&sc[i], name, &e->var);
	if (!found && n)
		found = dv_var_in(&cu, name, &e->var);
	if (found && dv_is_decl(&e->var))
		found = global_var(o, name, &e->var);
	if (!found)
		found = global_var(o, name, &e->var);
	if (!found)
		FAIL("no variable '%s' at %s", name, at);
	e->type = type_ref(&e->var);
	e->var_size = (size_t)type_size(o, &e->type);

	/* Postfix operators, then the stars (C binds them so). */
	for (;;) {
		Dwarf_Die m;
		uint64_t off, bo, bs;
		bool bits;

		p = skip_ws(p);
		if (!*p || *p == ':')
			break;
		if (e->bitfield)
			FAIL("'%.*s' is a bitfield", (int)(p - e->name),
			     e->name);
		if (*p == '[') {
			char *end;
			long long idx;
			struct tref el;
			uint64_t count;

			idx = strtoll(p + 1, &end, 0);
			if (end == p + 1 ||
			    *(end = (char *)skip_ws(end)) != ']')
				FAIL("bad value path '%s': [N] with a number N expected",
				     e->name);
			if (is_pointer(&e->type)) {
				el = type_ref(&e->type.die);
				if (!add_step(e, S_DEREF, 0))
					FAIL("value path '%s' too long",
					     e->name);
			} else if (tag_of(&e->type) == DW_TAG_array_type) {
				el = elem_of(&e->type, &count);
			} else {
				FAIL("'%.*s' is not an array or a pointer",
				     (int)(p - e->name), e->name);
			}
			if (!add_step(e, S_OFF,
				      idx * (int64_t)type_size(o, &el)))
				FAIL("value path '%s' too long", e->name);
			e->type = el;
			p = end + 1;
			continue;
		}
		if (*p == '.' || (p[0] == '-' && p[1] == '>')) {
			bool arrow = *p == '-';
			const char *f = skip_ws(p + (arrow ? 2 : 1));
			size_t fl = ident_len(f);
			char field[256];

			if (!fl || fl >= sizeof(field))
				FAIL("bad value path '%s': a field name expected after '%s'",
				     e->name, arrow ? "->" : ".");
			if (arrow) {
				if (!is_pointer(&e->type))
					FAIL("'%.*s' is not a pointer",
					     (int)(p - e->name), e->name);
				e->type = type_ref(&e->type.die);
				if (!add_step(e, S_DEREF, 0))
					FAIL("value path '%s' too long",
					     e->name);
			}
			if (!is_aggregate(&e->type))
				FAIL("'%.*s' is not a struct or union%s",
				     (int)(p - e->name), e->name,
				     !arrow && is_pointer(&e->type) ?
					     " (a pointer: use ->)" :
					     "");
			memcpy(field, f, fl);
			field[fl] = '\0';
			off = 0;
			if (!find_member(&e->type, field, &m, &off, 0))
				FAIL("no field '%s' in '%.*s'", field,
				     (int)(p - e->name), e->name);
			member_place(&m, &bo, &bits, &e->bit_off, &bs);
			/* find_member added the byte offset; a bitfield's
			 * place is its bit offset. */
			if (!add_step(e, S_OFF, (int64_t)off))
				FAIL("value path '%s' too long", e->name);
			if (bits) {
				e->bitfield = true;
				e->bit_size = bs;
			}
			e->type = type_ref(&m);
			p = f + fl;
			continue;
		}
		FAIL("bad value path '%s' at '%s'", e->name, p);
	}
	while (stars--)
		if (!deref(e, &e->type))
			FAIL("'%s' is not a pointer", e->name);
	if (e->cast == C_STRING && !is_pointer(&e->type) &&
	    tag_of(&e->type) != DW_TAG_array_type &&
	    tag_of(&e->type) != DW_TAG_base_type)
		FAIL("'%s' cannot be read as a string", e->name);
	return e;
fail:
	dv_expr_free(e);
	return NULL;
}

unsigned int dv_compile_args(struct dv_obj *o, uint64_t pc,
			     struct dv_expr ***out)
{
	Dwarf_Die sc[DV_MAX_SCOPES], cu, *func, *fn = NULL, c;
	struct dv_expr **v = NULL;
	unsigned int n, k = 0;

	*out = NULL;
	if (!o)
		return 0;
	n = dv_scopes_of(o, pc, sc, &cu, &func);
	for (unsigned int i = n; i-- > 0 && !fn;)
		if (dwarf_tag(&sc[i]) == DW_TAG_subprogram ||
		    dwarf_tag(&sc[i]) == DW_TAG_inlined_subroutine)
			fn = &sc[i];
	if (!fn || dwarf_child(fn, &c))
		return 0;
	do {
		struct dv_expr *e, **nv;
		const char *name;

		if (dwarf_tag(&c) != DW_TAG_formal_parameter)
			continue;
		name = dv_name_of(&c);
		e = calloc(1, sizeof(*e));
		nv = realloc(v, (k + 1) * sizeof(*v));
		if (!e || !nv || !(e->name = strdup(name ? name : "?"))) {
			free(e);
			if (nv)
				v = nv;
			break;
		}
		v = nv;
		e->o = o;
		e->pc = pc;
		e->var = c;
		if (func) {
			e->func = *func;
			e->has_func = true;
		}
		e->type = type_ref(&c);
		e->var_size = (size_t)type_size(o, &e->type);
		v[k++] = e;
	} while (dwarf_siblingof(&c, &c) == 0);
	*out = v;
	return k;
}

void dv_expr_free(struct dv_expr *e)
{
	if (!e)
		return;
	free(e->name);
	free(e);
}

const char *dv_expr_name(const struct dv_expr *e)
{
	return e->name;
}

/* --- evaluation ------------------------------------------------------- */

static int loc_read(const struct dv_frame *f, const struct vloc *l,
		    uint64_t off, void *buf, size_t len)
{
	if (l->kind == VL_MEM)
		return dv_read(f, l->addr + off, buf, len);
	if (l->kind != VL_BYTES || off > l->len || len > l->len - off)
		return -EFAULT;
	memcpy(buf, l->bytes + off, len);
	return 0;
}

static int loc_uint(const struct dv_frame *f, const struct vloc *l,
		    uint64_t off, size_t size, uint64_t *v)
{
	unsigned char b[8];
	int r;

	if (!size || size > 8)
		return -EINVAL;
	r = loc_read(f, l, off, b, size);
	if (r)
		return r;
	*v = 0;
	for (size_t i = size; i-- > 0;)
		*v = (*v << 8) | b[i];
	return 0;
}

static int loc_bits(const struct dv_frame *f, const struct vloc *l,
		    uint64_t bit_off, uint64_t bit_size, uint64_t *v)
{
	unsigned char b[16] = { 0 };
	uint64_t shift = bit_off % 8;
	size_t nb = (size_t)((shift + bit_size + 7) / 8);
	unsigned __int128 x = 0;
	int r;

	if (!bit_size || bit_size > 64 || nb > sizeof(b))
		return -EINVAL;
	r = loc_read(f, l, bit_off / 8, b, nb);
	if (r)
		return r;
	for (size_t i = nb; i-- > 0;)
		x = (x << 8) | b[i];
	x >>= shift;
	*v = bit_size == 64 ? (uint64_t)x :
			      (uint64_t)x & ((UINT64_C(1) << bit_size) - 1);
	return 0;
}

/* An x87 long double (10 bytes in a 12- or 16-byte slot) at l + off. */
static int loc_ldouble(const struct dv_frame *f, const struct vloc *l,
		       uint64_t off, long double *ld)
{
	unsigned char b[16] = { 0 };
	int r = loc_read(f, l, off, b, 10);

	if (!r) {
		*ld = 0;
		memcpy(ld, b, sizeof(*ld) < 10 ? sizeof(*ld) : 10);
	}
	return r;
}

static bool is_ldouble(const struct tref *t)
{
	return tag_of(t) == DW_TAG_base_type &&
	       dw_udata((Dwarf_Die *)&t->die, DW_AT_encoding, 0) == DW_ATE_float &&
	       dw_udata((Dwarf_Die *)&t->die, DW_AT_byte_size, 0) > 8;
}

static uint64_t sext(uint64_t v, unsigned int bits)
{
	if (bits >= 64 || !bits)
		return v;
	if (v & (UINT64_C(1) << (bits - 1)))
		v |= ~((UINT64_C(1) << bits) - 1);
	return v;
}

/*
 * The location of e's value at this hit (the path's steps applied), or
 * why there is none.  ctx backs the bytes.
 */
static struct vloc locate(const struct dv_expr *e, const struct dv_frame *f,
			  struct dv_evalctx *ctx)
{
	struct vloc l;

	ctx->o = e->o;
	ctx->f = f;
	ctx->func = e->has_func ? (Dwarf_Die *)&e->func : NULL;
	ctx->pc = e->pc;
	l = dv_locate(ctx, (Dwarf_Die *)&e->var,
		      e->var_size ? e->var_size : ptr_size(e->o));
	for (unsigned int i = 0;
	     i < e->nsteps && (l.kind == VL_MEM || l.kind == VL_BYTES); i++) {
		const struct step *s = &e->steps[i];
		uint64_t p;

		if (s->kind == S_DEREF) {
			if (loc_uint(f, &l, 0, ptr_size(e->o), &p))
				return (struct vloc){ .kind = VL_UNREADABLE };
			l = (struct vloc){ .kind = VL_MEM, .addr = p };
		} else if (l.kind == VL_MEM) {
			l.addr += (uint64_t)s->off;
		} else if (s->off < 0 || (uint64_t)s->off > l.len) {
			return (struct vloc){ .kind = VL_UNREADABLE };
		} else {
			l.bytes += s->off;
			l.len -= (size_t)s->off;
		}
	}
	return l;
}

static bool is_signed_enc(uint64_t enc)
{
	return enc == DW_ATE_signed || enc == DW_ATE_signed_char;
}

/* Whether an enum's values are signed: by its underlying type. */
static bool enum_signed(const struct tref *t)
{
	struct tref u = type_ref((Dwarf_Die *)&t->die);

	return tag_of(&u) == DW_TAG_base_type &&
	       is_signed_enc(dw_udata(&u.die, DW_AT_encoding, 0));
}

static int read_string(const struct dv_frame *f, uint64_t addr, char *buf,
		       size_t max)
{
	size_t n = 0;

	/* A page at a time: a string may end just before an unmapped one. */
	while (n < max) {
		size_t chunk = 4096 - ((addr + n) & 4095);
		char *nul;

		if (chunk > max - n)
			chunk = max - n;
		if (dv_read(f, addr + n, buf + n, chunk))
			break;
		nul = memchr(buf + n, '\0', chunk);
		if (nul)
			return 0;
		n += chunk;
	}
	buf[n] = '\0';
	return n ? 0 : -EFAULT;
}

int dv_eval_scalar(const struct dv_expr *e, const struct dv_frame *f,
		   struct dv_scalar *out)
{
	struct dv_evalctx *ctx = malloc(sizeof(*ctx));
	struct tref t = e->type;
	struct vloc l;
	uint64_t v, size, enc;
	int tag = tag_of(&t), r = 0;

	memset(out, 0, sizeof(*out));
	out->kind = DVS_NONE;
	if (!ctx)
		return -ENOMEM;
	l = locate(e, f, ctx);
	if (l.kind == VL_OPTIMIZED || l.kind == VL_SYNTHETIC) {
		r = -ENODATA;
		goto out;
	}
	if (l.kind == VL_UNREADABLE) {
		r = -EFAULT;
		goto out;
	}
	size = type_size(e->o, &t);
	if (e->cast == C_STRING || is_char_array(&t) || is_char_ptr(&t)) {
		if (tag == DW_TAG_array_type) {
			size_t n = size < STR_MAX ? (size_t)size : STR_MAX;

			if (l.kind == VL_MEM)
				r = read_string(f, l.addr, out->str, n);
			else
				r = loc_read(f, &l, 0, out->str,
					     n < l.len ? n : l.len);
			out->str[STR_MAX] = '\0';
			if (!r)
				out->str[strnlen(out->str, n)] = '\0';
		} else {
			r = loc_uint(f, &l, 0, ptr_size(e->o), &v);
			if (!r && !v) {
				out->kind = DVS_UINT;
				goto out;
			}
			if (!r)
				r = read_string(f, v, out->str, STR_MAX);
		}
		if (!r)
			out->kind = DVS_STRING;
		goto out;
	}
	if (!e->bitfield && e->cast == C_NONE && is_ldouble(&t)) {
		long double ld;

		r = loc_ldouble(f, &l, 0, &ld);
		if (!r) {
			out->kind = DVS_FLOAT;
			out->d = (double)ld;
		}
		goto out;
	}
	if (e->bitfield)
		r = loc_bits(f, &l, e->bit_off, e->bit_size, &v);
	else if (e->cast != C_NONE)
		r = loc_uint(f, &l, 0,
			     size && size < e->cast_bits / 8 ? size :
							       e->cast_bits / 8,
			     &v);
	else if (tag == DW_TAG_base_type || tag == DW_TAG_enumeration_type ||
		 is_pointer(&t))
		r = loc_uint(f, &l, 0, size, &v);
	else
		r = -EINVAL; /* an aggregate */
	if (r)
		goto out;
	if (e->cast == C_SIGNED) {
		out->kind = DVS_INT;
		out->i = (int64_t)sext(v, e->cast_bits);
	} else if (e->cast != C_NONE) {
		out->kind = DVS_UINT;
		out->u = e->cast_bits == 64 ?
				 v :
				 v & ((UINT64_C(1) << e->cast_bits) - 1);
	} else if (is_pointer(&t)) {
		out->kind = DVS_UINT;
		out->u = v;
	} else if (tag == DW_TAG_enumeration_type) {
		out->kind = DVS_INT;
		out->i = enum_signed(&t) ? (int64_t)sext(v, size * 8) :
					   (int64_t)v;
	} else if ((enc = dw_udata(&t.die, DW_AT_encoding, 0)) == DW_ATE_float) {
		if (size != 4 && size != 8) {
			r = -EINVAL;
			goto out;
		}
		out->kind = DVS_FLOAT;
		out->d = size == 4 ? lc_float_of(v) : lc_double_of(v);
	} else if (is_signed_enc(enc)) {
		out->kind = DVS_INT;
		out->i = (int64_t)sext(v, e->bitfield ?
						  (unsigned int)e->bit_size :
						  (unsigned int)size * 8);
	} else {
		out->kind = DVS_UINT;
		out->u = v;
	}
out:
	/* Both members hold the number, whichever kind it is. */
	if (out->kind == DVS_INT)
		out->u = (uint64_t)out->i;
	else if (out->kind == DVS_UINT)
		out->i = (int64_t)out->u;
	free(ctx);
	return r;
}

/* --- printing --------------------------------------------------------- */

struct pctx {
	struct tcb *tcp;
	const struct dv_frame *f; /* reads through the tracee path */
	const struct dv_obj *o;
};

static void print_value(struct pctx *p, const struct tref *t,
			const struct vloc *l, uint64_t off, int depth);

static void print_unreadable(struct pctx *p)
{
	emit_raw(p->tcp, "<unreadable>");
}

/* A number of base type t (its bits in v). */
static void print_base(struct pctx *p, const struct tref *t, uint64_t v,
		       unsigned int bits)
{
	uint64_t enc = dw_udata((Dwarf_Die *)&t->die, DW_AT_encoding, 0);
	uint64_t size = dw_udata((Dwarf_Die *)&t->die, DW_AT_byte_size, 0);
	struct ptype pt = { .kind = PT_INT };
	char buf[64];

	switch (enc) {
	case DW_ATE_boolean:
		pt.kind = PT_BOOL;
		lc_sprint_scalar(buf, sizeof(buf), &pt, v != 0, false, false);
		emit_sym(p->tcp, v, buf);
		return;
	case DW_ATE_float:
		if (size != 4 && size != 8)
			break;
		pt.kind = size == 4 ? PT_FLOAT : PT_DOUBLE;
		lc_sprint_scalar(buf, sizeof(buf), &pt, v, false, false);
		emit_real(p->tcp, buf);
		return;
	case DW_ATE_signed_char:
	case DW_ATE_unsigned_char:
	case DW_ATE_UTF:
		if (size != 1)
			break;
		lc_sprint_char(buf, sizeof(buf), (unsigned char)v, false);
		emit_sym(p->tcp, v, buf);
		return;
	default:
		break;
	}
	if (is_signed_enc(enc))
		emit_int(p->tcp, (int64_t)sext(v, bits));
	else
		emit_uint(p->tcp, v);
}

static void print_enum(struct pctx *p, const struct tref *t, uint64_t v,
		       unsigned int bits)
{
	Dwarf_Die c;
	uint64_t mask = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;

	if (dwarf_child((Dwarf_Die *)&t->die, &c) == 0) {
		do {
			Dwarf_Attribute a;
			Dwarf_Sword sv;
			const char *n;

			if (dwarf_tag(&c) != DW_TAG_enumerator ||
			    !dwarf_attr(&c, DW_AT_const_value, &a) ||
			    dwarf_formsdata(&a, &sv) || !(n = dv_name_of(&c)))
				continue;
			if (((uint64_t)sv & mask) == (v & mask)) {
				emit_sym(p->tcp, v, n);
				return;
			}
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	emit_hex(p->tcp, v & mask);
}

/* A scalar of type t whose bits are v (bits wide). */
static void print_scalar(struct pctx *p, const struct tref *t, uint64_t v,
			 unsigned int bits)
{
	switch (tag_of(t)) {
	case DW_TAG_base_type:
		print_base(p, t, v, bits);
		break;
	case DW_TAG_enumeration_type:
		print_enum(p, t, v, bits);
		break;
	default:
		if (is_char_ptr(t))
			emit_cstr(p->tcp, v);
		else
			emit_ptr(p->tcp, v);
		break;
	}
}

/* As printval.c prints one: the fewest digits that read back the same. */
static void print_ldouble(struct pctx *p, const struct vloc *l, uint64_t off)
{
	long double ld;
	char buf[128];

	if (loc_ldouble(p->f, l, off, &ld)) {
		print_unreadable(p);
		return;
	}
	for (int prec = 1; prec <= 21; prec++) {
		snprintf(buf, sizeof(buf), "%.*Lg", prec, ld);
		if (strtold(buf, NULL) == ld)
			break;
	}
	emit_real(p->tcp, buf);
}

/* char name[N]: a string of at most N bytes, cut at -s. */
static void print_char_array(struct pctx *p, const struct vloc *l, uint64_t off,
			     uint64_t size)
{
	char buf[DV_MAX_BYTES];
	size_t n;

	if (l->kind == VL_MEM) {
		emit_cstr_max(p->tcp, l->addr + off, (size_t)size);
		return;
	}
	n = size < sizeof(buf) ? (size_t)size : sizeof(buf);
	if (loc_read(p->f, l, off, buf, n)) {
		print_unreadable(p);
		return;
	}
	/* In registers or implicit: emit_cstr_max's cut, done here. */
	n = strnlen(buf, n);
	if (n > cfg.string_limit)
		emit_quoted(p->tcp, buf, cfg.string_limit, QUOTE_ELLIPSIS);
	else
		emit_quoted(p->tcp, buf, n, 0);
}

static void print_array(struct pctx *p, const struct tref *t,
			const struct vloc *l, uint64_t off, int depth)
{
	uint64_t count, esize;
	struct tref el = elem_of(t, &count);

	if (is_char(&el)) {
		print_char_array(p, l, off, count);
		return;
	}
	if (depth >= MAX_DEPTH) {
		emit_raw(p->tcp, "[...]");
		return;
	}
	esize = type_size(p->o, &el);
	emit_array_begin(p->tcp);
	for (uint64_t i = 0; i < count && esize; i++) {
		if (i == MAX_ELEMS) {
			emit_more(p->tcp);
			break;
		}
		emit_next(p->tcp);
		print_value(p, &el, l, off + i * esize, depth + 1);
	}
	emit_array_end(p->tcp);
}

static void print_members(struct pctx *p, const struct tref *t,
			  const struct vloc *l, uint64_t off, int depth)
{
	Dwarf_Die c;

	if (dwarf_child((Dwarf_Die *)&t->die, &c))
		return;
	do {
		const char *n;
		struct tref mt;
		uint64_t moff, bo, bs, v;
		bool bits;

		if (dwarf_tag(&c) != DW_TAG_member || dv_is_decl(&c) ||
		    dwarf_hasattr(&c, DW_AT_external))
			continue; /* C++ static members */
		n = dv_name_of(&c);
		mt = type_ref(&c);
		member_place(&c, &moff, &bits, &bo, &bs);
		if (!n && is_aggregate(&mt)) {
			/* An anonymous struct or union: its fields. */
			print_members(p, &mt, l, off + moff, depth);
			continue;
		}
		emit_field(p->tcp, n ? n : "?");
		if (!bits)
			print_value(p, &mt, l, off + moff, depth + 1);
		else if (loc_bits(p->f, l, (off + moff) * 8 + bo, bs, &v))
			print_unreadable(p);
		else
			print_scalar(p, &mt, v, (unsigned int)bs);
	} while (dwarf_siblingof(&c, &c) == 0);
}

static void print_value(struct pctx *p, const struct tref *t,
			const struct vloc *l, uint64_t off, int depth)
{
	uint64_t size = type_size(p->o, t), v;

	switch (tag_of(t)) {
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
		if (depth >= MAX_DEPTH) {
			emit_raw(p->tcp, "{...}");
			return;
		}
		emit_struct_begin(p->tcp);
		print_members(p, t, l, off, depth);
		emit_struct_end(p->tcp);
		return;
	case DW_TAG_array_type:
		print_array(p, t, l, off, depth);
		return;
	case DW_TAG_base_type:
		if (is_ldouble(t)) {
			print_ldouble(p, l, off);
			return;
		}
		/* fall through */
	case DW_TAG_enumeration_type:
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type:
		if (loc_uint(p->f, l, off, (size_t)size, &v))
			print_unreadable(p);
		else
			print_scalar(p, t, v, (unsigned int)size * 8);
		return;
	default:
		print_unreadable(p);
		return;
	}
}

static int tcp_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return tracee_read(ctx, addr, buf, len);
}

/* A :cast applied to the value at l. */
static void print_cast(struct pctx *p, const struct dv_expr *e,
		       const struct vloc *l)
{
	uint64_t size = type_size(e->o, &e->type), v;
	size_t want = e->cast_bits / 8;
	int r;

	if (e->cast == C_STRING) {
		if (tag_of(&e->type) == DW_TAG_array_type) {
			print_char_array(p, l, 0, size);
			return;
		}
		want = ptr_size(e->o);
	}
	if (e->bitfield)
		r = loc_bits(p->f, l, e->bit_off, e->bit_size, &v);
	else
		r = loc_uint(p->f, l, 0, size && size < want ? size : want, &v);
	if (r) {
		print_unreadable(p);
		return;
	}
	if (e->cast_bits && e->cast_bits < 64)
		v &= (UINT64_C(1) << e->cast_bits) - 1;
	switch (e->cast) {
	case C_STRING:
		emit_cstr(p->tcp, v);
		break;
	case C_HEX:
		emit_hex(p->tcp, v);
		break;
	case C_SIGNED:
		emit_int(p->tcp, (int64_t)sext(v, e->cast_bits));
		break;
	default:
		emit_uint(p->tcp, v);
		break;
	}
}

void dv_print(struct tcb *tcp, const struct dv_expr *e,
	      const struct dv_frame *f)
{
	struct dv_evalctx *ctx = malloc(sizeof(*ctx));
	struct dv_frame tf = *f;
	struct pctx p = { .tcp = tcp, .f = &tf, .o = e->o };
	struct vloc l;
	uint64_t v;

	if (!ctx) {
		emit_raw(tcp, "<unreadable>");
		return;
	}
	/* Memory is read as the emit primitives read it. */
	tf.read = tcp_read;
	tf.ctx = tcp;
	l = locate(e, &tf, ctx);
	if (l.kind == VL_OPTIMIZED)
		emit_raw(tcp, "<optimized out>");
	else if (l.kind == VL_SYNTHETIC)
		emit_raw(tcp, "<synthetic pointer>");
	else if (l.kind == VL_UNREADABLE)
		emit_raw(tcp, "<unreadable>");
	else if (e->cast != C_NONE)
		print_cast(&p, e, &l);
	else if (e->bitfield)
		if (loc_bits(&tf, &l, e->bit_off, e->bit_size, &v))
			print_unreadable(&p);
		else
			print_scalar(&p, &e->type, v,
				     (unsigned int)e->bit_size);
	else
		print_value(&p, &e->type, &l, 0, 0);
	free(ctx);
}
