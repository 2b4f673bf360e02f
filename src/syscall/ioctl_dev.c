/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of character and disk devices outside the block layer: the
 * IDE/ATA disks' HDIO_* (linux/hdreg.h), real time clocks (linux/rtc.h),
 * watchdogs (linux/watchdog.h), counters (linux/counter.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/btrfs.h>
#include <linux/counter.h>
#include <linux/hdreg.h>
#include <linux/ioctl.h>
#include <linux/kd.h>
#include <linux/nbd.h>
#include <linux/rtc.h>
#include <linux/watchdog.h>
#include <mtd/ubi-user.h>
#include <scsi/sg.h>
#include <asm/ioctls.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "xlat/tables/counter_component_type.h"
#include "xlat/tables/counter_event_type.h"
#include "xlat/tables/counter_scope.h"
#include "xlat/tables/hdio_busstates.h"
#include "xlat/tables/hdio_drive_cmds.h"
#include "xlat/tables/rtc_bsms.h"
#include "xlat/tables/rtc_features.h"
#include "xlat/tables/rtc_params.h"
#include "xlat/tables/rtc_vl_flags.h"

/* --- HDIO ------------------------------------------------------------ */

/*
 * The nice flags are bit numbers (IDE_NICE_*); strace shows each as
 * "1 << NAME", in this order — a name with blanks, which a .in list
 * cannot hold.
 */
static const struct xlat hdio_ide_nice[] = {
	{ 1 << IDE_NICE_DSC_OVERLAP, "1 << IDE_NICE_DSC_OVERLAP" },
	{ 1 << IDE_NICE_ATAPI_OVERLAP, "1 << IDE_NICE_ATAPI_OVERLAP" },
	{ 1 << IDE_NICE_1, "1 << IDE_NICE_1" },
	{ 1 << IDE_NICE_0, "1 << IDE_NICE_0" },
	{ 1 << IDE_NICE_2, "1 << IDE_NICE_2" },
	{ 0, NULL },
};

/* HDIO_DRIVE_CMD: the 4-byte header; the kernel writes status, error, nsector. */
static int hdio_drive_cmd(struct tcb *tcp, uint64_t arg)
{
	uint8_t h[4];

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, h, sizeof(h)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "command");
		print_xval(tcp, hdio_drive_cmds, h[0], "ATA_CMD_???");
		ioctl_field_u(tcp, "sector_number", h[1]);
		ioctl_field_u(tcp, "feature", h[2]);
		ioctl_field_u(tcp, "sector_count", h[3]);
		emit_struct_end(tcp);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, arg, h, sizeof(h)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "status", h[0]);
	ioctl_field_u(tcp, "error", h[1]);
	ioctl_field_u(tcp, "nsector", h[2]);
	/* The data of sector_count sectors follow the header. */
	if (h[3]) {
		emit_field(tcp, "buf");
		ioctl_buf(tcp, arg + 4, (uint64_t)h[3] * 512, QUOTE_FORCE_HEX);
	}
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* struct hd_geometry: heads, sectors, cylinders, then a long start. */
static void print_hd_geometry(struct tcb *tcp, uint64_t addr)
{
	unsigned int ws = tcp_wordsize(tcp);
	uint8_t b[16];
	uint16_t cyl;
	uint64_t start = 0;

	if (!ioctl_fetch(tcp, addr, b, 2 * ws))
		return;
	memcpy(&cyl, b + 2, sizeof(cyl));
	memcpy(&start, b + ws, ws);
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "heads", b[0]);
	ioctl_field_u(tcp, "sectors", b[1]);
	ioctl_field_u(tcp, "cylinders", cyl);
	ioctl_field_u(tcp, "start", start);
	emit_struct_end(tcp);
}

