/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of the virtual console (linux/kd.h): sound, LEDs, modes, the
 * keymap entries (K(KT_*, n) of linux/keyboard.h), function key strings,
 * accent tables, fonts, screen and Unicode maps.  The structs holding a
 * pointer (unimapdesc, consolefontdesc, console_font_op) are read in the
 * tracee's layout.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/kd.h>
#include <linux/keyboard.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "xlat/tables/kd_font_flags.h"
#include "xlat/tables/kd_font_ops.h"
#include "xlat/tables/kd_kbd_modes.h"
#include "xlat/tables/kd_kbd_tables.h"
#include "xlat/tables/kd_kbd_types.h"
#include "xlat/tables/kd_kbled_flags.h"
#include "xlat/tables/kd_key_types.h"
#include "xlat/tables/kd_keysyms.h"
#include "xlat/tables/kd_leds.h"
#include "xlat/tables/kd_meta_modes.h"
#include "xlat/tables/kd_modes.h"

/* The PIT's input clock: KIOCSOUND's argument divides it (drivers/tty/vt/vt_ioctl.c). */
#define KD_PIT_TICK_RATE	1193182
/* The ports KDADDIO takes (drivers/tty/vt/vt_ioctl.c). */
#define KD_GPFIRST		0x3b4
#define KD_GPLAST		0x3df
/* Bytes of one glyph row group: 32 rows per character (linux/kd.h). */
#define KD_FONT_ROWS		32

/* A value and what it means as a comment, unless -X raw. */
static void print_commented(struct tcb *tcp, uint64_t v, const char *num,
			    const char *comment)
{
	char buf[256];

	if (cfg.xlat_style == XLAT_STYLE_RAW || !comment)
		snprintf(buf, sizeof(buf), "%s", num);
	else
		snprintf(buf, sizeof(buf), "%s /* %s */", num, comment);
	emit_sym(tcp, v, buf);
}

/* strace's character literal: 'a', '\n', '\'', '\x7f'. */
static void sprint_char(char *buf, size_t size, uint8_t c)
{
	static const char esc[] = "\t\n\v\f\r";
	static const char letter[] = "tnvfr";
	const char *p = c ? strchr(esc, c) : NULL;

	if (p)
		snprintf(buf, size, "'\\%c'", letter[p - esc]);
	else if (c == '\'' || c == '\\')
		snprintf(buf, size, "'\\%c'", c);
	else if (c >= ' ' && c < 0x7f)
		snprintf(buf, size, "'%c'", c);
	else
		snprintf(buf, size, "'\\x%02x'", c);
}

static void print_char(struct tcb *tcp, uint8_t c)
{
	char buf[16];

	sprint_char(buf, sizeof(buf), c);
	emit_sym(tcp, c, buf);
}

/*
 * Read a struct, or print its address.  strace decodes KDGKBENT's and
 * KDSKBENT's struct under -e verbose=none too (observed), unlike
 * ioctl_fetch() and the console's other structs.
 */
static bool kd_fetch(struct tcb *tcp, uint64_t addr, void *buf, size_t len)
{
	if (!addr || tracee_read(tcp, addr, buf, len)) {
		emit_ptr(tcp, addr);
		return false;
	}
	return true;
}

/* --- sound and plain values --------------------------------------------- */

static void print_sound(struct tcb *tcp, uint64_t arg)
{
	char num[32], what[64];
	uint64_t hz = arg && arg <= KD_PIT_TICK_RATE ? KD_PIT_TICK_RATE / arg
						       : 0;

	snprintf(num, sizeof(num), "%llu", (unsigned long long)arg);
	if (hz)
		snprintf(what, sizeof(what), "%llu Hz", (unsigned long long)hz);
	else
		snprintf(what, sizeof(what), "off");
	print_commented(tcp, arg, num, what);
}

/* KDMKTONE: the duration in ms in the high half, the PIT count in the low. */
static void print_tone(struct tcb *tcp, uint32_t arg)
{
	unsigned int ms = arg >> 16, count = arg & 0xffff;
	char num[32], what[64];

	if (ms)
		snprintf(num, sizeof(num), "%u<<16|%u", ms, count);
	else
		snprintf(num, sizeof(num), "%u", count);
	if (ms && count)
		snprintf(what, sizeof(what), "%u Hz, %u ms",
			 KD_PIT_TICK_RATE / count, ms);
	else
		snprintf(what, sizeof(what), "off");
	print_commented(tcp, arg, num, what);
}

