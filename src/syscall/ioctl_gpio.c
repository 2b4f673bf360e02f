/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of GPIO character devices (linux/gpio.h): the v1 chip, line,
 * handle and event requests and the v2 line requests.  The structs have
 * one layout on both ABIs (their 64-bit members are __aligned_u64).
 */
#include "config.h"

#include <stddef.h>
#include <string.h>
#include <linux/gpio.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "xlat/tables/gpio_event_flags.h"
#include "xlat/tables/gpio_handle_flags.h"
#include "xlat/tables/gpio_line_flags.h"
#include "xlat/tables/gpio_v2_line_flags.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* --- arrays already read ----------------------------------------------- */

void ioctl_local_array(struct tcb *tcp, const void *base, size_t count,
		       size_t elsize, print_elem_fn print_elem, void *data)
{
	bool abbrev = qual_abbrev(tcp);

	emit_array_begin(tcp);
	for (size_t i = 0; i < count; i++) {
		if (abbrev && i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		print_elem(tcp, (const unsigned char *)base + i * elsize, data);
	}
	emit_array_end(tcp);
}

void ioctl_elem_u32(struct tcb *tcp, const void *elem, void *data)
{
	uint32_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_uint(tcp, v);
}

/* A u32 that is 0 in decimal, else in hex: strace's padding words. */
void ioctl_elem_x32(struct tcb *tcp, const void *elem, void *data)
{
	uint32_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_hex(tcp, v);
}

void ioctl_elem_u8(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	emit_uint(tcp, *(const uint8_t *)elem);
}

/* "padding=[...]" after the other fields, when any word is not 0. */
static void print_padding(struct tcb *tcp, const uint32_t *pad, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pad[i]) {
			emit_field(tcp, "padding");
			ioctl_local_array(tcp, pad, n, sizeof(*pad),
					  ioctl_elem_x32, NULL);
			return;
		}
}

/* --- v1 ----------------------------------------------------------------- */

static void print_chipinfo(struct tcb *tcp, uint64_t arg)
{
	struct gpiochip_info ci;

	if (!ioctl_fetch_out(tcp, arg, &ci, sizeof(ci)))
		return;
	emit_struct_begin(tcp);
	ioctl_cstr_field(tcp, "name", ci.name, sizeof(ci.name));
	ioctl_cstr_field(tcp, "label", ci.label, sizeof(ci.label));
	ioctl_field_u(tcp, "lines", ci.lines);
	emit_struct_end(tcp);
}

static int gpio_lineinfo(struct tcb *tcp, uint64_t arg)
{
	struct gpioline_info li;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &li, sizeof(li)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "line_offset", li.line_offset);
		emit_struct_end(tcp);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, arg, &li, sizeof(li)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "flags");
	print_flags(tcp, gpio_line_flags, li.flags, "GPIOLINE_FLAG_???");
	ioctl_cstr_field(tcp, "name", li.name, sizeof(li.name));
	ioctl_cstr_field(tcp, "consumer", li.consumer, sizeof(li.consumer));
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* The fd the kernel returns in a request: " => {fd=N}". */
static int gpio_request_fd(struct tcb *tcp, uint64_t fd_addr)
{
	int32_t fd;

	if (syserror(tcp) || tracee_read(tcp, fd_addr, &fd, sizeof(fd)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "fd", fd);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

static int gpio_handle_request(struct tcb *tcp, uint64_t arg)
{
	struct gpiohandle_request r;
	size_t n;

	if (exiting(tcp))
		return gpio_request_fd(tcp, arg + offsetof(typeof(r), fd));
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
		return RVAL_DECODED;
	n = MIN(r.lines, GPIOHANDLES_MAX);
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "lines", r.lines);
	emit_field(tcp, "lineoffsets");
	ioctl_local_array(tcp, r.lineoffsets, n, sizeof(r.lineoffsets[0]),
			  ioctl_elem_u32, NULL);
	emit_field(tcp, "flags");
	print_flags(tcp, gpio_handle_flags, r.flags, "GPIOHANDLE_REQUEST_???");
	emit_field(tcp, "default_values");
	ioctl_local_array(tcp, r.default_values, n, 1, ioctl_elem_u8, NULL);
	ioctl_cstr_field(tcp, "consumer_label", r.consumer_label,
			 sizeof(r.consumer_label));
	emit_struct_end(tcp);
	return 0;
}

static int gpio_event_request(struct tcb *tcp, uint64_t arg)
{
	struct gpioevent_request r;

	if (exiting(tcp))
		return gpio_request_fd(tcp, arg + offsetof(typeof(r), fd));
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "lineoffset", r.lineoffset);
	emit_field(tcp, "handleflags");
	print_flags(tcp, gpio_handle_flags, r.handleflags,
		    "GPIOHANDLE_REQUEST_???");
	emit_field(tcp, "eventflags");
	print_flags(tcp, gpio_event_flags, r.eventflags,
		    "GPIOEVENT_REQUEST_???");
	ioctl_cstr_field(tcp, "consumer_label", r.consumer_label,
			 sizeof(r.consumer_label));
	emit_struct_end(tcp);
	return 0;
}

