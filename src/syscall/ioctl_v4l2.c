/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Video4Linux2 ioctls (linux/videodev2.h), as strace 6.1 shows them:
 * the argument a driver reads at entry, what it writes at exit when the
 * call succeeded.  Structs are decoded in the native layout; an i386
 * tracee's commands whose size differs (pointers, timevals) stay raw.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/videodev2.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "syscall/printers.h"
#include "xlat/tables/v4l2_buf_flags.h"
#include "xlat/tables/v4l2_buf_flags_ts_src.h"
#include "xlat/tables/v4l2_buf_flags_ts_type.h"
#include "xlat/tables/v4l2_buf_types.h"
#include "xlat/tables/v4l2_capture_modes.h"
#include "xlat/tables/v4l2_colorspaces.h"
#include "xlat/tables/v4l2_control_classes.h"
#include "xlat/tables/v4l2_control_flags.h"
#include "xlat/tables/v4l2_control_ids.h"
#include "xlat/tables/v4l2_control_types.h"
#include "xlat/tables/v4l2_device_capabilities.h"
#include "xlat/tables/v4l2_fields.h"
#include "xlat/tables/v4l2_format_description_flags.h"
#include "xlat/tables/v4l2_frameinterval_types.h"
#include "xlat/tables/v4l2_framesize_types.h"
#include "xlat/tables/v4l2_input_types.h"
#include "xlat/tables/v4l2_memories.h"
#include "xlat/tables/v4l2_pix_fmts.h"
#include "xlat/tables/v4l2_sliced_flags.h"
#include "xlat/tables/v4l2_streaming_capabilities.h"
#include "xlat/tables/v4l2_tuner_audmodes.h"
#include "xlat/tables/v4l2_tuner_capabilities.h"
#include "xlat/tables/v4l2_tuner_rxsubchanses.h"
#include "xlat/tables/v4l2_tuner_types.h"
#include "xlat/tables/v4l2_vbi_flags.h"

static int v4l2_close(struct tcb *tcp, uint32_t code, uint64_t arg);

/*
 * The size the tracee's command number carries: the whole struct must
 * read at entry for strace to show any of it.
 */
static size_t v4l2_size;

/* --- values ------------------------------------------------------------ */

static void buf_type(struct tcb *tcp, uint32_t t)
{
	emit_field(tcp, "type");
	print_xval(tcp, v4l2_buf_types, t, "V4L2_BUF_TYPE_???");
}

/* One byte of a fourcc as a C char literal. */
static void fourcc_char(char *p, unsigned char c)
{
	if (c == '\'' || c == '\\')
		sprintf(p, "'\\%c'", c);
	else if (c >= ' ' && c < 0x7f)
		sprintf(p, "'%c'", c);
	else
		sprintf(p, "'\\x%02x'", c);
}

/* "v4l2_fourcc('S', '5', '0', '8') / * V4L2_PIX_FMT_SPCA508 * /" in every -X style. */
static void print_fourcc(struct tcb *tcp, const char *name, uint32_t v)
{
	char buf[128], c[4][8];
	const char *n = xlat_name(v4l2_pix_fmts, v);

	for (int i = 0; i < 4; i++)
		fourcc_char(c[i], (v >> (8 * i)) & 0xff);
	snprintf(buf, sizeof(buf), "v4l2_fourcc(%s, %s, %s, %s)%s%s%s",
		 c[0], c[1], c[2], c[3], n ? " /* " : "", n ? n : "",
		 n ? " */" : "");
	emit_field(tcp, name);
	if (cfg.xlat_style == XLAT_STYLE_RAW)
		emit_hex(tcp, v);
	else
		emit_sym(tcp, v, buf);
}

/*
 * A control id: its name, else "CLASS+0xoff" of a known class, else the
 * number with the V4L2_CID_??? pattern; in a query
 * V4L2_CTRL_FLAG_NEXT_CTRL first as a flag.
 */
static void print_cid(struct tcb *tcp, uint32_t id, bool query)
{
	bool verbose = cfg.xlat_style == XLAT_STYLE_VERBOSE;
	uint32_t rest = id;
	char rn[96], buf[192], *p = buf;
	const char *n, *cls;

	emit_field(tcp, "id");
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, id);
		return;
	}
	if (query)
		rest &= ~(V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND);
	n = xlat_name(v4l2_control_ids, rest);
	cls = xlat_name(v4l2_control_classes, rest & 0xffff0000);
	if (n)
		snprintf(rn, sizeof(rn), "%s", n);
	else if (cls && (rest & 0xffff))
		snprintf(rn, sizeof(rn), "%s+%#x", cls, rest & 0xffff);
	else if (cls)
		snprintf(rn, sizeof(rn), "%s+0", cls);
	else
		rn[0] = 0;
	if (rest == id && rn[0]) {
		print_named(tcp, id, rn, false);
		return;
	}
	if (rest != id) {
		uint32_t fl = id & ~rest;
		const char *names =
			fl == V4L2_CTRL_FLAG_NEXT_CTRL ?
				"V4L2_CTRL_FLAG_NEXT_CTRL" :
			fl == V4L2_CTRL_FLAG_NEXT_COMPOUND ?
				"V4L2_CTRL_FLAG_NEXT_COMPOUND" :
				"V4L2_CTRL_FLAG_NEXT_CTRL|"
				"V4L2_CTRL_FLAG_NEXT_COMPOUND";

		if (verbose)
			p += sprintf(p, "%#x /* %s */|", fl, names);
		else
			p += sprintf(p, "%s|", names);
	}
	if (!rn[0])
		sprintf(p, "%#x /* V4L2_CID_??? */", rest);
	else if (verbose)
		sprintf(p, "%#x /* %s */", rest, rn);
	else
		sprintf(p, "%s", rn);
	emit_sym(tcp, id, buf);
}

static void print_rect(struct tcb *tcp, const char *name,
		       const struct v4l2_rect *r)
{
	emit_field(tcp, name);
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "left", r->left);
	ioctl_field_d(tcp, "top", r->top);
	ioctl_field_u(tcp, "width", r->width);
	ioctl_field_u(tcp, "height", r->height);
	emit_struct_end(tcp);
}

static void print_fract(struct tcb *tcp, const char *name,
			const struct v4l2_fract *f)
{
	char buf[32];

	emit_field(tcp, name);
	snprintf(buf, sizeof(buf), "%u/%u", f->numerator, f->denominator);
	emit_raw(tcp, buf);
}

/* --- the i386 layouts ---------------------------------------------------- */

/*
 * An i386 tracee's struct v4l2_format: the union follows the type at
 * offset 4, not 8, and a v4l2_window's pointers are 4 bytes.
 */
