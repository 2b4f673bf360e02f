/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Writers of whole records: the timeline (--output-format=chrome) and
 * folded stacks (--output-format=folded).  Both read the JSON records
 * json.c builds — the one event model — and write another format, so
 * no decoder knows they exist.  --replay feeds them the records of a
 * JSON Lines file the same way.
 *
 * chrome: the Chrome Trace Event Format (a JSON array of events) that
 * Perfetto, chrome://tracing and speedscope open: a syscall is a
 * complete slice ("X") on its thread's track, a library call a begin
 * and an end ("B", "E") so that nested calls nest, signals, exits and
 * the rest instants ("i"), process and thread names metadata ("M").
 *
 * folded: at the end, one line per distinct stack of a syscall,
 * "comm;outermost;...;innermost;syscall COUNT" (flamegraph.pl, inferno,
 * speedscope), counted or weighted by the time in the call
 * (--folded-weight=time, in ns).
 */
#include "config.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "output/internal.h"
#include "output/records.h"

const char *jstr(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

int64_t jint(struct json_object *o, const char *key, int64_t dflt)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int))
		return dflt;
	return json_object_get_int64(v);
}

struct json_object *jget(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* --- process names ---------------------------------------------------- */

/*
 * A process is named by the file its last successful execve ran, or
 * while tracing live by /proc/PID/comm at its first record.
 */
struct pname {
	int pid;
	char name[64];
	bool told;		/* the timeline has its metadata */
	bool exec_seen;		/* named by an exec record, its execve's to come */
};

static struct pname *pnames;
static size_t npnames, pnames_cap;

static struct pname *pname_get(int pid, bool live)
{
	struct pname *p;

	for (size_t i = 0; i < npnames; i++)
		if (pnames[i].pid == pid)
			return &pnames[i];
	if (npnames == pnames_cap) {
		size_t cap = pnames_cap ? 2 * pnames_cap : 64;
		struct pname *np = realloc(pnames, cap * sizeof(*np));

		if (!np)
			return NULL;
		pnames = np;
		pnames_cap = cap;
	}
	p = &pnames[npnames++];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	snprintf(p->name, sizeof(p->name), "pid %d", pid);
	if (live) {
		char path[64];
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%d/comm", pid);
		f = fopen(path, "re");
		if (f) {
			if (fgets(p->name, sizeof(p->name), f))
				p->name[strcspn(p->name, "\n")] = '\0';
			fclose(f);
		}
	}
	return p;
}

/* A successful execve names its process after the file it ran. */
static bool pname_exec(struct pname *p, struct json_object *r)
{
	struct json_object *args = jget(r, "args");
	const char *file, *name = NULL, *slash;

	/* An exec record: the new comm, as the kernel set it. */
	if (p && (name = jstr(r, "comm"))) {
		snprintf(p->name, sizeof(p->name), "%s", name);
		p->told = false;
		return true;
	}
	if (!p || jget(r, "error") || !args)
		return false;
	file = jstr(args, "filename");
	if (!file) {
		struct json_object *o = jget(args, "filename");

		name = o ? jstr(o, "str") : NULL;
		file = name;
	}
	if (!file)
		return false;
	slash = strrchr(file, '/');
	snprintf(p->name, sizeof(p->name), "%s", slash ? slash + 1 : file);
	p->told = false;
	return true;
}

/*
 * A process is named by its exec records (the comm the kernel set) and,
 * in traces without them, by its execve's filename; the exec record
 * comes first (it is written at the event, the syscall's at its exit).
 */
static void pname_track(struct pname *p, struct json_object *r,
			const char *type)
{
	const char *name;

	if (!p)
		return;
	if (!strcmp(type, "exec")) {
		if (pname_exec(p, r))
			p->exec_seen = true;
	} else if (!strcmp(type, "syscall") && (name = jstr(r, "name")) &&
		   strstr(name, "execve")) {
		if (!p->exec_seen)
			pname_exec(p, r);
		p->exec_seen = false;
	}
}

/* --- chrome ---------------------------------------------------------- */

static void chrome_put(struct outstream *os, struct json_object *ev)
{
	const char *s = json_object_to_json_string_ext(ev, JSON_C_TO_STRING_PLAIN);

	out_write(os, os->records++ ? ",\n" : "[\n", 2);
	out_write(os, s, strlen(s));
	json_object_put(ev);
}

static struct json_object *chrome_event(const char *name, const char *cat,
					const char *ph, struct json_object *r)
{
	struct json_object *ev = json_object_new_object();

	json_object_object_add(ev, "name", json_object_new_string(name));
	if (cat)
		json_object_object_add(ev, "cat", json_object_new_string(cat));
	json_object_object_add(ev, "ph", json_object_new_string(ph));
	json_object_object_add(ev, "ts", json_object_new_double(
				      (double)jint(r, "mono_ns", 0) / 1000.0));
	json_object_object_add(ev, "pid", json_object_new_int64(jint(r, "pid", 0)));
	json_object_object_add(ev, "tid", json_object_new_int64(jint(r, "tid", 0)));
	return ev;
}

/* Copy of r's key into args (as it is, nested values and all). */
static void copy_key(struct json_object *args, struct json_object *r,
		     const char *key)
{
	struct json_object *v = jget(r, key);

	if (v)
		json_object_object_add(args, key, json_object_get(v));
}

static void chrome_meta(struct outstream *os, const char *what, int pid,
			int tid, const char *name)
{
	struct json_object *ev = json_object_new_object();
	struct json_object *args = json_object_new_object();

	json_object_object_add(ev, "name", json_object_new_string(what));
	json_object_object_add(ev, "ph", json_object_new_string("M"));
	json_object_object_add(ev, "pid", json_object_new_int64(pid));
	json_object_object_add(ev, "tid", json_object_new_int64(tid));
	json_object_object_add(args, "name", json_object_new_string(name));
	json_object_object_add(ev, "args", args);
	chrome_put(os, ev);
}

/* Threads already named on the timeline, with the process they had. */
struct tname {
	int tid, pid;
};

static struct tname *tids;
static size_t ntids, tids_cap;

static void chrome_names(struct outstream *os, struct json_object *r,
			 struct pname *p)
{
	int tid = (int)jint(r, "tid", 0), pid = p ? p->pid : tid;
	struct tname *t = NULL;
	char name[96];

	if (p && !p->told) {
		chrome_meta(os, "process_name", p->pid, p->pid, p->name);
		p->told = true;
	}
	for (size_t i = 0; i < ntids && !t; i++)
		if (tids[i].tid == tid)
			t = &tids[i];
	/* A thread first seen before its process was known: again. */
	if (t && t->pid == pid)
		return;
	if (!t) {
		if (ntids == tids_cap) {
			size_t cap = tids_cap ? 2 * tids_cap : 64;
			struct tname *nt = realloc(tids, cap * sizeof(*nt));

			if (!nt)
				return;
			tids = nt;
			tids_cap = cap;
		}
		t = &tids[ntids++];
		t->tid = tid;
	}
	t->pid = pid;
	snprintf(name, sizeof(name), "%s %d", p ? p->name : "tid", tid);
	chrome_meta(os, "thread_name", pid, tid, name);
}

static void chrome_record(struct outstream *os, struct json_object *r,
			  bool live)
{
	const char *type = jstr(r, "type"), *name;
	struct json_object *ev, *args;
	struct pname *p;
	char text[96];

	if (!type || jint(r, "pid", 0) <= 0)
		return;		/* summary, hist */
	p = pname_get((int)jint(r, "pid", 0), live);
	pname_track(p, r, type);
	chrome_names(os, r, p);
	args = json_object_new_object();
	if (!strcmp(type, "syscall")) {
		ev = chrome_event(jstr(r, "name") ? jstr(r, "name") : "?",
				  "syscall", "X", r);
		json_object_object_add(ev, "dur", json_object_new_double(
				      (double)jint(r, "duration_ns", 0) / 1000.0));
		copy_key(args, r, "args");
		copy_key(args, r, "retval");
		copy_key(args, r, "error");
		copy_key(args, r, "aux");
		copy_key(args, r, "stack");
	} else if (!strcmp(type, "call")) {
		name = jstr(r, "function") ? jstr(r, "function") : jstr(r, "name");
		ev = chrome_event(name ? name : "?", "call", "B", r);
		copy_key(args, r, "args");
		copy_key(args, r, "object");
		copy_key(args, r, "caller");
	} else if (!strcmp(type, "return")) {
		ev = chrome_event(jstr(r, "name") ? jstr(r, "name") : "?",
				  "call", "E", r);
		copy_key(args, r, "retval");
		copy_key(args, r, "args");
	} else if (!strcmp(type, "dump")) {
		json_object_put(args);
		return;
	} else {
		if (!strcmp(type, "exit"))
			snprintf(text, sizeof(text), "exit %lld",
				 (long long)jint(r, "status", 0));
		else if (jstr(r, "signal"))
			snprintf(text, sizeof(text), "%s %s", type,
				 jstr(r, "signal"));
		else
			snprintf(text, sizeof(text), "%s", type);
		ev = chrome_event(text, type, "i", r);
		json_object_object_add(ev, "s", json_object_new_string("t"));
		json_object_object_foreach(r, key, val) {
			if (strcmp(key, "type") && strcmp(key, "mono_ns") &&
			    strcmp(key, "wall_ns") && strcmp(key, "pid") &&
			    strcmp(key, "tid"))
				json_object_object_add(args, key,
						       json_object_get(val));
		}
	}
	json_object_object_add(ev, "args", args);
	chrome_put(os, ev);
}

static void chrome_close(struct outstream *os)
{
	if (os->records)
		out_write(os, "\n]\n", 3);
	os->records = 0;
}

/* --- folded ---------------------------------------------------------- */

struct fold {
	char *stack;
	uint64_t weight;
};

static struct fold *folds;
static size_t nfolds, folds_cap;

static size_t fold_hash(const char *s, size_t cap)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h & (cap - 1);
}