static void print_handle_data(struct tcb *tcp, uint64_t arg, bool out)
{
	struct gpiohandle_data d;

	if (!(out ? ioctl_fetch_out : ioctl_fetch)(tcp, arg, &d, sizeof(d)))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "values");
	ioctl_local_array(tcp, d.values, GPIOHANDLES_MAX, 1, ioctl_elem_u8,
			  NULL);
	emit_struct_end(tcp);
}

static void print_handle_config(struct tcb *tcp, uint64_t arg)
{
	struct gpiohandle_config c;

	if (!ioctl_fetch(tcp, arg, &c, sizeof(c)))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "flags");
	print_flags(tcp, gpio_handle_flags, c.flags, "GPIOHANDLE_REQUEST_???");
	emit_field(tcp, "default_values");
	ioctl_local_array(tcp, c.default_values, GPIOHANDLES_MAX, 1,
			  ioctl_elem_u8, NULL);
	emit_struct_end(tcp);
}

/* --- v2 ----------------------------------------------------------------- */

/*
 * An attribute by its id; an unknown id, or a known one with padding
 * set, as its raw words.
 */
static void print_v2_attr_fields(struct tcb *tcp,
				 const struct gpio_v2_line_attribute *a)
{
	if (!a->padding) {
		switch (a->id) {
		case GPIO_V2_LINE_ATTR_ID_FLAGS:
			emit_field(tcp, "flags");
			print_flags(tcp, gpio_v2_line_flags, a->flags,
				    "GPIO_V2_LINE_FLAG_???");
			return;
		case GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES:
			ioctl_field_x(tcp, "values", a->values);
			return;
		case GPIO_V2_LINE_ATTR_ID_DEBOUNCE:
			ioctl_field_u(tcp, "debounce_period_us",
				      a->debounce_period_us);
			return;
		}
	}
	ioctl_field_u(tcp, "id", a->id);
	if (a->padding)
		ioctl_field_x(tcp, "padding", a->padding);
	ioctl_field_x(tcp, "data", a->values);
}

static void print_v2_attr(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	emit_struct_begin(tcp);
	print_v2_attr_fields(tcp, elem);
	emit_struct_end(tcp);
}

/* A config attribute: the attribute's fields inline unless it is raw. */
static void print_v2_config_attr(struct tcb *tcp, const void *elem, void *data)
{
	const struct gpio_v2_line_config_attribute *ca = elem;
	const struct gpio_v2_line_attribute *a = &ca->attr;
	bool known = a->id >= GPIO_V2_LINE_ATTR_ID_FLAGS &&
		     a->id <= GPIO_V2_LINE_ATTR_ID_DEBOUNCE;

	(void)data;
	emit_struct_begin(tcp);
	if (known && !a->padding) {
		print_v2_attr_fields(tcp, a);
	} else {
		emit_field(tcp, "attr");
		print_v2_attr(tcp, a, NULL);
	}
	ioctl_field_x(tcp, "mask", ca->mask);
	emit_struct_end(tcp);
}

static void print_v2_config(struct tcb *tcp,
			    const struct gpio_v2_line_config *c)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "flags");
	print_flags(tcp, gpio_v2_line_flags, c->flags, "GPIO_V2_LINE_FLAG_???");
	ioctl_field_u(tcp, "num_attrs", c->num_attrs);
	print_padding(tcp, c->padding, sizeof(c->padding) / sizeof(c->padding[0]));
	if (c->num_attrs) {
		emit_field(tcp, "attrs");
		ioctl_local_array(tcp, c->attrs,
				  MIN(c->num_attrs, GPIO_V2_LINE_NUM_ATTRS_MAX),
				  sizeof(c->attrs[0]), print_v2_config_attr,
				  NULL);
	}
	emit_struct_end(tcp);
}

