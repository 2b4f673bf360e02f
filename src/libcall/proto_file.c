/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The prototype file parser (doc/prototypes.md is the format).  Input
 * is untrusted and may hold any byte: every read is bounded by the end
 * of the buffer, the first error stops the parse, and nothing of a
 * buffer with an error reaches the registry.  tests/fuzz/proto_fuzz.c
 * holds it to that.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcall/proto.h"

#define IDENT_MAX 255
#define ENUM_MAX 4096

enum tok {
	T_EOF,
	T_IDENT,
	T_NUM,
	T_PUNCT,	/* ( ) , ; * [ ] { } = - | and "<<" as '<' */
	T_ELLIPSIS,
};

struct pending_proto {
	struct proto *p;
	char *lib;
};

struct pending_table {
	struct proto_table *t;
	struct pending_table *next;
};

struct parser {
	const char *buf;		/* the text's start */
	const char *p, *end;
	const char *origin;
	unsigned int line;
	char *err;
	size_t errlen;
	bool failed;

	/* The current token. */
	enum tok t;
	char ident[IDENT_MAX + 1];
	uint64_t num;
	char punct;
	unsigned int tline;

	/* What this buffer defined so far. */
	char *lib;		/* library directive in force, NULL: all */
	struct pending_proto *protos;
	size_t nprotos, capprotos;
	struct pending_table *tables;
};

static void fail(struct parser *ps, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct parser *ps, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	if (ps->failed)
		return;
	ps->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (ps->errlen)
		snprintf(ps->err, ps->errlen, "%s:%u: %s", ps->origin,
			 ps->tline, msg);
}

/* --- lexer ---------------------------------------------------------------- */

static bool is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * ltrace's files comment with ';' at the start of a line ("; text");
 * elsewhere ';' ends a declaration.
 */
static bool ltrace_comment(const struct parser *ps)
{
	const char *q;

	for (q = ps->p; q > ps->buf && q[-1] != '\n'; q--)
		if (!is_space(q[-1]))
			return false;
	/* A lone ';' on its line still ends the declaration before it. */
	for (q = ps->p + 1; q < ps->end && *q != '\n'; q++)
		if (!is_space(*q))
			return true;
	return false;
}

/* Skip blanks, newlines and comments; false on an unterminated one. */
static bool skip_blank(struct parser *ps)
{
	while (ps->p < ps->end) {
		char c = *ps->p;

		if (c == '\n') {
			ps->line++;
			ps->p++;
		} else if (is_space(c)) {
			ps->p++;
		} else if (c == '#' || (c == '/' && ps->end - ps->p > 1 &&
					       ps->p[1] == '/') ||
			   (c == ';' && ltrace_comment(ps))) {
			while (ps->p < ps->end && *ps->p != '\n')
				ps->p++;
		} else if (c == '/' && ps->end - ps->p > 1 && ps->p[1] == '*') {
			unsigned int start = ps->line;

			ps->p += 2;
			for (;;) {
				if (ps->end - ps->p < 2) {
					ps->tline = start;
					fail(ps, "unterminated comment");
					return false;
				}
				if (ps->p[0] == '*' && ps->p[1] == '/')
					break;
				if (*ps->p == '\n')
					ps->line++;
				ps->p++;
			}
			ps->p += 2;
		} else {
			break;
		}
	}
	return true;
}

static void lex_number(struct parser *ps)
{
	unsigned int base = 10;
	uint64_t v = 0;
	bool any = false;

	if (*ps->p == '0' && ps->end - ps->p > 1 &&
	    (ps->p[1] == 'x' || ps->p[1] == 'X')) {
		base = 16;
		ps->p += 2;
	} else if (*ps->p == '0') {
		base = 8;
	}
	while (ps->p < ps->end) {
		int c = (unsigned char)*ps->p, d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else if (is_ident_char(c))
			d = 99;
		else
			break;
		if ((unsigned int)d >= base) {
			fail(ps, "bad number");
			return;
		}
		if (v > (UINT64_MAX - (unsigned int)d) / base) {
			fail(ps, "number too large");
			return;
		}
		v = v * base + (unsigned int)d;
		any = true;
		ps->p++;
	}
	if (!any && base == 16) {
		fail(ps, "bad number");
		return;
	}
	ps->t = T_NUM;
	ps->num = v;
}