#define FORMAT32_SIZE	204
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static bool is32(struct tcb *tcp)
{
	return tcp_wordsize(tcp) == 4;
}

static uint32_t u32_at(const unsigned char *b, size_t off)
{
	uint32_t v;

	memcpy(&v, b + off, sizeof(v));
	return v;
}

static void format_from32(struct v4l2_format *f, const unsigned char *b)
{
	memset(f, 0, sizeof(*f));
	f->type = u32_at(b, 0);
	if (f->type == V4L2_BUF_TYPE_VIDEO_OVERLAY ||
	    f->type == V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY) {
		struct v4l2_window *w = &f->fmt.win;

		memcpy(&w->w, b + 4, sizeof(w->w));
		w->field = u32_at(b, 20);
		w->chromakey = u32_at(b, 24);
		w->clips = (void *)(uintptr_t)u32_at(b, 28);
		w->clipcount = u32_at(b, 32);
		w->bitmap = (void *)(uintptr_t)u32_at(b, 36);
		w->global_alpha = b[40];
	} else {
		memcpy(&f->fmt, b + 4, FORMAT32_SIZE - 4);
	}
}

/* Read a v4l2_format at addr in the tracee's layout, as ioctl_fetch does. */
static bool fetch_format(struct tcb *tcp, uint64_t addr, struct v4l2_format *f,
			 bool quiet)
{
	unsigned char b[FORMAT32_SIZE];

	if (!is32(tcp))
		return quiet ? !tracee_read(tcp, addr, f, sizeof(*f)) :
			       ioctl_fetch(tcp, addr, f, sizeof(*f));
	if (quiet ? tracee_read(tcp, addr, b, sizeof(b)) != 0 :
		    !ioctl_fetch(tcp, addr, b, sizeof(b)))
		return false;
	format_from32(f, b);
	return true;
}

/* The size of a struct v4l2_clip in the tracee. */
static size_t clip_size(struct tcb *tcp)
{
	return is32(tcp) ? 20 : sizeof(struct v4l2_clip);
}

/* struct v4l2_ext_controls: controls at 20 on i386, 24 on x86_64. */
static bool fetch_ext_ctrls(struct tcb *tcp, uint64_t addr,
			    struct v4l2_ext_controls *c, bool quiet)
{
	unsigned char b[24];

	if (!is32(tcp))
		return quiet ? !tracee_read(tcp, addr, c, sizeof(*c)) :
			       ioctl_fetch(tcp, addr, c, sizeof(*c));
	if (quiet ? tracee_read(tcp, addr, b, sizeof(b)) != 0 :
		    !ioctl_fetch(tcp, addr, b, sizeof(b)))
		return false;
	memset(c, 0, sizeof(*c));
	memcpy(c, b, 20);
	c->controls = (void *)(uintptr_t)u32_at(b, 20);
	return true;
}

/* --- formats ----------------------------------------------------------- */

static void print_pix(struct tcb *tcp, const struct v4l2_pix_format *f)
{
	emit_field(tcp, "fmt.pix");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "width", f->width);
	ioctl_field_u(tcp, "height", f->height);
	print_fourcc(tcp, "pixelformat", f->pixelformat);
	emit_field(tcp, "field");
	print_xval(tcp, v4l2_fields, f->field, "V4L2_FIELD_???");
	ioctl_field_u(tcp, "bytesperline", f->bytesperline);
	ioctl_field_u(tcp, "sizeimage", f->sizeimage);
	emit_field(tcp, "colorspace");
	print_xval(tcp, v4l2_colorspaces, f->colorspace,
		   "V4L2_COLORSPACE_???");
	emit_struct_end(tcp);
}

static void print_pix_mp(struct tcb *tcp,
			 const struct v4l2_pix_format_mplane *f)
{
	unsigned int n = f->num_planes < VIDEO_MAX_PLANES ?
			 f->num_planes : VIDEO_MAX_PLANES;

	emit_field(tcp, "fmt.pix_mp");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "width", f->width);
	ioctl_field_u(tcp, "height", f->height);
	print_fourcc(tcp, "pixelformat", f->pixelformat);
	emit_field(tcp, "field");
	print_xval(tcp, v4l2_fields, f->field, "V4L2_FIELD_???");
	emit_field(tcp, "colorspace");
	print_xval(tcp, v4l2_colorspaces, f->colorspace,
		   "V4L2_COLORSPACE_???");
	emit_field(tcp, "plane_fmt");
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < n; i++) {
		emit_next(tcp);
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "sizeimage", f->plane_fmt[i].sizeimage);
		ioctl_field_u(tcp, "bytesperline",
			      f->plane_fmt[i].bytesperline);
		emit_struct_end(tcp);
	}
	emit_array_end(tcp);
	ioctl_field_u(tcp, "num_planes", f->num_planes);
	emit_struct_end(tcp);
}

static void print_win(struct tcb *tcp, const struct v4l2_window *w)
{
	size_t cs = clip_size(tcp);
	char more[64];

	emit_field(tcp, "fmt.win");
	emit_struct_begin(tcp);
	print_rect(tcp, "w", &w->w);
	emit_field(tcp, "field");
	print_xval(tcp, v4l2_fields, w->field, "V4L2_FIELD_???");
	ioctl_field_x(tcp, "chromakey", w->chromakey);
	emit_field(tcp, "clips");
	if (!w->clips) {
		emit_ptr(tcp, (uintptr_t)w->clips);
	} else {
		uint64_t a = (uintptr_t)w->clips;

		emit_array_begin(tcp);
		for (uint32_t i = 0; i < w->clipcount; i++) {
			struct v4l2_clip c;

			if (i >= cfg.string_limit && qual_abbrev(tcp)) {
				emit_more(tcp);
				break;
			}
			emit_next(tcp);
			if (tracee_read(tcp, a + i * cs, &c, cs)) {
				if (!i) {
					emit_ptr(tcp, a);
				} else {
					snprintf(more, sizeof(more),
						 "... /* %#llx */",
						 (unsigned long long)
						 (a + i * cs));
					emit_raw(tcp, more);
				}
				break;
			}
			emit_struct_begin(tcp);
			print_rect(tcp, "c", &c.c);
			emit_struct_end(tcp);
		}
		emit_array_end(tcp);
	}
	ioctl_field_u(tcp, "clipcount", w->clipcount);
	ioctl_field_ptr(tcp, "bitmap", (uintptr_t)w->bitmap);
	if (w->global_alpha)
		ioctl_field_x(tcp, "global_alpha", w->global_alpha);
	emit_struct_end(tcp);
}