static void fold_add(char *stack, uint64_t weight)
{
	size_t i;

	if ((nfolds + 1) * 2 > folds_cap) {
		size_t cap = folds_cap ? 2 * folds_cap : 1024;
		struct fold *nf = calloc(cap, sizeof(*nf));

		if (!nf) {
			free(stack);
			return;
		}
		for (size_t k = 0; k < folds_cap; k++) {
			if (!folds[k].stack)
				continue;
			i = fold_hash(folds[k].stack, cap);
			while (nf[i].stack)
				i = (i + 1) & (cap - 1);
			nf[i] = folds[k];
		}
		free(folds);
		folds = nf;
		folds_cap = cap;
	}
	i = fold_hash(stack, folds_cap);
	while (folds[i].stack && strcmp(folds[i].stack, stack))
		i = (i + 1) & (folds_cap - 1);
	if (folds[i].stack) {
		folds[i].weight += weight;
		free(stack);
		return;
	}
	folds[i].stack = stack;
	folds[i].weight = weight;
	nfolds++;
}

/* A frame's name: its symbol, else "module+0xoffset". */
static void frame_name(struct json_object *f, char *buf, size_t size)
{
	const char *sym = jstr(f, "symbol"), *mod = jstr(f, "module");
	const char *off = jstr(f, "file_offset"), *slash;

	if (sym) {
		snprintf(buf, size, "%s", sym);
	} else if (mod) {
		slash = strrchr(mod, '/');
		snprintf(buf, size, "%s+%s", slash ? slash + 1 : mod,
			 off ? off : "?");
	} else {
		snprintf(buf, size, "[unknown]");
	}
	/* ";" separates frames, " " the count: neither may be in one. */
	for (char *c = buf; *c; c++)
		if (*c == ';' || *c == ' ' || *c == '\n')
			*c = '_';
}

