/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Prototypes from DWARF (see dwarf.h): finding the debug file, and the
 * index of the functions it describes.  DWARF types become prototype
 * kinds in dwarf_type.c.
 */
#include "config.h"

#include <dwarf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>

#include "libcall/dwarf.h"
#include "libcall/dwarf_int.h"
#include "libcall/dwattr.h"
#include "libcall/proto.h"

#define DEFAULT_DEBUG_ROOT "/usr/lib/debug"

static struct dwarf_protos *cache;
/* Objects known to have no debug information: asked again per process. */
static struct file_key *misses;
static size_t nmisses, misses_cap;
static char *debug_root;

static const char *root_dir(void)
{
	return debug_root ? debug_root : DEFAULT_DEBUG_ROOT;
}

int dwarf_set_debug_root(const char *root)
{
	char *copy = NULL;

	if (root) {
		copy = strdup(root);
		if (!copy)
			return -ENOMEM;
	}
	free(debug_root);
	debug_root = copy;
	free(misses);
	misses = NULL;
	nmisses = misses_cap = 0;
	return 0;
}

static void key_of(const struct stat *st, struct file_key *k)
{
	memset(k, 0, sizeof(*k));
	k->dev = st->st_dev;
	k->ino = st->st_ino;
	k->size = st->st_size;
	k->mtime = st->st_mtim;
}

static bool key_eq(const struct file_key *a, const struct file_key *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtime.tv_sec == b->mtime.tv_sec &&
	       a->mtime.tv_nsec == b->mtime.tv_nsec;
}

static void add_miss(const struct file_key *k)
{
	if (nmisses == misses_cap) {
		size_t cap = misses_cap ? 2 * misses_cap : 16;
		struct file_key *v = realloc(misses, cap * sizeof(*v));

		/* A forgotten miss only costs a second search. */
		if (!v)
			return;
		misses = v;
		misses_cap = cap;
	}
	misses[nmisses++] = *k;
}

/* --- finding the debug file ---------------------------------------------- */

/*
 * The file mapped whole: libelf needs no descriptor after elf_begin, so
 * none stays open per object.
 */
static Elf *elf_open_path(const char *path, struct stat *st)
{
	Elf *elf;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (st && fstat(fd, st) < 0) {
		close(fd);
		return NULL;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) != ELF_K_ELF) {
		elf_end(elf);
		elf = NULL;
	}
	/* Reads the file into memory when mmap failed; a no-op otherwise. */
	if (elf && elf_cntl(elf, ELF_C_FDREAD) != 0) {
		elf_end(elf);
		elf = NULL;
	}
	if (elf)
		elf_cntl(elf, ELF_C_FDDONE);
	close(fd);
	return elf;
}

static bool has_debug_info(Elf *elf)
{
	Elf_Scn *scn = NULL;
	bool info = false, relocs = false;
	size_t shstrndx;
	GElf_Ehdr eh;

	if (!gelf_getehdr(elf, &eh) || elf_getshdrstrndx(elf, &shstrndx) < 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL)
			relocs = true;
		if (sh.sh_type == SHT_NOBITS || !sh.sh_size)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && (!strcmp(name, ".debug_info") ||
			     !strcmp(name, ".zdebug_info")))
			info = true;
	}
	/*
	 * libdw does not apply relocations: an object file's DWARF would
	 * point at the wrong strings.  dwz's common files are ET_REL too,
	 * but have none.
	 */
	return info && (eh.e_type != ET_REL || !relocs);
}