static void print_io_port(struct tcb *tcp, uint64_t arg)
{
	char num[32], what[32];

	snprintf(num, sizeof(num), arg ? "%#llx" : "0",
		 (unsigned long long)arg);
	snprintf(what, sizeof(what), "GPFIRST + %llu",
		 (unsigned long long)(arg - KD_GPFIRST));
	print_commented(tcp, arg, num,
			arg >= KD_GPFIRST && arg <= KD_GPLAST ? what : NULL);
}

/* KDGKBLED's flags: the LEDs, then their defaults as "LED_SCR<<4". */
static void print_kbled(struct tcb *tcp, uint8_t v)
{
	char names[256], buf[300];
	size_t n = 0;
	uint8_t left = v;

	names[0] = '\0';
	for (unsigned int shift = 0; shift <= 4; shift += 4)
		for (const struct xlat *x = kd_kbled_flags; x->name; x++) {
			if (!(left & (x->val << shift)))
				continue;
			n += (size_t)snprintf(names + n, sizeof(names) - n,
					      "%s%s%s", n ? "|" : "", x->name,
					      shift ? "<<4" : "");
			left &= ~(x->val << shift);
		}
	if (left && n)
		snprintf(names + n, sizeof(names) - n, "|%#x", left);
	if (!v)
		snprintf(buf, sizeof(buf), "0");
	else if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(buf, sizeof(buf), "%#x", v);
	else if (!n)
		snprintf(buf, sizeof(buf), "%#x /* LED_??? */", v);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(buf, sizeof(buf), "%#x /* %s */", v, names);
	else
		snprintf(buf, sizeof(buf), "%s", names);
	emit_sym(tcp, v, buf);
}

/* An int the kernel writes: "[value]" at exit, the address on error. */
static int kd_out_int(struct tcb *tcp, uint64_t arg, unsigned int size,
		      void (*print)(struct tcb *, uint32_t))
{
	uint32_t v = 0;

	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (ioctl_fetch_out(tcp, arg, &v, size)) {
		emit_array_begin(tcp);
		emit_next(tcp);
		print(tcp, v);
		emit_array_end(tcp);
	}
	return RVAL_DECIMAL;
}

static void print_led(struct tcb *tcp, uint32_t v)
{
	print_flags(tcp, kd_leds, (uint8_t)v, "LED_???");
}

static void print_kbd_type(struct tcb *tcp, uint32_t v)
{
	print_xval(tcp, kd_kbd_types, (uint8_t)v, "KB_???");
}

static void print_mode(struct tcb *tcp, uint32_t v)
{
	print_xval(tcp, kd_modes, v, "KD_???");
}

static void print_kbd_mode(struct tcb *tcp, uint32_t v)
{
	print_xval_d(tcp, kd_kbd_modes, (int32_t)v, "K_???");
}

static void print_meta(struct tcb *tcp, uint32_t v)
{
	print_xval(tcp, kd_meta_modes, v, "K_???");
}

static void print_kbled_u32(struct tcb *tcp, uint32_t v)
{
	print_kbled(tcp, (uint8_t)v);
}

/* --- keymap entries ------------------------------------------------------ */

/* kb_table: a table with a name, else the modifier bits 1<<KG_*. */
static void print_kb_table(struct tcb *tcp, uint8_t t)
{
	static const char *const kg[8] = {
		"KG_SHIFT", "KG_ALTGR", "KG_CTRL", "KG_ALT",
		"KG_SHIFTL", "KG_SHIFTR", "KG_CTRLL", "KG_CTRLR",
	};
	char names[256], buf[300];
	size_t n = 0;

	if (xlat_name(kd_kbd_tables, t)) {
		print_xval(tcp, kd_kbd_tables, t, NULL);
		return;
	}
	for (unsigned int i = 0; i < 8; i++)
		if (t & (1u << i))
			n += (size_t)snprintf(names + n, sizeof(names) - n,
					      "%s1<<%s", n ? "|" : "", kg[i]);
	if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(buf, sizeof(buf), "%#x", t);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(buf, sizeof(buf), "%#x /* %s */", t, names);
	else
		snprintf(buf, sizeof(buf), "%s", names);
	emit_sym(tcp, t, buf);
}

/* The types whose values are characters ('A'), not numbers. */
static bool key_type_is_char(unsigned int type)
{
	return type == KT_LATIN || type == KT_META || type == KT_LETTER ||
	       type == KT_DEAD2;
}

