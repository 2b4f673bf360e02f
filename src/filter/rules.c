/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Rules that choose the traced library functions (see rules.h): parsing
 * of sltrace's -l/-L patterns and of ltrace's filter expressions, and
 * the matcher.  Patterns are compiled once, when parsed.
 *
 * ltrace's grammar, as Debian's ltrace 0.7.3 behaves (which the manual
 * describes only in part):
 *   - the expression is split at every '+' and '-', before anything else
 *     ("/a+b/" is two broken rules, not one regex);
 *   - the first rule's sign is '+', or '-' when the expression starts
 *     with '!'; an empty rule is "*@*" ("-foo" is "everything, then not
 *     foo"), but the empty rule after a sign that ends the expression is
 *     dropped ("foo-" is foo);
 *   - a leading '+' is the first rule's sign, as the manual says, although
 *     ltrace 0.7.3 reads it as an empty rule (everything) before it;
 *   - SYM@LIB splits at the first '@'; "/re/" is a regex, "/re/@LIB" and
 *     "/re@re/" too; an empty SYM or LIB is '*';
 *   - regexes are POSIX basic ones, anchored to the whole name, as if
 *     written ^re$ (so "/^foo/" matches nothing, as in ltrace);
 *   - a rule that does not compile is skipped with a warning.
 */
#include "config.h"

#include <errno.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/rules.h"

/* Where parsing one rule reports to. */
struct parse_ctx {
	unsigned int flags;
	char *msg;
	size_t msglen;
	size_t msgused;
};

static void __attribute__((format(printf, 2, 3)))
ctx_msg(struct parse_ctx *ctx, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!ctx->msglen || ctx->msgused >= ctx->msglen - 1)
		return;
	if (ctx->msgused) {
		ctx->msg[ctx->msgused++] = '\n';
		ctx->msg[ctx->msgused] = '\0';
	}
	va_start(ap, fmt);
	n = vsnprintf(ctx->msg + ctx->msgused, ctx->msglen - ctx->msgused, fmt,
		      ap);
	va_end(ap);
	if (n > 0)
		ctx->msgused += (size_t)n;
	if (ctx->msgused >= ctx->msglen)
		ctx->msgused = ctx->msglen - 1;
}

static void rule_release(struct lc_rule *r)
{
	free(r->sym);
	free(r->lib);
	if (r->sym_re) {
		regfree(r->sym_re);
		free(r->sym_re);
	}
	if (r->lib_re) {
		regfree(r->lib_re);
		free(r->lib_re);
	}
	memset(r, 0, sizeof(*r));
}

void lc_rules_free(struct lc_ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		rule_release(&rs->v[i]);
	free(rs->v);
	rs->v = NULL;
	rs->n = 0;
}

/* glibc's words for an unmatched bracket, which ltrace shows for a glob. */
static void ebrack_text(char *buf, size_t len)
{
	regex_t dummy;

	memset(&dummy, 0, sizeof(dummy));
	regerror(REG_EBRACK, &dummy, buf, len);
}

/*
 * fnmatch() takes an unclosed '[' as a plain character; ltrace refuses
 * such a glob, and a user who typed one most likely made a mistake.
 */
static bool glob_brackets_ok(const char *p)
{
	for (; *p; p++) {
		if (*p == '\\') {
			if (!*++p)
				return true;
			continue;
		}
		if (*p != '[')
			continue;
		p++;
		if (*p == '!' || *p == '^')
			p++;
		if (*p == ']')
			p++;
		for (;; p++) {
			if (!*p)
				return false;
			if (*p == ']')
				break;
			if (*p == '[' &&
			    (p[1] == ':' || p[1] == '=' || p[1] == '.')) {
				char end = p[1];

				p += 2;
				while (*p && !(p[0] == end && p[1] == ']'))
					p++;
				if (!*p)
					return false;
				p++;
			}
		}
	}
	return true;
}

/*
 * Compile one pattern of a rule.  text is the regex's source without its
 * slashes when kind is LC_PAT_REGEX.  Returns 0, -EINVAL (message in
 * err), -ENOMEM.
 */
