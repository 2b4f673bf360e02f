/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script language's maps and their printers (see agg.h).  The text
 * formats were observed from bpftrace 0.17.0 (Debian 12) running BEGIN
 * probes with known values; tests/unit/script_agg_test.c holds what it
 * printed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "util/utf8.h"

struct agg_map {
	char *name;
	enum agg_kind kind;
	int64_t lmin, lmax, lstep;
	unsigned int nbuckets; /* per entry, hist and lhist */
	struct agg_entry **table;
	size_t tsize; /* a power of two */
	size_t size;
	agg_frame_fn frame_fn;
	void *frame_ctx;
};

struct agg_map *agg_map_new(const char *name, enum agg_kind kind, int64_t min,
			    int64_t max, int64_t step)
{
	struct agg_map *map;

	if (!name || kind > AGG_STR) {
		errno = EINVAL;
		return NULL;
	}
	if (kind == AGG_LHIST &&
	    (min < 0 || max <= min || step <= 0 ||
	     (uint64_t)(max - min - 1) / (uint64_t)step >= AGG_LHIST_STEPS_MAX)) {
		errno = EINVAL;
		return NULL;
	}
	map = calloc(1, sizeof(*map));
	if (!map)
		return NULL;
	map->name = strdup(name);
	map->tsize = 16;
	map->table = calloc(map->tsize, sizeof(*map->table));
	if (!map->name || !map->table) {
		free(map->name);
		free(map->table);
		free(map);
		errno = ENOMEM;
		return NULL;
	}
	map->kind = kind;
	if (kind == AGG_HIST) {
		map->nbuckets = AGG_HIST_BUCKETS;
	} else if (kind == AGG_LHIST) {
		map->lmin = min;
		map->lmax = max;
		map->lstep = step;
		/* Underflow, the steps (the last one may end past max), overflow. */
		map->nbuckets =
			(unsigned int)((max - min + step - 1) / step) + 2;
	}
	return map;
}

static void free_entry(struct agg_entry *e)
{
	free(e->buckets);
	free(e);
}

void agg_map_clear(struct agg_map *map)
{
	for (size_t i = 0; i < map->tsize; i++) {
		struct agg_entry *e = map->table[i], *next;

		for (; e; e = next) {
			next = e->next;
			free_entry(e);
		}
		map->table[i] = NULL;
	}
	map->size = 0;
}

void agg_map_free(struct agg_map *map)
{
	if (!map)
		return;
	agg_map_clear(map);
	free(map->table);
	free(map->name);
	free(map);
}

const char *agg_map_name(const struct agg_map *map)
{
	return map->name;
}

enum agg_kind agg_map_kind(const struct agg_map *map)
{
	return map->kind;
}

size_t agg_map_size(const struct agg_map *map)
{
	return map->size;
}

void agg_map_set_frame_fn(struct agg_map *map, agg_frame_fn fn, void *ctx)
{
	map->frame_fn = fn;
	map->frame_ctx = ctx;
}

/*
 * A key is encoded as its element count, then per element a type byte
 * and: an int's 8 bytes; a string's length byte and bytes; a stack's
 * frame count byte and 8 bytes a frame.  Equal tuples, equal bytes.
 */
static size_t key_encode(const struct agg_val *key, unsigned int nkeys,
			 unsigned char *buf, size_t size)
{
	size_t n = 0;

	if (nkeys > AGG_KEY_MAX || (nkeys && !key))
		return 0;
#define PUT(p, len)                          \
	do {                                 \
		if (n + (len) > size)        \
			return 0;            \
		memcpy(buf + n, (p), (len)); \
		n += (len);                  \
	} while (0)
	buf[n++] = (unsigned char)nkeys;
	for (unsigned int i = 0; i < nkeys; i++) {
		unsigned char t = (unsigned char)key[i].type, len;

		PUT(&t, 1);
		switch (key[i].type) {
		case AGG_KEY_INT:
			PUT(&key[i].i, 8);
			break;
		case AGG_KEY_STR:
			len = (unsigned char)strnlen(
				key[i].str.s ? key[i].str.s : "",
				key[i].str.len < AGG_STR_MAX ? key[i].str.len :
							       AGG_STR_MAX - 1);
			PUT(&len, 1);
			PUT(key[i].str.s ? key[i].str.s : "", len);
			break;
		case AGG_KEY_STACK:
			if (key[i].stack.n > AGG_STACK_MAX ||
			    (key[i].stack.n && !key[i].stack.pc))
				return 0;
			len = (unsigned char)key[i].stack.n;
			PUT(&len, 1);
			PUT(key[i].stack.pc, 8 * (size_t)len);
			break;
		default:
			return 0;
		}
	}
#undef PUT
	return n;
}