/* kb_value: the number, with its name or K(type, value) in a comment. */
static void print_kb_value(struct tcb *tcp, uint16_t v)
{
	unsigned int type = KTYP(v), val = KVAL(v);
	const char *name = xlat_name(kd_keysyms, v);
	const char *tname = xlat_name(kd_key_types, type);
	char num[16], what[64], sval[16], stype[16];

	snprintf(num, sizeof(num), v ? "%#x" : "0", v);
	if (name) {
		print_commented(tcp, v, num, name);
		return;
	}
	if (tname && key_type_is_char(type))
		sprint_char(sval, sizeof(sval), (uint8_t)val);
	else
		snprintf(sval, sizeof(sval), val ? "%#x" : "0", val);
	if (tname)
		snprintf(stype, sizeof(stype), "%s", tname);
	else
		snprintf(stype, sizeof(stype), "%#x", type);
	snprintf(what, sizeof(what), "K(%s, %s)", stype, sval);
	print_commented(tcp, v, num, what);
}

static int kd_kbent(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct kbentry e;

	if (entering(tcp)) {
		emit_next(tcp);
		/* The table and index alone can be read: kb_value=??? then. */
		if (!kd_fetch(tcp, arg, &e, 2))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "kb_table");
		print_kb_table(tcp, e.kb_table);
		ioctl_field_u(tcp, "kb_index", e.kb_index);
		if (code == KDGKBENT)
			return 0;
	} else if (syserror(tcp)) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_field(tcp, "kb_value");
	if (tracee_read(tcp, arg, &e, sizeof(e)))
		emit_raw(tcp, "???");
	else
		print_kb_value(tcp, e.kb_value);
	emit_struct_end(tcp);
	return exiting(tcp) ? RVAL_DECIMAL : RVAL_DECODED;
}

/*
 * A NUL-terminated string of at most max bytes, as strace reads one: up
 * to the -s limit and one byte more, as much as can be read; no NUL in
 * the first limit bytes prints them with "..." (even when the NUL is the
 * byte after them).  Nothing to show: fail, or, when what was read ends
 * before the limit without a NUL, fail too.  False: the caller prints
 * what strace shows then.
 */
static bool kd_cstr(struct tcb *tcp, uint64_t addr, size_t max)
{
	char buf[1024 + 1];
	size_t lim = cfg.string_limit < max ? cfg.string_limit : max;
	size_t want = lim + 1 < sizeof(buf) ? lim + 1 : sizeof(buf);
	ssize_t got;
	char *nul;

	if (lim > sizeof(buf) - 1)
		lim = sizeof(buf) - 1;
	got = tracee_read_partial(tcp, addr, buf, want);
	if (got <= 0)
		return false;
	nul = memchr(buf, 0, (size_t)got < lim ? (size_t)got : lim);
	if (nul)
		emit_quoted(tcp, buf, (size_t)(nul - buf), 0);
	else if ((size_t)got >= lim)
		emit_quoted(tcp, buf, lim, QUOTE_ELLIPSIS);
	else
		return false;
	return true;
}

/*
 * KD_FONT_OP_SET_DEFAULT's font name: the kernel reads 32 bytes
 * (drivers/tty/vt/vt.c, con_font_default); no NUL in them shows 31 and
 * "...", whatever -s says above that.
 */
#define KD_FONT_NAME_MAX	32

static void print_font_name(struct tcb *tcp, uint64_t addr)
{
	char buf[KD_FONT_NAME_MAX];
	ssize_t got = addr ? tracee_read_partial(tcp, addr, buf, sizeof(buf))
			   : 0;
	size_t lim = KD_FONT_NAME_MAX - 1;
	char *nul;

	if (cfg.string_limit < lim)
		lim = cfg.string_limit;
	nul = got > 0 ? memchr(buf, 0, (size_t)got) : NULL;
	if (nul && (size_t)(nul - buf) <= lim)
		emit_quoted(tcp, buf, (size_t)(nul - buf), 0);
	else if (nul || (size_t)got == sizeof(buf))
		emit_quoted(tcp, buf, lim, QUOTE_ELLIPSIS);
	else
		emit_ptr(tcp, addr);
}