static void print_vbi(struct tcb *tcp, const struct v4l2_vbi_format *f)
{
	emit_field(tcp, "fmt.vbi");
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "sampling_rate", f->sampling_rate);
	ioctl_field_u(tcp, "offset", f->offset);
	ioctl_field_u(tcp, "samples_per_line", f->samples_per_line);
	print_fourcc(tcp, "sample_format", f->sample_format);
	emit_field(tcp, "start");
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_int(tcp, f->start[0]);
	emit_next(tcp);
	emit_int(tcp, f->start[1]);
	emit_array_end(tcp);
	emit_field(tcp, "count");
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_uint(tcp, f->count[0]);
	emit_next(tcp);
	emit_uint(tcp, f->count[1]);
	emit_array_end(tcp);
	emit_field(tcp, "flags");
	print_flags(tcp, v4l2_vbi_flags, f->flags, "V4L2_VBI_???");
	emit_struct_end(tcp);
}

static void print_sliced(struct tcb *tcp,
			 const struct v4l2_sliced_vbi_format *f)
{
	emit_field(tcp, "fmt.sliced");
	emit_struct_begin(tcp);
	emit_field(tcp, "service_set");
	print_flags(tcp, v4l2_sliced_flags, f->service_set, "V4L2_SLICED_???");
	emit_field(tcp, "service_lines");
	emit_array_begin(tcp);
	for (int i = 0; i < 2; i++) {
		emit_next(tcp);
		emit_array_begin(tcp);
		for (int j = 0; j < 24; j++) {
			emit_next(tcp);
			emit_hex(tcp, f->service_lines[i][j]);
		}
		emit_array_end(tcp);
	}
	emit_array_end(tcp);
	ioctl_field_u(tcp, "io_size", f->io_size);
	emit_struct_end(tcp);
}

/* The union after type, by type; nothing for an unknown type. */
static void print_fmt_body(struct tcb *tcp, const struct v4l2_format *f)
{
	switch (f->type) {
	case V4L2_BUF_TYPE_VIDEO_CAPTURE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT:
		print_pix(tcp, &f->fmt.pix);
		break;
	case V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE:
		print_pix_mp(tcp, &f->fmt.pix_mp);
		break;
	case V4L2_BUF_TYPE_VIDEO_OVERLAY:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY:
		print_win(tcp, &f->fmt.win);
		break;
	case V4L2_BUF_TYPE_VBI_CAPTURE:
	case V4L2_BUF_TYPE_VBI_OUTPUT:
		print_vbi(tcp, &f->fmt.vbi);
		break;
	case V4L2_BUF_TYPE_SLICED_VBI_CAPTURE:
	case V4L2_BUF_TYPE_SLICED_VBI_OUTPUT:
		print_sliced(tcp, &f->fmt.sliced);
		break;
	case V4L2_BUF_TYPE_SDR_CAPTURE:
	case V4L2_BUF_TYPE_SDR_OUTPUT:
		emit_field(tcp, "fmt.sdr");
		emit_struct_begin(tcp);
		print_fourcc(tcp, "pixelformat", f->fmt.sdr.pixelformat);
		ioctl_field_u(tcp, "buffersize", f->fmt.sdr.buffersize);
		emit_struct_end(tcp);
		break;
	case V4L2_BUF_TYPE_META_CAPTURE:
	case V4L2_BUF_TYPE_META_OUTPUT:
		emit_field(tcp, "fmt.meta");
		emit_struct_begin(tcp);
		print_fourcc(tcp, "dataformat", f->fmt.meta.dataformat);
		ioctl_field_u(tcp, "buffersize", f->fmt.meta.buffersize);
		emit_struct_end(tcp);
		break;
	}
}

/*
 * G_FMT: the type at entry, the format at exit; S_FMT and TRY_FMT: the
 * format both ways, " => {fmt...}" when the call succeeded.
 */
