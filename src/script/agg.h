/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Maps of the script language (issue 13): `@name[k1, k2] = count()` and
 * the rest of bpftrace's aggregations, kept in the tracer's memory and
 * printed as bpftrace 0.17 prints them (at exit, and by print(@m)), as
 * one JSON record, or as folded stacks.
 *
 * A map holds one kind of value (fixed when it is made); its keys are
 * tuples of 0 to AGG_KEY_MAX values, each a 64-bit integer, a string
 * (cut to AGG_STR_MAX - 1 bytes, as bpftrace's default strlen of 64
 * cuts it) or a stack (up to AGG_STACK_MAX addresses, innermost first).
 * Nothing here knows the tracer: a stack's frames are spelled by the
 * caller's agg_frame_fn.  Functions return 0 or -errno.
 */
#ifndef SLTRACE_SCRIPT_AGG_H
#define SLTRACE_SCRIPT_AGG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define AGG_STR_MAX 64
#define AGG_STACK_MAX 127
/*
 * A stack's frames are addresses in the bits below AGG_PC_BITS; the
 * caller may tag them above (src/script/run.c: the address space they
 * belong to, so that two programs' same address is two frames).  Only
 * the address is ever printed.
 */
#define AGG_PC_BITS 48
#define AGG_PC(pc) ((pc) & ((UINT64_C(1) << AGG_PC_BITS) - 1))
#define AGG_KEY_MAX 8
/* The histogram's bars are this many characters wide, as bpftrace's. */
#define AGG_BAR_WIDTH 52
/* lhist()'s steps between min and max, at most (the checker says so). */
#define AGG_LHIST_STEPS_MAX 10000
/* hist(): negative, 0, 1, then [2^k, 2^(k+1)) for k = 1..62. */
#define AGG_HIST_BUCKETS 65

enum agg_kind {
	AGG_COUNT,
	AGG_SUM,
	AGG_MIN,
	AGG_MAX,
	AGG_AVG,
	AGG_STATS,
	AGG_HIST,
	AGG_LHIST,
	AGG_INT, /* @x = 5: the last write wins */
	AGG_STR, /* @s = "str" */
};

enum agg_key_type {
	AGG_KEY_INT,
	AGG_KEY_STR,
	AGG_KEY_STACK,
};

/* One element of a key tuple; the pointers are only read during the call. */
struct agg_val {
	enum agg_key_type type;
	union {
		int64_t i;
		struct {
			const char *s;
			size_t len;
		} str;
		struct {
			const uint64_t *pc;
			unsigned int n;
		} stack;
	};
};

/*
 * The text of one frame, NUL-terminated in buf (size bytes), e.g.
 * "main+25"; return 0, or -1 to have it printed as its address in hex.
 */
typedef int (*agg_frame_fn)(void *ctx, uint64_t pc, char *buf, size_t size);

/*
 * One key and its value, read-only to callers.  Which fields mean what
 * depends on the map's kind: value for count, sum, min, max, int (and
 * avg, stats: their average, computed at reads); count and total for
 * avg and stats; str for a string value; buckets for hist and lhist.
 */
struct agg_entry {
	struct agg_entry *next; /* hash chain, private */
	uint32_t hash; /* private */
	int fresh; /* private: min/max not set yet */
	int64_t value;
	int64_t count;
	int64_t total;
	char str[AGG_STR_MAX];
	uint64_t *buckets;
	size_t keylen; /* private */
	unsigned char key[]; /* private: the tuple, encoded */
};

struct agg_map;

/*
 * A map named name ("@" or "@name", as printed).  For AGG_LHIST, min,
 * max, step are lhist()'s (min >= 0, max > min, step > 0, as bpftrace
 * 0.17 checks); ignored otherwise.  NULL + errno on bad arguments or no
 * memory.  The map owns its entries; agg_map_free() releases them all.
 */
struct agg_map *agg_map_new(const char *name, enum agg_kind kind, int64_t min,
			    int64_t max, int64_t step);
void agg_map_free(struct agg_map *map);