/* kb_string: the kernel's 512 bytes; "???" when they cannot be read. */
static void print_kb_string(struct tcb *tcp, uint64_t addr)
{
	if (!kd_cstr(tcp, addr, sizeof(((struct kbsentry *)0)->kb_string)))
		emit_raw(tcp, "???");
}

static void print_kb_func(struct tcb *tcp, uint8_t f)
{
	const char *name = xlat_name(kd_keysyms, K(KT_FN, f));
	char buf[64], num[16];

	snprintf(num, sizeof(num), f ? "%#x" : "0", f);
	if (!name || cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(buf, sizeof(buf), "%s", num);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(buf, sizeof(buf), "%s /* KVAL(%s) */", num, name);
	else
		snprintf(buf, sizeof(buf), "KVAL(%s)", name);
	emit_sym(tcp, f, buf);
}

static int kd_kbsent(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	uint8_t f;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &f, 1))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "kb_func");
		print_kb_func(tcp, f);
		if (code == KDGKBSENT)
			return 0;
	} else if (syserror(tcp)) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_field(tcp, "kb_string");
	print_kb_string(tcp, arg + 1);
	emit_struct_end(tcp);
	return exiting(tcp) ? RVAL_DECIMAL : RVAL_DECODED;
}

/* --- accent tables ------------------------------------------------------- */

static void print_diacr(struct tcb *tcp, const void *elem, void *data)
{
	const struct kbdiacr *d = elem;

	(void)data;
	emit_struct_begin(tcp);
	emit_field(tcp, "diacr");
	print_char(tcp, d->diacr);
	emit_field(tcp, "base");
	print_char(tcp, d->base);
	emit_field(tcp, "result");
	print_char(tcp, d->result);
	emit_struct_end(tcp);
}

static void print_diacruc(struct tcb *tcp, const void *elem, void *data)
{
	const struct kbdiacruc *d = elem;

	(void)data;
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "diacr", d->diacr);
	ioctl_field_x(tcp, "base", d->base);
	ioctl_field_x(tcp, "result", d->result);
	emit_struct_end(tcp);
}

/* kbdiacrs and kbdiacrsuc: a count, then at most 256 entries. */
static void print_diacrs(struct tcb *tcp, uint64_t arg, bool uc)
{
	uint32_t cnt;

	if (!ioctl_fetch(tcp, arg, &cnt, sizeof(cnt)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "kb_cnt", cnt);
	emit_field(tcp, uc ? "kbdiacruc" : "kbdiacr");
	if (uc)
		print_array_max(tcp, arg + 4, cnt, sizeof(struct kbdiacruc),
				256, print_diacruc, NULL);
	else
		print_array_max(tcp, arg + 4, cnt, sizeof(struct kbdiacr), 256,
				print_diacr, NULL);
	emit_struct_end(tcp);
}

/* --- fonts and maps ------------------------------------------------------ */

static void print_unipair(struct tcb *tcp, const void *elem, void *data)
{
	const struct unipair *u = elem;

	(void)data;
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "unicode", u->unicode);
	ioctl_field_x(tcp, "fontpos", u->fontpos);
	emit_struct_end(tcp);
}

/* A Unicode screen map entry: UNI_DIRECT_BASE+n for the direct font region. */
static void print_uni(struct tcb *tcp, const void *elem, void *data)
{
	uint16_t v;
	char num[16], what[40];

	(void)data;
	memcpy(&v, elem, sizeof(v));
	snprintf(num, sizeof(num), v ? "%#x" : "0", v);
	if ((v & ~UNI_DIRECT_MASK) != UNI_DIRECT_BASE ||
	    cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_sym(tcp, v, num);
		return;
	}
	snprintf(what, sizeof(what), "UNI_DIRECT_BASE+%#x",
		 v - UNI_DIRECT_BASE);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		print_commented(tcp, v, num, what);
	else
		emit_sym(tcp, v, what);
}

/* struct unimapdesc: u16 entry_ct, then the pointer at its alignment. */
static bool read_unimapdesc(struct tcb *tcp, uint64_t arg, uint16_t *ct,
			    uint64_t *entries)
{
	unsigned int ws = tcp_wordsize(tcp);
	unsigned char b[16];

	if (tracee_read(tcp, arg, b, 2 * ws))
		return false;
	memcpy(ct, b, 2);
	*entries = 0;
	memcpy(entries, b + ws, ws);
	return true;
}

