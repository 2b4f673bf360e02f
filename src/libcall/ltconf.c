/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ltrace 0.7.3's prototype files, for ltrace mode (ltconf.h is the
 * language).  ltrace reads them a line at a time: a declaration is one
 * line, what follows its ';' is ignored, a line starting with ';' is a
 * comment, and a line it cannot read is reported and passed over.  The
 * same here.  What is built lives for the whole run.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcall/ltconf.h"
#include "log.h"

#define NBUCKETS 512
#define NAME_MAX_LEN 127

struct fentry {
	struct proto *p;
	struct fentry *next;
};

struct tdef {
	char *name;
	const struct lt_type *t;
	struct tdef *next;
};

static struct fentry *buckets[NBUCKETS];
static struct tdef *typedefs;

struct lx {
	const char *p, *end;
	bool failed;
};

static unsigned int hash_name(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (NBUCKETS - 1);
}

static void skip_ws(struct lx *l)
{
	while (l->p < l->end && isspace((unsigned char)*l->p))
		l->p++;
}

static bool eat(struct lx *l, char c)
{
	skip_ws(l);
	if (l->p < l->end && *l->p == c) {
		l->p++;
		return true;
	}
	return false;
}

static bool need(struct lx *l, char c)
{
	if (!eat(l, c))
		l->failed = true;
	return !l->failed;
}

/* An identifier (letters, digits, '_'), into buf; false when none. */
static bool ident(struct lx *l, char *buf, size_t size)
{
	size_t n = 0;

	skip_ws(l);
	while (l->p < l->end && (isalnum((unsigned char)*l->p) ||
				 *l->p == '_')) {
		if (n + 1 < size)
			buf[n++] = *l->p;
		l->p++;
	}
	buf[n] = '\0';
	return n > 0;
}

static bool number(struct lx *l, long long *v)
{
	char *e;

	skip_ws(l);
	if (l->p >= l->end || !(isdigit((unsigned char)*l->p) ||
				*l->p == '-'))
		return false;
	*v = strtoll(l->p, &e, 0);
	if (e == l->p || e > l->end)
		return false;
	l->p = e;
	return true;
}

/*
 * Types are shared: by typedefs, by the prototypes of many functions, and
 * a line that fails half-way leaves some behind.  They all live as long as
 * sltrace, chained here so that none is ever lost.
 */
static struct lt_type *all_types;

static struct lt_type *new_type(enum lt_kind kind)
{
	struct lt_type *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->kind = kind;
	t->arena = all_types;
	all_types = t;
	return t;
}

static struct lt_type *scalar(enum ptype_kind k, unsigned int size)
{
	struct lt_type *t = new_type(LTK_SCALAR);

	if (!t)
		return NULL;
	t->sc.kind = k;
	t->size = t->align = size;
	if (k == PT_HEX || k == PT_OCTAL || k == PT_ENUM || k == PT_FLAGS)
		t->sc.size = (uint8_t)size;
	return t;
}

static const struct {
	const char *name;
	enum ptype_kind kind;
	unsigned int size;
} simple[] = {
	{ "void", PT_VOID, 0 },
	{ "int", PT_INT, 4 },
	{ "uint", PT_UINT, 4 },
	{ "long", PT_LONG, 8 },
	{ "ulong", PT_ULONG, 8 },
	{ "short", PT_SHORT, 2 },
	{ "ushort", PT_USHORT, 2 },
	{ "char", PT_CHAR, 1 },
	{ "octal", PT_OCTAL, 4 },
	{ "float", PT_FLOAT, 4 },
	{ "double", PT_DOUBLE, 8 },
	{ "addr", PT_PTR, 8 },
	{ "file", PT_PTR, 8 },
	{ "format", PT_FORMAT, 8 },
	{ "string", PT_STRING, 8 },
	{ "bool", PT_BOOL, 4 },
	{ "hex", PT_HEX, 4 },
};