const char *agg_map_name(const struct agg_map *map);
enum agg_kind agg_map_kind(const struct agg_map *map);
size_t agg_map_size(const struct agg_map *map);
/* Stack keys are spelled by fn(ctx, pc...); unset: "0x..." addresses. */
void agg_map_set_frame_fn(struct agg_map *map, agg_frame_fn fn, void *ctx);

/*
 * count(), sum(v), min(v), max(v), avg(v), stats(v), hist(v),
 * lhist(v, ...) or `= v` at key (nkeys values): v is ignored by count.
 * -EINVAL if the map holds strings or the key is malformed, -ENOMEM.
 */
int agg_map_update(struct agg_map *map, const struct agg_val *key,
		   unsigned int nkeys, int64_t v);
/*
 * Values aggregated elsewhere (the BPF back end's per-CPU maps) added at
 * key as if each had come through agg_map_update(): count of them,
 * their sum, min and max, and for hist() their buckets (numbered as
 * agg_hist_bucket()'s, AGG_HIST_BUCKETS of them).  -EINVAL for a map of
 * strings, plain values or lhist(), -ENOMEM.
 */
struct agg_part {
	int64_t count, sum, min, max;
	const uint64_t *buckets;
};
int agg_map_merge(struct agg_map *map, const struct agg_val *key,
		  unsigned int nkeys, const struct agg_part *p);
/* @s[key] = "str" (len bytes, cut to AGG_STR_MAX - 1); -EINVAL unless AGG_STR. */
int agg_map_set_str(struct agg_map *map, const struct agg_val *key,
		    unsigned int nkeys, const char *s, size_t len);
/* The entry at key, NULL when there is none; valid until the next change. */
const struct agg_entry *agg_map_lookup(const struct agg_map *map,
				       const struct agg_val *key,
				       unsigned int nkeys);
/* The number a script reads for @m[key]: count, sum..., avg's average. */
int64_t agg_entry_number(const struct agg_map *map, const struct agg_entry *e);
/* delete(@m[key]): 0, or -ENOENT. */
int agg_map_delete(struct agg_map *map, const struct agg_val *key,
		   unsigned int nkeys);
/* clear(@m): no key left. */
void agg_map_clear(struct agg_map *map);
/* zero(@m): every key kept, every value 0 (strings empty, buckets 0). */
void agg_map_zero(struct agg_map *map);

/*
 * The entries in the order bpftrace prints them: by value ascending
 * (count, sum, min, max, int, avg and stats by their average), hist and
 * lhist by their total count; ties, and string values, by key ascending
 * (bpftrace leaves ties in its hash table's order).  *out is a malloc'ed
 * array the caller frees; it returns the count, or -ENOMEM.
 */
long agg_map_sorted(const struct agg_map *map, const struct agg_entry ***out);

/*
 * Decode element i of e's key into *v (strings and stacks point into
 * e); -ENOENT past the last.  The number of elements is agg_entry_nkeys().
 */
int agg_entry_key(const struct agg_entry *e, unsigned int i, struct agg_val *v);
unsigned int agg_entry_nkeys(const struct agg_entry *e);

/* Text as bpftrace 0.17's print(@m), trailing blank lines included. */
int agg_map_print(const struct agg_map *map, FILE *f);
/*
 * One JSON Lines record {"type": "map", "mono_ns", "wall_ns", "name",
 * "kind", "rows": [{"key": [...], ...}]}: see doc/json.md's spirit; a
 * stack key element is an array of {"address", "symbol"} frames.
 */
int agg_map_print_json(const struct agg_map *map, FILE *f, uint64_t mono_ns,
		       uint64_t wall_ns);
/*
 * A line per entry whose key holds a stack: the other key elements,
 * then the frames outermost first, joined by ';', a space and the
 * number (a hist's or stats' count): flamegraph.pl's input.
 */
int agg_map_print_folded(const struct agg_map *map, FILE *f);

/* What bpftrace writes at exit: two newlines, then maps sorted by name. */
int agg_print_exit(struct agg_map *const *maps, size_t n, FILE *f);

/* The bucket index of v in hist() and the text of a bucket's label. */
unsigned int agg_hist_bucket(int64_t v);
void agg_hist_label(unsigned int bucket, char *buf, size_t size);

#endif
