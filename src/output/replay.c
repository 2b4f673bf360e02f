/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --replay FILE: a JSON Lines trace written by --output-format=json,
 * written again in --output-format: JSON as it is, the timeline or
 * folded stacks through records.c, or text through the same emit
 * primitives and line functions a live trace uses — each JSON value
 * turned back into the primitive that wrote it (doc/json.md: Values).
 * Records are whole, so text has no "<unfinished ...>" / "resumed"
 * halves; otherwise the lines are those of the live trace with the same
 * options (-f, -o, -T, -k, -x and -a as given to --replay).
 */
#include "config.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli/cli.h"
#include "engine/tcb.h"
#include "output/emit.h"
#include "output/events.h"
#include "output/internal.h"
#include "output/records.h"
#include "output/pidcomm.h"
#include "output/replay.h"
#include "select/qualify.h"
#include "sysent/sysent.h"
#include "xlat/xlat.h"

/* --- tasks ----------------------------------------------------------- */

struct rtask {
	struct tcb tcb;
	int open_depth;		/* a call line open at this depth, or -1 */
	bool gone;		/* its exit (or the like) was replayed */
	struct rtask *next;
};

static struct rtask *rtasks;
/* Tasks seen and not yet gone: the pid prefix of text on stderr. */
static unsigned int nlive;

static unsigned int live_tasks(void)
{
	return nlive;
}

static struct tcb *task_of(struct json_object *r)
{
	int tid = (int)jint(r, "tid", 0);
	struct rtask *t;

	for (t = rtasks; t; t = t->next)
		if (t->tcb.pid == tid)
			break;
	/* A pid used again after its task ended. */
	if (t && t->gone) {
		t->gone = false;
		nlive++;
	}
	if (!t) {
		t = calloc(1, sizeof(*t));
		if (!t)
			return NULL;
		t->tcb.pid = tid;
		t->tcb.restart_nr = -1;
		t->open_depth = -1;
		t->next = rtasks;
		rtasks = t;
		nlive++;
	}
	t->tcb.tgid = (pid_t)jint(r, "pid", tid);
	t->tcb.pers = jstr(r, "pers") && !strcmp(jstr(r, "pers"), "32") ?
			      PERS_COMPAT : PERS_NATIVE;
	if (!t->tcb.out)
		t->tcb.out = out_for_task(tid);
	return &t->tcb;
}

static struct rtask *rtask_of(struct tcb *tcp)
{
	return (struct rtask *)tcp;
}

/* The task's last record: it counts no more (its tcb stays for reuse). */
static void task_gone(struct tcb *tcp)
{
	if (nlive)
		nlive--;
	rtask_of(tcp)->gone = true;
}

static void ns_to_ts(int64_t ns, struct timespec *ts)
{
	ts->tv_sec = (time_t)(ns / 1000000000);
	ts->tv_nsec = (long)(ns % 1000000000);
}

/* --- values ---------------------------------------------------------- */

static void render(struct tcb *tcp, struct json_object *v);

static bool is_hexnum(const char *s)
{
	if (strncmp(s, "0x", 2) || !s[2])
		return false;
	for (s += 2; *s; s++)
		if (!strchr("0123456789abcdef", *s))
			return false;
	return true;
}

static int hexval(char c)
{
	return c >= 'a' ? c - 'a' + 10 : c - '0';
}

/* "6869ff" (two lowercase hex digits a byte): the bytes, in *n. */
static char *hex_bytes(const char *h, size_t *n)
{
	char *buf;

	*n = strlen(h) / 2;
	buf = malloc(*n + 1);
	if (!buf)
		return NULL;
	for (size_t i = 0; i < *n; i++)
		buf[i] = (char)(hexval(h[2 * i]) << 4 | hexval(h[2 * i + 1]));
	return buf;
}

/* {"str": ...} or {"bytes": ...}: a string from the tracee. */
static void render_string(struct tcb *tcp, struct json_object *v)
{
	struct json_object *s = jget(v, "str"), *b = jget(v, "bytes");
	unsigned int flags = 0;

	if (jget(v, "more"))
		flags |= QUOTE_ELLIPSIS;
	if (jget(v, "hex"))
		flags |= QUOTE_FORCE_HEX;
	if (s) {
		emit_quoted(tcp, json_object_get_string(s),
			    (size_t)json_object_get_string_len(s), flags);
	} else {
		size_t n;
		char *buf = hex_bytes(json_object_get_string(b), &n);

		if (!buf)
			return;
		emit_quoted(tcp, buf, n, flags);
		free(buf);
	}
}

