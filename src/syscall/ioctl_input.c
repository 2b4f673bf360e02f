/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of input devices: evdev (linux/input.h), and the names of the
 * commands whose number carries a parameter — a length, an event type,
 * an axis — that strace spells as a call: "EVIOCGBIT(EV_KEY, 8)",
 * "HIDIOCGPHYS(8)", "MIXER_READ(13)".
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/input.h>
#include <linux/ioctl.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "xlat/tables/evdev_abs.h"
#include "xlat/tables/evdev_autorepeat.h"
#include "xlat/tables/evdev_ev.h"
#include "xlat/tables/evdev_ff_status.h"
#include "xlat/tables/evdev_ff_types.h"
#include "xlat/tables/evdev_keycode.h"
#include "xlat/tables/evdev_leds.h"
#include "xlat/tables/evdev_misc.h"
#include "xlat/tables/evdev_mtslots.h"
#include "xlat/tables/evdev_prop.h"
#include "xlat/tables/evdev_relative_axes.h"
#include "xlat/tables/evdev_snd.h"
#include "xlat/tables/evdev_switch.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* --- parameterised command names ------------------------------------- */

/*
 * A constant inside a command name: its name, else the number with the
 * default pattern in a comment — but no comment in -X verbose, where the
 * whole name already is one.
 */
static void sprint_param(char *buf, size_t size, const struct xlat *x,
			 unsigned int v, const char *dflt, bool verbose)
{
	const char *name = xlat_name(x, v);

	if (name)
		snprintf(buf, size, "%s", name);
	else if (verbose)
		snprintf(buf, size, "%#x", v);
	else
		snprintf(buf, size, "%#x /* %s */", v, dflt);
}

/* Commands of a type and direction whose size is a length: "NAME(len)". */
static const struct {
	uint8_t type, nr, dir;
	const char *name;
} sized_cmds[] = {
	{ 'E', 0x06, _IOC_READ, "EVIOCGNAME" },
	{ 'E', 0x07, _IOC_READ, "EVIOCGPHYS" },
	{ 'E', 0x08, _IOC_READ, "EVIOCGUNIQ" },
	{ 'E', 0x09, _IOC_READ, "EVIOCGPROP" },
	{ 'E', 0x0a, _IOC_READ, "EVIOCGMTSLOTS" },
	{ 'E', 0x18, _IOC_READ, "EVIOCGKEY" },
	{ 'E', 0x19, _IOC_READ, "EVIOCGLED" },
	{ 'E', 0x1a, _IOC_READ, "EVIOCGSND" },
	{ 'E', 0x1b, _IOC_READ, "EVIOCGSW" },
	/* linux/hidraw.h and linux/hiddev.h share the type 'H'. */
	{ 'H', 0x04, _IOC_READ, "HIDIOCGRAWNAME" },
	{ 'H', 0x05, _IOC_READ, "HIDIOCGRAWPHYS" },
	/* strace names HIDIOCGNAME's number after hidraw's feature call. */
	{ 'H', 0x06, _IOC_READ, "HIDIOCSFEATURE" },
	{ 'H', 0x06, _IOC_READ | _IOC_WRITE, "HIDIOCSFEATURE" },
	{ 'H', 0x07, _IOC_READ | _IOC_WRITE, "HIDIOCGFEATURE" },
	{ 'H', 0x08, _IOC_READ, "HIDIOCGRAWUNIQ" },
	{ 'H', 0x12, _IOC_READ, "HIDIOCGPHYS" },
	{ 'U', 0x2c, _IOC_READ, "UI_GET_SYSNAME" }, /* linux/uinput.h */
	{ 'j', 0x13, _IOC_READ, "JSIOCGNAME" }, /* linux/joystick.h */
	/* linux/spi/spidev.h: the size of N struct spi_ioc_transfer. */
	{ 'k', 0x00, _IOC_WRITE, "SPI_IOC_MESSAGE" },
};