static int v4l2_fmt(struct tcb *tcp, uint64_t arg, bool get)
{
	struct v4l2_format f;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!fetch_format(tcp, arg, &f, false))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		buf_type(tcp, f.type);
		if (!get)
			print_fmt_body(tcp, &f);
		if (get)
			return 0;
		emit_struct_end(tcp);
		return 0;
	}
	if (syserror(tcp) || !fetch_format(tcp, arg, &f, true)) {
		if (get)
			emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	/* No output half of an overlay window, nor of an unknown type. */
	if (!get && (f.type == V4L2_BUF_TYPE_VIDEO_OVERLAY ||
		     f.type == V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY ||
		     !xlat_name(v4l2_buf_types, f.type)))
		return RVAL_DECIMAL;
	if (!get) {
		emit_changed(tcp);
		emit_struct_begin(tcp);
		print_fmt_body(tcp, &f);
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	print_fmt_body(tcp, &f);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* --- controls ---------------------------------------------------------- */

static int v4l2_ctrl(struct tcb *tcp, uint64_t arg, bool set)
{
	struct v4l2_control c;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &c, sizeof(c)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		print_cid(tcp, c.id, false);
		if (set)
			ioctl_field_d(tcp, "value", c.value);
		return 0;
	}
	if (set)
		return v4l2_close(tcp, VIDIOC_S_CTRL, arg);
	if (!syserror(tcp) && !tracee_read(tcp, arg, &c, sizeof(c)))
		ioctl_field_d(tcp, "value", c.value);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

static void print_ext_ctrl_array(struct tcb *tcp, uint64_t a, uint32_t count)
{
	char more[64];

	emit_array_begin(tcp);
	for (uint32_t i = 0; i < count; i++) {
		struct v4l2_ext_control c;

		if (i >= cfg.string_limit && qual_abbrev(tcp)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		if (tracee_read(tcp, a + i * sizeof(c), &c, sizeof(c))) {
			snprintf(more, sizeof(more), "... /* %#llx */",
				 (unsigned long long)(a + i * sizeof(c)));
			emit_raw(tcp, more);
			break;
		}
		emit_struct_begin(tcp);
		print_cid(tcp, c.id, false);
		ioctl_field_u(tcp, "size", c.size);
		if (c.size) {
			emit_field(tcp, "string");
			emit_buf(tcp, is32(tcp) ? (uint32_t)(uintptr_t)c.string :
				 (uintptr_t)c.string, c.size);
		} else {
			ioctl_field_d(tcp, "value", c.value);
			ioctl_field_d(tcp, "value64", c.value64);
		}
		emit_struct_end(tcp);
	}
	emit_array_end(tcp);
}

static void print_ext_ctrls_body(struct tcb *tcp,
				 const struct v4l2_ext_controls *c)
{
	emit_field(tcp, "controls");
	if (!c->controls)
		emit_ptr(tcp, 0);
	else if (tracee_read(tcp, (uintptr_t)c->controls, (char[1]){0}, 1))
		emit_ptr(tcp, (uintptr_t)c->controls);
	else
		print_ext_ctrl_array(tcp, (uintptr_t)c->controls, c->count);
}

static bool ctrls_readable(struct tcb *tcp, const struct v4l2_ext_controls *c)
{
	struct v4l2_ext_control e;

	if (!c->controls || c->count > cfg.string_limit)
		return false;
	for (uint32_t i = 0; i < c->count; i++)
		if (tracee_read(tcp, (uintptr_t)(c->controls + i), &e,
				sizeof(e)))
			return false;
	return true;
}

/*
 * G_EXT_CTRLS: the class and count at entry, the controls at exit (and
 * error_idx when the call failed).  S_ and TRY_EXT_CTRLS: the controls
 * at entry too, and when they all read, " => {controls=[...]}" at exit.
 */
static int v4l2_ext_ctrls(struct tcb *tcp, uint64_t arg, bool get)
{
	struct v4l2_ext_controls c;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!fetch_ext_ctrls(tcp, arg, &c, false))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "ctrl_class");
		print_xval(tcp, v4l2_control_classes, c.ctrl_class,
			   "V4L2_CTRL_CLASS_???");
		ioctl_field_u(tcp, "count", c.count);
		if (!c.count) {
			emit_struct_end(tcp);
			return RVAL_DECODED;
		}
		if (get)
			return 0;
		print_ext_ctrls_body(tcp, &c);
		emit_struct_end(tcp);
		return 0;
	}
	if (!fetch_ext_ctrls(tcp, arg, &c, true)) {
		if (get)
			emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	if (get) {
		print_ext_ctrls_body(tcp, &c);
		if (syserror(tcp))
			ioctl_field_u(tcp, "error_idx", c.error_idx);
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	if (!ctrls_readable(tcp, &c))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	print_ext_ctrls_body(tcp, &c);
	if (syserror(tcp))
		ioctl_field_u(tcp, "error_idx", c.error_idx);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* QUERYCTRL and QUERY_EXT_CTRL: the id at entry. */
static int v4l2_queryctrl(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	unsigned char b[256];
	uint32_t id;

	if (exiting(tcp))
		return v4l2_close(tcp, code, arg);
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, b, v4l2_size))
		return RVAL_DECODED;
	id = u32_at(b, 0);
	emit_struct_begin(tcp);
	print_cid(tcp, id, true);
	return 0;
}

/* --- buffers, streaming parameters, crop, tuner ---------------------------- */

static void print_parm_body(struct tcb *tcp, const struct v4l2_streamparm *p)
{
	if (p->type == V4L2_BUF_TYPE_VIDEO_CAPTURE) {
		emit_field(tcp, "parm.capture");
		emit_struct_begin(tcp);
		emit_field(tcp, "capability");
		print_flags(tcp, v4l2_streaming_capabilities,
			    p->parm.capture.capability, "V4L2_CAP_???");
		emit_field(tcp, "capturemode");
		print_flags(tcp, v4l2_capture_modes,
			    p->parm.capture.capturemode, "V4L2_MODE_???");
		print_fract(tcp, "timeperframe",
			    &p->parm.capture.timeperframe);
		ioctl_field_x(tcp, "extendedmode",
			      p->parm.capture.extendedmode);
		ioctl_field_u(tcp, "readbuffers",
			      p->parm.capture.readbuffers);
		emit_struct_end(tcp);
	} else if (p->type == V4L2_BUF_TYPE_VIDEO_OUTPUT) {
		emit_field(tcp, "parm.output");
		emit_struct_begin(tcp);
		emit_field(tcp, "capability");
		print_flags(tcp, v4l2_streaming_capabilities,
			    p->parm.output.capability, "V4L2_CAP_???");
		emit_field(tcp, "outputmode");
		print_flags(tcp, v4l2_capture_modes,
			    p->parm.output.outputmode, "V4L2_MODE_???");
		print_fract(tcp, "timeperframe", &p->parm.output.timeperframe);
		ioctl_field_x(tcp, "extendedmode",
			      p->parm.output.extendedmode);
		ioctl_field_u(tcp, "writebuffers",
			      p->parm.output.writebuffers);
		emit_struct_end(tcp);
	}
}

static bool parm_known(uint32_t type)
{
	return type == V4L2_BUF_TYPE_VIDEO_CAPTURE ||
	       type == V4L2_BUF_TYPE_VIDEO_OUTPUT;
}

/*
 * G_PARM: the type, at exit the parameters; S_PARM: both at entry and
 * " => {parm...}" at exit.  Other types show the type alone.
 */
static int v4l2_parm(struct tcb *tcp, uint64_t arg, bool get)
{
	struct v4l2_streamparm p;

	if (exiting(tcp)) {
		if (!syserror(tcp) && !tracee_read(tcp, arg, &p, sizeof(p)) &&
		    parm_known(p.type)) {
			if (!get) {
				emit_changed(tcp);
				emit_struct_begin(tcp);
			}
			print_parm_body(tcp, &p);
			if (!get)
				emit_struct_end(tcp);
		}
		if (get)
			emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &p, sizeof(p)))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	buf_type(tcp, p.type);
	if (get) {
		if (parm_known(p.type))
			return 0;
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	print_parm_body(tcp, &p);
	emit_struct_end(tcp);
	return parm_known(p.type) ? 0 : RVAL_DECODED;
}

static void print_tuner_body(struct tcb *tcp, const struct v4l2_tuner *t)
{
	ioctl_cstr_field(tcp, "name", t->name, sizeof(t->name));
	emit_field(tcp, "type");
	print_xval(tcp, v4l2_tuner_types, t->type, "V4L2_TUNER_???");
	emit_field(tcp, "capability");
	print_flags(tcp, v4l2_tuner_capabilities, t->capability,
		    "V4L2_TUNER_CAP_???");
	ioctl_field_u(tcp, "rangelow", t->rangelow);
	ioctl_field_u(tcp, "rangehigh", t->rangehigh);
	emit_field(tcp, "rxsubchans");
	print_flags(tcp, v4l2_tuner_rxsubchanses, t->rxsubchans,
		    "V4L2_TUNER_SUB_???");
	emit_field(tcp, "audmode");
	print_xval(tcp, v4l2_tuner_audmodes, t->audmode,
		   "V4L2_TUNER_MODE_???");
	ioctl_field_d(tcp, "signal", t->signal);
	ioctl_field_d(tcp, "afc", t->afc);
}

/* G_TUNER: the index, at exit the rest; S_TUNER: all, " => {...}" at exit. */
static int v4l2_tuner(struct tcb *tcp, uint64_t arg, bool get)
{
	struct v4l2_tuner t;

	if (exiting(tcp)) {
		if (!syserror(tcp) && !tracee_read(tcp, arg, &t, sizeof(t))) {
			if (!get) {
				emit_changed(tcp);
				emit_struct_begin(tcp);
				print_tuner_body(tcp, &t);
				emit_struct_end(tcp);
				return RVAL_DECIMAL;
			}
			print_tuner_body(tcp, &t);
		}
		if (get)
			emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &t, sizeof(t)))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "index", t.index);
	if (get)
		return 0;
	print_tuner_body(tcp, &t);
	emit_struct_end(tcp);
	return 0;
}