/* An array; spaces: its items are apart by " " (select's fd sets). */
static void render_array(struct tcb *tcp, struct json_object *v, bool spaces)
{
	emit_array_begin(tcp);
	for (size_t i = 0; i < json_object_array_length(v); i++) {
		struct json_object *e = json_object_array_get_idx(v, i);

		if (json_object_is_type(e, json_type_object) && jget(e, "...") &&
		    json_object_object_length(e) == 1) {
			emit_more(tcp);
			continue;
		}
		if (spaces)
			emit_next_space(tcp);
		else
			emit_next(tcp);
		render(tcp, e);
	}
	emit_array_end(tcp);
}

/* A value and what text writes after it: {"value": V, "comment": ...}. */
static void render_noted(struct tcb *tcp, struct json_object *v)
{
	struct json_object *val = jget(v, "value");

	if (jstr(v, "prefix"))
		emit_prefix(tcp, jstr(v, "prefix"));
	if (jget(v, "spaces") && json_object_is_type(val, json_type_array))
		render_array(tcp, val, true);
	else if (jget(v, "names"))
		emit_sym(tcp, (uint64_t)json_object_get_int64(val),
			 jstr(v, "names"));
	else if (jget(v, "oct"))
		emit_oct(tcp, (uint64_t)json_object_get_int64(val));
	else
		render(tcp, val);
	json_object_object_foreach(v, key, x) {
		if (!strcmp(key, "comment")) {
			emit_comment(tcp, json_object_get_string(x));
		} else if (!strcmp(key, "path")) {
			/*
			 * A path is quoted as the text trace quotes it; a
			 * device's "<char 1:3>" after it and a socket's or
			 * pidfd's text are not.
			 */
			const char *t = json_object_get_string(x);
			const char *dev = strrchr(t, '<');
			size_t q = 0;

			if (t[0] == '/')
				q = dev && (!strncmp(dev, "<char ", 6) ||
					    !strncmp(dev, "<block ", 7)) ?
					    (size_t)(dev - t) : strlen(t);
			emit_fd_annot(tcp, t, q, jget(v, "deleted") != NULL);
		} else if (!strcmp(key, "comm")) {
			char text[256];

			snprintf(text, sizeof(text), "<%s>",
				 json_object_get_string(x));
			emit_annot(tcp, "comm", json_object_get_string(x), text);
		} else if (!strcmp(key, "pidns")) {
			emit_pidns(tcp, atoi(json_object_get_string(x)));
		} else if (!strcmp(key, "changed")) {
			emit_changed(tcp);
			render(tcp, x);
		}
	}
}

/* "_3": a struct field without a name. */
static bool unnamed(const char *key)
{
	if (key[0] != '_' || !key[1])
		return false;
	for (key++; *key; key++)
		if (*key < '0' || *key > '9')
			return false;
	return true;
}

static void render_object(struct tcb *tcp, struct json_object *v)
{
	if (jget(v, "value")) {
		render_noted(tcp, v);
		return;
	}
	if (jget(v, "str") || jget(v, "bytes")) {
		render_string(tcp, v);
		return;
	}
	if (jget(v, "text") && json_object_object_length(v) == 1) {
		emit_raw(tcp, jstr(v, "text"));
		return;
	}
	if (jget(v, "...") && json_object_object_length(v) == 1) {
		emit_more(tcp);
		return;
	}
	emit_struct_begin(tcp);
	json_object_object_foreach(v, key, x) {
		if (!strcmp(key, "...")) {
			emit_more(tcp);
			continue;
		}
		if (unnamed(key))
			emit_next(tcp);
		else
			emit_field(tcp, key);
		render(tcp, x);
	}
	emit_struct_end(tcp);
}