/* The largest encoding: every element a full stack. */
#define KEY_BUF_MAX (1 + AGG_KEY_MAX * (2 + 8 * AGG_STACK_MAX))

static uint32_t key_hash(const unsigned char *p, size_t n)
{
	uint32_t h = 2166136261u; /* FNV-1a */

	while (n--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

/* Decode the element at *pos of an encoded key; 0, or -1 at its end. */
static int key_next(const unsigned char *key, size_t keylen, size_t *pos,
		    struct agg_val *v)
{
	size_t p = *pos;
	unsigned char len;

	if (p >= keylen)
		return -1;
	v->type = key[p++];
	switch (v->type) {
	case AGG_KEY_INT:
		memcpy(&v->i, key + p, 8);
		p += 8;
		break;
	case AGG_KEY_STR:
		len = key[p++];
		v->str.s = (const char *)key + p;
		v->str.len = len;
		p += len;
		break;
	default:
		len = key[p++];
		v->stack.pc = (const uint64_t *)(const void *)(key + p);
		v->stack.n = len;
		p += 8 * (size_t)len;
		break;
	}
	*pos = p;
	return 0;
}

unsigned int agg_entry_nkeys(const struct agg_entry *e)
{
	return e->key[0];
}

int agg_entry_key(const struct agg_entry *e, unsigned int i, struct agg_val *v)
{
	size_t pos = 1;

	if (i >= e->key[0])
		return -ENOENT;
	do {
		key_next(e->key, e->keylen, &pos, v);
	} while (i--);
	return 0;
}

static struct agg_entry *find(const struct agg_map *map, const unsigned char *k,
			      size_t klen, uint32_t h, struct agg_entry ***link)
{
	struct agg_entry **pp = &map->table[h & (map->tsize - 1)];

	for (; *pp; pp = &(*pp)->next) {
		if ((*pp)->hash == h && (*pp)->keylen == klen &&
		    !memcmp((*pp)->key, k, klen))
			break;
	}
	if (link)
		*link = pp;
	return *pp;
}

static int grow(struct agg_map *map)
{
	size_t nsize = map->tsize * 2;
	struct agg_entry **t = calloc(nsize, sizeof(*t));

	if (!t)
		return -ENOMEM;
	for (size_t i = 0; i < map->tsize; i++) {
		struct agg_entry *e = map->table[i], *next;

		for (; e; e = next) {
			next = e->next;
			e->next = t[e->hash & (nsize - 1)];
			t[e->hash & (nsize - 1)] = e;
		}
	}
	free(map->table);
	map->table = t;
	map->tsize = nsize;
	return 0;
}

static void entry_zero(const struct agg_map *map, struct agg_entry *e)
{
	e->value = e->count = e->total = 0;
	e->str[0] = '\0';
	e->fresh = 1;
	if (e->buckets)
		memset(e->buckets, 0, map->nbuckets * sizeof(*e->buckets));
}

/* The entry at key, made (zero) when absent; NULL + errno. */
static struct agg_entry *get(struct agg_map *map, const struct agg_val *key,
			     unsigned int nkeys)
{
	unsigned char k[KEY_BUF_MAX];
	size_t klen = key_encode(key, nkeys, k, sizeof(k));
	struct agg_entry **link, *e;
	uint32_t h;

	if (!klen) {
		errno = EINVAL;
		return NULL;
	}
	h = key_hash(k, klen);
	e = find(map, k, klen, h, &link);
	if (e)
		return e;
	e = calloc(1, sizeof(*e) + klen);
	if (!e)
		return NULL;
	if (map->nbuckets) {
		e->buckets = calloc(map->nbuckets, sizeof(*e->buckets));
		if (!e->buckets) {
			free(e);
			errno = ENOMEM;
			return NULL;
		}
	}
	e->hash = h;
	e->keylen = klen;
	memcpy(e->key, k, klen);
	e->fresh = 1;
	*link = e;
	map->size++;
	if (map->size > map->tsize)
		grow(map); /* a failure only leaves chains longer */
	return e;
}

unsigned int agg_hist_bucket(int64_t v)
{
	unsigned int b = 0;

	if (v < 0)
		return 0;
	if (v == 0)
		return 1;
	/*
	 * bpftrace 0.17's log2 only looks at the low 32 bits' worth of
	 * shifts, so it puts every value >= 2^32 in [2G, 4G); later
	 * releases count all 64 bits, and so do we.
	 */
	while (v >>= 1)
		b++;
	return b + 2;
}

static unsigned int lhist_bucket(const struct agg_map *map, int64_t v)
{
	if (v < map->lmin)
		return 0;
	if (v >= map->lmax)
		return map->nbuckets - 1;
	return (unsigned int)((v - map->lmin) / map->lstep) + 1;
}

int agg_map_update(struct agg_map *map, const struct agg_val *key,
		   unsigned int nkeys, int64_t v)
{
	const struct agg_part one = { 1, v, v, v, NULL };
	struct agg_entry *e;

	switch (map->kind) {
	case AGG_HIST:
	case AGG_LHIST:
	case AGG_INT:
		break;
	default:	/* one value is a part of one */
		return agg_map_merge(map, key, nkeys, &one);
	}
	e = get(map, key, nkeys);
	if (!e)
		return -errno;
	if (map->kind == AGG_INT) {
		e->value = v;
	} else {
		e->buckets[map->kind == AGG_HIST ? agg_hist_bucket(v) :
						   lhist_bucket(map, v)]++;
		e->count++;
	}
	e->fresh = 0;
	return 0;
}

int agg_map_merge(struct agg_map *map, const struct agg_val *key,
		  unsigned int nkeys, const struct agg_part *p)
{
	struct agg_entry *e;

	if (!p->count)
		return 0;
	if (map->kind == AGG_STR || map->kind == AGG_LHIST ||
	    map->kind == AGG_INT || (map->kind == AGG_HIST && !p->buckets))
		return -EINVAL;
	e = get(map, key, nkeys);
	if (!e)
		return -errno;
	switch (map->kind) {
	case AGG_COUNT:
		e->value += p->count;
		break;
	case AGG_SUM:
		e->value = (int64_t)((uint64_t)e->value + (uint64_t)p->sum);
		break;
	case AGG_MIN:
		if (e->fresh || p->min < e->value)
			e->value = p->min;
		break;
	case AGG_MAX:
		if (e->fresh || p->max > e->value)
			e->value = p->max;
		break;
	case AGG_AVG:
	case AGG_STATS:
		e->count += p->count;
		e->total = (int64_t)((uint64_t)e->total + (uint64_t)p->sum);
		e->value = e->total / e->count;
		break;
	default: /* AGG_HIST */
		for (unsigned int b = 0; b < AGG_HIST_BUCKETS; b++)
			e->buckets[b] += p->buckets[b];
		e->count += p->count;
		break;
	}
	e->fresh = 0;
	return 0;
}

int agg_map_set_str(struct agg_map *map, const struct agg_val *key,
		    unsigned int nkeys, const char *s, size_t len)
{
	struct agg_entry *e;

	if (map->kind != AGG_STR)
		return -EINVAL;
	e = get(map, key, nkeys);
	if (!e)
		return -errno;
	len = strnlen(s, len < AGG_STR_MAX ? len : AGG_STR_MAX - 1);
	memcpy(e->str, s, len);
	e->str[len] = '\0';
	e->fresh = 0;
	return 0;
}

const struct agg_entry *agg_map_lookup(const struct agg_map *map,
				       const struct agg_val *key,
				       unsigned int nkeys)
{
	unsigned char k[KEY_BUF_MAX];
	size_t klen = key_encode(key, nkeys, k, sizeof(k));

	if (!klen)
		return NULL;
	return find(map, k, klen, key_hash(k, klen), NULL);
}

int64_t agg_entry_number(const struct agg_map *map, const struct agg_entry *e)
{
	if (map->kind == AGG_HIST || map->kind == AGG_LHIST)
		return e->count;
	return e->value;
}

int agg_map_delete(struct agg_map *map, const struct agg_val *key,
		   unsigned int nkeys)
{
	unsigned char k[KEY_BUF_MAX];
	size_t klen = key_encode(key, nkeys, k, sizeof(k));
	struct agg_entry **link, *e;

	if (!klen)
		return -EINVAL;
	e = find(map, k, klen, key_hash(k, klen), &link);
	if (!e)
		return -ENOENT;
	*link = e->next;
	free_entry(e);
	map->size--;
	return 0;
}

void agg_map_zero(struct agg_map *map)
{
	for (size_t i = 0; i < map->tsize; i++)
		for (struct agg_entry *e = map->table[i]; e; e = e->next)
			entry_zero(map, e);
}

static int cmp_val(const struct agg_val *a, const struct agg_val *b)
{
	size_t n;
	int c;

	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	switch (a->type) {
	case AGG_KEY_INT:
		return a->i < b->i ? -1 : a->i > b->i;
	case AGG_KEY_STR:
		n = a->str.len < b->str.len ? a->str.len : b->str.len;
		c = memcmp(a->str.s, b->str.s, n);
		if (c)
			return c;
		return a->str.len < b->str.len ? -1 : a->str.len > b->str.len;
	default:
		for (unsigned int i = 0; i < a->stack.n && i < b->stack.n;
		     i++) {
			uint64_t x, y;

			memcpy(&x, &a->stack.pc[i], 8);
			memcpy(&y, &b->stack.pc[i], 8);
			if (x != y)
				return x < y ? -1 : 1;
		}
		return a->stack.n < b->stack.n ? -1 : a->stack.n > b->stack.n;
	}
}

static int cmp_key(const struct agg_entry *a, const struct agg_entry *b)
{
	size_t pa = 1, pb = 1;
	struct agg_val va, vb;

	for (;;) {
		int ea = key_next(a->key, a->keylen, &pa, &va);
		int eb = key_next(b->key, b->keylen, &pb, &vb);
		int c;

		if (ea || eb)
			return eb - ea; /* the shorter tuple first */
		c = cmp_val(&va, &vb);
		if (c)
			return c;
	}
}

static enum agg_kind sort_kind;

static int cmp_entry(const void *pa, const void *pb)
{
	const struct agg_entry *a = *(const struct agg_entry *const *)pa;
	const struct agg_entry *b = *(const struct agg_entry *const *)pb;
	int64_t x, y;

	switch (sort_kind) {
	case AGG_STR:
		return cmp_key(a, b);
	case AGG_HIST:
	case AGG_LHIST:
		x = a->count;
		y = b->count;
		break;
	default:
		x = a->value;
		y = b->value;
		break;
	}
	if (x != y)
		return x < y ? -1 : 1;
	return cmp_key(a, b);
}

long agg_map_sorted(const struct agg_map *map, const struct agg_entry ***out)
{
	const struct agg_entry **v = malloc((map->size + 1) * sizeof(*v));
	size_t n = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < map->tsize; i++)
		for (struct agg_entry *e = map->table[i]; e; e = e->next)
			v[n++] = e;
	/* qsort has no context argument; printing is single-threaded. */
	sort_kind = map->kind;
	qsort(v, n, sizeof(*v), cmp_entry);
	*out = v;
	return (long)n;
}

static void frame_text(const struct agg_map *map, uint64_t pc, char *buf,
		       size_t size)
{
	if (!map->frame_fn || map->frame_fn(map->frame_ctx, pc, buf, size))
		snprintf(buf, size, "0x%" PRIx64, AGG_PC(pc));
}

/*
 * "@name" or "@name[k1, k2]": strings bare, a stack as its frames on
 * lines of their own, indented by 4 (bpftrace's ustack text).
 */
static void print_key(const struct agg_map *map, const struct agg_entry *e,
		      FILE *f)
{
	size_t pos = 1;
	struct agg_val v;
	char buf[512];

	fputs(map->name, f);
	if (!e->key[0])
		return;
	fputc('[', f);
	for (unsigned int i = 0; !key_next(e->key, e->keylen, &pos, &v); i++) {
		if (i)
			fputs(", ", f);
		switch (v.type) {
		case AGG_KEY_INT:
			fprintf(f, "%" PRId64, v.i);
			break;
		case AGG_KEY_STR:
			fwrite(v.str.s, 1, v.str.len, f);
			break;
		default:
			fputc('\n', f);
			for (unsigned int j = 0; j < v.stack.n; j++) {
				uint64_t pc;

				memcpy(&pc, &v.stack.pc[j], 8);
				frame_text(map, pc, buf, sizeof(buf));
				fprintf(f, "    %s\n", buf);
			}
			break;
		}
	}
	fputc(']', f);
}

/* 1024 -> "1K": bpftrace's units for powers of two. */
static void size_text(uint64_t n, char *buf, size_t size)
{
	static const char units[] = "KMGTPE";
	int u = -1;

	while (u < 5 && n >= 1024 && !(n % 1024)) {
		n /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, size, "%" PRIu64, n);
	else
		snprintf(buf, size, "%" PRIu64 "%c", n, units[u]);
}

void agg_hist_label(unsigned int bucket, char *buf, size_t size)
{
	char lo[24], hi[24];

	if (bucket == 0) {
		snprintf(buf, size, "(..., 0)");
	} else if (bucket == 1) {
		snprintf(buf, size, "[0]");
	} else if (bucket == 2) {
		snprintf(buf, size, "[1]");
	} else {
		size_text(1ULL << (bucket - 2), lo, sizeof(lo));
		size_text(1ULL << (bucket - 1), hi, sizeof(hi));
		snprintf(buf, size, "[%s, %s)", lo, hi);
	}
}

/* lhist labels are plain numbers: [5000, 6000), not [5K, 6K). */
static void lhist_label(const struct agg_map *map, unsigned int bucket,
			char *buf, size_t size)
{
	int64_t lo, hi;

	if (bucket == 0) {
		snprintf(buf, size, "(..., %" PRId64 ")", map->lmin);
		return;
	}
	if (bucket == map->nbuckets - 1) {
		snprintf(buf, size, "[%" PRId64 ", ...)", map->lmax);
		return;
	}
	lo = map->lmin + (int64_t)(bucket - 1) * map->lstep;
	hi = lo + map->lstep;
	snprintf(buf, size, "[%" PRId64 ", %" PRId64 ")", lo, hi);
}

static void bucket_label(const struct agg_map *map, unsigned int b, char *buf,
			 size_t size)
{
	if (map->kind == AGG_HIST)
		agg_hist_label(b, buf, size);
	else
		lhist_label(map, b, buf, size);
}

/* The rows from the first used bucket to the last, then a blank line. */
static void print_buckets(const struct agg_map *map, const struct agg_entry *e,
			  FILE *f)
{
	unsigned int first = map->nbuckets, last = 0;
	uint64_t top = 0;
	char label[64], bar[AGG_BAR_WIDTH + 1];

	for (unsigned int b = 0; b < map->nbuckets; b++) {
		if (!e->buckets[b])
			continue;
		if (first == map->nbuckets)
			first = b;
		last = b;
		if (e->buckets[b] > top)
			top = e->buckets[b];
	}
	for (unsigned int b = first; b <= last && first < map->nbuckets; b++) {
		/* Bars are rounded down: 1 of 3 is 17 characters. */
		unsigned int w =
			(unsigned int)(e->buckets[b] * AGG_BAR_WIDTH / top);

		memset(bar, '@', w);
		memset(bar + w, ' ', AGG_BAR_WIDTH - w);
		bar[AGG_BAR_WIDTH] = '\0';
		bucket_label(map, b, label, sizeof(label));
		fprintf(f, "%-16s%8" PRIu64 " |%s|\n", label, e->buckets[b],
			bar);
	}
	fputc('\n', f);
}

int agg_map_print(const struct agg_map *map, FILE *f)
{
	const struct agg_entry **v;
	long n = agg_map_sorted(map, &v);

	if (n < 0)
		return (int)n;
	/*
	 * bpftrace 0.17 writes a newline for a map with no key, and a blank
	 * line after an avg or stats map and after each key's histogram.
	 */
	if (!n)
		fputc('\n', f);
	for (long i = 0; i < n; i++) {
		const struct agg_entry *e = v[i];

		print_key(map, e, f);
		switch (map->kind) {
		case AGG_HIST:
		case AGG_LHIST:
			fputs(": \n", f);
			print_buckets(map, e, f);
			break;
		case AGG_STATS:
			fprintf(f,
				": count %" PRId64 ", average %" PRId64
				", total %" PRId64 "\n",
				e->count, e->value, e->total);
			break;
		case AGG_STR:
			fprintf(f, ": %s\n", e->str);
			break;
		default:
			fprintf(f, ": %" PRId64 "\n", e->value);
			break;
		}
	}
	if (map->kind == AGG_AVG || map->kind == AGG_STATS)
		fputc('\n', f);
	free(v);
	return ferror(f) ? -EIO : 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp((*(struct agg_map *const *)a)->name,
		      (*(struct agg_map *const *)b)->name);
}

int agg_print_exit(struct agg_map *const *maps, size_t n, FILE *f)
{
	struct agg_map **v = malloc((n + 1) * sizeof(*v));
	int err = 0;

	if (!v)
		return -ENOMEM;
	if (n)
		memcpy(v, maps, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_name);
	fputs("\n\n", f);
	for (size_t i = 0; i < n && !err; i++)
		err = agg_map_print(v[i], f);
	free(v);
	return err;
}

static const char *const kind_names[] = {
	[AGG_COUNT] = "count", [AGG_SUM] = "sum",     [AGG_MIN] = "min",
	[AGG_MAX] = "max",     [AGG_AVG] = "avg",     [AGG_STATS] = "stats",
	[AGG_HIST] = "hist",   [AGG_LHIST] = "lhist", [AGG_INT] = "int",
	[AGG_STR] = "str",
};

/* A JSON string when s is UTF-8, else {"bytes": "hex"} (doc/json.md). */
static void json_str(const char *s, size_t n, FILE *f)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i;

	if (!utf8_valid(s, n)) {
		fputs("{\"bytes\": \"", f);
		for (i = 0; i < n; i++)
			fprintf(f, "%02x", p[i]);
		fputs("\"}", f);
		return;
	}
	fputc('"', f);
	for (i = 0; i < n; i++) {
		if (p[i] == '"' || p[i] == '\\')
			fprintf(f, "\\%c", p[i]);
		else if (p[i] < 0x20)
			fprintf(f, "\\u%04x", p[i]);
		else
			fputc(p[i], f);
	}
	fputc('"', f);
}