static void folded_record(struct json_object *r, bool live)
{
	const char *type = jstr(r, "type"), *name = jstr(r, "name");
	struct json_object *stack = jget(r, "stack");
	struct pname *p;
	size_t n, len, cap;
	char *s, frame[512];

	if (!type || jint(r, "pid", 0) <= 0)
		return;
	p = pname_get((int)jint(r, "pid", 0), live);
	pname_track(p, r, type);
	if (strcmp(type, "syscall") || !name)
		return;
	cap = 256;
	s = malloc(cap);
	if (!s)
		return;
	len = (size_t)snprintf(s, cap, "%s", p ? p->name : "?");
	n = stack && json_object_is_type(stack, json_type_array) ?
		    json_object_array_length(stack) : 0;
	for (size_t i = n; i-- > 0;) {
		size_t fl;

		frame_name(json_object_array_get_idx(stack, i), frame,
			   sizeof(frame));
		fl = strlen(frame);
		if (len + fl + 2 > cap) {
			char *ns;

			cap = 2 * (len + fl + 2);
			ns = realloc(s, cap);
			if (!ns) {
				free(s);
				return;
			}
			s = ns;
		}
		s[len++] = ';';
		memcpy(s + len, frame, fl + 1);
		len += fl;
	}
	if (len + strlen(name) + 2 > cap) {
		char *ns = realloc(s, len + strlen(name) + 2);

		if (!ns) {
			free(s);
			return;
		}
		s = ns;
	}
	sprintf(s + len, ";%s", name);
	fold_add(s, cfg.folded_time ? (uint64_t)jint(r, "duration_ns", 0) : 1);
}