/* argN, retval, zero or a number: into len_arg / len_const. */
static bool parse_len(struct lx *l, int *len_arg, unsigned int *len_const)
{
	char w[NAME_MAX_LEN + 1];
	long long v;

	*len_arg = 0;
	*len_const = 0;
	if (number(l, &v)) {
		*len_const = v < 0 ? 0 : (unsigned int)v;
		return true;
	}
	if (!ident(l, w, sizeof(w)))
		return false;
	if (!strcmp(w, "retval")) {
		*len_arg = PT_LEN_RETVAL;
		return true;
	}
	if (!strncmp(w, "arg", 3) && isdigit((unsigned char)w[3])) {
		v = atoi(w + 3);
		if (v < 1 || v > PROTO_MAX_ARGS)
			return false;
		*len_arg = (int)v;
		return true;
	}
	return false;
}

static const struct lt_type *parse_type(struct lx *l);

/* Integer kinds a lens (hex, oct, bool) can take. */
static bool lens_base(const struct lt_type *b)
{
	if (!b || b->kind != LTK_SCALAR)
		return false;
	switch (b->sc.kind) {
	case PT_INT: case PT_UINT: case PT_LONG: case PT_ULONG:
	case PT_SHORT: case PT_USHORT: case PT_CHAR: case PT_OCTAL:
	case PT_HEX: case PT_BOOL: case PT_ENUM: case PT_PTR:
		return true;
	default:
		return false;
	}
}

static const struct lt_type *parse_enum(struct lx *l)
{
	struct xlat *x = NULL;
	size_t n = 0, cap = 0;
	long long val = 0;
	struct lt_type *t;

	do {
		char w[NAME_MAX_LEN + 1];

		if (!ident(l, w, sizeof(w)))
			goto fail;
		if (eat(l, '=') && !number(l, &val))
			goto fail;
		if (n + 2 > cap) {
			struct xlat *nx;

			cap = cap ? 2 * cap : 16;
			nx = realloc(x, cap * sizeof(*x));
			if (!nx)
				goto fail;
			x = nx;
		}
		x[n].val = (uint64_t)(uint32_t)val++;
		x[n].name = strdup(w);
		if (!x[n].name)
			goto fail;
		x[++n].name = NULL;
	} while (eat(l, ','));
	if (!need(l, ')') || !n)
		goto fail;
	t = scalar(PT_ENUM, 4);
	if (!t)
		goto fail;
	t->sc.xlat = x;
	return t;
fail:
	l->failed = true;
	for (size_t i = 0; i < n; i++)
		free((char *)x[i].name);
	free(x);
	return NULL;
}

static const struct lt_type *parse_struct(struct lx *l)
{
	const struct lt_type *m[PROTO_MAX_ARGS];
	struct lt_type *t;
	unsigned int n = 0, off = 0, align = 1;

	do {
		const struct lt_type *e = parse_type(l);

		if (!e || n == PROTO_MAX_ARGS) {
			l->failed = true;
			return NULL;
		}
		m[n++] = e;
		if (e->align > align)
			align = e->align;
		if (e->align)
			off = (off + e->align - 1) / e->align * e->align;
		off += e->size;
	} while (eat(l, ','));
	if (!need(l, ')') || !(t = new_type(LTK_STRUCT)))
		return NULL;
	t->memb = malloc(n * sizeof(*t->memb));
	if (!t->memb)
		return NULL;	/* t stays in all_types */
	memcpy(t->memb, m, n * sizeof(*m));
	t->nmemb = n;
	t->align = align;
	t->size = (off + align - 1) / align * align;
	return t;
}