static int kd_unimap(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	uint64_t entries;
	uint16_t ct;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!qual_verbose(tcp) || !arg ||
		    !read_unimapdesc(tcp, arg, &ct, &entries)) {
			emit_ptr(tcp, arg);
			return RVAL_DECODED;
		}
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "entry_ct", ct);
		if (code == GIO_UNIMAP)
			return 0;
		emit_field(tcp, "entries");
		print_array(tcp, entries, ct, sizeof(struct unipair),
			    print_unipair, NULL);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	/* strace shows the count the kernel wrote back even on failure. */
	if (!read_unimapdesc(tcp, arg, &ct, &entries)) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_changed(tcp);
	emit_uint(tcp, ct);
	emit_field(tcp, "entries");
	if (syserror(tcp))
		emit_ptr(tcp, entries);
	else
		print_array(tcp, entries, ct, sizeof(struct unipair),
			    print_unipair, NULL);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* struct consolefontdesc: u16 charcount, u16 charheight, char *chardata. */
static bool read_fontdesc(struct tcb *tcp, uint64_t arg, uint16_t *cnt,
			  uint16_t *height, uint64_t *data)
{
	unsigned int ws = tcp_wordsize(tcp);
	unsigned char b[16];

	if (tracee_read(tcp, arg, b, 2 * ws))
		return false;
	memcpy(cnt, b, 2);
	memcpy(height, b + 2, 2);
	*data = 0;
	memcpy(data, b + ws, ws);
	return true;
}

static void print_fontdesc(struct tcb *tcp, uint16_t cnt, uint16_t height,
			   uint64_t data, bool with_data)
{
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "charcount", cnt);
	ioctl_field_u(tcp, "charheight", height);
	emit_field(tcp, "chardata");
	if (with_data)
		ioctl_buf(tcp, data, (uint64_t)cnt * KD_FONT_ROWS,
			  QUOTE_FORCE_HEX);
	else
		emit_ptr(tcp, data);
	emit_struct_end(tcp);
}

static int kd_fontx(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	uint16_t cnt, height;
	uint64_t data;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!qual_verbose(tcp) || !arg ||
		    !read_fontdesc(tcp, arg, &cnt, &height, &data)) {
			emit_ptr(tcp, arg);
			return RVAL_DECODED;
		}
		print_fontdesc(tcp, cnt, height, data, code == PIO_FONTX);
		return code == GIO_FONTX ? 0 : RVAL_DECODED;
	}
	if (!syserror(tcp) && read_fontdesc(tcp, arg, &cnt, &height, &data)) {
		emit_changed(tcp);
		print_fontdesc(tcp, cnt, height, data, true);
	}
	return RVAL_DECIMAL;
}

/* struct console_font_op: five u32, then the data pointer. */
struct font_op {
	uint32_t op, flags, width, height, charcount;
	uint64_t data;
};

static bool read_font_op(struct tcb *tcp, uint64_t arg, struct font_op *f)
{
	unsigned int ws = tcp_wordsize(tcp);
	unsigned char b[32];
	/* The pointer follows the five words at its own alignment. */
	size_t off = ws == 8 ? 24 : 20;

	if (tracee_read(tcp, arg, b, off + ws))
		return false;
	memcpy(f, b, 20);
	f->data = 0;
	memcpy(&f->data, b + off, ws);
	return true;
}

/* The glyphs: 32 rows of (width + 7) / 8 bytes per character. */
static uint64_t font_op_size(const struct font_op *f)
{
	return (uint64_t)((f->width + 7) / 8) * KD_FONT_ROWS * f->charcount;
}

static void print_font_op_out(struct tcb *tcp, const struct font_op *f)
{
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "width", f->width);
	ioctl_field_u(tcp, "height", f->height);
	if (f->op != KD_FONT_OP_SET_DEFAULT) {
		ioctl_field_u(tcp, "charcount", f->charcount);
		emit_field(tcp, "data");
		if (f->op == KD_FONT_OP_GET)
			ioctl_buf(tcp, f->data, font_op_size(f),
				  QUOTE_FORCE_HEX);
		else
			emit_ptr(tcp, f->data);
	}
	emit_struct_end(tcp);
}

