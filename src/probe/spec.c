/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Probe specifications (spec.h has the grammar). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probe/spec.h"

void probe_spec_release(struct probe_spec *spec)
{
	free(spec->func);
	free(spec->obj);
	free(spec->file);
	free(spec->provider);
	free(spec->name);
	memset(spec, 0, sizeof(*spec));
}

/* A name or glob: not empty, no blanks, none of the spec's separators. */
static bool word_ok(const char *s, size_t len, const char *seps)
{
	if (!len)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (isspace((unsigned char)s[i]) ||
		    !isprint((unsigned char)s[i]))
			return false;
		if (strchr(seps, s[i]))
			return false;
	}
	return true;
}

/* A whole unsigned number in C's notation (0x1f, 017, 31). */
static bool number_ok(const char *s, size_t len, uint64_t *out)
{
	char buf[32], *end;

	if (!len || len >= sizeof(buf) || !isdigit((unsigned char)s[0]))
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtoull(buf, &end, 0);
	return !errno && *end == '\0';
}

static bool line_ok(const char *s, size_t len, long *out)
{
	uint64_t v;

	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	if (!number_ok(s, len, &v) || v > 10000000)
		return false;
	*out = (long)v;
	return true;
}

/* "…@OBJ" at the end of [s, s+len): *len shortened, obj set. */
static int split_obj(const char *s, size_t *len, char **obj, const char **why)
{
	const char *at = memchr(s, '@', *len);

	if (!at)
		return 0;
	if (!word_ok(at + 1, s + *len - at - 1, "@")) {
		*why = "expected an object after '@'";
		return -EINVAL;
	}
	*obj = strndup(at + 1, s + *len - at - 1);
	if (!*obj)
		return -ENOMEM;
	*len = at - s;
	return 0;
}

static int parse_sdt(const char *s, unsigned int flags, struct probe_spec *spec,
		     const char **why)
{
	size_t len = strlen(s);
	const char *colon;
	int rc = split_obj(s, &len, &spec->obj, why);

	if (rc)
		return rc;
	spec->kind = PROBE_SDT;
	colon = memchr(s, ':', len);
	/* Listing: "sdt:PROV" and "sdt:" mean every name, every provider. */
	if (!colon && (flags & PROBE_SPEC_LISTING)) {
		spec->provider = len ? strndup(s, len) : strdup("*");
		spec->name = strdup("*");
		if (len && !word_ok(s, len, ":")) {
			*why = "expected sdt:PROVIDER:NAME";
			return -EINVAL;
		}
		return spec->provider && spec->name ? 0 : -ENOMEM;
	}
	if (!colon || !word_ok(s, colon - s, ":") ||
	    !word_ok(colon + 1, s + len - colon - 1, ":")) {
		*why = "expected sdt:PROVIDER:NAME";
		return -EINVAL;
	}
	spec->provider = strndup(s, colon - s);
	spec->name = strndup(colon + 1, s + len - colon - 1);
	return spec->provider && spec->name ? 0 : -ENOMEM;
}

static int parse_addr(const char *s, struct probe_spec *spec, const char **why)
{
	size_t len = strlen(s);
	int rc = split_obj(s, &len, &spec->obj, why);

	if (rc)
		return rc;
	spec->kind = PROBE_ADDR;
	if (!number_ok(s, len, &spec->offset)) {
		*why = "expected an address after '*'";
		return -EINVAL;
	}
	return 0;
}

/* FUNC[@OBJ] in [s, s+len), the suffix already taken off. */
static int parse_func(const char *s, size_t len, struct probe_spec *spec,
		      const char **why)
{
	int rc = split_obj(s, &len, &spec->obj, why);

	if (rc)
		return rc;
	/* ':' of C++'s "ns::f" is allowed: the line's ':' is gone already. */
	if (!word_ok(s, len, "@%+")) {
		*why = "expected a function name";
		return -EINVAL;
	}
	spec->func = strndup(s, len);
	return spec->func ? 0 : -ENOMEM;
}

static int parse_sourceish(const char *s, unsigned int flags,
			   struct probe_spec *spec, const char **why)
{
	size_t len = strlen(s);
	const char *colon = strrchr(s, ':');
	const char *plus = strrchr(s, '+');
	const char *pct = strchr(s, '%');
	uint64_t off;

	/* FUNC:RELLINE or FILE:LINE: a ':' followed by a number, or nothing. */
	if (colon && colon > s && colon[-1] != ':' &&
	    (colon[1] || (flags & PROBE_SPEC_LISTING))) {
		size_t head = colon - s;

		if (colon[1] &&
		    !line_ok(colon + 1, s + len - colon - 1, &spec->line)) {
			*why = "expected a line number after ':'";
			return -EINVAL;
		}
		if (!colon[1])
			spec->line = -1;
		if (pct || (plus && plus > colon)) {
			*why = "a line takes no %return or +OFFSET";
			return -EINVAL;
		}
		/* "f@libfoo.so:3" is a function's line; "parse.c:3" a file's. */
		if (!memchr(s, '@', head) &&
		    (memchr(s, '.', head) || memchr(s, '/', head))) {
			spec->kind = PROBE_LINE;
			if (spec->line < 1) {
				*why = "expected a line number after ':'";
				return -EINVAL;
			}
			if (!word_ok(s, head, "@%")) {
				*why = "expected a file name";
				return -EINVAL;
			}
			spec->file = strndup(s, head);
			return spec->file ? 0 : -ENOMEM;
		}
		spec->kind = PROBE_RELLINE;
		return parse_func(s, head, spec, why);
	}
	spec->kind = PROBE_FUNC;
	if (colon && !colon[1] && colon > s && colon[-1] != ':') {
		*why = "expected a line number after ':'";
		return -EINVAL;
	}
	if (pct) {
		if (strcmp(pct, "%return")) {
			*why = "expected %return";
			return -EINVAL;
		}
		if (plus && plus < pct &&
		    number_ok(plus + 1, pct - plus - 1, &off)) {
			*why = "%return takes no +OFFSET";
			return -EINVAL;
		}
		spec->ret = true;
		return parse_func(s, pct - s, spec, why);
	}
	/* "libstdc++.so.6" has '+' too: only a number after it is an offset. */
	if (plus && number_ok(plus + 1, s + len - plus - 1, &spec->offset)) {
		spec->has_offset = true;
		return parse_func(s, plus - s, spec, why);
	}
	if (plus && (!plus[1] || isdigit((unsigned char)plus[1]))) {
		*why = "expected an offset after '+'";
		return -EINVAL;
	}
	return parse_func(s, len, spec, why);
}

int probe_spec_parse(const char *text, unsigned int flags,
		     struct probe_spec *spec, const char **why)
{
	int rc;

	memset(spec, 0, sizeof(*spec));
	*why = "out of memory";
	if (!strncmp(text, "sdt:", 4))
		rc = parse_sdt(text + 4, flags, spec, why);
	/* "*" alone or "*_lock" is a glob; an address starts with a digit. */
	else if (text[0] == '*' && isdigit((unsigned char)text[1]))
		rc = parse_addr(text + 1, spec, why);
	else
		rc = parse_sourceish(text, flags, spec, why);
	if (rc == -ENOMEM)
		*why = "out of memory";
	if (rc)
		probe_spec_release(spec);
	return rc;
}