/* HDIO_DRIVE_RESET, HDIO_SCAN_HWIF: three ints the kernel reads. */
static void print_hdio_args(struct tcb *tcp, uint64_t addr)
{
	uint32_t v[3];

	if (!ioctl_fetch(tcp, addr, v, sizeof(v)))
		return;
	emit_array_begin(tcp);
	for (int i = 0; i < 3; i++) {
		emit_next(tcp);
		emit_hex(tcp, v[i]);
	}
	emit_array_end(tcp);
}

/* The value of a getter: a long the kernel writes. */
static void print_hdio_long(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	uint64_t v = 0;

	if (!ioctl_fetch(tcp, addr, &v, tcp_wordsize(tcp)))
		return;
	emit_array_begin(tcp);
	emit_next(tcp);
	if (code == HDIO_GET_NICE)
		print_flags(tcp, hdio_ide_nice, v, "IDE_NICE_???");
	else if (code == HDIO_GET_BUSSTATE)
		print_xval(tcp, hdio_busstates, v, "BUSSTATE_???");
	else
		emit_uint(tcp, v);
	emit_array_end(tcp);
}

static int ioctl_hdio(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case HDIO_GETGEO:
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else
			print_hd_geometry(tcp, arg);
		return RVAL_DECIMAL;
	case HDIO_DRIVE_CMD:
		return hdio_drive_cmd(tcp, arg);
	}
	/*
	 * The kernel never had the compat ioctls of the rest: strace shows
	 * their arguments as numbers for an i386 tracee.
	 */
	if (tcp_wordsize(tcp) == 4)
		return IOCTL_UNKNOWN;
	switch (code) {
	case HDIO_DRIVE_RESET:
	case HDIO_SCAN_HWIF:
		emit_next(tcp);
		print_hdio_args(tcp, arg);
		return RVAL_DECODED;
	case HDIO_SET_32BIT:
	case HDIO_SET_ACOUSTIC:
	case HDIO_SET_ADDRESS:
	case HDIO_SET_DMA:
	case HDIO_SET_KEEPSETTINGS:
	case HDIO_SET_MULTCOUNT:
	case HDIO_SET_NOWERR:
	case HDIO_SET_PIO_MODE:
	case HDIO_SET_UNMASKINTR:
	case HDIO_SET_WCACHE:
	case HDIO_UNREGISTER_HWIF:
		return ioctl_ulong_arg(tcp, arg);
	case HDIO_SET_NICE:
		emit_next(tcp);
		print_flags(tcp, hdio_ide_nice, arg, "IDE_NICE_???");
		return RVAL_DECODED;
	case HDIO_SET_BUSSTATE:
		emit_next(tcp);
		print_xval(tcp, hdio_busstates, arg, "BUSSTATE_???");
		return RVAL_DECODED;
	case HDIO_GET_32BIT:
	case HDIO_GET_ACOUSTIC:
	case HDIO_GET_ADDRESS:
	case HDIO_GET_DMA:
	case HDIO_GET_KEEPSETTINGS:
	case HDIO_GET_MULTCOUNT:
	case HDIO_GET_NOWERR:
	case HDIO_GET_UNMASKINTR:
	case HDIO_GET_WCACHE:
	case HDIO_GET_NICE:
	case HDIO_GET_BUSSTATE:
	case HDIO_OBSOLETE_IDENTITY:
	case HDIO_GET_IDENTITY:
		break;
	default:
		return IOCTL_UNKNOWN;
	}
	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !arg || !qual_verbose(tcp))
		emit_ptr(tcp, arg);
	else if (code == HDIO_OBSOLETE_IDENTITY)
		emit_buf(tcp, arg, 142);
	else if (code == HDIO_GET_IDENTITY)
		emit_buf(tcp, arg, 512);
	else
		print_hdio_long(tcp, code, arg);
	return RVAL_DECIMAL;
}

/* --- real time clocks ------------------------------------------------ */

