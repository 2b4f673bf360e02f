/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The prototype registry: one hash table from function name to the
 * prototypes known for it, highest priority first.  The built-in table
 * is parsed on first use, before any user file, so that every user
 * prototype, prepended later, comes before it.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libcall/proto.h"

struct entry {
	struct proto *p;
	char *lib;		/* fnmatch pattern, NULL: every object */
	bool builtin;
	struct entry *next;
};

/*
 * A power of two comfortably above the built-in table and a big user
 * file: a lookup runs once per breakpoint, so chains of one or two.
 */
#define NBUCKETS 1024

static struct entry *buckets[NBUCKETS];
static bool builtins_loaded;
static unsigned int nbuiltin;

struct utable {
	struct proto_table *t;
	struct utable *next;
};
static struct utable *utables;

/* A prototype file bigger than this is not a prototype file. */
#define PROTO_FILE_MAX (16u << 20)

static unsigned int hash_name(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (NBUCKETS - 1);
}

struct proto *proto_new_named(const char *name, unsigned int nargs,
			      const char *argnames)
{
	size_t nlen = strlen(name) + 1;
	size_t alen = argnames ? strlen(argnames) + 1 : 0;
	size_t size = sizeof(struct proto) + nargs * sizeof(struct ptype);
	struct proto *p;

	if (nargs > PROTO_MAX_ARGS) {
		errno = E2BIG;
		return NULL;
	}
	p = calloc(1, size + nlen + alen);
	if (!p)
		return NULL;
	memcpy((char *)p + size, name, nlen);
	p->name = (char *)p + size;
	if (argnames) {
		memcpy((char *)p + size + nlen, argnames, alen);
		p->argnames = (char *)p + size + nlen;
	}
	p->nargs = nargs;
	return p;
}

struct proto *proto_new(const char *name, unsigned int nargs)
{
	return proto_new_named(name, nargs, NULL);
}

void proto_free(struct proto *p)
{
	free(p);
}

/*
 * An integer as its prototype's type has it: the ABI leaves the bits
 * above a narrower type undefined (an int's return in rax), so a value
 * is cut to its width and extended by its sign.  Other kinds: as given.
 */
int64_t proto_narrow(const struct ptype *t, uint64_t v)
{
	switch (t->kind) {
	case PT_INT:
	case PT_BOOL:
		return (int32_t)v;
	case PT_UINT:
		return (uint32_t)v;
	case PT_SHORT:
		return (int16_t)v;
	case PT_USHORT:
		return (uint16_t)v;
	case PT_INT8:
	case PT_CHAR:
		return (int8_t)v;
	case PT_UINT8:
		return (uint8_t)v;
	case PT_HEX:
	case PT_OCTAL:
	case PT_FLAGS:
	case PT_ENUM:
		if (t->size && t->size < 8)
			return (int64_t)(v & ((1ULL << (8 * t->size)) - 1));
		return (int64_t)v;
	default:
		return (int64_t)v;
	}
}

static void load_builtins(void)
{
	char err[256];

	if (builtins_loaded)
		return;
	builtins_loaded = true;
	/* A failure here is a bug in proto_builtin.c: the unit test sees it. */
	if (proto_parse_into(proto_builtin_text, strlen(proto_builtin_text),
			     "<built-in>", true, err, sizeof(err)) < 0)
		fprintf(stderr, "sltrace: %s\n", err);
}

int proto_registry_add(struct proto *p, char *lib, bool builtin)
{
	struct entry *e = malloc(sizeof(*e));
	unsigned int h;

	if (!e) {
		proto_free(p);
		free(lib);
		return -ENOMEM;
	}
	h = hash_name(p->name);
	e->p = p;
	e->lib = lib;
	e->builtin = builtin;
	e->next = buckets[h];
	buckets[h] = e;
	if (builtin)
		nbuiltin++;
	return 0;
}

void proto_registry_add_table(struct proto_table *t)
{
	struct utable *u = malloc(sizeof(*u));

	if (!u) {
		proto_user_table_free(t);
		return;
	}
	u->t = t;
	u->next = utables;
	utables = u;
}

const struct proto_table *proto_find_table(const char *name)
{
	const struct utable *u;

	for (u = utables; u; u = u->next)
		if (!strcmp(u->t->name, name))
			return u->t;
	for (size_t i = 0; i < proto_builtin_ntables; i++) {
		const struct proto_table *t = &proto_builtin_tables[i];

		if (!strcmp(t->name, name) ||
		    (t->alias && !strcmp(t->alias, name)))
			return t;
	}
	return NULL;
}