static void next(struct parser *ps)
{
	int c;

	if (ps->failed) {
		ps->t = T_EOF;
		return;
	}
	if (!skip_blank(ps)) {
		ps->t = T_EOF;
		return;
	}
	ps->tline = ps->line;
	if (ps->p >= ps->end) {
		ps->t = T_EOF;
		return;
	}
	c = (unsigned char)*ps->p;
	if (is_ident_start(c)) {
		size_t n = 0;

		while (ps->p < ps->end && is_ident_char(*ps->p)) {
			if (n == IDENT_MAX) {
				fail(ps, "name too long");
				ps->t = T_EOF;
				return;
			}
			ps->ident[n++] = *ps->p++;
		}
		ps->ident[n] = '\0';
		ps->t = T_IDENT;
		return;
	}
	if (c >= '0' && c <= '9') {
		lex_number(ps);
		if (ps->failed)
			ps->t = T_EOF;
		return;
	}
	if (c == '.') {
		if (ps->end - ps->p >= 3 && ps->p[1] == '.' &&
		    ps->p[2] == '.') {
			ps->p += 3;
			ps->t = T_ELLIPSIS;
			return;
		}
	} else if (c == '<') {
		if (ps->end - ps->p >= 2 && ps->p[1] == '<') {
			ps->p += 2;
			ps->t = T_PUNCT;
			ps->punct = '<';
			return;
		}
	} else if (strchr("(),;*[]{}=-|", c)) {
		ps->p++;
		ps->t = T_PUNCT;
		ps->punct = (char)c;
		return;
	}
	if (c > ' ' && c < 0x7f)
		fail(ps, "unexpected character '%c'", c);
	else
		fail(ps, "unexpected byte 0x%02x", (unsigned int)c);
	ps->t = T_EOF;
}

/* The current token, for "expected X, got Y". */
static const char *tokdesc(struct parser *ps, char *buf, size_t size)
{
	switch (ps->t) {
	case T_EOF:
		return "end of file";
	case T_IDENT:
		snprintf(buf, size, "'%s'", ps->ident);
		return buf;
	case T_NUM:
		snprintf(buf, size, "'%llu'", (unsigned long long)ps->num);
		return buf;
	case T_ELLIPSIS:
		return "'...'";
	case T_PUNCT:
		if (ps->punct == '<')
			return "'<<'";
		snprintf(buf, size, "'%c'", ps->punct);
		return buf;
	}
	return "?";
}

static void expected(struct parser *ps, const char *what)
{
	char b[IDENT_MAX + 8];

	fail(ps, "expected %s, got %s", what, tokdesc(ps, b, sizeof(b)));
}

static bool is_punct(const struct parser *ps, char c)
{
	return ps->t == T_PUNCT && ps->punct == c;
}

static bool is_word(const struct parser *ps, const char *w)
{
	return ps->t == T_IDENT && !strcmp(ps->ident, w);
}

static bool expect_punct(struct parser *ps, char c)
{
	char what[8];

	if (is_punct(ps, c)) {
		next(ps);
		return !ps->failed;
	}
	snprintf(what, sizeof(what), "'%c'", c);
	expected(ps, what);
	return false;
}

/* --- tables --------------------------------------------------------------- */

static const struct proto_table *find_table(struct parser *ps,
					    const char *name)
{
	const struct pending_table *pt;

	for (pt = ps->tables; pt; pt = pt->next)
		if (!strcmp(pt->t->name, name))
			return pt->t;
	return proto_find_table(name);
}

void proto_user_table_free(struct proto_table *t)
{
	if (!t)
		return;
	if (t->xlat)
		for (const struct xlat *x = t->xlat; x->name; x++)
			free((char *)x->name);
	free((struct xlat *)t->xlat);
	free((char *)t->name);
	free((char *)t->dflt);
	free(t);
}

/* "SEEK_???" from SEEK_SET, SEEK_CUR...: the prefix up to its last '_'. */
static char *table_dflt(const struct xlat *x)
{
	size_t n = x->name ? strlen(x->name) : 0;
	char *d;

	for (const struct xlat *y = x + 1; y->name; y++) {
		size_t i = 0;

		while (i < n && y->name[i] == x->name[i])
			i++;
		n = i;
	}
	while (n && x->name[n - 1] != '_')
		n--;
	d = malloc(n + 4);
	if (d) {
		memcpy(d, x->name, n);
		memcpy(d + n, "???", 4);
	}
	return d;
}

/* value := term ('|' term)*;  term := ['-'] NUM ['<<' NUM] */
static bool parse_value(struct parser *ps, uint64_t *out)
{
	uint64_t v = 0;

	for (;;) {
		bool neg = false;
		uint64_t t;

		if (is_punct(ps, '-')) {
			neg = true;
			next(ps);
		}
		if (ps->t != T_NUM) {
			expected(ps, "a number");
			return false;
		}
		t = ps->num;
		next(ps);
		if (is_punct(ps, '<')) {
			next(ps);
			if (ps->t != T_NUM) {
				expected(ps, "a number");
				return false;
			}
			if (ps->num > 63) {
				fail(ps, "shift too large");
				return false;
			}
			t <<= ps->num;
			next(ps);
		}
		v |= neg ? -t : t;
		if (!is_punct(ps, '|'))
			break;
		next(ps);
	}
	*out = v;
	return !ps->failed;
}

