/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * printf()'s formats for the evaluator (eval_int.h): C's conversions on
 * 64-bit values, as bpftrace prints them.  check.c has matched the
 * number of conversions to the values; their types are seen here.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "script/eval_int.h"

/* A stack as bpftrace's ustack text: a newline, then a frame a line. */
static void stack_text(struct script_rt *rt, struct tbuf *b,
		       const struct val *v)
{
	char buf[256];

	tbuf_put(b, "\n", 1);
	for (unsigned int k = 0; k < v->n; k++) {
		if (!rt->host.frame ||
		    rt->host.frame(rt->host.hctx, v->pc[k], buf, sizeof(buf)))
			snprintf(buf, sizeof(buf), "0x%" PRIx64,
				 AGG_PC(v->pc[k]));
		tbuf_printf(b, "    %s\n", buf);
	}
}

void eval_val_text(struct script_rt *rt, struct tbuf *b, const struct val *v)
{
	switch (v->t) {
	case V_INT:
		tbuf_printf(b, "%" PRId64, v->i);
		break;
	case V_STR:
		tbuf_put(b, v->s, strnlen(v->s, v->len));
		break;
	case V_STACK:
		stack_text(rt, b, v);
		break;
	}
}

/* s (n bytes) in a field of width, left-aligned with '-', cut to prec. */
static void pad_str(struct tbuf *b, const char *s, size_t n, bool left,
		    long width, long prec)
{
	static const char spaces[] = "                                ";
	size_t pad;

	if (prec >= 0 && (size_t)prec < n)
		n = (size_t)prec;
	pad = width > 0 && (size_t)width > n ? (size_t)width - n : 0;
	if (left)
		tbuf_put(b, s, n);
	while (pad) {
		size_t k = pad < sizeof(spaces) - 1 ? pad : sizeof(spaces) - 1;

		tbuf_put(b, spaces, k);
		pad -= k;
	}
	if (!left)
		tbuf_put(b, s, n);
}

int eval_format(struct script_rt *rt, struct script_pos pos, struct tbuf *b,
		const char *fmt, size_t fmtlen, const struct val *v, size_t nv)
{
	size_t k = 0, start, arg = 0;

	while (k < fmtlen) {
		char spec[48], conv;
		size_t fl = 0;
		long width = -1, prec = -1;
		bool left = false;

		start = k;
		while (k < fmtlen && fmt[k] != '%')
			k++;
		if (k > start)
			tbuf_put(b, fmt + start, k - start);
		if (k >= fmtlen)
			break;
		k++;
		if (k < fmtlen && fmt[k] == '%') {
			tbuf_put(b, "%", 1);
			k++;
			continue;
		}
		/* flags, width, precision into spec; length modifiers dropped:
		 * every value is 64 bits. */
		spec[fl++] = '%';
		while (k < fmtlen && fmt[k] && strchr("-+ #0", fmt[k])) {
			if (fmt[k] == '-')
				left = true;
			if (fl < 8)
				spec[fl++] = fmt[k];
			k++;
		}
		if (k < fmtlen && fmt[k] >= '0' && fmt[k] <= '9') {
			width = 0;
			while (k < fmtlen && fmt[k] >= '0' && fmt[k] <= '9') {
				if (width < 100000)
					width = width * 10 + (fmt[k] - '0');
				k++;
			}
		}
		if (k < fmtlen && fmt[k] == '.') {
			prec = 0;
			k++;
			while (k < fmtlen && fmt[k] >= '0' && fmt[k] <= '9') {
				if (prec < 100000)
					prec = prec * 10 + (fmt[k] - '0');
				k++;
			}
		}
		while (k < fmtlen && fmt[k] && strchr("hlzjt", fmt[k]))
			k++;
		if (k >= fmtlen || arg >= nv)
			return eval_fault(rt, pos, "printf(): bad format");
		conv = fmt[k++];
		/* Only these reach vsnprintf (never %n): the checker
		 * refuses the others, this holds whatever it let by. */
		if (!conv || !strchr("diouxXcspfFeEgG", conv))
			return eval_fault(rt, pos,
					  "printf(): bad conversion");
		if (width >= 0)
			fl += (size_t)snprintf(spec + fl, sizeof(spec) - fl,
					       "%ld", width);
		if (prec >= 0)
			fl += (size_t)snprintf(spec + fl, sizeof(spec) - fl,
					       ".%ld", prec);
		if (conv == 's') {
			const struct val *a = &v[arg++];
			size_t mark = b->len;

			if (a->t == V_STR) {
				pad_str(b, a->s, strnlen(a->s, a->len), left,
					width, prec);
				continue;
			}
			/* a number or a stack: its text, then padded */
			eval_val_text(rt, b, a);
			if (b->oom || b->len == mark)
				continue;
			{
				char tmp[512];
				size_t n = b->len - mark;

				if (n >= sizeof(tmp))
					continue;
				memcpy(tmp, b->p + mark, n);
				b->len = mark;
				pad_str(b, tmp, n, left, width, prec);
			}
			continue;
		}
		if (v[arg].t != V_INT)
			return eval_fault(rt, pos,
					  "printf(): %%%c takes a number, not a %s",
					  conv,
					  v[arg].t == V_STR ? "string" : "stack");
		switch (conv) {
		case 'd':
		case 'i':
			strcpy(spec + fl, "lld");
			tbuf_printf(b, spec, (long long)v[arg].i);
			break;
		case 'u':
		case 'o':
		case 'x':
		case 'X':
			spec[fl] = 'l';
			spec[fl + 1] = 'l';
			spec[fl + 2] = conv;
			spec[fl + 3] = '\0';
			tbuf_printf(b, spec, (unsigned long long)v[arg].i);
			break;
		case 'c':
			strcpy(spec + fl, "c");
			tbuf_printf(b, spec, (int)(unsigned char)v[arg].i);
			break;
		case 'p': {
			char tmp[24];
			int n = snprintf(tmp, sizeof(tmp), "0x%" PRIx64,
					 (uint64_t)v[arg].i);

			pad_str(b, tmp, (size_t)n, left, width, -1);
			break;
		}
		default: /* f F e E g G: the number as a double */
			spec[fl] = conv;
			spec[fl + 1] = '\0';
			tbuf_printf(b, spec, (double)v[arg].i);
			break;
		}
		arg++;
	}
	return 0;
}