const struct proto_table *proto_table_of(const struct xlat *x)
{
	const struct utable *u;

	for (u = utables; u; u = u->next)
		if (u->t->xlat == x)
			return u->t;
	for (size_t i = 0; i < proto_builtin_ntables; i++)
		if (proto_builtin_tables[i].xlat == x)
			return &proto_builtin_tables[i];
	return NULL;
}

static bool lib_matches(const char *pattern, const char *soname)
{
	if (!pattern)
		return true;
	return soname && fnmatch(pattern, soname, 0) == 0;
}

const struct proto *proto_lookup(const char *name, const char *lib_soname)
{
	const struct entry *e;

	load_builtins();
	for (e = buckets[hash_name(name)]; e; e = e->next)
		if (!strcmp(e->p->name, name) &&
		    lib_matches(e->lib, lib_soname))
			return e->p;
	return NULL;
}

unsigned int proto_builtin_count(void)
{
	load_builtins();
	return nbuiltin;
}

int proto_parse(const char *buf, size_t len, const char *origin, char *err,
		size_t errlen)
{
	load_builtins();
	return proto_parse_into(buf, len, origin, false, err, errlen);
}

int proto_load_file(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	int fd, ret = -1, e = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		e = errno;
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		e = EISDIR;
		goto out;
	}
	if (S_ISREG(st.st_mode) && st.st_size > (off_t)PROTO_FILE_MAX) {
		e = EFBIG;
		goto out;
	}
	/* Not st_size alone: a pipe or /proc file reports 0. */
	for (size_t cap = 0;;) {
		ssize_t n;

		if (len == cap) {
			char *nb;

			if (cap >= PROTO_FILE_MAX) {
				e = EFBIG;
				goto out;
			}
			cap = cap ? 2 * cap : 8192;
			nb = realloc(buf, cap);
			if (!nb) {
				e = ENOMEM;
				goto out;
			}
			buf = nb;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			e = errno;
			goto out;
		}
		if (!n)
			break;
		len += (size_t)n;
	}
	ret = proto_parse(buf, len, path, err, errlen);
out:
	if (e)
		snprintf(err, errlen, "cannot open prototype file %s: %s", path,
			 strerror(e));
	if (fd >= 0)
		close(fd);
	free(buf);
	return ret;
}

/* open() failed, not the parse: for the files allowed to be missing. */
static int load_maybe(const char *path, bool skip_unreadable, char *err,
		      size_t errlen)
{
	int fd;

	if (skip_unreadable) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return 0;
		close(fd);
	}
	return proto_load_file(path, err, errlen);
}

static int conf_name(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 5 &&
	       !strcmp(d->d_name + n - 5, ".conf");
}

static int load_defaults(char *err, size_t errlen)
{
	struct dirent **names;
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char path[4096];
	int n, ret = 0;

	n = scandir(PROTO_SYSTEM_DIR, &names, conf_name, alphasort);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", PROTO_SYSTEM_DIR,
			 names[i]->d_name);
		if (!ret && load_maybe(path, true, err, errlen) < 0)
			ret = -1;
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	if (ret)
		return ret;
	if (xdg && *xdg == '/')
		snprintf(path, sizeof(path), "%s/sltrace/prototypes", xdg);
	else if (home && *home)
		snprintf(path, sizeof(path), "%s/.config/sltrace/prototypes",
			 home);
	else
		return 0;
	return load_maybe(path, true, err, errlen);
}

int proto_load_config(char *const *files, size_t n, bool skip_unreadable,
		      char *err, size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	if (!n)
		return load_defaults(err, errlen);
	for (size_t i = 0; i < n; i++)
		if (load_maybe(files[i], skip_unreadable, err, errlen) < 0)
			return -1;
	return 0;
}

void proto_reset(void)
{
	for (unsigned int i = 0; i < NBUCKETS; i++) {
		struct entry **pp = &buckets[i];

		while (*pp) {
			struct entry *e = *pp;

			if (e->builtin) {
				pp = &e->next;
				continue;
			}
			*pp = e->next;
			proto_free(e->p);
			free(e->lib);
			free(e);
		}
	}
	while (utables) {
		struct utable *u = utables;

		utables = u->next;
		proto_user_table_free(u->t);
		free(u);
	}
}

const struct proto *proto_fallback(void)
{
	static _Alignas(struct proto) unsigned char
		buf[sizeof(struct proto) + 4 * sizeof(struct ptype)];
	struct proto *p = (struct proto *)buf;

	if (!p->nargs) {
		p->name = "";
		p->ret.kind = PT_GUESS;
		p->nargs = 4;
		for (unsigned int i = 0; i < 4; i++)
			p->args[i].kind = PT_GUESS;
	}
	return p;
}