size_t ioctl_sized_name(uint32_t code, bool verbose, char *buf, size_t size)
{
	unsigned int dir = _IOC_DIR(code), type = _IOC_TYPE(code);
	unsigned int nr = _IOC_NR(code), sz = _IOC_SIZE(code);
	char p[64];

	for (size_t i = 0; i < ARRAY_SIZE(sized_cmds); i++)
		if (sized_cmds[i].type == type && sized_cmds[i].nr == nr &&
		    sized_cmds[i].dir == dir)
			return (size_t)snprintf(buf, size, "%s(%u)",
						sized_cmds[i].name, sz);
	/* The OSS mixer (linux/soundcard.h): one call per channel. */
	if (type == 'M' && (dir == _IOC_READ || dir == _IOC_WRITE))
		return (size_t)snprintf(buf, size, "MIXER_%s(%u)",
					dir == _IOC_READ ? "READ" : "WRITE",
					nr);
	if (type != 'E')
		return 0;
	if (dir == _IOC_READ && nr >= 0x20 && nr < 0x40) {
		/* EV_SYN reads "0": EVIOCGBIT(0, n) lists the event types. */
		if (nr == 0x20)
			snprintf(p, sizeof(p), "0");
		else
			sprint_param(p, sizeof(p), evdev_ev, nr - 0x20,
				     "EV_???", verbose);
		return (size_t)snprintf(buf, size, "EVIOCGBIT(%s, %u)", p, sz);
	}
	if ((dir == _IOC_READ && nr >= 0x40 && nr < 0x80) ||
	    (dir == _IOC_WRITE && nr >= 0xc0)) {
		sprint_param(p, sizeof(p), evdev_abs, nr & 0x3f, "ABS_???",
			     verbose);
		return (size_t)snprintf(buf, size, "EVIOC%cABS(%s)",
					dir == _IOC_READ ? 'G' : 'S', p);
	}
	return 0;
}

/* --- evdev ------------------------------------------------------------ */

/* The bit sets EVIOCGBIT(type, n) returns: each type's codes. */
static const struct {
	const struct xlat *x;
	unsigned int max;
	const char *dflt;
} evdev_bits[EV_CNT] = {
	[EV_SYN] = { evdev_ev, EV_MAX, "EV_???" },
	[EV_KEY] = { evdev_keycode, KEY_MAX, "KEY_???" },
	[EV_REL] = { evdev_relative_axes, REL_MAX, "REL_???" },
	[EV_ABS] = { evdev_abs, ABS_MAX, "ABS_???" },
	[EV_MSC] = { evdev_misc, MSC_MAX, "MSC_???" },
	[EV_SW] = { evdev_switch, SW_MAX, "SW_???" },
	[EV_LED] = { evdev_leds, LED_MAX, "LED_???" },
	[EV_SND] = { evdev_snd, SND_MAX, "SND_???" },
	[EV_REP] = { evdev_autorepeat, REP_MAX, "REP_???" },
	[EV_FF] = { evdev_ff_types, FF_MAX, "FF_???" },
	[EV_FF_STATUS] = { evdev_ff_status, FF_STATUS_MAX, "FF_STATUS_???" },
};

/*
 * A bit set the kernel wrote: as many bytes as the call returned, at most
 * those of max bits, read in longs.  strace names the set bits below max
 * ("[KEY_1 KEY_2]", four of them unless -v), with -X raw prints the longs
 * ("[0x6]"), with -X verbose both.  A return of 0 leaves it an address.
 */
static void print_evdev_bits(struct tcb *tcp, uint64_t addr,
			     const struct xlat *x, unsigned int max,
			     const char *dflt)
{
	unsigned int ws = tcp_wordsize(tcp);
	int64_t rc = tcp_rval(tcp);
	uint8_t b[(KEY_MAX + 1) / 8 + 8];
	size_t len = (max + 7) / 8, words;
	unsigned int nbits, shown = 0;
	char name[64];

	if (rc <= 0) {
		emit_ptr(tcp, addr);
		return;
	}
	if ((uint64_t)rc < len)
		len = (size_t)rc;
	words = (len + ws - 1) / ws;
	if (!ioctl_fetch(tcp, addr, b, words * ws))
		return;
	nbits = (uint64_t)rc * 8 < max ? (unsigned int)rc * 8 : max;
	if (cfg.xlat_style != XLAT_STYLE_RAW) {
		emit_array_begin(tcp);
		for (unsigned int bit = 0; bit < nbits; bit++) {
			if (!(b[bit / 8] & (1u << (bit % 8))))
				continue;
			emit_next_space(tcp);
			if (shown++ >= 4 && qual_abbrev(tcp)) {
				emit_raw(tcp, "...");
				break;
			}
			emit_sym(tcp, bit,
				 sprint_xval(name, sizeof(name), x, bit, dflt));
		}
		emit_array_end(tcp);
	}
	if (cfg.xlat_style != XLAT_STYLE_ABBREV) {
		char raw[(KEY_MAX + 1) / 4 + 64];
		size_t n = 0;

		n += (size_t)snprintf(raw + n, sizeof(raw) - n, "[");
		for (size_t i = 0; i < words; i++) {
			uint64_t w = 0;

			memcpy(&w, b + i * ws, ws);
			n += (size_t)snprintf(raw + n, sizeof(raw) - n,
					      w ? "%s%#llx" : "%s0",
					      i ? ", " : "",
					      (unsigned long long)w);
		}
		snprintf(raw + n, sizeof(raw) - n, "]");
		if (cfg.xlat_style == XLAT_STYLE_RAW)
			emit_raw(tcp, raw);
		else
			emit_comment(tcp, raw);
	}
}