/* A struct whose first u32 prints at entry as "{name=N", the rest at exit. */
static int v4l2_first_u32(struct tcb *tcp, uint32_t code, uint64_t arg,
			  const char *name, bool is_type)
{
	unsigned char b[256];
	uint32_t v;

	if (exiting(tcp))
		return v4l2_close(tcp, code, arg);
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, b, v4l2_size))
		return RVAL_DECODED;
	v = u32_at(b, 0);
	emit_struct_begin(tcp);
	if (is_type)
		buf_type(tcp, v);
	else
		ioctl_field_u(tcp, name, v);
	return 0;
}

/* --- what the driver writes back ------------------------------------------ */

static void print_version(struct tcb *tcp, uint32_t v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "KERNEL_VERSION(%u, %u, %u)", v >> 16,
		 (v >> 8) & 0xff, v & 0xff);
	emit_field(tcp, "version");
	print_named(tcp, v, buf, false);
}

static void print_querycap(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct v4l2_capability c;

	(void)code;
	if (!ioctl_fetch(tcp, arg, &c, sizeof(c)))
		return;
	emit_struct_begin(tcp);
	ioctl_cstr_field(tcp, "driver", c.driver, sizeof(c.driver));
	ioctl_cstr_field(tcp, "card", c.card, sizeof(c.card));
	ioctl_cstr_field(tcp, "bus_info", c.bus_info, sizeof(c.bus_info));
	print_version(tcp, c.version);
	emit_field(tcp, "capabilities");
	print_flags(tcp, v4l2_device_capabilities, c.capabilities,
		    "V4L2_CAP_???");
	if (c.capabilities & V4L2_CAP_DEVICE_CAPS) {
		emit_field(tcp, "device_caps");
		print_flags(tcp, v4l2_device_capabilities, c.device_caps,
			    "V4L2_CAP_???");
	}
	emit_struct_end(tcp);
}

static void print_gfbuf(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct v4l2_framebuffer f;

	(void)code;
	if (!ioctl_fetch(tcp, arg, &f, v4l2_size))
		return;
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "capability", f.capability);
	ioctl_field_x(tcp, "flags", f.flags);
	ioctl_field_ptr(tcp, "base", is32(tcp) ?
			u32_at((const unsigned char *)&f, 8) :
			(uintptr_t)f.base);
	emit_struct_end(tcp);
}

static void print_gstd(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	(void)code;
	ioctl_num_ptr(tcp, arg, 8, false, true);
}

static void print_ginput(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	(void)code;
	ioctl_num_ptr(tcp, arg, 4, false, false);
}

/*
 * A buffer's flags: the flag bits, then the timestamp type and source
 * fields by name ("V4L2_BUF_FLAG_DONE|V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN|
 * V4L2_BUF_FLAG_TSTAMP_SRC_EOF"); -X raw the number.
 */
static void print_buf_flags(struct tcb *tcp, uint32_t fl)
{
	uint32_t rest = fl & ~(V4L2_BUF_FLAG_TIMESTAMP_MASK |
			       V4L2_BUF_FLAG_TSTAMP_SRC_MASK);

	emit_field(tcp, "flags");
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, fl);
		return;
	}
	if (rest) {
		print_flags(tcp, v4l2_buf_flags, rest, NULL);
		emit_raw(tcp, "|");
	}
	print_xval(tcp, v4l2_buf_flags_ts_type,
		   fl & V4L2_BUF_FLAG_TIMESTAMP_MASK,
		   "V4L2_BUF_FLAG_TIMESTAMP_???");
	emit_raw(tcp, "|");
	print_xval(tcp, v4l2_buf_flags_ts_src,
		   fl & V4L2_BUF_FLAG_TSTAMP_SRC_MASK,
		   "V4L2_BUF_FLAG_TSTAMP_SRC_???");
}

/*
 * The v4l2_buffer fields after type (and index) in the tracee's layout:
 * x86_64 and i386 with a 64-bit time_t share the offsets up to m, as a
 * struct timeval of two longs, not i386's time32 one.
 */
static void print_buffer_rest(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	unsigned char b[sizeof(struct v4l2_buffer)];
	bool c32 = is32(tcp);
	/* i386's time64 layout: the timeval at 20, m at 0x3c, 0x4c bytes. */
	size_t m_off = c32 ? 0x3c : offsetof(struct v4l2_buffer, m);
	size_t size = c32 ? 0x4c : sizeof(struct v4l2_buffer);
	uint32_t memory;
	uint64_t sec, usec;

	if (tracee_read(tcp, arg, b, size))
		return;
	if (code == VIDIOC_DQBUF)
		ioctl_field_u(tcp, "index", u32_at(b, 0));
	memory = u32_at(b, m_off - 4);
	emit_field(tcp, "memory");
	print_xval(tcp, v4l2_memories, memory, "V4L2_MEMORY_???");
	if (memory == V4L2_MEMORY_MMAP) {
		ioctl_field_x(tcp, "m.offset", u32_at(b, m_off));
	} else if (memory == V4L2_MEMORY_USERPTR) {
		uint64_t p = u32_at(b, m_off);

		if (!c32)
			p |= (uint64_t)u32_at(b, m_off + 4) << 32;
		ioctl_field_ptr(tcp, "m.userptr", p);
	}
	ioctl_field_u(tcp, "length", u32_at(b, m_off + (c32 ? 4 : 8)));
	ioctl_field_u(tcp, "bytesused", u32_at(b, 8));
	print_buf_flags(tcp, u32_at(b, 12));
	if (code == VIDIOC_DQBUF) {
		char buf[64];

		if (c32) {
			sec = u32_at(b, 20) | (uint64_t)u32_at(b, 24) << 32;
			usec = u32_at(b, 28) | (uint64_t)u32_at(b, 32) << 32;
		} else {
			memcpy(&sec, b + 24, 8);
			memcpy(&usec, b + 32, 8);
		}
		emit_field(tcp, "timestamp");
		snprintf(buf, sizeof(buf), "{tv_sec=%lld, tv_usec=%llu}",
			 (long long)sec, (unsigned long long)usec);
		emit_raw(tcp, buf);
	}
	emit_more(tcp);
}