/* After "enum NAME": { A [= value], ... } ; */
static void parse_enum_def(struct parser *ps, const char *name)
{
	struct proto_table *t = calloc(1, sizeof(*t));
	struct pending_table *pt = malloc(sizeof(*pt));
	struct xlat *x = NULL;
	size_t n = 0, cap = 0;
	uint64_t val = 0;

	if (!t || !pt || !(t->name = strdup(name))) {
		fail(ps, "out of memory");
		goto fail;
	}
	t->user = true;
	next(ps);		/* { */
	while (!ps->failed && !is_punct(ps, '}')) {
		if (ps->t != T_IDENT) {
			expected(ps, "a constant name");
			goto fail;
		}
		if (n + 1 >= cap) {
			struct xlat *nx;

			if (cap >= ENUM_MAX) {
				fail(ps, "too many constants (at most %d)",
				     ENUM_MAX);
				goto fail;
			}
			cap = cap ? 2 * cap : 16;
			nx = realloc(x, cap * sizeof(*x));
			if (!nx) {
				fail(ps, "out of memory");
				goto fail;
			}
			x = nx;
		}
		x[n].name = strdup(ps->ident);
		x[n + 1].name = NULL;
		if (!x[n].name) {
			fail(ps, "out of memory");
			goto fail;
		}
		n++;
		next(ps);
		if (is_punct(ps, '=')) {
			next(ps);
			if (!parse_value(ps, &val))
				goto fail;
		}
		x[n - 1].val = val++;
		if (is_punct(ps, ','))
			next(ps);
		else if (!is_punct(ps, '}'))
			expected(ps, "',' or '}'");
	}
	if (ps->failed)
		goto fail;
	if (!n) {
		fail(ps, "enum %s has no constants", name);
		goto fail;
	}
	next(ps);
	if (!expect_punct(ps, ';'))
		goto fail;
	t->xlat = x;
	t->dflt = table_dflt(x);
	if (!t->dflt) {
		fail(ps, "out of memory");
		goto fail;
	}
	pt->t = t;
	pt->next = ps->tables;
	ps->tables = pt;
	return;
fail:
	if (t) {
		if (x)
			x[n].name = NULL;
		t->xlat = x;
		proto_user_table_free(t);
	} else {
		free(x);
	}
	free(pt);
}

/* --- types ---------------------------------------------------------------- */

/* Words that name a type on their own. */
static const struct {
	const char *name;
	enum ptype_kind kind;
	uint8_t size;
} named_types[] = {
	{ "_Bool", PT_BOOL, 0 },
	{ "addr", PT_PTR, 0 },
	{ "blkcnt_t", PT_SSIZE, 0 },
	{ "buf", PT_BUF, 0 },
	{ "clock_t", PT_SSIZE, 0 },
	{ "clockid_t", PT_INT, 0 },
	{ "dev_t", PT_ULLONG, 0 },
	{ "dirfd", PT_DIRFD, 0 },
	{ "double", PT_DOUBLE, 0 },
	{ "envarray", PT_ENVARRAY, 0 },
	{ "errno", PT_ERRNO, 0 },
	{ "fd", PT_FD, 0 },
	{ "file", PT_PTR, 0 },
	{ "float", PT_FLOAT, 0 },
	{ "format", PT_FORMAT, 0 },
	{ "gid_t", PT_UINT, 0 },
	{ "guess", PT_GUESS, 0 },
	{ "id_t", PT_UINT, 0 },
	{ "ino_t", PT_ULONG, 0 },
	{ "int16_t", PT_SHORT, 0 },
	{ "int32_t", PT_INT, 0 },
	{ "int64_t", PT_LLONG, 0 },
	{ "int8_t", PT_INT8, 0 },
	{ "intmax_t", PT_LLONG, 0 },
	{ "intptr_t", PT_LONG, 0 },
	{ "key_t", PT_INT, 0 },
	{ "llong", PT_LLONG, 0 },
	{ "loff_t", PT_LLONG, 0 },
	{ "mmap_flags", PT_MMAP_FLAGS, 0 },
	{ "mode", PT_MODE, 0 },
	{ "mode_t", PT_MODE, 0 },
	{ "nfds_t", PT_ULONG, 0 },
	{ "off64_t", PT_LLONG, 0 },
	{ "off_t", PT_SSIZE, 0 },
	{ "open_flags", PT_OPEN_FLAGS, 0 },
	{ "open_mode", PT_OPEN_MODE, 0 },
	{ "pid_t", PT_INT, 0 },
	{ "pointer", PT_PTR, 0 },
	{ "ptr", PT_PTR, 0 },
	{ "ptrdiff_t", PT_SSIZE, 0 },
	{ "sighandler", PT_SIGHANDLER, 0 },
	{ "sighandler_t", PT_SIGHANDLER, 0 },
	{ "signal", PT_SIGNAL, 0 },
	{ "signo", PT_SIGNAL, 0 },
	{ "size_t", PT_SIZE, 0 },
	{ "socklen_t", PT_UINT, 0 },
	{ "socktype", PT_SOCK_TYPE, 0 },
	{ "ssize_t", PT_SSIZE, 0 },
	{ "strarray", PT_STRARRAY, 0 },
	{ "string", PT_STRING, 0 },
	{ "suseconds_t", PT_LONG, 0 },
	{ "time_t", PT_LONG, 0 },
	{ "timespec", PT_TIMESPEC, 0 },
	{ "timeval", PT_TIMEVAL, 0 },
	{ "uid_t", PT_UINT, 0 },
	{ "uint", PT_UINT, 0 },
	{ "uint16_t", PT_USHORT, 0 },
	{ "uint32_t", PT_UINT, 0 },
	{ "uint64_t", PT_ULLONG, 0 },
	{ "uint8_t", PT_UINT8, 0 },
	{ "uintmax_t", PT_ULLONG, 0 },
	{ "uintptr_t", PT_ULONG, 0 },
	{ "ullong", PT_ULLONG, 0 },
	{ "ulong", PT_ULONG, 0 },
	{ "useconds_t", PT_UINT, 0 },
	{ "ushort", PT_USHORT, 0 },
	{ "void", PT_VOID, 0 },
	{ "wchar_t", PT_INT, 0 },
	{ "wint_t", PT_UINT, 0 },
};