/* A type name and what follows it, before any '*'. */
static const struct lt_type *parse_base(struct lx *l)
{
	char w[NAME_MAX_LEN + 1];
	const struct lt_type *b;
	struct lt_type *t;

	if (!ident(l, w, sizeof(w)))
		return NULL;
	if (!strcmp(w, "string") && eat(l, '[')) {
		int len_arg;
		unsigned int len_const;

		t = scalar(PT_STRING_N, 8);
		if (!t || !parse_len(l, &len_arg, &len_const) || !need(l, ']'))
			return NULL;
		t->sc.len_arg = (int16_t)len_arg;
		t->sc.len_const = len_const;
		return t;
	}
	if (!strncmp(w, "string", 6) && isdigit((unsigned char)w[6])) {
		int n = atoi(w + 6);

		if (n > PROTO_MAX_ARGS || !(t = scalar(PT_STRING_N, 8)))
			return NULL;
		t->sc.len_arg = n ? n : PT_LEN_RETVAL;
		return t;
	}
	if (!strcmp(w, "enum") && eat(l, '('))
		return parse_enum(l);
	if (!strcmp(w, "struct") && eat(l, '('))
		return parse_struct(l);
	if (!strcmp(w, "array") && eat(l, '(')) {
		b = parse_type(l);
		if (!b || !need(l, ',') || !(t = new_type(LTK_ARRAY)))
			return NULL;
		t->elt = b;
		if (!parse_len(l, &t->len_arg, &t->len_const) || !need(l, ')'))
			return NULL;
		t->align = b->align;
		t->size = t->len_arg ? 0 : b->size * t->len_const;
		return t;
	}
	if (eat(l, '(')) {
		/* A lens on a type: hex(int), string(array(char, 3)*)... */
		b = parse_type(l);
		if (!b || !need(l, ')'))
			return NULL;
		if (!strcmp(w, "hide")) {
			t = new_type(b->kind);
			if (!t)
				return NULL;
			{
				struct lt_type *keep = t->arena;

				*t = *b;
				t->arena = keep;
			}
			t->sc.flags |= PTF_HIDE;
			return t;
		}
		if (!strcmp(w, "string")) {
			/* A pointer to an array of char, as a string. */
			const struct lt_type *a = b;

			if (a->kind == LTK_PTR)
				a = a->elt;
			if (a->kind != LTK_ARRAY || !(t = new_type(LTK_STRARRAY)))
				return b;	/* ltrace: as the type itself */
			t->elt = a->elt;
			t->len_arg = a->len_arg;
			t->len_const = a->len_const;
			t->size = t->align = 8;
			return t;
		}
		if (!strcmp(w, "bitvec")) {
			if (b->kind != LTK_SCALAR || !(t = new_type(LTK_BITVEC)))
				return NULL;
			t->size = t->align = b->size;
			return t;
		}
		if (!lens_base(b))
			return NULL;
		if (!strcmp(w, "hex"))
			t = scalar(PT_HEX, b->size);
		else if (!strcmp(w, "oct") || !strcmp(w, "octal"))
			t = scalar(PT_OCTAL, b->size);
		else if (!strcmp(w, "bool"))
			t = scalar(PT_BOOL, b->size);
		else
			return NULL;
		return t;
	}
	for (size_t i = 0; i < sizeof(simple) / sizeof(simple[0]); i++)
		if (!strcmp(w, simple[i].name))
			return scalar(simple[i].kind, simple[i].size);
	for (struct tdef *d = typedefs; d; d = d->next)
		if (!strcmp(d->name, w))
			return d->t;
	return NULL;
}

static const struct lt_type *parse_type(struct lx *l)
{
	const struct lt_type *t = parse_base(l);

	while (t && eat(l, '*')) {
		struct lt_type *p = new_type(LTK_PTR);

		if (!p)
			return NULL;
		p->elt = t;
		p->size = p->align = 8;
		t = p;
	}
	if (!t)
		l->failed = true;
	return t;
}

/* The ptype of a parameter or return value of type t. */
static void to_ptype(struct ptype *pt, const struct lt_type *t)
{
	if (t->kind == LTK_SCALAR) {
		*pt = t->sc;
		return;
	}
	memset(pt, 0, sizeof(*pt));
	pt->kind = PT_LT;
	pt->lt = t;
	pt->flags = t->sc.flags & PTF_HIDE;
}

static void add_proto(struct proto *p)
{
	struct fentry *e = malloc(sizeof(*e));
	unsigned int h = hash_name(p->name);

	if (!e) {
		proto_free(p);
		return;
	}
	e->p = p;
	e->next = buckets[h];
	buckets[h] = e;
}