static void json_key(const struct agg_map *map, const struct agg_entry *e,
		     FILE *f)
{
	size_t pos = 1;
	struct agg_val v;
	char buf[512];

	fputc('[', f);
	for (unsigned int i = 0; !key_next(e->key, e->keylen, &pos, &v); i++) {
		if (i)
			fputs(", ", f);
		switch (v.type) {
		case AGG_KEY_INT:
			fprintf(f, "%" PRId64, v.i);
			break;
		case AGG_KEY_STR:
			json_str(v.str.s, v.str.len, f);
			break;
		default:
			fputc('[', f);
			for (unsigned int j = 0; j < v.stack.n; j++) {
				uint64_t pc;

				memcpy(&pc, &v.stack.pc[j], 8);
				fprintf(f, "%s{\"address\": \"0x%" PRIx64 "\"",
					j ? ", " : "", AGG_PC(pc));
				if (map->frame_fn &&
				    !map->frame_fn(map->frame_ctx, pc, buf,
						   sizeof(buf))) {
					fputs(", \"symbol\": ", f);
					json_str(buf, strlen(buf), f);
				}
				fputc('}', f);
			}
			fputc(']', f);
			break;
		}
	}
	fputc(']', f);
}

static void json_buckets(const struct agg_map *map, const struct agg_entry *e,
			 FILE *f)
{
	int any = 0;
	char label[64];

	fputs(", \"buckets\": [", f);
	for (unsigned int b = 0; b < map->nbuckets; b++) {
		if (!e->buckets[b])
			continue;
		bucket_label(map, b, label, sizeof(label));
		fprintf(f, "%s{\"label\": ", any ? ", " : "");
		json_str(label, strlen(label), f);
		/* Bounds as numbers, inclusive; an open end has none. */
		if (map->kind == AGG_HIST) {
			if (b == 0)
				fputs(", \"max\": -1", f);
			else if (b <= 2)
				fprintf(f, ", \"min\": %u, \"max\": %u", b - 1,
					b - 1);
			else
				fprintf(f,
					", \"min\": %" PRIu64
					", \"max\": %" PRIu64,
					(uint64_t)1 << (b - 2),
					((uint64_t)1 << (b - 1)) - 1);
		} else if (b == 0) {
			fprintf(f, ", \"max\": %" PRId64, map->lmin - 1);
		} else if (b == map->nbuckets - 1) {
			fprintf(f, ", \"min\": %" PRId64, map->lmax);
		} else {
			int64_t lo = map->lmin + (int64_t)(b - 1) * map->lstep;

			fprintf(f, ", \"min\": %" PRId64 ", \"max\": %" PRId64,
				lo, lo + map->lstep - 1);
		}
		fprintf(f, ", \"count\": %" PRIu64 "}", e->buckets[b]);
		any = 1;
	}
	fputc(']', f);
}