static int named_type(const char *w)
{
	size_t lo = 0, hi = sizeof(named_types) / sizeof(named_types[0]);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(w, named_types[mid].name);

		if (!c)
			return (int)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

static bool is_qualifier(const char *w)
{
	return !strcmp(w, "const") || !strcmp(w, "volatile") ||
	       !strcmp(w, "restrict") || !strcmp(w, "__restrict") ||
	       !strcmp(w, "extern") || !strcmp(w, "static") ||
	       !strcmp(w, "inline");
}

static bool is_c_int_word(const char *w)
{
	return !strcmp(w, "signed") || !strcmp(w, "unsigned") ||
	       !strcmp(w, "short") || !strcmp(w, "long") ||
	       !strcmp(w, "int") || !strcmp(w, "char");
}

/* The bytes of an integer kind, 0 for the word; -1 if not an integer. */
static int int_size(enum ptype_kind k)
{
	switch (k) {
	case PT_INT:
	case PT_UINT:
	case PT_BOOL:
		return 4;
	case PT_LONG:
	case PT_ULONG:
	case PT_SIZE:
	case PT_SSIZE:
		return 0;
	case PT_LLONG:
	case PT_ULLONG:
		return 8;
	case PT_SHORT:
	case PT_USHORT:
		return 2;
	case PT_INT8:
	case PT_UINT8:
	case PT_CHAR:
		return 1;
	default:
		return -1;
	}
}

/* What the base words said, before pointers and brackets. */
struct base {
	enum ptype_kind kind;
	uint8_t size;
	const struct xlat *xlat;
	const char *dflt;
	bool is_char;		/* plain char: char * is a string */
	bool is_string;		/* string / format: [len] allowed */
	bool is_buf;		/* buf: [len] required */
	bool need_ptr;		/* FILE, struct x: only as a pointer */
	bool aggregate;		/* struct x, union x */
	bool is_void;
	char what[IDENT_MAX + 16];	/* for messages */
};

static bool parse_c_int(struct parser *ps, struct base *b)
{
	int sign = 0, shorts = 0, longs = 0, ints = 0, chars = 0;

	while (ps->t == T_IDENT &&
	       (is_c_int_word(ps->ident) || is_qualifier(ps->ident))) {
		const char *w = ps->ident;

		if (!strcmp(w, "signed") || !strcmp(w, "unsigned")) {
			int s = w[0] == 's' ? 1 : 2;

			if (sign && sign != s) {
				fail(ps, "both signed and unsigned");
				return false;
			}
			sign = s;
		} else if (!strcmp(w, "short")) {
			shorts++;
		} else if (!strcmp(w, "long")) {
			longs++;
		} else if (!strcmp(w, "int")) {
			ints++;
		} else if (!strcmp(w, "char")) {
			chars++;
		}
		next(ps);
	}
	if (ps->failed)
		return false;
	if (is_word(ps, "double") && longs == 1 && !sign && !shorts &&
	    !ints && !chars) {
		fail(ps, "long double is not supported");
		return false;
	}
	if (ints > 1 || chars > 1 || shorts > 1 || longs > 2 ||
	    (shorts && longs) || (chars && (ints || shorts || longs))) {
		fail(ps, "invalid combination of type words");
		return false;
	}
	if (chars) {
		b->kind = sign == 1 ? PT_INT8 : sign == 2 ? PT_UINT8 : PT_CHAR;
		b->is_char = !sign;
	} else if (shorts) {
		b->kind = sign == 2 ? PT_USHORT : PT_SHORT;
	} else if (longs == 2) {
		b->kind = sign == 2 ? PT_ULLONG : PT_LLONG;
	} else if (longs == 1) {
		b->kind = sign == 2 ? PT_ULONG : PT_LONG;
	} else {
		b->kind = sign == 2 ? PT_UINT : PT_INT;
	}
	return true;
}

static bool parse_base(struct parser *ps, struct base *b);

/* hex(T), octal(T): T an integer type. */
static bool parse_lens(struct parser *ps, struct base *b)
{
	struct base inner;
	int size;

	memset(&inner, 0, sizeof(inner));
	next(ps);		/* ( */
	if (!parse_base(ps, &inner))
		return false;
	size = inner.need_ptr ? -1 : int_size(inner.kind);
	if (size < 0) {
		fail(ps, "%s: not an integer type", inner.what);
		return false;
	}
	b->size = (uint8_t)size;
	return expect_punct(ps, ')');
}

/* flags(NAME[, T]) and enum(NAME[, T]) */
static bool parse_table_ref(struct parser *ps, struct base *b, bool flags)
{
	const struct proto_table *t;
	char name[IDENT_MAX + 2];

	next(ps);		/* ( */
	if (ps->t != T_IDENT) {
		expected(ps, "a table name");
		return false;
	}
	snprintf(name, sizeof(name), "%s", ps->ident);
	next(ps);
	/* Aliases spell the names' prefix: O_*, SIG* */
	if (is_punct(ps, '*')) {
		strcat(name, "*");
		next(ps);
	}
	t = find_table(ps, name);
	if (!t) {
		fail(ps, "unknown table '%s'", name);
		return false;
	}
	b->kind = t->kind != PT_VOID ? t->kind : flags ? PT_FLAGS : PT_ENUM;
	b->xlat = t->xlat;
	b->dflt = t->dflt;
	b->size = 4;
	if (is_punct(ps, ',')) {
		struct base inner;
		int size;

		memset(&inner, 0, sizeof(inner));
		next(ps);
		if (!parse_base(ps, &inner))
			return false;
		size = inner.need_ptr ? -1 : int_size(inner.kind);
		if (size < 0) {
			fail(ps, "%s: not an integer type", inner.what);
			return false;
		}
		b->size = (uint8_t)size;
	}
	return expect_punct(ps, ')');
}

/* The words of a type before any '*'. */
static bool parse_base(struct parser *ps, struct base *b)
{
	int i;

	while (ps->t == T_IDENT && is_qualifier(ps->ident))
		next(ps);
	if (ps->t != T_IDENT) {
		expected(ps, "a type");
		return false;
	}
	snprintf(b->what, sizeof(b->what), "'%s'", ps->ident);
	if (is_c_int_word(ps->ident)) {
		if (!parse_c_int(ps, b))
			return false;
	} else if (is_word(ps, "struct") || is_word(ps, "union")) {
		const char *kw = ps->ident[0] == 's' ? "struct" : "union";
		bool ts, tv;

		next(ps);
		if (ps->t != T_IDENT) {
			expected(ps, "a struct name");
			return false;
		}
		ts = kw[0] == 's' && !strcmp(ps->ident, "timespec");
		tv = kw[0] == 's' && !strcmp(ps->ident, "timeval");
		b->kind = ts ? PT_TIMESPEC : tv ? PT_TIMEVAL : PT_PTR;
		b->need_ptr = true;
		b->aggregate = true;
		snprintf(b->what, sizeof(b->what), "'%s %s'", kw, ps->ident);
		next(ps);
	} else if (is_word(ps, "enum")) {
		next(ps);
		if (is_punct(ps, '('))
			return parse_table_ref(ps, b, false);
		if (ps->t != T_IDENT) {
			expected(ps, "an enum name");
			return false;
		}
		/* enum NAME: a table if one has the name, else an int. */
		const struct proto_table *t = find_table(ps, ps->ident);

		b->kind = PT_INT;
		if (t && t->kind != PT_VOID) {
			b->kind = t->kind;
		} else if (t) {
			b->kind = PT_ENUM;
			b->xlat = t->xlat;
			b->dflt = t->dflt;
			b->size = 4;
		}
		next(ps);
	} else if (is_word(ps, "flags")) {
		next(ps);
		if (!is_punct(ps, '(')) {
			expected(ps, "'('");
			return false;
		}
		return parse_table_ref(ps, b, true);
	} else if (is_word(ps, "bool")) {
		/* ltrace's lens bool(int) as well as the plain type. */
		b->kind = PT_BOOL;
		next(ps);
		if (is_punct(ps, '('))
			return parse_lens(ps, b);
	} else if (is_word(ps, "hex") || is_word(ps, "octal") ||
		   is_word(ps, "oct")) {
		b->kind = ps->ident[0] == 'h' ? PT_HEX : PT_OCTAL;
		b->size = 4;
		next(ps);
		if (is_punct(ps, '('))
			return parse_lens(ps, b);
	} else if ((i = named_type(ps->ident)) >= 0) {
		b->kind = named_types[i].kind;
		b->is_void = b->kind == PT_VOID;
		b->is_string = b->kind == PT_STRING || b->kind == PT_FORMAT;
		b->is_buf = b->kind == PT_BUF;
		next(ps);
	} else {
		/* A typedef we do not know: fine behind a pointer. */
		b->kind = PT_PTR;
		b->need_ptr = true;
		next(ps);
	}
	while (ps->t == T_IDENT && is_qualifier(ps->ident))
		next(ps);
	return !ps->failed;
}

/* "( * name ) ( ... )" after the base: a function pointer. */
static bool skip_fnptr(struct parser *ps)
{
	int depth;

	for (int group = 0; group < 2; group++) {
		if (!is_punct(ps, '(')) {
			expected(ps, "'('");
			return false;
		}
		depth = 0;
		do {
			if (is_punct(ps, '('))
				depth++;
			else if (is_punct(ps, ')'))
				depth--;
			else if (ps->t == T_EOF) {
				expected(ps, "')'");
				return false;
			}
			next(ps);
		} while (depth > 0 && !ps->failed);
	}
	return !ps->failed;
}

/* [argN] [retval] [N] [] */
static bool parse_len(struct parser *ps, struct ptype *t, bool *empty)
{
	next(ps);		/* [ */
	*empty = false;
	if (is_punct(ps, ']')) {
		*empty = true;
	} else if (ps->t == T_NUM) {
		if (ps->num > UINT32_MAX) {
			fail(ps, "length too large");
			return false;
		}
		t->len_const = (uint32_t)ps->num;
		next(ps);
	} else if (is_word(ps, "retval")) {
		t->len_arg = PT_LEN_RETVAL;
		next(ps);
	} else if (ps->t == T_IDENT && !strncmp(ps->ident, "arg", 3) &&
		   ps->ident[3] >= '1' && ps->ident[3] <= '9' &&
		   strlen(ps->ident) <= 5 &&
		   strspn(ps->ident + 3, "0123456789") ==
			   strlen(ps->ident + 3)) {
		t->len_arg = (int16_t)atoi(ps->ident + 3);
		next(ps);
	} else {
		expected(ps, "argN, retval or a number");
		return false;
	}
	return expect_punct(ps, ']');
}

/*
 * A type, in a parameter list (param: an optional name after it) or as
 * a return type.  *is_void: the type is a bare "void".
 */
static bool parse_type(struct parser *ps, struct ptype *t, bool param,
		       bool *is_void)
{
	struct base b;
	unsigned int ptrs = 0;
	bool fnptr = false, has_len = false, empty = false, str_base;

	memset(t, 0, sizeof(*t));
	memset(&b, 0, sizeof(b));
	*is_void = false;
	if (is_word(ps, "out")) {
		if (!param) {
			fail(ps, "'out' is only for parameters");
			return false;
		}
		t->flags |= PTF_OUT;
		next(ps);
	}
	if (!parse_base(ps, &b))
		return false;
	while (is_punct(ps, '*')) {
		ptrs++;
		next(ps);
		while (ps->t == T_IDENT && is_qualifier(ps->ident))
			next(ps);
	}
	if (param && is_punct(ps, '(')) {
		if (!skip_fnptr(ps))
			return false;
		fnptr = true;
	}
	/* The length goes after the type (string[arg2] s) or the name. */
	if (is_punct(ps, '[')) {
		if (!parse_len(ps, t, &empty))
			return false;
		has_len = !empty;
	}
	if (param && !fnptr && ps->t == T_IDENT)
		next(ps);	/* the parameter's name */
	if (!has_len && !empty && is_punct(ps, '[')) {
		if (!parse_len(ps, t, &empty))
			return false;
		has_len = !empty;
	}
	if (ps->failed)
		return false;

	str_base = (b.is_char && ptrs == 1) || (b.is_string && !ptrs);
	if (fnptr) {
		t->kind = PT_PTR;
	} else if (b.is_buf && !ptrs) {
		if (!has_len) {
			fail(ps, "buf needs a length: buf[argN], buf[retval] "
				 "or buf[N]");
			return false;
		}
		t->kind = PT_BUF;
	} else if (str_base && !empty) {
		t->kind = b.kind == PT_FORMAT ? PT_FORMAT : PT_STRING;
		if (has_len) {
			if (t->kind == PT_FORMAT) {
				fail(ps, "format takes no length");
				return false;
			}
			t->kind = PT_STRING_N;
		}
	} else if (b.is_char && !ptrs && empty) {
		t->kind = PT_STRING;	/* char s[] */
	} else if (has_len && t->len_arg) {
		fail(ps, "only strings take [argN] or [retval]");
		return false;
	} else if (ptrs || has_len || empty) {
		/* struct timespec * keeps its printer. */
		t->kind = ptrs == 1 && !has_len && !empty && b.need_ptr &&
					  (b.kind == PT_TIMESPEC ||
					   b.kind == PT_TIMEVAL) ?
				  b.kind :
				  PT_PTR;
	} else if (b.need_ptr) {
		if (b.aggregate)
			fail(ps, "%s passed by value is not supported",
			     b.what);
		else
			fail(ps, "unknown type %s", b.what);
		return false;
	} else if (b.is_void) {
		*is_void = true;
		t->kind = PT_VOID;
	} else {
		t->kind = b.kind;
		t->size = b.size;
		t->xlat = b.xlat;
		t->xlat_dflt = b.dflt;
	}
	if ((t->kind == PT_STRING_N || t->kind == PT_BUF) &&
	    t->len_arg == PT_LEN_RETVAL)
		t->flags |= PTF_OUT;
	if (!has_len || (t->kind != PT_STRING_N && t->kind != PT_BUF)) {
		t->len_arg = 0;
		t->len_const = 0;
	}
	return true;
}

/* --- prototypes ----------------------------------------------------------- */

static bool is_integer(const struct ptype *t)
{
	return int_size(t->kind) >= 0 || t->kind == PT_HEX ||
	       t->kind == PT_OCTAL;
}

static bool has_len(const struct ptype *t)
{
	return t->kind == PT_STRING_N || t->kind == PT_BUF;
}

/* A length names an integer parameter that exists. */
static bool check_len(struct parser *ps, const struct proto *p,
		      const struct ptype *t)
{
	const char *k = t->kind == PT_BUF ? "buf" : "string";

	if (t->len_arg <= 0)
		return true;
	if ((unsigned int)t->len_arg > p->nargs) {
		fail(ps, "%s: %s[arg%d] but %u parameter%s", p->name, k,
		     t->len_arg, p->nargs, p->nargs == 1 ? "" : "s");
		return false;
	}
	if (!is_integer(&p->args[t->len_arg - 1])) {
		fail(ps, "%s: %s[arg%d]: parameter %d is not an integer",
		     p->name, k, t->len_arg, t->len_arg);
		return false;
	}
	return true;
}

static bool check_proto(struct parser *ps, const struct proto *p)
{
	if (has_len(&p->ret) && p->ret.len_arg == PT_LEN_RETVAL) {
		fail(ps, "%s: [retval] in the return type", p->name);
		return false;
	}
	if (has_len(&p->ret) && !check_len(ps, p, &p->ret))
		return false;
	for (unsigned int i = 0; i < p->nargs; i++)
		if (has_len(&p->args[i]) && !check_len(ps, p, &p->args[i]))
			return false;
	return true;
}

static bool add_pending(struct parser *ps, struct proto *p)
{
	char *lib = NULL;

	if (ps->nprotos == ps->capprotos) {
		size_t cap = ps->capprotos ? 2 * ps->capprotos : 64;
		struct pending_proto *np =
			realloc(ps->protos, cap * sizeof(*np));

		if (!np)
			goto oom;
		ps->protos = np;
		ps->capprotos = cap;
	}
	if (ps->lib && !(lib = strdup(ps->lib)))
		goto oom;
	ps->protos[ps->nprotos].p = p;
	ps->protos[ps->nprotos].lib = lib;
	ps->nprotos++;
	return true;
oom:
	proto_free(p);
	fail(ps, "out of memory");
	return false;
}

/* After the return type: NAME ( params ) ; */
static void parse_proto(struct parser *ps, const struct ptype *ret)
{
	struct ptype args[PROTO_MAX_ARGS];
	char name[IDENT_MAX + 1];
	unsigned int n = 0;
	bool variadic = false, is_void;
	struct proto *p;

	if (ps->t != T_IDENT) {
		expected(ps, "a function name");
		return;
	}
	snprintf(name, sizeof(name), "%s", ps->ident);
	next(ps);
	if (!expect_punct(ps, '('))
		return;
	if (is_punct(ps, ')')) {
		next(ps);
	} else {
		for (;;) {
			if (ps->t == T_ELLIPSIS) {
				variadic = true;
				next(ps);
				if (!is_punct(ps, ')')) {
					expected(ps, "')' after '...'");
					return;
				}
				next(ps);
				break;
			}
			if (n == PROTO_MAX_ARGS) {
				fail(ps, "%s: too many parameters (at most %d)",
				     name, PROTO_MAX_ARGS);
				return;
			}
			if (!parse_type(ps, &args[n], true, &is_void))
				return;
			if (is_void) {
				if (n || !is_punct(ps, ')')) {
					fail(ps, "%s: void must be the only "
						 "parameter", name);
					return;
				}
				next(ps);
				break;
			}
			n++;
			if (is_punct(ps, ')')) {
				next(ps);
				break;
			}
			if (!is_punct(ps, ',')) {
				expected(ps, "',' or ')'");
				return;
			}
			next(ps);
		}
	}
	if (ps->failed || !expect_punct(ps, ';'))
		return;
	p = proto_new(name, n);
	if (!p) {
		fail(ps, "out of memory");
		return;
	}
	p->ret = *ret;
	p->variadic = variadic;
	memcpy(p->args, args, n * sizeof(args[0]));
	/* open's mode names the flags before it, for O_CREAT. */
	for (unsigned int i = 0; i < n; i++) {
		if (p->args[i].kind != PT_OPEN_MODE)
			continue;
		for (unsigned int j = i; j-- > 0;) {
			if (p->args[j].kind == PT_OPEN_FLAGS) {
				p->args[i].len_arg = (int16_t)(j + 1);
				break;
			}
		}
	}
	if (!check_proto(ps, p)) {
		proto_free(p);
		return;
	}
	add_pending(ps, p);
}

/* library PATTERN ;  The pattern is raw text up to ';' or a blank. */
static void parse_library(struct parser *ps)
{
	const char *s;
	size_t n;

	while (ps->p < ps->end && is_space(*ps->p))
		ps->p++;
	s = ps->p;
	while (ps->p < ps->end && *ps->p != ';' && *ps->p != '\n' &&
	       !is_space(*ps->p) && *ps->p != '#' && *ps->p != '\0')
		ps->p++;
	n = (size_t)(ps->p - s);
	ps->tline = ps->line;
	if (!n) {
		next(ps);
		expected(ps, "a library name");
		return;
	}
	if (n > IDENT_MAX) {
		fail(ps, "library name too long");
		return;
	}
	free(ps->lib);
	ps->lib = NULL;
	/* "*": every object again. */
	if (!(n == 1 && *s == '*')) {
		ps->lib = strndup(s, n);
		if (!ps->lib) {
			fail(ps, "out of memory");
			return;
		}
	}
	next(ps);
	expect_punct(ps, ';');
}

static void parse_statement(struct parser *ps, bool builtin)
{
	struct ptype ret;
	bool is_void;

	if (is_word(ps, "library")) {
		if (builtin) {
			fail(ps, "library in the built-in table");
			return;
		}
		parse_library(ps);
		return;
	}
	if (is_word(ps, "enum")) {
		/* enum NAME { ... }; or a return type: enum NAME f(...); */
		const char *save_p = ps->p;
		unsigned int save_line = ps->line, save_tline = ps->tline;
		char name[IDENT_MAX + 1];

		next(ps);
		if (ps->t == T_IDENT) {
			snprintf(name, sizeof(name), "%s", ps->ident);
			next(ps);
			if (is_punct(ps, '{')) {
				parse_enum_def(ps, name);
				return;
			}
		}
		if (ps->failed)
			return;
		ps->p = save_p;
		ps->line = save_line;
		ps->tline = save_tline;
		ps->t = T_IDENT;
		strcpy(ps->ident, "enum");
	}
	if (!parse_type(ps, &ret, false, &is_void))
		return;
	parse_proto(ps, &ret);
}

static void free_pending(struct parser *ps)
{
	for (size_t i = 0; i < ps->nprotos; i++) {
		proto_free(ps->protos[i].p);
		free(ps->protos[i].lib);
	}
	free(ps->protos);
	while (ps->tables) {
		struct pending_table *pt = ps->tables;

		ps->tables = pt->next;
		proto_user_table_free(pt->t);
		free(pt);
	}
	free(ps->lib);
}

int proto_parse_into(const char *buf, size_t len, const char *origin,
		     bool builtin, char *err, size_t errlen)
{
	struct parser ps;

	memset(&ps, 0, sizeof(ps));
	ps.buf = buf;
	ps.p = buf;
	ps.end = buf + len;
	ps.origin = origin;
	ps.line = 1;
	ps.err = err;
	ps.errlen = errlen;
	if (errlen)
		err[0] = '\0';
	next(&ps);
	while (!ps.failed && ps.t != T_EOF)
		parse_statement(&ps, builtin);
	if (ps.failed) {
		free_pending(&ps);
		return -1;
	}
	/* Tables first, oldest first: a later one wins by name. */
	{
		struct pending_table *rev = NULL;

		while (ps.tables) {
			struct pending_table *pt = ps.tables;

			ps.tables = pt->next;
			pt->next = rev;
			rev = pt;
		}
		while (rev) {
			struct pending_table *pt = rev;

			rev = pt->next;
			proto_registry_add_table(pt->t);
			free(pt);
		}
	}
	for (size_t i = 0; i < ps.nprotos; i++)
		proto_registry_add(ps.protos[i].p, ps.protos[i].lib, builtin);
	ps.nprotos = 0;
	free_pending(&ps);
	return 0;
}