/* EVIOCGBIT(type, n): the bits of a type strace knows, else the address. */
static void print_evdev_getbit(struct tcb *tcp, unsigned int ev, uint64_t addr)
{
	int32_t v;

	if (ev == EV_PWR) {
		/* No codes: strace shows the first int. */
		if (tcp_rval(tcp) <= 0) {
			emit_ptr(tcp, addr);
			return;
		}
		if (ioctl_fetch(tcp, addr, &v, sizeof(v)))
			print_num_in_brackets(tcp, (uint64_t)(int64_t)v, true);
		return;
	}
	if (ev >= EV_CNT || !evdev_bits[ev].x) {
		emit_ptr(tcp, addr);
		return;
	}
	print_evdev_bits(tcp, addr, evdev_bits[ev].x, evdev_bits[ev].max,
			 evdev_bits[ev].dflt);
}

/* struct input_absinfo, of as many bytes as the command says. */
static void print_absinfo(struct tcb *tcp, uint64_t addr, unsigned int sz)
{
	static const char *const names[] = {
		"value", "minimum", "maximum", "fuzz", "flat", "resolution",
	};
	uint32_t v[6] = { 0 };
	unsigned int n = sz >= 24 ? 6 : 5;

	/* Shorter than the original five fields: not decoded. */
	if (sz < 20) {
		emit_ptr(tcp, addr);
		return;
	}
	if (!ioctl_fetch(tcp, addr, v, n * 4))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, names[0], v[0]);
	ioctl_field_u(tcp, names[1], v[1]);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	for (unsigned int i = 2; i < n; i++)
		ioctl_field_u(tcp, names[i], v[i]);
	if (sz > n * 4)
		emit_more(tcp);
	emit_struct_end(tcp);
}