/* --- names, for messages and tests --------------------------------------- */

static const char *const kind_names[PT_KIND_MAX] = {
	[PT_VOID] = "void",
	[PT_INT] = "int",
	[PT_UINT] = "uint",
	[PT_LONG] = "long",
	[PT_ULONG] = "ulong",
	[PT_LLONG] = "llong",
	[PT_ULLONG] = "ullong",
	[PT_SHORT] = "short",
	[PT_USHORT] = "ushort",
	[PT_INT8] = "int8_t",
	[PT_UINT8] = "uint8_t",
	[PT_CHAR] = "char",
	[PT_BOOL] = "bool",
	[PT_HEX] = "hex",
	[PT_OCTAL] = "octal",
	[PT_SIZE] = "size_t",
	[PT_SSIZE] = "ssize_t",
	[PT_PTR] = "ptr",
	[PT_STRING] = "string",
	[PT_STRING_N] = "string",
	[PT_BUF] = "buf",
	[PT_FORMAT] = "format",
	[PT_FLOAT] = "float",
	[PT_DOUBLE] = "double",
	[PT_FLAGS] = "flags",
	[PT_ENUM] = "enum",
	[PT_FD] = "fd",
	[PT_DIRFD] = "dirfd",
	[PT_MODE] = "mode",
	[PT_OPEN_FLAGS] = "open_flags",
	[PT_OPEN_MODE] = "open_mode",
	[PT_MMAP_FLAGS] = "mmap_flags",
	[PT_SIGNAL] = "signal",
	[PT_SIGHANDLER] = "sighandler",
	[PT_ERRNO] = "errno",
	[PT_SOCK_TYPE] = "socktype",
	[PT_STRARRAY] = "strarray",
	[PT_ENVARRAY] = "envarray",
	[PT_TIMESPEC] = "timespec",
	[PT_TIMEVAL] = "timeval",
	[PT_GUESS] = "guess",
	[PT_LT] = "ltrace",
};

static const char *size_name(unsigned int size)
{
	switch (size) {
	case 1:
		return "uint8_t";
	case 2:
		return "ushort";
	case 4:
		return "uint";
	case 8:
		return "ullong";
	default:
		return "ulong";
	}
}

static const char *table_name(const struct ptype *t)
{
	const struct proto_table *pt = proto_table_of(t->xlat);

	return pt ? pt->name : "?";
}

const char *ptype_name(char *buf, size_t size, const struct ptype *t)
{
	const char *out = t->flags & PTF_OUT ? "out " : "";
	const char *k = t->kind < PT_KIND_MAX && kind_names[t->kind] ?
				kind_names[t->kind] : "?";

	switch (t->kind) {
	case PT_HEX:
	case PT_OCTAL:
		if (t->size == 4)
			snprintf(buf, size, "%s%s", out, k);
		else
			snprintf(buf, size, "%s%s(%s)", out, k,
				 size_name(t->size));
		break;
	case PT_FLAGS:
	case PT_ENUM:
		if (t->size == 4)
			snprintf(buf, size, "%s%s(%s)", out, k,
				 table_name(t));
		else
			snprintf(buf, size, "%s%s(%s, %s)", out, k,
				 table_name(t), size_name(t->size));
		break;
	case PT_STRING_N:
	case PT_BUF:
		if (t->len_arg == PT_LEN_RETVAL)
			snprintf(buf, size, "%s%s[retval]", out, k);
		else if (t->len_arg > 0)
			snprintf(buf, size, "%s%s[arg%d]", out, k, t->len_arg);
		else
			snprintf(buf, size, "%s%s[%u]", out, k, t->len_const);
		break;
	default:
		snprintf(buf, size, "%s%s", out, k);
		break;
	}
	return buf;
}

const char *proto_sprint(char *buf, size_t size, const struct proto *p)
{
	char tb[128];
	size_t n;

	if (!size)
		return buf;
	buf[0] = '\0';
	n = (size_t)snprintf(buf, size, "%s %s(",
			     ptype_name(tb, sizeof(tb), &p->ret), p->name);
	for (unsigned int i = 0; i < p->nargs && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
				      ptype_name(tb, sizeof(tb), &p->args[i]));
	if (n < size && p->variadic)
		n += (size_t)snprintf(buf + n, size - n, "%s...",
				      p->nargs ? ", " : "");
	if (n < size && !p->nargs && !p->variadic)
		n += (size_t)snprintf(buf + n, size - n, "void");
	if (n < size)
		snprintf(buf + n, size - n, ")");
	return buf;
}