/* One line: a typedef or a prototype.  False when ltrace would refuse it. */
static bool parse_line(struct lx *l)
{
	const struct lt_type *ret, *args[PROTO_MAX_ARGS];
	unsigned int flags[PROTO_MAX_ARGS];
	char name[NAME_MAX_LEN + 1];
	unsigned int n = 0;
	bool variadic = false;
	struct proto *p;
	struct lx save = *l;

	if (ident(l, name, sizeof(name)) && !strcmp(name, "typedef")) {
		struct tdef *d;
		const struct lt_type *t;

		if (!ident(l, name, sizeof(name)) || !need(l, '='))
			return false;
		t = parse_type(l);
		if (!t || !need(l, ';'))
			return false;
		d = malloc(sizeof(*d));
		if (!d || !(d->name = strdup(name))) {
			free(d);
			return false;
		}
		d->t = t;
		d->next = typedefs;
		typedefs = d;
		return true;
	}
	*l = save;
	ret = parse_type(l);
	if (!ret || !ident(l, name, sizeof(name)) || !need(l, '('))
		return false;
	skip_ws(l);
	if (!eat(l, ')')) {
		do {
			unsigned int f = 0;
			const struct lt_type *t;

			if (eat(l, '+'))
				f = PTF_OUT;
			t = parse_type(l);
			if (!t || n == PROTO_MAX_ARGS)
				return false;
			/* "void" alone: no parameters */
			if (t->kind == LTK_SCALAR && t->sc.kind == PT_VOID)
				continue;
			if (t->kind == LTK_SCALAR && t->sc.kind == PT_FORMAT)
				variadic = true;
			args[n] = t;
			flags[n++] = f;
		} while (eat(l, ','));
		if (!need(l, ')'))
			return false;
	}
	if (!need(l, ';'))
		return false;
	p = proto_new(name, n);
	if (!p)
		return false;
	to_ptype(&p->ret, ret);
	for (unsigned int i = 0; i < n; i++) {
		to_ptype(&p->args[i], args[i]);
		p->args[i].flags |= (uint8_t)flags[i];
	}
	p->variadic = variadic;
	add_proto(p);
	return true;
}

void ltconf_parse(const char *buf, size_t len, const char *origin)
{
	const char *end = buf + len;
	unsigned int lineno = 0;

	while (buf < end) {
		const char *nl = memchr(buf, '\n', (size_t)(end - buf));
		const char *le = nl ? nl : end;
		struct lx l = { buf, le, false };

		lineno++;
		skip_ws(&l);
		if (l.p < l.end && *l.p != ';' && *l.p != '#' &&
		    (!parse_line(&l) || l.failed)) {
			int n = (int)(le - l.p) < 20 ? (int)(le - l.p) : 20;

			fprintf(stderr, "%s:%u: error: syntax error around "
				"\"%.*s\"\n", origin, lineno, n < 0 ? 0 : n,
				l.p);
		}
		buf = nl ? nl + 1 : end;
	}
}

/* A prototype file is not bigger than this. */
#define LTCONF_MAX (4u << 20)

int ltconf_load_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;

	if (!f)
		return -1;
	buf = malloc(LTCONF_MAX);
	if (!buf) {
		fclose(f);
		return -1;
	}
	n = fread(buf, 1, LTCONF_MAX, f);
	fclose(f);
	ltconf_parse(buf, n, path);
	free(buf);
	return 0;
}

void ltconf_load_config(char *const *files, size_t n)
{
	const char *home = getenv("HOME");
	char path[4096];

	if (n) {
		for (size_t i = 0; i < n; i++)
			ltconf_load_file(files[i]);
		return;
	}
	ltconf_load_file("/etc/ltrace.conf");
	if (home && snprintf(path, sizeof(path), "%s/.ltrace.conf", home) <
		    (int)sizeof(path))
		ltconf_load_file(path);
}

const struct proto *ltconf_lookup(const char *name)
{
	for (struct fentry *e = buckets[hash_name(name)]; e; e = e->next)
		if (!strcmp(e->p->name, name))
			return e->p;
	return NULL;
}