static void print_input_id(struct tcb *tcp, uint64_t addr)
{
	uint16_t v[4];

	if (!ioctl_fetch(tcp, addr, v, sizeof(v)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "bustype", v[0]);
	ioctl_field_u(tcp, "vendor", v[1]);
	ioctl_field_u(tcp, "product", v[2]);
	ioctl_field_u(tcp, "version", v[3]);
	emit_struct_end(tcp);
}

/* EVIOCGKEYCODE, EVIOCSKEYCODE: [scancode, keycode]; EVIOCGREP: [delay, period]. */
static void print_u32_pair(struct tcb *tcp, uint64_t addr, bool keycode)
{
	uint32_t v[2];

	if (!ioctl_fetch(tcp, addr, v, sizeof(v)))
		return;
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_uint(tcp, v[0]);
	emit_next(tcp);
	if (keycode)
		print_xval(tcp, evdev_keycode, v[1], "KEY_???");
	else
		emit_uint(tcp, v[1]);
	emit_array_end(tcp);
}

/* struct input_keymap_entry: flags, len, index, keycode, scancode[32]. */
static void print_keymap_entry(struct tcb *tcp, uint64_t addr)
{
	struct input_keymap_entry k;

	if (!ioctl_fetch(tcp, addr, &k, sizeof(k)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "flags", k.flags);
	ioctl_field_u(tcp, "len", k.len);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	ioctl_field_u(tcp, "index", k.index);
	emit_field(tcp, "keycode");
	print_xval(tcp, evdev_keycode, k.keycode, "KEY_???");
	emit_field(tcp, "scancode");
	emit_array_begin(tcp);
	for (size_t i = 0; i < sizeof(k.scancode); i++) {
		emit_next(tcp);
		emit_hex(tcp, k.scancode[i]);
	}
	emit_array_end(tcp);
	emit_struct_end(tcp);
}

static void print_ff_envelope(struct tcb *tcp, const uint8_t *p)
{
	uint16_t e[4];

	memcpy(e, p, sizeof(e));
	emit_field(tcp, "envelope");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "attack_length", e[0]);
	ioctl_field_u(tcp, "attack_level", e[1]);
	ioctl_field_u(tcp, "fade_length", e[2]);
	ioctl_field_x(tcp, "fade_level", e[3]);
	emit_struct_end(tcp);
}

static uint16_t get_u16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static int16_t get_s16(const uint8_t *p)
{
	int16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * struct ff_effect: the header, then (with -v) trigger, replay and the
 * union member of the type.  The union starts at 16 on both ABIs; its
 * periodic member ends in a pointer (at 24), so the struct is 48 bytes
 * on x86_64 and 44 on i386.
 */
static void print_ff_effect(struct tcb *tcp, uint64_t addr)
{
	unsigned int ws = tcp_wordsize(tcp);
	uint8_t b[48] = { 0 };
	const uint8_t *u = b + 16;
	uint16_t type;

	if (!ioctl_fetch(tcp, addr, b, ws == 8 ? 48 : 44))
		return;
	type = get_u16(b);
	emit_struct_begin(tcp);
	emit_field(tcp, "type");
	print_xval(tcp, evdev_ff_types, type, "FF_???");
	ioctl_field_d(tcp, "id", get_s16(b + 2));
	ioctl_field_u(tcp, "direction", get_u16(b + 4));
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	emit_field(tcp, "trigger");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "button", get_u16(b + 6));
	ioctl_field_u(tcp, "interval", get_u16(b + 8));
	emit_struct_end(tcp);
	emit_field(tcp, "replay");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "length", get_u16(b + 10));
	ioctl_field_u(tcp, "delay", get_u16(b + 12));
	emit_struct_end(tcp);
	switch (type) {
	case FF_CONSTANT:
		emit_field(tcp, "constant");
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "level", get_s16(u));
		print_ff_envelope(tcp, u + 2);
		emit_struct_end(tcp);
		break;
	case FF_RAMP:
		emit_field(tcp, "ramp");
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "start_level", get_s16(u));
		ioctl_field_d(tcp, "end_level", get_s16(u + 2));
		print_ff_envelope(tcp, u + 4);
		emit_struct_end(tcp);
		break;
	case FF_PERIODIC: {
		uint32_t custom_len;
		uint64_t data = 0;

		emit_field(tcp, "periodic");
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "waveform", get_u16(u));
		ioctl_field_u(tcp, "period", get_u16(u + 2));
		ioctl_field_d(tcp, "magnitude", get_s16(u + 4));
		ioctl_field_d(tcp, "offset", get_s16(u + 6));
		ioctl_field_u(tcp, "phase", get_u16(u + 8));
		print_ff_envelope(tcp, u + 10);
		memcpy(&custom_len, u + 20, sizeof(custom_len));
		ioctl_field_u(tcp, "custom_len", custom_len);
		memcpy(&data, u + (ws == 8 ? 24 : 24), ws);
		ioctl_field_ptr(tcp, "custom_data", data);
		emit_struct_end(tcp);
		break;
	}
	case FF_RUMBLE:
		emit_field(tcp, "rumble");
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "strong_magnitude", get_u16(u));
		ioctl_field_u(tcp, "weak_magnitude", get_u16(u + 2));
		emit_struct_end(tcp);
		break;
	}
	emit_struct_end(tcp);
}

/*
 * EVIOCGMTSLOTS(len): {code=ABS_MT_*, values=[len / 4 - 1 ints]}; the
 * code and the values are read apart, each an address when unreadable.
 */
static void print_mtslots(struct tcb *tcp, uint64_t addr, unsigned int sz)
{
	int32_t v[64];
	unsigned int n = sz / 4;

	if (n < 1) {
		emit_ptr(tcp, addr);
		return;
	}
	if (n > ARRAY_SIZE(v))
		n = ARRAY_SIZE(v);
	if (!ioctl_fetch(tcp, addr, v, 4))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "code");
	print_xval(tcp, evdev_mtslots, (uint32_t)v[0], "ABS_MT_???");
	emit_field(tcp, "values");
	if (n > 1 && tracee_read(tcp, addr + 4, v + 1, (n - 1) * 4)) {
		emit_ptr(tcp, addr + 4);
		emit_struct_end(tcp);
		return;
	}
	emit_array_begin(tcp);
	for (unsigned int i = 1; i < n; i++) {
		emit_next(tcp);
		emit_int(tcp, v[i]);
	}
	emit_array_end(tcp);
	emit_struct_end(tcp);
}