/* The CRC-32 .gnu_debuglink stores: zlib's (reflected, 0xedb88320). */
static uint32_t crc32_of(const unsigned char *p, size_t n)
{
	static uint32_t table[256];
	uint32_t crc = 0xffffffff;
	size_t i;

	if (!table[1]) {
		for (i = 0; i < 256; i++) {
			uint32_t c = i;
			int k;

			for (k = 0; k < 8; k++)
				c = (c >> 1) ^ (0xedb88320 & -(c & 1));
			table[i] = c;
		}
	}
	for (i = 0; i < n; i++)
		crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* What a candidate debug file must match. */
struct want {
	const struct stat *obj;	/* the object: never its own debug file */
	const void *id;		/* build-id, or NULL */
	size_t idlen;
	bool check_crc;		/* without two build-ids: the debuglink CRC */
	uint32_t crc;
};

static Elf *try_candidate(const char *path, const struct want *w)
{
	struct stat st;
	const void *id;
	ssize_t idlen;
	Elf *elf;

	elf = elf_open_path(path, &st);
	if (!elf)
		return NULL;
	if (w->obj && st.st_dev == w->obj->st_dev &&
	    st.st_ino == w->obj->st_ino)
		goto reject;
	if (!has_debug_info(elf))
		goto reject;
	idlen = dwelf_elf_gnu_build_id(elf, &id);
	if (w->id && idlen > 0) {
		/* A stale debug file would give another build's types. */
		if ((size_t)idlen != w->idlen || memcmp(id, w->id, idlen))
			goto reject;
	} else if (w->check_crc) {
		size_t size;
		char *raw = elf_rawfile(elf, &size);

		if (!raw || crc32_of((unsigned char *)raw, size) != w->crc)
			goto reject;
	} else if (w->id) {
		goto reject;
	}
	return elf;
reject:
	elf_end(elf);
	return NULL;
}

static bool build_id_path(char *buf, size_t size, const void *id, size_t idlen)
{
	const unsigned char *b = id;
	size_t i, n;

	if (idlen < 2)
		return false;
	n = snprintf(buf, size, "%s/.build-id/%02x/", root_dir(), b[0]);
	for (i = 1; i < idlen && n + 3 < size; i++)
		n += snprintf(buf + n, size - n, "%02x", b[i]);
	if (i < idlen || n + sizeof(".debug") > size)
		return false;
	memcpy(buf + n, ".debug", sizeof(".debug"));
	return true;
}

/* dir of path, without the final slash: "" for "/x", "." for "x". */
static void dir_of(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n;

	if (!slash) {
		snprintf(buf, size, ".");
		return;
	}
	n = slash - path;
	if (n >= size)
		n = size - 1;
	memcpy(buf, path, n);
	buf[n] = 0;
}

static Elf *try_debuglink(const char *path, Elf *obj, const struct stat *st,
			  const void *id, size_t idlen, char *found,
			  size_t fsize)
{
	char dir[PATH_MAX], real[PATH_MAX], cand[PATH_MAX];
	struct want w = { .obj = st, .id = id, .idlen = idlen };
	const char *link;
	GElf_Word crc;
	Elf *elf;
	int i;

	link = dwelf_elf_gnu_debuglink(obj, &crc);
	if (!link || !*link || strchr(link, '/'))
		return NULL;
	/* Used when the two files do not both have a build-id. */
	w.check_crc = true;
	w.crc = crc;
	dir_of(path, dir, sizeof(dir));
	/*
	 * The places gdb looks, in its order.  Debian's /lib is a link to
	 * /usr/lib, and the debug tree follows the real directory.
	 */
	if (!realpath(*dir ? dir : "/", real))
		real[0] = 0;
	for (i = 0; i < 4; i++) {
		int n;

		switch (i) {
		case 0:
			n = snprintf(cand, sizeof(cand), "%s/%s", dir, link);
			break;
		case 1:
			n = snprintf(cand, sizeof(cand), "%s/.debug/%s", dir,
				     link);
			break;
		case 2:
			if (dir[0] != '/' && dir[0])
				continue;
			n = snprintf(cand, sizeof(cand), "%s%s/%s",
				     root_dir(), dir, link);
			break;
		default:
			if (!real[0] || !strcmp(real, dir) ||
			    (!dir[0] && !strcmp(real, "/")))
				continue;
			n = snprintf(cand, sizeof(cand), "%s%s/%s",
				     root_dir(), strcmp(real, "/") ? real : "",
				     link);
			break;
		}
		if (n < 0 || (size_t)n >= sizeof(cand))
			continue;
		elf = try_candidate(cand, &w);
		if (elf) {
			snprintf(found, fsize, "%s", cand);
			return elf;
		}
	}
	return NULL;
}

/*
 * The ELF holding path's DWARF: obj itself, or a separate file (its path
 * then goes to found).
 */
static Elf *find_debug(const char *path, Elf *obj, const struct stat *st,
		       char *found, size_t fsize)
{
	char cand[PATH_MAX];
	const void *id = NULL;
	ssize_t idlen;
	Elf *elf;

	snprintf(found, fsize, "%s", path);
	if (has_debug_info(obj))
		return obj;
	idlen = dwelf_elf_gnu_build_id(obj, &id);
	if (idlen <= 0) {
		id = NULL;
		idlen = 0;
	}
	if (id && build_id_path(cand, sizeof(cand), id, idlen)) {
		struct want w = { .obj = st, .id = id, .idlen = idlen };

		elf = try_candidate(cand, &w);
		if (elf) {
			snprintf(found, fsize, "%s", cand);
			return elf;
		}
	}
	return try_debuglink(path, obj, st, id, idlen, found, fsize);
}

/*
 * dwz moves DIEs shared by several objects into one file named by
 * .gnu_debugaltlink.  libdw finds it under /usr/lib/debug by itself; set
 * it here so that the configured root is searched too.
 */
static void set_alt(struct dwarf_protos *dp, const char *debug_path)
{
	char cand[PATH_MAX], dir[PATH_MAX];
	const char *name;
	const void *id;
	ssize_t idlen;
	int i;

	idlen = dwelf_dwarf_gnu_debugaltlink(dp->dbg, &name, &id);
	if (idlen <= 0)
		return;
	dir_of(debug_path, dir, sizeof(dir));
	for (i = 0; i < 2; i++) {
		struct want w = { .id = id, .idlen = idlen };
		int n;

		if (i == 0) {
			if (!build_id_path(cand, sizeof(cand), id, idlen))
				continue;
		} else {
			n = snprintf(cand, sizeof(cand), "%s%s%s",
				     name[0] == '/' ? "" : dir,
				     name[0] == '/' ? "" : "/", name);
			if (n < 0 || (size_t)n >= sizeof(cand))
				continue;
		}
		dp->alt_elf = try_candidate(cand, &w);
		if (!dp->alt_elf)
			continue;
		dp->alt = dwarf_begin_elf(dp->alt_elf, DWARF_C_READ, NULL);
		if (dp->alt) {
			dwarf_setalt(dp->dbg, dp->alt);
			return;
		}
		elf_end(dp->alt_elf);
		dp->alt_elf = NULL;
	}
}

struct dwarf_protos *dwarf_protos_open(const char *path)
{
	static bool elf_ready;
	char found[PATH_MAX];
	struct dwarf_protos *dp;
	struct file_key key;
	struct stat st;
	Elf *obj, *elf;
	Dwarf *dbg;
	size_t i;

	if (stat(path, &st) < 0)
		return NULL;
	key_of(&st, &key);
	for (dp = cache; dp; dp = dp->next) {
		if (key_eq(&dp->key, &key)) {
			dp->refs++;
			return dp;
		}
	}
	for (i = 0; i < nmisses; i++) {
		if (key_eq(&misses[i], &key)) {
			errno = ENOENT;
			return NULL;
		}
	}
	if (!elf_ready) {
		if (elf_version(EV_CURRENT) == EV_NONE) {
			errno = ENOSYS;
			return NULL;
		}
		elf_ready = true;
	}
	obj = elf_open_path(path, NULL);
	if (!obj)
		goto miss;
	elf = find_debug(path, obj, &st, found, sizeof(found));
	if (!elf) {
		elf_end(obj);
		goto miss;
	}
	dbg = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	dp = dbg ? calloc(1, sizeof(*dp)) : NULL;
	if (!dp) {
		int err = dbg ? ENOMEM : ENOENT;

		if (dbg)
			dwarf_end(dbg);
		if (elf != obj)
			elf_end(elf);
		elf_end(obj);
		if (err == ENOENT)
			add_miss(&key);
		errno = err;
		return NULL;
	}
	dp->word = gelf_getclass(obj) == ELFCLASS32 ? 4 : 8;
	if (elf != obj)
		elf_end(obj);
	dp->key = key;
	dp->refs = 1;
	dp->elf = elf;
	dp->dbg = dbg;
	set_alt(dp, found);
	dp->next = cache;
	cache = dp;
	return dp;
miss:
	add_miss(&key);
	errno = ENOENT;
	return NULL;
}

void dwarf_protos_close(struct dwarf_protos *dp)
{
	struct dwarf_protos **pp;
	struct dw_enum *e, *next;
	size_t i;

	if (!dp || --dp->refs)
		return;
	for (pp = &cache; *pp; pp = &(*pp)->next) {
		if (*pp == dp) {
			*pp = dp->next;
			break;
		}
	}
	for (i = 0; i < dp->nfuncs; i++)
		proto_free(dp->funcs[i].proto);
	free(dp->funcs);
	free(dp->by_entry);
	for (e = dp->enums; e; e = next) {
		next = e->next;
		free(e->xlat);
		free(e);
	}
	/* The main Dwarf refers to the alternate one until it ends. */
	dwarf_end(dp->dbg);
	elf_end(dp->elf);
	if (dp->alt)
		dwarf_end(dp->alt);
	if (dp->alt_elf)
		elf_end(dp->alt_elf);
	free(dp);
}

/* --- the index of functions ---------------------------------------------- */

static const char *string_of(Dwarf_Die *die, unsigned int at)
{
	Dwarf_Attribute a;

	if (!dwarf_attr_integrate(die, at, &a))
		return NULL;
	return dwarf_formstring(&a);
}

/* The symbol a function DIE describes: its mangled name in C++. */
static const char *symbol_of(Dwarf_Die *die)
{
	const char *name = string_of(die, DW_AT_linkage_name);

	if (!name)
		name = string_of(die, DW_AT_MIPS_linkage_name);
	if (!name)
		name = string_of(die, DW_AT_name);
	return name && *name ? name : NULL;
}

static bool entry_of(Dwarf_Die *die, uint64_t *pc)
{
	Dwarf_Addr addr, base, start, end;

	if (dwarf_entrypc(die, &addr) == 0) {
		*pc = addr;
		return true;
	}
	/* Hot/cold split functions: the entry begins the first range. */
	if (dwarf_ranges(die, 0, &base, &start, &end) > 0) {
		*pc = start;
		return true;
	}
	return false;
}

static bool is_c_lang(int lang)
{
	switch (lang) {
	case DW_LANG_C89:
	case DW_LANG_C:
	case DW_LANG_C99:
	case DW_LANG_C11:
#ifdef DW_LANG_C17
	case DW_LANG_C17:
#endif
		return true;
	default:
		return false;
	}
}

static int add_func(struct dwarf_protos *dp, const char *name, Dwarf_Die *die,
		    uint64_t entry, unsigned char rank)
{
	struct dw_func *f;

	if (dp->nfuncs == dp->cap) {
		size_t cap = dp->cap ? 2 * dp->cap : 256;

		f = realloc(dp->funcs, cap * sizeof(*f));
		if (!f)
			return -ENOMEM;
		dp->funcs = f;
		dp->cap = cap;
	}
	f = &dp->funcs[dp->nfuncs++];
	memset(f, 0, sizeof(*f));
	f->name = name;
	f->die = *die;
	f->entry = entry;
	f->rank = rank;
	return 0;
}

static int index_subprogram(struct dwarf_protos *dp, Dwarf_Die *die, int lang)
{
	const char *name, *cname;
	bool decl, ext, code;
	unsigned char rank;
	uint64_t pc = 0;
	int err;

	decl = dw_flag(die, DW_AT_declaration, false);
	ext = dw_flag(die, DW_AT_external, true);
	code = !decl && entry_of(die, &pc);
	/* An abstract inline instance: its out-of-line copy is indexed. */
	if (!code && !decl)
		return 0;
	if (!code && !ext)
		return 0;
	/*
	 * `int f();` in C declares no parameters at all: its DIE has no
	 * children and says nothing of the arguments a call passes.
	 */
	if (!code && is_c_lang(lang) && !dw_flag(die, DW_AT_prototyped, true) &&
	    !dw_has_params(die))
		return 0;
	rank = code ? (ext ? RANK_DEFINITION : RANK_STATIC) : RANK_DECLARATION;
	name = symbol_of(die);
	if (!name)
		return 0;
	err = add_func(dp, name, die, pc, rank);
	/*
	 * A C function renamed by an asm label: glibc declares getenv as
	 * __GI_getenv, and exports getenv as an alias of it.  Its C name
	 * finds it too.
	 */
	cname = string_of(die, DW_AT_name);
	if (!err && is_c_lang(lang) && cname && *cname && strcmp(cname, name))
		err = add_func(dp, cname, die, pc, rank);
	return err;
}

static int index_children(struct dwarf_protos *dp, Dwarf_Die *parent,
			  int lang, int depth)
{
	Dwarf_Die child;
	int err = 0;

	if (dwarf_child(parent, &child) != 0)
		return 0;
	do {
		switch (dwarf_tag(&child)) {
		case DW_TAG_subprogram:
			err = index_subprogram(dp, &child, lang);
			break;
		case DW_TAG_namespace:
			/* C++ functions defined inside a namespace block. */
			if (depth < MAX_NEST)
				err = index_children(dp, &child, lang,
						     depth + 1);
			break;
		default:
			break;
		}
	} while (!err && dwarf_siblingof(&child, &child) == 0);
	return err;
}

static int cmp_func(const void *a, const void *b)
{
	const struct dw_func *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->entry < y->entry ? -1 : x->entry > y->entry;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct dw_func *x = *(struct dw_func *const *)a;
	const struct dw_func *y = *(struct dw_func *const *)b;

	if (x->entry != y->entry)
		return x->entry < y->entry ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static int build_index(struct dwarf_protos *dp)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie, subdie;
	Dwarf_Half version;
	uint8_t type;
	size_t i, n = 0;
	int err;

	while (dwarf_get_units(dp->dbg, cu, &cu, &version, &type, &cudie,
			       &subdie) == 0) {
		/* Skeleton units leave their DIEs in .dwo files: skipped. */
		if (type != DW_UT_compile && type != DW_UT_partial)
			continue;
		err = index_children(dp, &cudie, dwarf_srclang(&cudie), 0);
		if (err)
			return err;
	}
	if (dp->nfuncs)
		qsort(dp->funcs, dp->nfuncs, sizeof(*dp->funcs), cmp_func);
	for (i = 0; i < dp->nfuncs; i++)
		n += dp->funcs[i].entry != 0;
	if (!n)
		return 0;
	dp->by_entry = malloc(n * sizeof(*dp->by_entry));
	if (!dp->by_entry)
		return -ENOMEM;
	for (i = 0; i < dp->nfuncs; i++)
		if (dp->funcs[i].entry)
			dp->by_entry[dp->nentry++] = &dp->funcs[i];
	qsort(dp->by_entry, dp->nentry, sizeof(*dp->by_entry), cmp_entry);
	return 0;
}

/*
 * The best ranked function named name[0..len), or NULL.  A lower bound on
 * strncmp: "foo" sorts before every other name beginning with "foo", so
 * when it exists the bound lands on it.
 */
static struct dw_func *find_name(struct dwarf_protos *dp, const char *name,
				 size_t len)
{
	size_t lo = 0, hi = dp->nfuncs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(dp->funcs[mid].name, name, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < dp->nfuncs && !strncmp(dp->funcs[lo].name, name, len) &&
	    !dp->funcs[lo].name[len])
		return &dp->funcs[lo];
	return NULL;
}

static struct dw_func *find_entry(struct dwarf_protos *dp, uint64_t addr)
{
	size_t lo = 0, hi = dp->nentry;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (dp->by_entry[mid]->entry < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < dp->nentry && dp->by_entry[lo]->entry == addr)
		return dp->by_entry[lo];
	return NULL;
}

static const struct proto *proto_of(struct dwarf_protos *dp,
				    struct dw_func *f)
{
	if (!f->built) {
		f->proto = dw_build_proto(dp, f);
		f->built = true;
	}
	return f->proto;
}

static bool ensure_index(struct dwarf_protos *dp)
{
	if (!dp->indexed && !dp->index_failed) {
		if (build_index(dp) == 0)
			dp->indexed = true;
		else
			dp->index_failed = true;
	}
	return dp->indexed;
}

const struct proto *dwarf_proto_lookup_at(struct dwarf_protos *dp,
					  const char *name, uint64_t addr)
{
	struct dw_func *f = NULL;

	if (!dp || !ensure_index(dp))
		return NULL;
	if (name)
		f = find_name(dp, name, strcspn(name, "@"));
	if (!f && addr)
		f = find_entry(dp, addr);
	return f ? proto_of(dp, f) : NULL;
}

const struct proto *dwarf_proto_lookup(struct dwarf_protos *dp,
				       const char *name)
{
	return dwarf_proto_lookup_at(dp, name, 0);
}