static void render(struct tcb *tcp, struct json_object *v)
{
	const char *s;

	switch (json_object_get_type(v)) {
	case json_type_null:
		emit_ptr(tcp, 0);
		break;
	case json_type_int:
		if (json_object_get_int64(v) == INT64_MAX)
			emit_uint(tcp, json_object_get_uint64(v));
		else
			emit_int(tcp, json_object_get_int64(v));
		break;
	case json_type_string:
		s = json_object_get_string(v);
		if (is_hexnum(s))
			emit_raw(tcp, s);
		else
			emit_quoted(tcp, s, (size_t)json_object_get_string_len(v),
				    0);
		break;
	case json_type_array:
		render_array(tcp, v, false);
		break;
	case json_type_object:
		render_object(tcp, v);
		break;
	default:
		emit_raw(tcp, json_object_get_string(v));
		break;
	}
}

/* --- records --------------------------------------------------------- */

/* "fields": the arguments text shows as name=value, by index. */
static bool is_field(struct json_object *fields, unsigned int i)
{
	for (size_t k = 0; fields && k < json_object_array_length(fields); k++)
		if (json_object_get_int64(json_object_array_get_idx(fields, k)) ==
		    (int64_t)i)
			return true;
	return false;
}

static void render_args(struct tcb *tcp, struct json_object *args,
			struct json_object *fields)
{
	unsigned int i = 0;

	if (!args)
		return;
	json_object_object_foreach(args, key, v) {
		if (!strcmp(key, "<unfinished>")) {
			emit_args_unfinished(tcp);
			continue;
		}
		if (is_field(fields, i))
			emit_field(tcp, key);
		else
			emit_next(tcp);
		render(tcp, v);
		i++;
	}
}

/* The result: "= value (aux) (INJECTED)", and -T. */
static void render_result(struct tcb *tcp, struct json_object *r)
{
	struct json_object *err = jget(r, "error"), *rv = jget(r, "retval");

	line_pad_to_retval(tcp);
	if (err && rv && json_object_is_type(rv, json_type_int) &&
	    jint(r, "retval", -1) != -1)
		emit_errno_val(tcp, (int)jint(err, "number", 0),
			       (uint64_t)jint(r, "retval", -1));
	else if (err)
		emit_errno(tcp, (int)jint(err, "number", 0), !rv ||
			   json_object_is_type(rv, json_type_null));
	else if (!rv || json_object_is_type(rv, json_type_null))
		emit_noval(tcp);
	else
		render(tcp, rv);
	if (jstr(r, "aux"))
		emit_aux(tcp, jstr(r, "aux"));
	if (jget(r, "poked"))
		emit_mark(tcp, jget(r, "injected") ? "INJECTED: args, retval"
						   : "INJECTED: args");
	else if (jget(r, "injected"))
		emit_mark(tcp, "INJECTED");
	if (jget(r, "delayed"))
		emit_mark(tcp, "DELAYED");
	if (cfg.syscall_times && jget(r, "duration_ns"))
		emit_duration(tcp, (uint64_t)jint(r, "duration_ns", 0));
}

static void render_stack(struct tcb *tcp, struct json_object *r)
{
	struct json_object *st = jget(r, "stack");

	if (!cfg.stack_trace || !st)
		return;
	for (size_t i = 0; i < json_object_array_length(st); i++) {
		struct json_object *f = json_object_array_get_idx(st, i);
		struct out_frame fr = {
			.module = jstr(f, "module"),
			.symbol = jstr(f, "symbol"),
			.file = jstr(f, "file"),
			.line = (int)jint(f, "line", 0),
		};

		fr.pc = strtoull(jstr(f, "address") ? jstr(f, "address") : "0",
				 NULL, 16);
		fr.offset = strtoull(jstr(f, "offset") ? jstr(f, "offset") : "0",
				     NULL, 16);
		fr.file_offset = strtoull(jstr(f, "file_offset") ?
					  jstr(f, "file_offset") : "0", NULL, 16);
		line_frame(tcp, &fr);
	}
}