/* What the kernel wrote, at the exit stop of a successful read command. */
static void print_evdev_out(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	unsigned int nr = _IOC_NR(code), sz = _IOC_SIZE(code);
	int64_t rc = tcp_rval(tcp);

	switch (code) {
	case EVIOCGVERSION:
		ioctl_num_ptr(tcp, arg, 4, false, true);
		return;
	case EVIOCGEFFECTS:
		ioctl_num_ptr(tcp, arg, 4, true, false);
		return;
	case EVIOCGID:
		print_input_id(tcp, arg);
		return;
	case EVIOCGREP:
		print_u32_pair(tcp, arg, false);
		return;
	case EVIOCGKEYCODE:
		print_u32_pair(tcp, arg, true);
		return;
	case EVIOCGKEYCODE_V2:
		print_keymap_entry(tcp, arg);
		return;
	}
	switch (nr) {
	case 0x06: /* EVIOCGNAME */
	case 0x07: /* EVIOCGPHYS */
	case 0x08: /* EVIOCGUNIQ */
		/* What the call returned, NULs and all. */
		if (!qual_verbose(tcp) || rc < 0)
			emit_ptr(tcp, arg);
		else
			emit_buf(tcp, arg, (uint64_t)rc);
		return;
	case 0x09: /* EVIOCGPROP */
		print_evdev_bits(tcp, arg, evdev_prop, INPUT_PROP_MAX,
				 "PROP_???");
		return;
	case 0x0a:
		print_mtslots(tcp, arg, sz);
		return;
	case 0x18: /* EVIOCGKEY */
		print_evdev_bits(tcp, arg, evdev_keycode, KEY_MAX, "KEY_???");
		return;
	case 0x19: /* EVIOCGLED */
		print_evdev_bits(tcp, arg, evdev_leds, LED_MAX, "LED_???");
		return;
	case 0x1a: /* EVIOCGSND */
		print_evdev_bits(tcp, arg, evdev_snd, SND_MAX, "SND_???");
		return;
	case 0x1b: /* EVIOCGSW */
		print_evdev_bits(tcp, arg, evdev_switch, SW_MAX, "SW_???");
		return;
	}
	if (nr >= 0x20 && nr < 0x40)
		print_evdev_getbit(tcp, nr - 0x20, arg);
	else if (nr >= 0x40 && nr < 0x80)
		print_absinfo(tcp, arg, sz);
	else
		emit_ptr(tcp, arg);
}

/* Read commands strace decodes, fixed numbers or parameterised ones. */
static bool evdev_is_read(uint32_t code)
{
	unsigned int nr = _IOC_NR(code);

	switch (code) {
	case EVIOCGVERSION:
	case EVIOCGID:
	case EVIOCGREP:
	case EVIOCGKEYCODE:
	case EVIOCGKEYCODE_V2:
	case EVIOCGEFFECTS:
		return true;
	}
	if (_IOC_DIR(code) != _IOC_READ)
		return false;
	return (nr >= 0x06 && nr <= 0x0a) || (nr >= 0x18 && nr <= 0x1b) ||
	       (nr >= 0x20 && nr < 0x80);
}

/* EVIOCSFF of an i386 tracee: its struct ff_effect is 44 bytes. */
#define EVIOCSFF_32 _IOC(_IOC_WRITE, 'E', 0x80, 44)

static int ioctl_evdev(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	if (code == EVIOCSFF_32 && tcp_wordsize(tcp) == 4)
		code = EVIOCSFF;
	switch (code) {
	case EVIOCRMFF:
		return ioctl_int_arg(tcp, arg);
	case EVIOCGRAB:
	case EVIOCREVOKE:
		return ioctl_ulong_arg(tcp, arg);
	case EVIOCSCLOCKID:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 4, false, false);
		return RVAL_DECODED;
	case EVIOCSREP:
		emit_next(tcp);
		print_u32_pair(tcp, arg, false);
		return RVAL_DECODED;
	case EVIOCSKEYCODE:
		emit_next(tcp);
		print_u32_pair(tcp, arg, true);
		return RVAL_DECODED;
	case EVIOCSKEYCODE_V2:
		emit_next(tcp);
		print_keymap_entry(tcp, arg);
		return RVAL_DECODED;
	case EVIOCSFF:
		emit_next(tcp);
		print_ff_effect(tcp, arg);
		return RVAL_DECODED;
	}
	if (_IOC_DIR(code) == _IOC_WRITE && _IOC_NR(code) >= 0xc0) {
		/* EVIOCSABS(abs) */
		emit_next(tcp);
		print_absinfo(tcp, arg, _IOC_SIZE(code));
		return RVAL_DECODED;
	}
	/* Any other read or write command: its argument is an address. */
	if (_IOC_DIR(code) == _IOC_WRITE)
		return ioctl_ptr_arg(tcp, arg);
	if (_IOC_DIR(code) != _IOC_READ && !evdev_is_read(code))
		return IOCTL_UNKNOWN;
	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !evdev_is_read(code))
		emit_ptr(tcp, arg);
	else
		print_evdev_out(tcp, code, arg);
	return RVAL_DECIMAL;
}

int ioctl_input(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	if (_IOC_TYPE(code) == 'E')
		return ioctl_evdev(tcp, code, arg);
	return IOCTL_UNKNOWN;
}