static int compile_pat(enum lc_pat_kind kind, const char *text,
		       unsigned int flags, regex_t **re, char *err,
		       size_t errlen)
{
	regex_t *r;
	char *src = NULL;
	int rc;

	*re = NULL;
	if (kind == LC_PAT_GLOB || kind == LC_PAT_PATH) {
		if (glob_brackets_ok(text))
			return 0;
		ebrack_text(err, errlen);
		return -EINVAL;
	}
	if (kind != LC_PAT_REGEX)
		return 0;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	if (flags & LC_RULES_LTRACE) {
		/* ltrace's regexes must match the whole name. */
		size_t len = strlen(text);

		src = malloc(len + 3);
		if (!src) {
			free(r);
			return -ENOMEM;
		}
		src[0] = '^';
		memcpy(src + 1, text, len);
		src[len + 1] = '$';
		src[len + 2] = '\0';
		rc = regcomp(r, src, REG_NOSUB);
	} else {
		rc = regcomp(r, text, REG_EXTENDED | REG_NOSUB);
	}
	free(src);
	if (rc) {
		regerror(rc, r, err, errlen);
		free(r);
		return rc == REG_ESPACE ? -ENOMEM : -EINVAL;
	}
	*re = r;
	return 0;
}

/* A /regex/ with at least its two slashes. */
static bool is_slashed(const char *s, size_t len)
{
	return len >= 2 && s[0] == '/' && s[len - 1] == '/';
}

/*
 * The kind of a library pattern: "" any, MAIN, /regex/, /path glob, or
 * a glob.  *text becomes what is matched (the regex without slashes).
 */
static enum lc_pat_kind lib_kind(char **text)
{
	char *s = *text;
	size_t len = strlen(s);

	if (!len)
		return LC_PAT_ANY;
	if (!strcmp(s, "MAIN"))
		return LC_PAT_MAIN;
	if (is_slashed(s, len)) {
		memmove(s, s + 1, len - 2);
		s[len - 2] = '\0';
		return LC_PAT_REGEX;
	}
	if (s[0] == '/')
		return LC_PAT_PATH;
	return LC_PAT_GLOB;
}