static int gpio_v2_lineinfo(struct tcb *tcp, uint64_t arg)
{
	struct gpio_v2_line_info li;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &li, sizeof(li)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "offset", li.offset);
		emit_struct_end(tcp);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, arg, &li, sizeof(li)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	ioctl_cstr_field(tcp, "name", li.name, sizeof(li.name));
	ioctl_cstr_field(tcp, "consumer", li.consumer, sizeof(li.consumer));
	emit_field(tcp, "flags");
	print_flags(tcp, gpio_v2_line_flags, li.flags, "GPIO_V2_LINE_FLAG_???");
	ioctl_field_u(tcp, "num_attrs", li.num_attrs);
	/* Here strace shows the padding after the attributes (observed). */
	if (li.num_attrs) {
		emit_field(tcp, "attrs");
		ioctl_local_array(tcp, li.attrs,
				  MIN(li.num_attrs, GPIO_V2_LINE_NUM_ATTRS_MAX),
				  sizeof(li.attrs[0]), print_v2_attr, NULL);
	}
	print_padding(tcp, li.padding,
		      sizeof(li.padding) / sizeof(li.padding[0]));
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

static int gpio_v2_line_request(struct tcb *tcp, uint64_t arg)
{
	struct gpio_v2_line_request r;

	if (exiting(tcp))
		return gpio_request_fd(tcp, arg + offsetof(typeof(r), fd));
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &r, sizeof(r)))
		return RVAL_DECODED;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "num_lines", r.num_lines);
	emit_field(tcp, "offsets");
	ioctl_local_array(tcp, r.offsets, MIN(r.num_lines, GPIO_V2_LINES_MAX),
			  sizeof(r.offsets[0]), ioctl_elem_u32, NULL);
	ioctl_cstr_field(tcp, "consumer", r.consumer, sizeof(r.consumer));
	emit_field(tcp, "config");
	print_v2_config(tcp, &r.config);
	if (r.event_buffer_size)
		ioctl_field_u(tcp, "event_buffer_size", r.event_buffer_size);
	print_padding(tcp, r.padding, sizeof(r.padding) / sizeof(r.padding[0]));
	emit_struct_end(tcp);
	return 0;
}

static int gpio_v2_get_values(struct tcb *tcp, uint64_t arg)
{
	struct gpio_v2_line_values v;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &v, sizeof(v)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "mask", v.mask);
		emit_struct_end(tcp);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, arg, &v, sizeof(v)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "bits", v.bits);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

int ioctl_gpio(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct gpio_v2_line_values v;
	struct gpio_v2_line_config c;
	uint32_t off;

	switch (code) {
	case GPIO_GET_CHIPINFO_IOCTL:
	case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (code == GPIO_GET_CHIPINFO_IOCTL)
			print_chipinfo(tcp, arg);
		else
			print_handle_data(tcp, arg, true);
		return RVAL_DECIMAL;
	case GPIO_GET_LINEINFO_IOCTL:
	case GPIO_GET_LINEINFO_WATCH_IOCTL:
		return gpio_lineinfo(tcp, arg);
	case GPIO_GET_LINEINFO_UNWATCH_IOCTL:
		emit_next(tcp);
		if (ioctl_fetch(tcp, arg, &off, sizeof(off))) {
			emit_struct_begin(tcp);
			ioctl_field_u(tcp, "offset", off);
			emit_struct_end(tcp);
		}
		return RVAL_DECODED;
	case GPIO_GET_LINEHANDLE_IOCTL:
		return gpio_handle_request(tcp, arg);
	case GPIO_GET_LINEEVENT_IOCTL:
		return gpio_event_request(tcp, arg);
	case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
		emit_next(tcp);
		print_handle_data(tcp, arg, false);
		return RVAL_DECODED;
	case GPIOHANDLE_SET_CONFIG_IOCTL:
		emit_next(tcp);
		print_handle_config(tcp, arg);
		return RVAL_DECODED;
	case GPIO_V2_GET_LINEINFO_IOCTL:
	case GPIO_V2_GET_LINEINFO_WATCH_IOCTL:
		return gpio_v2_lineinfo(tcp, arg);
	case GPIO_V2_GET_LINE_IOCTL:
		return gpio_v2_line_request(tcp, arg);
	case GPIO_V2_LINE_GET_VALUES_IOCTL:
		return gpio_v2_get_values(tcp, arg);
	case GPIO_V2_LINE_SET_VALUES_IOCTL:
		emit_next(tcp);
		if (ioctl_fetch(tcp, arg, &v, sizeof(v))) {
			emit_struct_begin(tcp);
			ioctl_field_x(tcp, "bits", v.bits);
			ioctl_field_x(tcp, "mask", v.mask);
			emit_struct_end(tcp);
		}
		return RVAL_DECODED;
	case GPIO_V2_LINE_SET_CONFIG_IOCTL:
		emit_next(tcp);
		if (ioctl_fetch(tcp, arg, &c, sizeof(c)))
			print_v2_config(tcp, &c);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}