static void replay_syscall(struct tcb *tcp, struct json_object *r)
{
	const struct sysent *ent;

	tcp->sc.nr = (long)jint(r, "nr", -1);
	tcp->sc.scno = tcp->sc.nr;
	tcp->sc.pers = tcp->pers;
	ent = sysent_lookup(tcp->sc.pers, tcp->sc.nr);
	tcp->sc.ent = ent;
	ns_to_ts(jint(r, "mono_ns", 0), &tcp->sc.t_entry);
	line_begin(tcp);
	emit_call_begin(tcp, jstr(r, "name") ? jstr(r, "name") : "?");
	render_args(tcp, jget(r, "args"), jget(r, "fields"));
	if (jget(r, "detached") && !jget(r, "error")) {
		/* strace's line of a task let go inside the syscall */
		emit_next(tcp);
		out_puts(tcp_out(tcp), " <detached ...>\n");
		return;
	}
	/* ltrace's line of a syscall that never returned (exit_group) */
	if (cfg.lc_style == LC_STYLE_LTRACE && jget(r, "unfinished")) {
		out_puts(tcp_out(tcp), " <no return ...>\n");
		return;
	}
	emit_call_end(tcp);
	render_result(tcp, r);
	line_end(tcp);
	render_stack(tcp, r);
}

static void replay_call(struct tcb *tcp, struct json_object *r)
{
	struct timespec when;
	unsigned int depth = (unsigned int)jint(r, "depth", 0);

	ns_to_ts(jint(r, "mono_ns", 0), &when);
	line_begin_call(tcp, &when, strtoull(jstr(r, "ip") ? jstr(r, "ip") :
					     "0", NULL, 16), depth);
	emit_call_begin(tcp, jstr(r, "name") ? jstr(r, "name") : "?");
	render_args(tcp, jget(r, "args"), jget(r, "fields"));
	line_leave_open(tcp);
	rtask_of(tcp)->open_depth = (int)depth;
}

static void replay_return(struct tcb *tcp, struct json_object *r)
{
	struct timespec when;
	int depth = (int)jint(r, "depth", 0);

	ns_to_ts(jint(r, "mono_ns", 0), &when);
	if (!line_is_open(tcp) || rtask_of(tcp)->open_depth != depth)
		line_resume_call(tcp, jstr(r, "name") ? jstr(r, "name") : "?",
				 &when, strtoull(jstr(r, "ip") ? jstr(r, "ip") :
						 "0", NULL, 16),
				 (unsigned int)depth);
	render_args(tcp, jget(r, "args"), jget(r, "fields"));
	emit_call_end(tcp);
	render_result(tcp, r);
	line_end(tcp);
	render_stack(tcp, r);
	rtask_of(tcp)->open_depth = -1;
}

static int signo_of(const char *name)
{
	for (int sig = 1; name && sig < 65; sig++)
		if (signal_name(sig) && !strcmp(signal_name(sig), name))
			return sig;
	return name ? atoi(name) : 0;
}

static void replay_signal(struct tcb *tcp, struct json_object *r)
{
	line_begin_kind(tcp, LINE_EVENT);
	out_printf(tcp_out(tcp), "--- %s ", jstr(r, "signal"));
	if (jget(r, "siginfo"))
		render(tcp, jget(r, "siginfo"));
	out_puts(tcp_out(tcp), " ---");
	line_end(tcp);
	render_stack(tcp, r);
}

/* -e read=/write=: the dump lines under the syscall's. */
static void replay_dump(struct tcb *tcp, struct json_object *r)
{
	const char *hex = jstr(r, "bytes");
	struct outstream *os = tcp_out(tcp);
	char *b;
	size_t n;

	if (jget(r, "vector")) {
		out_printf(os, " = %llu buffers in vector %llu\n",
			   (unsigned long long)jint(r, "buffers", 0),
			   (unsigned long long)jint(r, "vector", 0));
		return;
	}
	if (!hex || !(b = hex_bytes(hex, &n)))
		return;
	if (jget(r, "size") && jget(r, "buffer"))
		out_hexdump_head(os, (uint64_t)jint(r, "size", 0),
				 (int)jint(r, "buffer", 0));
	out_hexdump(os, (uint64_t)jint(r, "size", 0),
		    (uint64_t)jint(r, "offset", 0), b, n);
	free(b);
}