int agg_map_print_json(const struct agg_map *map, FILE *f, uint64_t mono_ns,
		       uint64_t wall_ns)
{
	const struct agg_entry **v;
	long n = agg_map_sorted(map, &v);

	if (n < 0)
		return (int)n;
	fprintf(f,
		"{\"type\": \"map\", \"mono_ns\": %" PRIu64
		", \"wall_ns\": %" PRIu64 ", \"name\": ",
		mono_ns, wall_ns);
	json_str(map->name, strlen(map->name), f);
	fprintf(f, ", \"kind\": \"%s\"", kind_names[map->kind]);
	if (map->kind == AGG_LHIST)
		fprintf(f,
			", \"min\": %" PRId64 ", \"max\": %" PRId64
			", \"step\": %" PRId64,
			map->lmin, map->lmax, map->lstep);
	fputs(", \"rows\": [", f);
	for (long i = 0; i < n; i++) {
		const struct agg_entry *e = v[i];

		fputs(i ? ", {\"key\": " : "{\"key\": ", f);
		json_key(map, e, f);
		switch (map->kind) {
		case AGG_HIST:
		case AGG_LHIST:
			fprintf(f, ", \"count\": %" PRId64, e->count);
			json_buckets(map, e, f);
			break;
		case AGG_AVG:
		case AGG_STATS:
			fprintf(f,
				", \"count\": %" PRId64
				", \"average\": %" PRId64
				", \"total\": %" PRId64,
				e->count, e->value, e->total);
			break;
		case AGG_STR:
			fputs(", \"value\": ", f);
			json_str(e->str, strlen(e->str), f);
			break;
		default:
			fprintf(f, ", \"value\": %" PRId64, e->value);
			break;
		}
		fputc('}', f);
	}
	fputs("]}\n", f);
	free(v);
	return ferror(f) ? -EIO : 0;
}

