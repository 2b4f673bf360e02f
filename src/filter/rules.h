/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which library functions are traced: chains of rules over a function's
 * name and the object it lives in (or the object that calls it), as
 * sltrace's -l/-L and ltrace's -e/-l/-x options write them.
 *
 * A ruleset is one or more chains; a chain is a list of rules.  A call
 * is traced when at least one chain marks it.  Within a chain, the call
 * starts unmarked -- or marked, when the chain's first rule is an
 * exclusion ("!strlen": everything but strlen) -- and every rule that
 * matches it sets the mark (include) or clears it (exclude): the last
 * matching rule wins.  An empty ruleset (n == 0) traces nothing.
 *
 * A pattern absent from a rule matches everything.  Symbol patterns match
 * the whole name as the object's symbol table spells it (not demangled).
 * Library patterns match an object's name: its DT_SONAME, or the file's
 * basename when it has none; the main program's name is its basename too,
 * and the pattern MAIN matches the main program only (never a library
 * whose soname is MAIN).  A library pattern that begins with '/' and is
 * not a /regex/ is a glob over the object's path instead.
 */
#ifndef SLTRACE_FILTER_RULES_H
#define SLTRACE_FILTER_RULES_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

/* How one pattern of a rule matches. */
enum lc_pat_kind {
	LC_PAT_ANY = 0,		/* no pattern: anything */
	LC_PAT_GLOB,		/* fnmatch() over the whole name */
	LC_PAT_REGEX,		/* the compiled regular expression */
	LC_PAT_PATH,		/* library only: fnmatch() over the path */
	LC_PAT_MAIN,		/* library only: the main program */
};

/* Which object a rule's library pattern names. */
enum lc_lib_of {
	LC_LIB_CALLEE = 0,	/* the object that defines the function */
	LC_LIB_CALLER,		/* the object whose PLT/GOT makes the call */
};

struct lc_rule {
	char *sym;		/* the pattern's text; NULL: any symbol */
	char *lib;		/* the pattern's text; NULL: any object */
	bool exclude;		/* '!' or '-': clears the mark */
	bool regex;		/* sym is a regular expression */
	bool chain_start;	/* begins a new chain (v[0] always does) */
	enum lc_lib_of lib_of;
	enum lc_pat_kind sym_kind;
	enum lc_pat_kind lib_kind;
	regex_t *sym_re;	/* compiled once, when sym_kind is REGEX */
	regex_t *lib_re;	/* the same for lib */
};

struct lc_ruleset {
	struct lc_rule *v;
	size_t n;
	/*
	 * Only calls made by the main program are candidates (sltrace's
	 * -l); otherwise calls made by any object are (ltrace's -e).
	 */
	bool main_only;
};

/* An object, as the rules see it. */
struct lc_obj {
	const char *name;	/* DT_SONAME, or the file's basename */
	const char *path;	/* the file's path; NULL when unknown */
	bool is_main;		/* the program itself: what MAIN names */
};

/*
 * lc_rules_add() flags.  Without LC_RULES_LTRACE, the text is one rule of
 * sltrace's -l/-L: [!]PATTERN[@LIB], where PATTERN and LIB are globs or
 * /regexes/ (POSIX extended, found anywhere in the name, as strace's
 * -e trace=/regex).  With it, the text is an ltrace filter expression:
 * rules joined by '+' (include) and '-' (exclude), a leading '!' or '-'
 * excluding, /regexes/ basic and anchored to the whole name, an empty
 * rule meaning everything, and a rule that cannot be compiled skipped
 * with a warning instead of an error (rules.c details the grammar); it
 * starts a new chain.  With LC_RULES_LIB_ONLY too, the text is one
 * library pattern (ltrace's -l), also a chain of its own.  Every rule of
 * sltrace's form goes into the one chain of rs.
 */
enum {
	LC_RULES_LTRACE = 1 << 0,
	LC_RULES_CALLER = 1 << 1,	/* @LIB names the calling object */
	LC_RULES_LIB_ONLY = 1 << 2,	/* the text is a LIB pattern alone */
};

/*
 * Parse text into rules appended to rs.  Returns 0 (msg then holds the
 * warnings to print, one per line, or ""), -EINVAL with the error in msg,
 * or -ENOMEM.  On error rs is as it was.
 */
int lc_rules_add(struct lc_ruleset *rs, const char *text, unsigned int flags,
		 char *msg, size_t msglen);

/* Free every rule; rs is empty afterwards. */
void lc_rules_free(struct lc_ruleset *rs);

/*
 * Whether a call of sym, defined in callee and made from caller, is
 * traced.  callee or caller may be NULL when unknown: a rule naming that
 * object then does not match.  *matched_any (may be NULL) tells whether
 * any rule matched at all, including or excluding.
 */
bool lc_rules_match_obj(const struct lc_ruleset *rs, const char *sym,
			const struct lc_obj *callee,
			const struct lc_obj *caller, bool *matched_any);

/*
 * The same with one object named by its soname (or basename), which is
 * both callee and caller; "MAIN" stands for the main program.
 */
bool lc_rules_match(const struct lc_ruleset *rs, const char *sym,
		    const char *lib_soname, bool *matched_any);

/*
 * Whether any function at all could be traced for this callee and this
 * caller (NULL: any object), so that an object's symbols or PLT need not
 * be read when the answer is no.  Never false when a call could match.
 */
bool lc_rules_may_match(const struct lc_ruleset *rs,
			const struct lc_obj *callee,
			const struct lc_obj *caller);

#endif