static int kd_fontop(struct tcb *tcp, uint64_t arg)
{
	struct font_op f;

	if (exiting(tcp)) {
		if (!syserror(tcp) && read_font_op(tcp, arg, &f)) {
			emit_changed(tcp);
			print_font_op_out(tcp, &f);
		}
		return RVAL_DECIMAL;
	}
	emit_next(tcp);
	if (!qual_verbose(tcp) || !arg || !read_font_op(tcp, arg, &f)) {
		emit_ptr(tcp, arg);
		return RVAL_DECODED;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "op");
	print_xval(tcp, kd_font_ops, f.op, "KD_FONT_OP_???");
	switch (f.op) {
	case KD_FONT_OP_SET_DEFAULT:
		ioctl_field_u(tcp, "width", f.width);
		ioctl_field_u(tcp, "height", f.height);
		emit_field(tcp, "data");
		print_font_name(tcp, f.data);
		emit_struct_end(tcp);
		return 0;
	case KD_FONT_OP_COPY:
		ioctl_field_u(tcp, "height", f.height);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	emit_field(tcp, "flags");
	print_flags(tcp, kd_font_flags, f.flags, "KD_FONT_FLAG_???");
	ioctl_field_u(tcp, "width", f.width);
	ioctl_field_u(tcp, "height", f.height);
	ioctl_field_u(tcp, "charcount", f.charcount);
	emit_field(tcp, "data");
	if (f.op == KD_FONT_OP_SET)
		ioctl_buf(tcp, f.data, font_op_size(&f), QUOTE_FORCE_HEX);
	else
		emit_ptr(tcp, f.data);
	emit_struct_end(tcp);
	return f.op == KD_FONT_OP_SET ? RVAL_DECODED : 0;
}

/* A buffer of len bytes in hex: the kernel reads it (in) or writes it. */
static int kd_buf(struct tcb *tcp, uint64_t arg, uint64_t len, bool in)
{
	if (entering(tcp)) {
		emit_next(tcp);
		if (!in)
			return 0;
	} else if (syserror(tcp)) {
		emit_ptr(tcp, arg);
		return RVAL_DECIMAL;
	}
	/* A string: strace shows it under -e verbose=none too. */
	ioctl_buf(tcp, arg, len, QUOTE_FORCE_HEX);
	return in ? RVAL_DECODED : RVAL_DECIMAL;
}

static int kd_uniscrnmap(struct tcb *tcp, uint64_t arg, bool in)
{
	if (entering(tcp)) {
		emit_next(tcp);
		if (!in)
			return 0;
	} else if (syserror(tcp)) {
		emit_ptr(tcp, arg);
		return RVAL_DECIMAL;
	}
	print_array(tcp, arg, E_TABSZ, sizeof(uint16_t), print_uni, NULL);
	return in ? RVAL_DECODED : RVAL_DECIMAL;
}

/* In-out pairs of ints: KDKBDREP's {delay, period} => {delay, period}. */
static void print_kbdrep(struct tcb *tcp, const struct kbd_repeat *r)
{
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "delay", r->delay);
	ioctl_field_d(tcp, "period", r->period);
	emit_struct_end(tcp);
}

static int kd_kbdrep(struct tcb *tcp, uint64_t arg)
{
	struct kbd_repeat r;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
			return RVAL_DECODED;
		print_kbdrep(tcp, &r);
		return 0;
	}
	if (!syserror(tcp) && !tracee_read(tcp, arg, &r, sizeof(r))) {
		emit_changed(tcp);
		print_kbdrep(tcp, &r);
	}
	return RVAL_DECIMAL;
}

static int kd_keycode(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct kbkeycode k;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &k, sizeof(k)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "scancode", k.scancode);
		ioctl_field_x(tcp, "keycode", k.keycode);
		if (code == KDGETKEYCODE)
			return 0;
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	if (!syserror(tcp) && !tracee_read(tcp, arg, &k, sizeof(k))) {
		emit_changed(tcp);
		emit_hex(tcp, k.keycode);
	}
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

static int kd_value(struct tcb *tcp, uint64_t arg,
		    void (*print)(struct tcb *, uint64_t))
{
	emit_next(tcp);
	print(tcp, arg);
	return RVAL_DECODED;
}

static void print_tone_arg(struct tcb *tcp, uint64_t arg)
{
	print_tone(tcp, (uint32_t)arg);
}

static void print_led_arg(struct tcb *tcp, uint64_t arg)
{
	print_led(tcp, (uint32_t)arg);
}

static void print_kbled_arg(struct tcb *tcp, uint64_t arg)
{
	print_kbled(tcp, (uint8_t)arg);
}

static void print_mode_arg(struct tcb *tcp, uint64_t arg)
{
	print_mode(tcp, (uint32_t)arg);
}