/* struct rtc_time: nine ints, six of them unless -v. */
static void print_rtc_time(struct tcb *tcp, const int32_t *t)
{
	static const char *const names[] = {
		"tm_sec",  "tm_min",  "tm_hour", "tm_mday",  "tm_mon",
		"tm_year", "tm_wday", "tm_yday", "tm_isdst",
	};

	emit_struct_begin(tcp);
	for (int i = 0; i < 9; i++) {
		if (i == 6 && qual_abbrev(tcp)) {
			emit_more(tcp);
			break;
		}
		ioctl_field_d(tcp, names[i], t[i]);
	}
	emit_struct_end(tcp);
}

static void print_rtc_struct(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	unsigned int ws = tcp_wordsize(tcp);
	static const char *const pll[] = {
		"pll_ctrl", "pll_value",   "pll_max",
		"pll_min",  "pll_posmult", "pll_negmult",
	};
	int32_t b[10];
	int64_t clock = 0;

	switch (code) {
	case RTC_RD_TIME:
	case RTC_ALM_READ:
	case RTC_SET_TIME:
	case RTC_ALM_SET:
		if (ioctl_fetch(tcp, addr, b, 9 * 4))
			print_rtc_time(tcp, b);
		return;
	case RTC_WKALM_RD:
	case RTC_WKALM_SET:
		/* enabled and pending bytes, then the time at 4. */
		if (!ioctl_fetch(tcp, addr, b, 10 * 4))
			return;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "enabled", ((uint8_t *)b)[0]);
		ioctl_field_u(tcp, "pending", ((uint8_t *)b)[1]);
		emit_field(tcp, "time");
		print_rtc_time(tcp, b + 1);
		emit_struct_end(tcp);
		return;
	}
	/* struct rtc_pll_info: six ints and a long. */
	if (!ioctl_fetch(tcp, addr, b, 24 + ws))
		return;
	if (ws == 8)
		memcpy(&clock, b + 6, 8);
	else
		clock = b[6];
	emit_struct_begin(tcp);
	for (int i = 0; i < 6; i++)
		ioctl_field_d(tcp, pll[i], b[i]);
	ioctl_field_d(tcp, "pll_clock", clock);
	emit_struct_end(tcp);
}

/* RTC_PARAM_FEATURES: "1<<RTC_FEATURE_ALARM|0x100", as uffd's ioctls. */
static void print_rtc_features(struct tcb *tcp, uint64_t v)
{
	char buf[512];
	size_t n = 0;
	uint64_t rest = v;

	buf[0] = '\0';
	for (unsigned int bit = 0; bit < 64; bit++) {
		const char *name = xlat_name(rtc_features, bit);

		if (!(v & (1ULL << bit)) || !name)
			continue;
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s1<<%s",
				      n ? "|" : "", name);
		rest &= ~(1ULL << bit);
	}
	if (!v) {
		emit_hex(tcp, 0);
		return;
	}
	if (!n) {
		/* No bit known: the number, the pattern in a comment. */
		if (cfg.xlat_style == XLAT_STYLE_RAW)
			emit_hex(tcp, v);
		else {
			snprintf(buf, sizeof(buf),
				 "%#llx /* 1<<RTC_FEATURE_??? */",
				 (unsigned long long)v);
			emit_sym(tcp, v, buf);
		}
		return;
	}
	if (rest || !n)
		snprintf(buf + n, sizeof(buf) - n, rest ? "%s%#llx" : "%s0",
			 n ? "|" : "", (unsigned long long)rest);
	print_named(tcp, v, buf, false);
}

/* struct rtc_param's value, named after its param. */
static void print_rtc_param_value(struct tcb *tcp, uint64_t param, uint64_t v)
{
	switch (param) {
	case RTC_PARAM_FEATURES:
		emit_field(tcp, "uvalue");
		print_rtc_features(tcp, v);
		break;
	case RTC_PARAM_CORRECTION:
		ioctl_field_d(tcp, "svalue", (int64_t)v);
		break;
	case RTC_PARAM_BACKUP_SWITCH_MODE:
		emit_field(tcp, "uvalue");
		print_xval(tcp, rtc_bsms, v, "RTC_BSM_???");
		break;
	default:
		ioctl_field_x(tcp, "uvalue", v);
	}
}