static char *dup_range(const char *s, size_t len)
{
	char *d = malloc(len + 1);

	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

/*
 * Split one rule's text (no sign) into its symbol and library patterns.
 * Sets *sym_regex when the symbol part was slashed; both strings are
 * allocated (the regex's slashes removed).  Returns 0, -EINVAL with the
 * reason in err, -ENOMEM.
 */
static int split_rule(const char *t, unsigned int flags, char **sym, char **lib,
		      bool *sym_regex, bool *lib_regex, char *err,
		      size_t errlen)
{
	size_t len = strlen(t);
	const char *at;

	*sym = *lib = NULL;
	*sym_regex = *lib_regex = false;
	if (flags & LC_RULES_LIB_ONLY) {
		*sym = strdup("");
		*lib = strdup(t);
		goto out;
	}
	if (t[0] != '/') {
		at = strchr(t, '@');
		*sym = dup_range(t, at ? (size_t)(at - t) : len);
		*lib = strdup(at ? at + 1 : "");
		goto out;
	}
	/* "/re/@LIB": the regex ends at the first "/@". */
	at = strstr(t + 1, "/@");
	if (at) {
		*sym = dup_range(t + 1, (size_t)(at - t - 1));
		*lib = strdup(at + 2);
		*sym_regex = true;
		goto out;
	}
	if (!is_slashed(t, len)) {
		snprintf(err, errlen, "Unmatched '/' in symbol name");
		return -EINVAL;
	}
	at = memchr(t + 1, '@', len - 2);
	if (at && (flags & LC_RULES_LTRACE)) {
		/* ltrace's shorthand: /x@y/ is /x/@/y/. */
		*sym = dup_range(t + 1, (size_t)(at - t - 1));
		*lib = dup_range(at + 1, (size_t)(t + len - 1 - at - 1));
		*sym_regex = *lib_regex = true;
	} else {
		*sym = dup_range(t + 1, len - 2);
		*lib = strdup("");
		*sym_regex = true;
	}
out:
	if (!*sym || !*lib) {
		free(*sym);
		free(*lib);
		return -ENOMEM;
	}
	return 0;
}

/* Build the rule of text into *r.  Returns 0, -EINVAL (reason in err), -ENOMEM. */
static int make_rule(struct lc_rule *r, const char *text, bool exclude,
		     unsigned int flags, char *err, size_t errlen)
{
	bool sym_regex, lib_regex;
	char *sym, *lib;
	int rc;

	memset(r, 0, sizeof(*r));
	rc = split_rule(text, flags, &sym, &lib, &sym_regex, &lib_regex, err,
			errlen);
	if (rc)
		return rc;
	r->exclude = exclude;
	r->lib_of = (flags & LC_RULES_CALLER) ? LC_LIB_CALLER : LC_LIB_CALLEE;
	if (sym_regex)
		r->sym_kind = LC_PAT_REGEX;
	else
		r->sym_kind = *sym ? LC_PAT_GLOB : LC_PAT_ANY;
	r->regex = sym_regex;
	if (lib_regex)
		r->lib_kind = LC_PAT_REGEX;
	else if (!strcmp(lib, "/"))
		rc = -EINVAL;
	else
		r->lib_kind = lib_kind(&lib);
	if (rc) {
		snprintf(err, errlen, "Unmatched '/' in library name");
		goto fail;
	}
	/* A slashed pattern keeps its text even when empty: "//" is "^$". */
	if (r->sym_kind != LC_PAT_ANY)
		r->sym = sym;
	else
		free(sym);
	sym = NULL;
	if (r->lib_kind != LC_PAT_ANY)
		r->lib = lib;
	else
		free(lib);
	lib = NULL;
	rc = compile_pat(r->sym_kind, r->sym, flags, &r->sym_re, err, errlen);
	if (!rc)
		rc = compile_pat(r->lib_kind, r->lib, flags, &r->lib_re, err,
				 errlen);
	if (!rc)
		return 0;
fail:
	free(sym);
	free(lib);
	rule_release(r);
	return rc;
}

static int push_rule(struct lc_ruleset *rs, size_t *cap, struct lc_rule *r)
{
	if (rs->n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 8;
		struct lc_rule *v = realloc(rs->v, ncap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		rs->v = v;
		*cap = ncap;
	}
	rs->v[rs->n++] = *r;
	return 0;
}

/* sltrace's -l / -L: one rule, [!]PATTERN[@LIB]; errors are errors. */
static int add_sltrace(struct lc_ruleset *rs, size_t *cap, const char *text,
		       struct parse_ctx *ctx)
{
	bool exclude = text[0] == '!';
	char err[256] = "";
	struct lc_rule r;
	int rc;

	rc = make_rule(&r, text + exclude, exclude, ctx->flags, err,
		       sizeof(err));
	if (rc == -EINVAL)
		ctx_msg(ctx, "invalid library call pattern '%s': %s", text,
			err);
	if (rc)
		return rc;
	r.chain_start = rs->n == 0;
	rc = push_rule(rs, cap, &r);
	if (rc)
		rule_release(&r);
	return rc;
}

/*
 * One rule of an ltrace expression; a rule that does not compile is
 * skipped with ltrace's warning, which quotes the text after it.
 */
static int add_ltrace_rule(struct lc_ruleset *rs, size_t *cap, const char *text,
			   size_t len, bool exclude, const char *next,
			   bool *start, struct parse_ctx *ctx)
{
	char err[256] = "";
	struct lc_rule r;
	char *tok;
	int rc;

	tok = dup_range(text, len);
	if (!tok)
		return -ENOMEM;
	rc = make_rule(&r, tok, exclude, ctx->flags, err, sizeof(err));
	free(tok);
	if (rc == -EINVAL) {
		if (!strncmp(err, "Unmatched '/'", 13))
			ctx_msg(ctx, "%s.", err);
		else
			ctx_msg(ctx, "Rule near '%s' will be ignored: %s.",
				next, err);
		return 0;
	}
	if (rc)
		return rc;
	r.chain_start = *start;
	*start = false;
	rc = push_rule(rs, cap, &r);
	if (rc)
		rule_release(&r);
	return rc;
}

/* An ltrace filter expression: a chain of its own. */
static int add_ltrace(struct lc_ruleset *rs, size_t *cap, const char *text,
		      struct parse_ctx *ctx)
{
	const char *p = text;
	bool exclude = false, start = true;
	int rc;

	/* ltrace's -l: one library pattern, '+', '-' and '!' included. */
	if (ctx->flags & LC_RULES_LIB_ONLY)
		return add_ltrace_rule(rs, cap, text, strlen(text), false, "",
				       &start, ctx);
	if (*p == '!') {
		exclude = true;
		p++;
	} else if (*p == '+') {
		p++;
	}
	for (;;) {
		size_t len = strcspn(p, "+-");
		const char *next = p[len] ? p + len + 1 : p + len;

		/* Nothing after the last sign (or at all): no rule. */
		if (!len && !p[len])
			break;
		rc = add_ltrace_rule(rs, cap, p, len, exclude, next, &start,
				     ctx);
		if (rc)
			return rc;
		if (!p[len])
			break;
		exclude = p[len] == '-';
		p = next;
	}
	return 0;
}

int lc_rules_add(struct lc_ruleset *rs, const char *text, unsigned int flags,
		 char *msg, size_t msglen)
{
	struct parse_ctx ctx = {
		.flags = flags,
		.msg = msg,
		.msglen = msglen,
	};
	size_t n0 = rs->n, cap = rs->n;
	int rc;

	if (msglen)
		msg[0] = '\0';
	if (flags & LC_RULES_LTRACE)
		rc = add_ltrace(rs, &cap, text, &ctx);
	else
		rc = add_sltrace(rs, &cap, text, &ctx);
	if (rc) {
		while (rs->n > n0)
			rule_release(&rs->v[--rs->n]);
		if (rc == -ENOMEM && msglen)
			snprintf(msg, msglen, "%s", strerror(ENOMEM));
	}
	return rc;
}

static bool sym_matches(const struct lc_rule *r, const char *sym)
{
	switch (r->sym_kind) {
	case LC_PAT_ANY:
		return true;
	case LC_PAT_GLOB:
		return sym && !fnmatch(r->sym, sym, 0);
	case LC_PAT_REGEX:
		return sym && !regexec(r->sym_re, sym, 0, NULL, 0);
	default:
		return false;
	}
}

static bool lib_matches(const struct lc_rule *r, const struct lc_obj *o)
{
	if (r->lib_kind == LC_PAT_ANY)
		return true;
	if (!o)
		return false;
	switch (r->lib_kind) {
	case LC_PAT_MAIN:
		return o->is_main;
	case LC_PAT_PATH:
		return o->path && !fnmatch(r->lib, o->path, 0);
	case LC_PAT_GLOB:
		return o->name && !fnmatch(r->lib, o->name, 0);
	case LC_PAT_REGEX:
		return o->name && !regexec(r->lib_re, o->name, 0, NULL, 0);
	default:
		return false;
	}
}

static const struct lc_obj *rule_obj(const struct lc_rule *r,
				     const struct lc_obj *callee,
				     const struct lc_obj *caller)
{
	return r->lib_of == LC_LIB_CALLER ? caller : callee;
}

/* The end of the chain that starts at v[i]. */
static size_t chain_end(const struct lc_ruleset *rs, size_t i)
{
	size_t j = i + 1;

	while (j < rs->n && !rs->v[j].chain_start)
		j++;
	return j;
}

bool lc_rules_match_obj(const struct lc_ruleset *rs, const char *sym,
			const struct lc_obj *callee,
			const struct lc_obj *caller, bool *matched_any)
{
	bool traced = false, any = false;

	if (matched_any)
		*matched_any = false;
	if (rs->main_only && (!caller || !caller->is_main))
		return false;
	for (size_t i = 0, end; i < rs->n; i = end) {
		bool mark = rs->v[i].exclude;

		end = chain_end(rs, i);
		for (size_t k = i; k < end; k++) {
			const struct lc_rule *r = &rs->v[k];

			if (!sym_matches(r, sym) ||
			    !lib_matches(r, rule_obj(r, callee, caller)))
				continue;
			any = true;
			mark = !r->exclude;
		}
		traced |= mark;
		if (traced && !matched_any)
			break;
	}
	if (matched_any)
		*matched_any = any;
	return traced;
}

bool lc_rules_match(const struct lc_ruleset *rs, const char *sym,
		    const char *lib_soname, bool *matched_any)
{
	bool is_main = lib_soname && !strcmp(lib_soname, "MAIN");
	struct lc_obj lib = {
		.name = lib_soname,
		.path = NULL,
		.is_main = is_main,
	};
	/* The brief's form: a call the main program makes into lib. */
	static const struct lc_obj main_obj = {
		.name = "MAIN",
		.path = NULL,
		.is_main = true,
	};

	return lc_rules_match_obj(rs, sym, lib_soname ? &lib : NULL, &main_obj,
				  matched_any);
}

bool lc_rules_may_match(const struct lc_ruleset *rs,
			const struct lc_obj *callee,
			const struct lc_obj *caller)
{
	if (!rs->n)
		return false;
	if (rs->main_only && caller && !caller->is_main)
		return false;
	for (size_t i = 0, end; i < rs->n; i = end) {
		end = chain_end(rs, i);
		/* Starting marked: anything may be traced. */
		if (rs->v[i].exclude)
			return true;
		for (size_t k = i; k < end; k++) {
			const struct lc_rule *r = &rs->v[k];
			const struct lc_obj *o = rule_obj(r, callee, caller);

			if (r->exclude)
				continue;
			if (r->lib_kind == LC_PAT_ANY || !o ||
			    lib_matches(r, o))
				return true;
		}
	}
	return false;
}