static void print_kbd_mode_arg(struct tcb *tcp, uint64_t arg)
{
	print_kbd_mode(tcp, (uint32_t)arg);
}

static void print_meta_arg(struct tcb *tcp, uint64_t arg)
{
	print_meta(tcp, (uint32_t)arg);
}

/* KDSIGACCEPT: a signal by name, anything else as the number given. */
static void print_sig_arg(struct tcb *tcp, uint64_t arg)
{
	if (arg > 0 && arg < 128 && signal_name((int)arg))
		print_signo(tcp, (int)arg);
	else
		emit_uint(tcp, arg);
}

int ioctl_kd(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case KIOCSOUND:
		return kd_value(tcp, arg, print_sound);
	case KDMKTONE:
		return kd_value(tcp, arg, print_tone_arg);
	case KDGETLED:
		return kd_out_int(tcp, arg, 1, print_led);
	case KDSETLED:
		return kd_value(tcp, arg, print_led_arg);
	case KDGKBTYPE:
		return kd_out_int(tcp, arg, 1, print_kbd_type);
	case KDADDIO:
	case KDDELIO:
		return kd_value(tcp, arg, print_io_port);
	case KDSETMODE:
		return kd_value(tcp, arg, print_mode_arg);
	case KDGETMODE:
		return kd_out_int(tcp, arg, 4, print_mode);
	case GIO_SCRNMAP:
	case PIO_SCRNMAP:
		return kd_buf(tcp, arg, E_TABSZ, code == PIO_SCRNMAP);
	case GIO_UNISCRNMAP:
	case PIO_UNISCRNMAP:
		return kd_uniscrnmap(tcp, arg, code == PIO_UNISCRNMAP);
	case KDGKBMODE:
		return kd_out_int(tcp, arg, 4, print_kbd_mode);
	case KDSKBMODE:
		return kd_value(tcp, arg, print_kbd_mode_arg);
	case KDGKBMETA:
		return kd_out_int(tcp, arg, 4, print_meta);
	case KDSKBMETA:
		return kd_value(tcp, arg, print_meta_arg);
	case KDGKBLED:
		return kd_out_int(tcp, arg, 1, print_kbled_u32);
	case KDSKBLED:
		return kd_value(tcp, arg, print_kbled_arg);
	case KDGKBENT:
	case KDSKBENT:
		return kd_kbent(tcp, code, arg);
	case KDGKBSENT:
	case KDSKBSENT:
		return kd_kbsent(tcp, code, arg);
	case KDGKBDIACR:
	case KDGKBDIACRUC:
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else
			print_diacrs(tcp, arg, code == KDGKBDIACRUC);
		return RVAL_DECIMAL;
	case KDSKBDIACR:
	case KDSKBDIACRUC:
		emit_next(tcp);
		print_diacrs(tcp, arg, code == KDSKBDIACRUC);
		return RVAL_DECODED;
	case KDGETKEYCODE:
	case KDSETKEYCODE:
		return kd_keycode(tcp, code, arg);
	case KDSIGACCEPT:
		return kd_value(tcp, arg, print_sig_arg);
	case KDKBDREP:
		return kd_kbdrep(tcp, arg);
	case GIO_FONT:
	case PIO_FONT:
		return kd_buf(tcp, arg, 256 * KD_FONT_ROWS, code == PIO_FONT);
	case GIO_CMAP:
	case PIO_CMAP:
		return kd_buf(tcp, arg, 48, code == PIO_CMAP);
	case GIO_UNIMAP:
	case PIO_UNIMAP:
		return kd_unimap(tcp, code, arg);
	case PIO_UNIMAPCLR:
		emit_next(tcp);
		{
			struct unimapinit u;

			if (ioctl_fetch(tcp, arg, &u, sizeof(u))) {
				emit_struct_begin(tcp);
				ioctl_field_u(tcp, "advised_hashsize",
					      u.advised_hashsize);
				ioctl_field_u(tcp, "advised_hashstep",
					      u.advised_hashstep);
				ioctl_field_u(tcp, "advised_hashlevel",
					      u.advised_hashlevel);
				emit_struct_end(tcp);
			}
		}
		return RVAL_DECODED;
	case GIO_FONTX:
	case PIO_FONTX:
		return kd_fontx(tcp, code, arg);
	case KDFONTOP:
		return kd_fontop(tcp, arg);
	}
	return IOCTL_UNKNOWN;
}