static void print_ctrl_tail(struct tcb *tcp, const struct v4l2_queryctrl *q)
{
	ioctl_field_d(tcp, "minimum", q->minimum);
	ioctl_field_d(tcp, "maximum", q->maximum);
	ioctl_field_d(tcp, "step", q->step);
	ioctl_field_d(tcp, "default_value", q->default_value);
	emit_field(tcp, "flags");
	print_flags(tcp, v4l2_control_flags, q->flags, "V4L2_CTRL_FLAG_???");
	if (q->reserved[0] || q->reserved[1]) {
		emit_field(tcp, "reserved");
		ioctl_local_array(tcp, q->reserved, 2, 4, ioctl_elem_x32, NULL);
	}
}

static void print_queryctrl_rest(struct tcb *tcp, uint32_t code,
				 uint64_t arg)
{
	if (code == VIDIOC_QUERYCTRL) {
		struct v4l2_queryctrl q;

		if (tracee_read(tcp, arg, &q, sizeof(q)))
			return;
		emit_field(tcp, "type");
		print_xval(tcp, v4l2_control_types, q.type,
			   "V4L2_CTRL_TYPE_???");
		ioctl_cstr_field(tcp, "name", q.name, sizeof(q.name));
		if (qual_abbrev(tcp))
			emit_more(tcp);
		else
			print_ctrl_tail(tcp, &q);
	} else {
		struct v4l2_query_ext_ctrl q;
		size_t i;

		if (tracee_read(tcp, arg, &q, sizeof(q)))
			return;
		emit_field(tcp, "type");
		print_xval(tcp, v4l2_control_types, q.type,
			   "V4L2_CTRL_TYPE_???");
		ioctl_cstr_field(tcp, "name", q.name, sizeof(q.name));
		if (qual_abbrev(tcp)) {
			emit_more(tcp);
			return;
		}
		ioctl_field_d(tcp, "minimum", q.minimum);
		ioctl_field_d(tcp, "maximum", q.maximum);
		ioctl_field_u(tcp, "step", q.step);
		ioctl_field_d(tcp, "default_value", q.default_value);
		emit_field(tcp, "flags");
		print_flags(tcp, v4l2_control_flags, q.flags,
			    "V4L2_CTRL_FLAG_???");
		ioctl_field_u(tcp, "elem_size", q.elem_size);
		ioctl_field_u(tcp, "elems", q.elems);
		ioctl_field_u(tcp, "nr_of_dims", q.nr_of_dims);
		emit_field(tcp, "dims");
		ioctl_local_array(tcp, q.dims,
				  q.nr_of_dims < V4L2_CTRL_MAX_DIMS ?
				  q.nr_of_dims : V4L2_CTRL_MAX_DIMS,
				  4, ioctl_elem_u32, NULL);
		for (i = 0; i < ARRAY_SIZE(q.reserved); i++)
			if (q.reserved[i])
				break;
		if (i < ARRAY_SIZE(q.reserved)) {
			emit_field(tcp, "reserved");
			ioctl_local_array(tcp, q.reserved,
					  ARRAY_SIZE(q.reserved), 4,
					  ioctl_elem_x32, NULL);
		}
	}
}

/*
 * The in-out structs whose input prints at entry in an open "{...": at
 * exit the output fields when the call succeeded, then the "}".
 */
static void v4l2_exit_rest(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	union {
		struct v4l2_fmtdesc fd;
		struct v4l2_standard std;
		struct v4l2_input in;
		struct v4l2_cropcap cc;
		struct v4l2_crop cr;
		struct v4l2_frmsizeenum fs;
		struct v4l2_frmivalenum fi;
		struct v4l2_requestbuffers rb;
		struct v4l2_control c;
		struct v4l2_streamparm sp;
	} u;
	char buf[32];

	if (syserror(tcp))
		return;
	switch (code) {
	case VIDIOC_ENUM_FMT:
		if (tracee_read(tcp, arg, &u.fd, sizeof(u.fd)))
			return;
		emit_field(tcp, "flags");
		print_flags(tcp, v4l2_format_description_flags, u.fd.flags,
			    "V4L2_FMT_FLAG_???");
		ioctl_cstr_field(tcp, "description", u.fd.description,
				 sizeof(u.fd.description));
		print_fourcc(tcp, "pixelformat", u.fd.pixelformat);
		return;
	case VIDIOC_ENUMSTD:
		/* i386: the u64 id at 4, the name at 12. */
		if (is32(tcp)) {
			unsigned char b[0x40];

			if (tracee_read(tcp, arg, b, sizeof(b)))
				return;
			memcpy(u.std.name, b + 12, sizeof(u.std.name));
			memcpy(&u.std.frameperiod, b + 36,
			       sizeof(u.std.frameperiod));
			u.std.framelines = u32_at(b, 44);
		} else if (tracee_read(tcp, arg, &u.std, sizeof(u.std))) {
			return;
		}
		ioctl_cstr_field(tcp, "name", u.std.name, sizeof(u.std.name));
		print_fract(tcp, "frameperiod", &u.std.frameperiod);
		ioctl_field_u(tcp, "framelines", u.std.framelines);
		return;
	case VIDIOC_ENUMINPUT:
		if (tracee_read(tcp, arg, &u.in, is32(tcp) ? 0x4c :
				sizeof(u.in)))
			return;
		ioctl_cstr_field(tcp, "name", u.in.name, sizeof(u.in.name));
		emit_field(tcp, "type");
		print_xval(tcp, v4l2_input_types, u.in.type,
			   "V4L2_INPUT_TYPE_???");
		return;
	case VIDIOC_CROPCAP:
		if (tracee_read(tcp, arg, &u.cc, sizeof(u.cc)))
			return;
		print_rect(tcp, "bounds", &u.cc.bounds);
		print_rect(tcp, "defrect", &u.cc.defrect);
		print_fract(tcp, "pixelaspect", &u.cc.pixelaspect);
		return;
	case VIDIOC_G_CROP:
		if (tracee_read(tcp, arg, &u.cr, sizeof(u.cr)))
			return;
		print_rect(tcp, "c", &u.cr.c);
		return;
	case VIDIOC_ENUM_FRAMESIZES:
		if (tracee_read(tcp, arg, &u.fs, sizeof(u.fs)))
			return;
		emit_field(tcp, "type");
		print_xval(tcp, v4l2_framesize_types, u.fs.type,
			   "V4L2_FRMSIZE_TYPE_???");
		if (u.fs.type == V4L2_FRMSIZE_TYPE_DISCRETE) {
			emit_field(tcp, "discrete");
			emit_struct_begin(tcp);
			ioctl_field_u(tcp, "width", u.fs.discrete.width);
			ioctl_field_u(tcp, "height", u.fs.discrete.height);
			emit_struct_end(tcp);
		} else if (u.fs.type == V4L2_FRMSIZE_TYPE_STEPWISE) {
			emit_field(tcp, "stepwise");
			emit_struct_begin(tcp);
			ioctl_field_u(tcp, "min_width", u.fs.stepwise.min_width);
			ioctl_field_u(tcp, "max_width", u.fs.stepwise.max_width);
			ioctl_field_u(tcp, "step_width",
				      u.fs.stepwise.step_width);
			ioctl_field_u(tcp, "min_height",
				      u.fs.stepwise.min_height);
			ioctl_field_u(tcp, "max_height",
				      u.fs.stepwise.max_height);
			ioctl_field_u(tcp, "step_height",
				      u.fs.stepwise.step_height);
			emit_struct_end(tcp);
		}
		return;
	case VIDIOC_ENUM_FRAMEINTERVALS:
		if (tracee_read(tcp, arg, &u.fi, sizeof(u.fi)))
			return;
		emit_field(tcp, "type");
		print_xval(tcp, v4l2_frameinterval_types, u.fi.type,
			   "V4L2_FRMIVAL_TYPE_???");
		if (u.fi.type == V4L2_FRMIVAL_TYPE_DISCRETE) {
			print_fract(tcp, "discrete", &u.fi.discrete);
		} else if (u.fi.type == V4L2_FRMIVAL_TYPE_CONTINUOUS ||
			   u.fi.type == V4L2_FRMIVAL_TYPE_STEPWISE) {
			emit_field(tcp, "stepwise");
			emit_struct_begin(tcp);
			print_fract(tcp, "min", &u.fi.stepwise.min);
			print_fract(tcp, "max", &u.fi.stepwise.max);
			print_fract(tcp, "step", &u.fi.stepwise.step);
			emit_struct_end(tcp);
		}
		return;
	case VIDIOC_REQBUFS:
		if (tracee_read(tcp, arg, &u.rb, sizeof(u.rb)))
			return;
		snprintf(buf, sizeof(buf), " => %u", u.rb.count);
		emit_raw(tcp, buf);
		return;
	case VIDIOC_S_CTRL:
		if (tracee_read(tcp, arg, &u.c, sizeof(u.c)))
			return;
		snprintf(buf, sizeof(buf), " => %d", u.c.value);
		emit_raw(tcp, buf);
		return;
	case VIDIOC_QUERYBUF:
	case VIDIOC_QBUF:
	case VIDIOC_DQBUF:
		print_buffer_rest(tcp, code, arg);
		return;
	case VIDIOC_QUERYCTRL:
	case VIDIOC_QUERY_EXT_CTRL:
		print_queryctrl_rest(tcp, code, arg);
		return;
	}
}