/*
 * struct rtc_param {u64 param; u64 value; u32 index; u32 __pad}: the
 * value the kernel reads for RTC_PARAM_SET, writes for RTC_PARAM_GET.
 */
static int rtc_param(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	uint64_t p[3];

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, p, sizeof(p)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "param");
		print_xval(tcp, rtc_params, p[0], "RTC_PARAM_???");
		if (code == RTC_PARAM_SET)
			print_rtc_param_value(tcp, p[0], p[1]);
		ioctl_field_u(tcp, "index", (uint32_t)p[2]);
		if (p[2] >> 32)
			ioctl_field_x(tcp, "__pad", p[2] >> 32);
		emit_struct_end(tcp);
		return code == RTC_PARAM_SET ? RVAL_DECODED : 0;
	}
	emit_changed(tcp);
	if (syserror(tcp) || tracee_read(tcp, arg, p, sizeof(p))) {
		emit_ptr(tcp, arg);
		return RVAL_DECIMAL;
	}
	emit_struct_begin(tcp);
	print_rtc_param_value(tcp, p[0], p[1]);
	if (p[2] >> 32)
		ioctl_field_x(tcp, "__pad", p[2] >> 32);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/*
 * An i386 tracee's number of the commands on a long or on struct
 * rtc_pll_info (28 bytes there): the x86_64 one, which the cases name;
 * 0, which no case names, for the x86_64 number itself.
 */
static uint32_t rtc_native(struct tcb *tcp, uint32_t code)
{
	static const uint32_t natives[] = {
		RTC_IRQP_READ, RTC_IRQP_SET, RTC_EPOCH_READ,
		RTC_EPOCH_SET, RTC_PLL_GET,  RTC_PLL_SET,
	};

	if (tcp_wordsize(tcp) != 4)
		return code;
	for (size_t i = 0; i < sizeof(natives) / sizeof(natives[0]); i++) {
		uint32_t n = natives[i];
		unsigned int sz = _IOC_SIZE(n) == 8 ? 4 : 28;

		if (code == _IOC(_IOC_DIR(n), _IOC_TYPE(n), _IOC_NR(n), sz))
			return n;
		/* x86_64's size is no command of an i386 tracee: a number. */
		if (code == n)
			return 0;
	}
	return code;
}

static int ioctl_rtc(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	uint64_t v = 0;

	code = rtc_native(tcp, code);
	switch (code) {
	case RTC_IRQP_SET:
	case RTC_EPOCH_SET:
		return ioctl_ulong_arg(tcp, arg);
	case RTC_SET_TIME:
	case RTC_ALM_SET:
	case RTC_WKALM_SET:
	case RTC_PLL_SET:
		emit_next(tcp);
		print_rtc_struct(tcp, code, arg);
		return RVAL_DECODED;
	case RTC_PARAM_GET:
	case RTC_PARAM_SET:
		return rtc_param(tcp, code, arg);
	case RTC_RD_TIME:
	case RTC_ALM_READ:
	case RTC_WKALM_RD:
	case RTC_PLL_GET:
	case RTC_IRQP_READ:
	case RTC_EPOCH_READ:
	case RTC_VL_READ:
		break;
	default:
		return IOCTL_UNKNOWN;
	}
	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp)) {
		emit_ptr(tcp, arg);
	} else if (code == RTC_IRQP_READ || code == RTC_EPOCH_READ) {
		ioctl_num_ptr(tcp, arg, tcp_wordsize(tcp), false, false);
	} else if (code == RTC_VL_READ) {
		if (ioctl_fetch(tcp, arg, &v, 4)) {
			emit_array_begin(tcp);
			emit_next(tcp);
			print_flags(tcp, rtc_vl_flags, v, "RTC_VL_???");
			emit_array_end(tcp);
		}
	} else {
		print_rtc_struct(tcp, code, arg);
	}
	return RVAL_DECIMAL;
}