static void replay_text(struct json_object *r)
{
	const char *type = jstr(r, "type");
	struct tcb *tcp;
	int sig;

	if (!type || jint(r, "tid", 0) <= 0 || !(tcp = task_of(r)))
		return;
	line_set_clock((uint64_t)jint(r, "wall_ns", 0),
		       (uint64_t)jint(r, "mono_ns", 0));
	if (!strcmp(type, "syscall")) {
		replay_syscall(tcp, r);
	} else if (!strcmp(type, "call")) {
		replay_call(tcp, r);
	} else if (!strcmp(type, "return")) {
		replay_return(tcp, r);
	} else if (!strcmp(type, "signal")) {
		replay_signal(tcp, r);
	} else if (!strcmp(type, "stop")) {
		event_group_stop(tcp, signo_of(jstr(r, "signal")));
	} else if (!strcmp(type, "exit")) {
		event_exited(tcp, W_EXITCODE((int)jint(r, "status", 0), 0));
		task_gone(tcp);
	} else if (!strcmp(type, "killed")) {
		sig = signo_of(jstr(r, "signal"));
		event_exited(tcp, sig | (jget(r, "core") ? WCOREFLAG : 0));
		task_gone(tcp);
	} else if (!strcmp(type, "superseded")) {
		event_superseded(tcp, (pid_t)jint(r, "by", 0));
		task_gone(tcp);
	} else if (!strcmp(type, "detach")) {
		task_gone(tcp);
	} else if (!strcmp(type, "personality")) {
		event_personality(tcp, jstr(r, "mode") &&
					       !strcmp(jstr(r, "mode"), "32") ?
				       PERS_COMPAT : PERS_NATIVE);
	} else if (!strcmp(type, "dump")) {
		replay_dump(tcp, r);
	} else if (!strcmp(type, "event")) {
		line_event(tcp, "%s", jstr(r, "text") ? jstr(r, "text") : "");
	}
	out_event_done(tcp_out(tcp));
}

struct rec {
	struct json_object *r;
	int64_t mono;
	size_t seq;
};

/* Text lines are in the order events began: records by mono_ns. */
static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;

	if (x->mono != y->mono)
		return x->mono < y->mono ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int replay_file(const char *path, void (*tables)(struct json_object *r))
{
	struct json_tokener *tok = json_tokener_new();
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	struct rec *recs = NULL;
	size_t nrecs = 0, recs_cap = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned long lineno = 0;
	int rc = 0;

	if (!f || !tok) {
		msg_error("%s: %s", path, strerror(f ? ENOMEM : errno));
		if (tok)
			json_tokener_free(tok);
		return -1;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		struct json_object *r;

		lineno++;
		if (cfg.out_format != OUT_FORMAT_TEXT) {
			records_write(out_shared(), line, (size_t)n, false);
			continue;
		}
		json_tokener_reset(tok);
		r = json_tokener_parse_ex(tok, line, (int)n);
		if (!r || !json_object_is_type(r, json_type_object)) {
			msg_error("%s:%lu: not a JSON record", path, lineno);
			rc = -1;
			json_object_put(r);
			continue;
		}
		if (nrecs == recs_cap) {
			size_t nc = recs_cap ? 2 * recs_cap : 1024;
			struct rec *nr = realloc(recs, nc * sizeof(*nr));

			if (!nr) {
				msg_error("%s: %s", path, strerror(ENOMEM));
				json_object_put(r);
				rc = -1;
				break;
			}
			recs = nr;
			recs_cap = nc;
		}
		recs[nrecs] = (struct rec){ r, jint(r, "mono_ns", 0), nrecs };
		nrecs++;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	json_tokener_free(tok);
	if (nrecs)
		qsort(recs, nrecs, sizeof(*recs), cmp_rec);
	/*
	 * A trace of a command sltrace launched (no -p: no "attach" record
	 * of how "attach"), replayed into a file, leaves out the messages a
	 * live trace into a file leaves out.
	 */
	if (cfg.outfile) {
		bool attached = false;

		for (size_t i = 0; i < nrecs && !attached; i++) {
			const char *t = jstr(recs[i].r, "type");
			const char *how = jstr(recs[i].r, "how");

			attached = t && how && !strcmp(t, "attach") &&
				   !strcmp(how, "attach");
		}
		if (!attached)
			qualify_quiet_default(QUIET_ATTACH | QUIET_PERSONALITY);
	}
	line_set_task_count(live_tasks);
	for (size_t i = 0; i < nrecs; i++) {
		if (jint(recs[i].r, "tid", 0) <= 0 && tables)
			tables(recs[i].r);
		replay_text(recs[i].r);
		json_object_put(recs[i].r);
	}
	free(recs);
	while (rtasks) {
		struct rtask *t = rtasks;

		rtasks = t->next;
		if (t->tcb.out)
			out_release(t->tcb.out);
		free(t);
	}
	return rc;
}