/* CREATE_BUFS: the index and count the driver set, in the return value's aux. */
static int v4l2_create_bufs_exit(struct tcb *tcp, uint64_t arg)
{
	static char aux[64];
	uint32_t b[2];

	if (syserror(tcp) || tracee_read(tcp, arg, b, sizeof(b)))
		return RVAL_DECIMAL;
	snprintf(aux, sizeof(aux), "{index=%u, count=%u}", b[0], b[1]);
	tcp->sc.auxstr = aux;
	return RVAL_DECIMAL | RVAL_STR;
}

/* The exit half of v4l2_exit_rest()'s commands. */
static int v4l2_close(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	v4l2_exit_rest(tcp, code, arg);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/*
 * i386 numbers: pointers and 64-bit members aligned to 4 change the
 * size.  v4l2_buffer's with a 64-bit time_t is 0x4c; the 32-bit time_t
 * one (0x44, the kernel's *_TIME32) strace leaves undecoded.
 */
static const struct ioctl_compat v4l2_compat[] = {
	{ VIDIOC_CREATE_BUFS, 0xf8 },
	{ VIDIOC_QUERYBUF, 0x4c }, { VIDIOC_QBUF, 0x4c },
	{ VIDIOC_DQBUF, 0x4c }, { VIDIOC_PREPARE_BUF, 0x4c },
	{ VIDIOC_ENUMINPUT, 0x4c },
	{ VIDIOC_ENUMSTD, 0x40 },
	{ VIDIOC_G_EDID, 0x24 }, { VIDIOC_S_EDID, 0x24 },
	{ VIDIOC_G_EXT_CTRLS, 0x18 }, { VIDIOC_S_EXT_CTRLS, 0x18 },
	{ VIDIOC_TRY_EXT_CTRLS, 0x18 },
	{ VIDIOC_G_FBUF, 0x2c }, { VIDIOC_S_FBUF, 0x2c },
	{ VIDIOC_G_FMT, FORMAT32_SIZE }, { VIDIOC_S_FMT, FORMAT32_SIZE },
	{ VIDIOC_TRY_FMT, FORMAT32_SIZE },
};

static int v4l2_decode(struct tcb *tcp, uint32_t code, uint64_t arg);

/* Whether v4l2_decode() knows code. */
static bool v4l2_known(uint32_t code)
{
	switch (code) {
	case VIDIOC_QUERYCAP: case VIDIOC_G_FBUF: case VIDIOC_G_STD:
	case VIDIOC_G_INPUT: case VIDIOC_ENUM_FMT: case VIDIOC_G_FMT:
	case VIDIOC_S_FMT: case VIDIOC_TRY_FMT: case VIDIOC_REQBUFS:
	case VIDIOC_QUERYBUF: case VIDIOC_QBUF: case VIDIOC_DQBUF:
	case VIDIOC_S_FBUF: case VIDIOC_STREAMON: case VIDIOC_STREAMOFF:
	case VIDIOC_G_PARM: case VIDIOC_S_PARM: case VIDIOC_S_STD:
	case VIDIOC_ENUMSTD: case VIDIOC_ENUMINPUT: case VIDIOC_G_TUNER:
	case VIDIOC_S_TUNER: case VIDIOC_G_CTRL: case VIDIOC_S_CTRL:
	case VIDIOC_QUERYCTRL: case VIDIOC_QUERY_EXT_CTRL:
	case VIDIOC_S_INPUT: case VIDIOC_CROPCAP: case VIDIOC_G_CROP:
	case VIDIOC_S_CROP: case VIDIOC_G_EXT_CTRLS: case VIDIOC_S_EXT_CTRLS:
	case VIDIOC_TRY_EXT_CTRLS: case VIDIOC_ENUM_FRAMESIZES:
	case VIDIOC_ENUM_FRAMEINTERVALS: case VIDIOC_CREATE_BUFS:
		return true;
	}
	return false;
}

int ioctl_v4l2(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	if (_IOC_TYPE(code) != 'V')
		return IOCTL_UNKNOWN;
	v4l2_size = _IOC_SIZE(code);
	code = ioctl_native(tcp, code, v4l2_compat, ARRAY_SIZE(v4l2_compat));
	/* With -e verbose=none strace shows the argument as a number. */
	if (!qual_verbose(tcp) && v4l2_known(code)) {
		if (exiting(tcp))
			return RVAL_DECIMAL;
		emit_next(tcp);
		emit_hex(tcp, arg);
		return RVAL_DECODED;
	}
	return v4l2_decode(tcp, code, arg);
}

static int v4l2_decode(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case VIDIOC_QUERYCAP:
		return ioctl_getter(tcp, arg, print_querycap, code);
	case VIDIOC_G_FBUF:
		return ioctl_getter(tcp, arg, print_gfbuf, code);
	case VIDIOC_G_STD:
		return ioctl_getter(tcp, arg, print_gstd, code);
	case VIDIOC_G_INPUT:
		return ioctl_getter(tcp, arg, print_ginput, code);
	case VIDIOC_ENUM_FMT: {
		struct v4l2_fmtdesc d;

		if (exiting(tcp))
			return v4l2_close(tcp, code, arg);
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &d, sizeof(d)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "index", d.index);
		buf_type(tcp, d.type);
		return 0;
	}
	case VIDIOC_G_FMT:
		return v4l2_fmt(tcp, arg, true);
	case VIDIOC_S_FMT:
	case VIDIOC_TRY_FMT:
		return v4l2_fmt(tcp, arg, false);
	case VIDIOC_REQBUFS: {
		struct v4l2_requestbuffers r;

		if (exiting(tcp))
			return v4l2_close(tcp, code, arg);
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		buf_type(tcp, r.type);
		emit_field(tcp, "memory");
		print_xval(tcp, v4l2_memories, r.memory, "V4L2_MEMORY_???");
		ioctl_field_u(tcp, "count", r.count);
		return 0;
	}
	case VIDIOC_QUERYBUF:
	case VIDIOC_QBUF:
	case VIDIOC_DQBUF: {
		/* index and type lead in every layout. */
		unsigned char b[sizeof(struct v4l2_buffer)];

		if (exiting(tcp))
			return v4l2_close(tcp, code, arg);
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, b, v4l2_size))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		buf_type(tcp, u32_at(b, 4));
		if (code != VIDIOC_DQBUF)
			ioctl_field_u(tcp, "index", u32_at(b, 0));
		return 0;
	}
	case VIDIOC_S_FBUF: {
		struct v4l2_framebuffer f;

		if (exiting(tcp))
			return RVAL_DECIMAL;
		emit_next(tcp);
		/* The i386 base is a 4-byte pointer at 8. */
		if (!ioctl_fetch(tcp, arg, &f, v4l2_size))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "capability", f.capability);
		ioctl_field_x(tcp, "flags", f.flags);
		ioctl_field_ptr(tcp, "base", is32(tcp) ?
				u32_at((const unsigned char *)&f, 8) :
				(uintptr_t)f.base);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	case VIDIOC_STREAMON:
	case VIDIOC_STREAMOFF: {
		uint32_t t;

		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &t, sizeof(t)))
			return RVAL_DECODED;
		emit_array_begin(tcp);
		emit_next(tcp);
		print_xval(tcp, v4l2_buf_types, t, "V4L2_BUF_TYPE_???");
		emit_array_end(tcp);
		return RVAL_DECODED;
	}
	case VIDIOC_G_PARM:
		return v4l2_parm(tcp, arg, true);
	case VIDIOC_S_PARM:
		return v4l2_parm(tcp, arg, false);
	case VIDIOC_S_STD:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 8, false, true);
		return RVAL_DECODED;
	case VIDIOC_ENUMSTD:
	case VIDIOC_ENUMINPUT:
		return v4l2_first_u32(tcp, code, arg, "index", false);
	case VIDIOC_G_TUNER:
		return v4l2_tuner(tcp, arg, true);
	case VIDIOC_S_TUNER:
		return v4l2_tuner(tcp, arg, false);
	case VIDIOC_G_CTRL:
		return v4l2_ctrl(tcp, arg, false);
	case VIDIOC_S_CTRL:
		return v4l2_ctrl(tcp, arg, true);
	case VIDIOC_QUERYCTRL:
	case VIDIOC_QUERY_EXT_CTRL:
		return v4l2_queryctrl(tcp, code, arg);
	case VIDIOC_S_INPUT:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 4, false, false);
		return RVAL_DECODED;
	case VIDIOC_CROPCAP:
	case VIDIOC_G_CROP:
		return v4l2_first_u32(tcp, code, arg, NULL, true);
	case VIDIOC_S_CROP: {
		struct v4l2_crop c;

		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &c, sizeof(c)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		buf_type(tcp, c.type);
		print_rect(tcp, "c", &c.c);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	case VIDIOC_G_EXT_CTRLS:
		return v4l2_ext_ctrls(tcp, arg, true);
	case VIDIOC_S_EXT_CTRLS:
	case VIDIOC_TRY_EXT_CTRLS:
		return v4l2_ext_ctrls(tcp, arg, false);
	case VIDIOC_ENUM_FRAMESIZES: {
		struct v4l2_frmsizeenum f;

		if (exiting(tcp))
			return v4l2_close(tcp, code, arg);
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &f, sizeof(f)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "index", f.index);
		print_fourcc(tcp, "pixel_format", f.pixel_format);
		return 0;
	}
	case VIDIOC_ENUM_FRAMEINTERVALS: {
		struct v4l2_frmivalenum f;

		if (exiting(tcp))
			return v4l2_close(tcp, code, arg);
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &f, sizeof(f)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "index", f.index);
		print_fourcc(tcp, "pixel_format", f.pixel_format);
		ioctl_field_u(tcp, "width", f.width);
		ioctl_field_u(tcp, "height", f.height);
		return 0;
	}
	case VIDIOC_CREATE_BUFS: {
		struct v4l2_create_buffers c;
		/* i386: the format at 12, then reserved words to 0xf8. */
		unsigned char b[0xf8];

		if (exiting(tcp))
			return v4l2_create_bufs_exit(tcp, arg);
		emit_next(tcp);
		if (is32(tcp)) {
			if (!ioctl_fetch(tcp, arg, b, sizeof(b)))
				return RVAL_DECODED;
			memcpy(&c, b, 12);
			format_from32(&c.format, b + 12);
		} else if (!ioctl_fetch(tcp, arg, &c, sizeof(c))) {
			return RVAL_DECODED;
		}
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "count", c.count);
		emit_field(tcp, "memory");
		print_xval(tcp, v4l2_memories, c.memory, "V4L2_MEMORY_???");
		emit_field(tcp, "format");
		emit_struct_begin(tcp);
		buf_type(tcp, c.format.type);
		print_fmt_body(tcp, &c.format);
		emit_struct_end(tcp);
		emit_struct_end(tcp);
		return 0;
	}
	}
	return IOCTL_UNKNOWN;
}