static int cmp_fold(const void *a, const void *b)
{
	const struct fold *x = a, *y = b;

	return strcmp(x->stack, y->stack);
}

static void folded_finish(struct outstream *os)
{
	size_t n = 0;

	for (size_t i = 0; i < folds_cap; i++)
		if (folds[i].stack)
			folds[n++] = folds[i];
	if (n)
		qsort(folds, n, sizeof(*folds), cmp_fold);
	for (size_t i = 0; i < n; i++) {
		out_printf(os, "%s %llu\n", folds[i].stack,
			   (unsigned long long)folds[i].weight);
		free(folds[i].stack);
	}
	free(folds);
	folds = NULL;
	nfolds = folds_cap = 0;
}

/* --- the writers' interface ------------------------------------------ */

static struct json_tokener *tok;

void records_write(struct outstream *os, const char *rec, size_t len,
		   bool live)
{
	struct json_object *r;

	if (cfg.out_format == OUT_FORMAT_JSON) {
		out_write(os, rec, len);
		return;
	}
	if (!tok)
		tok = json_tokener_new();
	if (!tok)
		return;
	json_tokener_reset(tok);
	r = json_tokener_parse_ex(tok, rec, (int)len);
	if (!r)
		return;
	if (cfg.out_format == OUT_FORMAT_CHROME)
		chrome_record(os, r, live);
	else if (cfg.out_format == OUT_FORMAT_FOLDED)
		folded_record(r, live);
	json_object_put(r);
}

void records_close(struct outstream *os)
{
	if (cfg.out_format == OUT_FORMAT_CHROME)
		chrome_close(os);
}

void records_finish(struct outstream *shared_os)
{
	if (cfg.out_format == OUT_FORMAT_FOLDED)
		folded_finish(shared_os);
	else if (cfg.out_format == OUT_FORMAT_CHROME)
		chrome_close(shared_os);
	if (tok)
		json_tokener_free(tok);
	tok = NULL;
	free(pnames);
	pnames = NULL;
	npnames = pnames_cap = 0;
	free(tids);
	tids = NULL;
	ntids = tids_cap = 0;
}