/* A folded frame may hold no ';' (the separator) nor a newline. */
static void folded_part(const char *s, size_t n, FILE *f)
{
	for (size_t i = 0; i < n; i++)
		fputc(s[i] == ';' || s[i] == '\n' ? '_' : s[i], f);
}

int agg_map_print_folded(const struct agg_map *map, FILE *f)
{
	const struct agg_entry **v;
	long n = agg_map_sorted(map, &v);
	char buf[512];

	if (n < 0)
		return (int)n;
	for (long i = 0; i < n; i++) {
		const struct agg_entry *e = v[i];
		size_t pos = 1;
		struct agg_val k;
		int has_stack = 0, sep = 0;

		while (!key_next(e->key, e->keylen, &pos, &k))
			has_stack |= k.type == AGG_KEY_STACK;
		if (!has_stack || map->kind == AGG_STR)
			continue;
		pos = 1;
		while (!key_next(e->key, e->keylen, &pos, &k)) {
			if (k.type == AGG_KEY_INT) {
				fprintf(f, "%s%" PRId64, sep++ ? ";" : "", k.i);
			} else if (k.type == AGG_KEY_STR) {
				if (sep++)
					fputc(';', f);
				folded_part(k.str.s, k.str.len, f);
			} else {
				/* Innermost first in the key; flame graphs want roots first. */
				for (unsigned int j = k.stack.n; j-- > 0;) {
					uint64_t pc;

					memcpy(&pc, &k.stack.pc[j], 8);
					frame_text(map, pc, buf, sizeof(buf));
					if (sep++)
						fputc(';', f);
					folded_part(buf, strlen(buf), f);
				}
			}
		}
		fprintf(f, " %" PRId64 "\n",
			map->kind == AGG_HIST || map->kind == AGG_LHIST ||
					map->kind == AGG_AVG ||
					map->kind == AGG_STATS ?
				e->count :
				e->value);
	}
	free(v);
	return ferror(f) ? -EIO : 0;
}