/* --- watchdogs -------------------------------------------------------- */

static int ioctl_watchdog(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case WDIOC_KEEPALIVE:
		return RVAL_DECODED;
	case WDIOC_SETTIMEOUT:
	case WDIOC_SETPRETIMEOUT:
		/* In-out, but strace shows the value given only. */
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 4, true, false);
		return RVAL_DECODED;
	case WDIOC_GETSTATUS:
	case WDIOC_GETBOOTSTATUS:
	case WDIOC_GETTEMP:
	case WDIOC_GETTIMEOUT:
	case WDIOC_GETPRETIMEOUT:
	case WDIOC_GETTIMELEFT:
		if (entering(tcp)) {
			emit_next(tcp);
			return 0;
		}
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else
			ioctl_num_ptr(tcp, arg, 4, true, false);
		return RVAL_DECIMAL;
	}
	return IOCTL_UNKNOWN;
}

/* --- counters -------------------------------------------------------- */

static int ioctl_counter(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	struct counter_watch w;

	switch (code) {
	case COUNTER_ENABLE_EVENTS_IOCTL:
	case COUNTER_DISABLE_EVENTS_IOCTL:
		return RVAL_DECODED;
	case COUNTER_ADD_WATCH_IOCTL:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &w, sizeof(w)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "component");
		emit_struct_begin(tcp);
		emit_field(tcp, "type");
		print_xval(tcp, counter_component_type, w.component.type,
			   "COUNTER_COMPONENT_???");
		emit_field(tcp, "scope");
		print_xval(tcp, counter_scope, w.component.scope,
			   "COUNTER_SCOPE_???");
		ioctl_field_u(tcp, "parent", w.component.parent);
		ioctl_field_u(tcp, "id", w.component.id);
		emit_struct_end(tcp);
		emit_field(tcp, "event");
		print_xval(tcp, counter_event_type, w.event,
			   "COUNTER_EVENT_???");
		ioctl_field_u(tcp, "channel", w.channel);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}

/*
 * Commands strace shows without their argument (observed), of devices
 * whose other commands are not decoded here.
 */
static const uint32_t no_arg_cmds[] = {
	SG_GET_TIMEOUT,
	TIOCSSERIAL,
	KDENABIO,
	KDDISABIO,
	KDMAPDISP,
	KDUNMAPDISP,
	PIO_FONTRESET,
	UBI_IOCVOLRMBLK,
	RTC_AIE_ON,
	RTC_AIE_OFF,
	RTC_UIE_ON,
	RTC_UIE_OFF,
	RTC_PIE_ON,
	RTC_PIE_OFF,
	RTC_WIE_ON,
	RTC_WIE_OFF,
	RTC_VL_CLR,
	BTRFS_IOC_TRANS_START,
	BTRFS_IOC_TRANS_END,
	BTRFS_IOC_SYNC,
	BTRFS_IOC_SCRUB_CANCEL,
	BTRFS_IOC_QUOTA_RESCAN_WAIT,
	NBD_DO_IT,
	NBD_CLEAR_SOCK,
	NBD_CLEAR_QUE,
	NBD_PRINT_DEBUG,
	NBD_DISCONNECT,
};

int ioctl_dev(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	for (size_t i = 0; i < sizeof(no_arg_cmds) / sizeof(no_arg_cmds[0]);
	     i++)
		if (no_arg_cmds[i] == code)
			return RVAL_DECODED;
	switch (_IOC_TYPE(code)) {
	case 0x03:
		if (_IOC_DIR(code) == _IOC_NONE)
			return ioctl_hdio(tcp, code, arg);
		break;
	case 'W':
		return ioctl_watchdog(tcp, code, arg);
	case 'p':
		return ioctl_rtc(tcp, code, arg);
	case 0x3e:
		return ioctl_counter(tcp, code, arg);
	}
	return IOCTL_UNKNOWN;
}
