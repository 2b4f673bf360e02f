/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_ioctl: ioctls of the families src/syscall/ioctl_*.c decode —
 * namespaces, userfaultfd, perf events, seccomp notifications, random,
 * inotify, loop devices, BLKPG/BLKTRACESETUP, FITRIM, fsxattr, FIEMAP,
 * evdev, HDIO, RTC, watchdogs, counters, GPIO, the console's KD*, NBD,
 * LIRC, UBI, MTD, PTP, TEE, the SCSI generic driver, socket ifreq and
 * ifconf, the device mapper, SG_IO, KVM —
 * with structs, NULL, pointers into an unmapped page and error returns.
 * Most go to fd -1 (EBADF): no device and no privilege is needed, and
 * the arguments print all the same.  tests/cases/decode-ioctl*.sh trace
 * it with strace and with sltrace and compare the lines between the two
 * marker writes.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/blkpg.h>
#include <linux/blktrace_api.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/counter.h>
#include <linux/gpio.h>
#include <linux/hdreg.h>
#include <linux/kd.h>
#include <linux/keyboard.h>

#include <linux/lirc.h>
#include <linux/nbd.h>
#include <mtd/mtd-abi.h>
#include <mtd/ubi-user.h>
#include <linux/rtc.h>
#include <linux/watchdog.h>
#include <linux/input.h>
#include <linux/loop.h>
#include <linux/nsfs.h>
#include <linux/perf_event.h>
#include <linux/ptp_clock.h>
#include <linux/tee.h>
#include <scsi/sg.h>
#include <linux/random.h>
#include <linux/seccomp.h>
#include <linux/userfaultfd.h>
#include <linux/videodev2.h>

#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/sockios.h>
#include <linux/dm-ioctl.h>
#include <linux/bsg.h>
#include <linux/kvm.h>

#define PG 4096
/* linux/inotify.h: its linux/fcntl.h clashes with glibc's fcntl.h. */
#define INOTIFY_IOC_SETNEXTWD _IOW('I', 0, int)

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

/* Two pages, the second unmapped: its first byte is unreadable. */
static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

static void fill(void *p, size_t n, unsigned char from)
{
	unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)(from + i);
}

static void nsfs(void)
{
	int user = open("/proc/self/ns/user", O_RDONLY);
	int net = open("/proc/self/ns/net", O_RDONLY);
	unsigned int uid;
	int fd;

	ioctl(-1, NS_GET_USERNS);
	ioctl(-1, NS_GET_PARENT);
	ioctl(-1, NS_GET_NSTYPE);
	ioctl(-1, NS_GET_OWNER_UID, NULL);
	fd = ioctl(net, NS_GET_USERNS);
	ioctl(user, NS_GET_PARENT);
	ioctl(net, NS_GET_NSTYPE);
	ioctl(user, NS_GET_NSTYPE);
	ioctl(user, NS_GET_OWNER_UID, &uid);
	if (fd >= 0)
		close(fd);
	close(user);
	close(net);
}

static void uffd(char *end)
{
	struct uffdio_api *api = (void *)(end - sizeof(*api));
	struct uffdio_register *reg = (void *)(end - sizeof(*reg));
	struct uffdio_copy *copy = (void *)(end - sizeof(*copy));
	struct uffdio_zeropage *zp = (void *)(end - sizeof(*zp));
	struct uffdio_range *range = (void *)(end - sizeof(*range));

	memset(api, 0, sizeof(*api));
	api->api = UFFD_API;
	api->features = UFFD_FEATURE_EVENT_FORK | 0x80000000u;
	ioctl(-1, UFFDIO_API, api);
	ioctl(-1, UFFDIO_API, NULL);
	ioctl(-1, UFFDIO_API, end);
	memset(reg, 0, sizeof(*reg));
	reg->range.start = 0x1000;
	reg->range.len = 0x2000;
	reg->mode = UFFDIO_REGISTER_MODE_MISSING | 0x10;
	ioctl(-1, UFFDIO_REGISTER, reg);
	fill(copy, sizeof(*copy), 0x80);
	copy->mode = UFFDIO_COPY_MODE_DONTWAKE;
	ioctl(-1, UFFDIO_COPY, copy);
	fill(zp, sizeof(*zp), 0x90);
	ioctl(-1, UFFDIO_ZEROPAGE, zp);
	fill(range, sizeof(*range), 0xa0);
	ioctl(-1, UFFDIO_WAKE, range);
	ioctl(-1, UFFDIO_UNREGISTER, range);
	ioctl(-1, UFFDIO_UNREGISTER, end - 8);
}

static void perf(char *end)
{
	uint64_t *u = (void *)(end - 8);
	uint32_t *q = (void *)(end - 16);
	char *s = end - 10;

	ioctl(-1, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	ioctl(-1, PERF_EVENT_IOC_DISABLE, 2);
	ioctl(-1, PERF_EVENT_IOC_RESET, 0xbadc0ded);
	ioctl(-1, PERF_EVENT_IOC_REFRESH, -3);
	ioctl(-1, PERF_EVENT_IOC_SET_OUTPUT, 0);
	ioctl(-1, PERF_EVENT_IOC_SET_BPF, 0);
	ioctl(-1, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
	*u = 0xdeadbeefcafef00dULL;
	ioctl(-1, PERF_EVENT_IOC_PERIOD, u);
	ioctl(-1, PERF_EVENT_IOC_PERIOD, end);
	memcpy(s, "filter str", 10);
	ioctl(-1, PERF_EVENT_IOC_SET_FILTER, s);
	ioctl(-1, PERF_EVENT_IOC_SET_FILTER, s + 4);
	ioctl(-1, PERF_EVENT_IOC_ID, u);
	q[0] = 3;
	q[1] = 0;
	ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, q);
	ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, end - 4);
}

static void seccomp_notif(char *end)
{
	struct seccomp_notif *n = (void *)(end - sizeof(*n));
	struct seccomp_notif_resp *r = (void *)(end - sizeof(*r));
	struct seccomp_notif_addfd *a = (void *)(end - sizeof(*a));
	uint64_t *id = (void *)(end - 8);

	memset(n, 0, sizeof(*n));
	ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, n);
	fill(n, sizeof(*n), 0x40);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, n);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, NULL);
	fill(r, sizeof(*r), 0x50);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, r);
	r->error = -ENOENT;
	r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, r);
	memset(a, 0, sizeof(*a));
	a->flags = SECCOMP_ADDFD_FLAG_SETFD;
	a->srcfd = 0;
	a->newfd = 5;
	a->newfd_flags = O_CLOEXEC;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, a);
	*id = 0xfacefeed;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID, id);
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID, end);
}

static void random_inotify(char *end)
{
	int *cnt = (void *)(end - 4);
	int *info = (void *)(end - 12);

	*cnt = 6;
	ioctl(-1, RNDADDTOENTCNT, cnt);
	ioctl(-1, RNDGETENTCNT, cnt);
	info[0] = 3;
	info[1] = 4;
	memcpy(info + 2, "abcd", 4);
	ioctl(-1, RNDADDENTROPY, info);
	ioctl(-1, RNDZAPENTCNT);
	ioctl(-1, RNDCLEARPOOL);
	ioctl(-1, RNDRESEEDCRNG);
	ioctl(-1, INOTIFY_IOC_SETNEXTWD, 0);
}

static void loop(char *end)
{
	struct loop_info *li = (void *)(end - sizeof(*li));
	struct loop_info64 *l64 = (void *)(end - sizeof(*l64));
	struct loop_config *cfg = (void *)(end - sizeof(*cfg));

	ioctl(-1, LOOP_SET_FD, 3);
	ioctl(-1, LOOP_CLR_FD);
	ioctl(-1, LOOP_SET_STATUS, NULL);
	fill(li, sizeof(*li), 0x80);
	li->lo_encrypt_key_size = 3;
	li->lo_name[4] = '\0';
	ioctl(-1, LOOP_SET_STATUS, li);
	li->lo_encrypt_type = LO_CRYPT_NONE;
	li->lo_flags = LO_FLAGS_AUTOCLEAR;
	memset(li->lo_name, 'A', sizeof(li->lo_name));
	ioctl(-1, LOOP_SET_STATUS, li);
	ioctl(-1, LOOP_SET_STATUS, end - 8);
	ioctl(-1, LOOP_GET_STATUS, li);
	fill(l64, sizeof(*l64), 0x90);
	l64->lo_encrypt_type = LO_CRYPT_XOR;
	l64->lo_encrypt_key_size = 40;
	l64->lo_file_name[2] = '\0';
	l64->lo_crypt_name[3] = '\0';
	ioctl(-1, LOOP_SET_STATUS64, l64);
	l64->lo_encrypt_type = LO_CRYPT_NONE;
	ioctl(-1, LOOP_SET_STATUS64, l64);
	ioctl(-1, LOOP_GET_STATUS64, NULL);
	memset(cfg, 0, sizeof(*cfg));
	cfg->fd = 4;
	cfg->block_size = 512;
	cfg->info.lo_flags = LO_FLAGS_READ_ONLY;
	ioctl(-1, LOOP_CONFIGURE, cfg);
	cfg->__reserved[2] = 7;
	ioctl(-1, LOOP_CONFIGURE, cfg);
	ioctl(-1, LOOP_CHANGE_FD, 5);
	ioctl(-1, LOOP_SET_CAPACITY);
	ioctl(-1, LOOP_SET_DIRECT_IO, 1);
	ioctl(-1, LOOP_SET_BLOCK_SIZE, 4096);
	ioctl(-1, LOOP_CTL_ADD, 0);
	ioctl(-1, LOOP_CTL_REMOVE, 1);
	ioctl(-1, LOOP_CTL_GET_FREE);
}

static void block_fs(char *end, int file)
{
	struct blkpg_ioctl_arg *bp = (void *)(end - sizeof(*bp) - 256);
	struct blkpg_partition *part = (void *)(end - sizeof(*part));
	struct blk_user_trace_setup *ts = (void *)(end - sizeof(*ts));
	struct fstrim_range *tr = (void *)(end - sizeof(*tr));
	struct fsxattr *fx = (void *)(end - sizeof(*fx));
	struct fiemap *fm = (void *)(end - sizeof(*fm));

	memset(bp, 0, sizeof(*bp));
	bp->op = BLKPG_ADD_PARTITION;
	bp->flags = 1;
	bp->datalen = sizeof(*part);
	bp->data = part;
	memset(part, 0, sizeof(*part));
	part->start = 1 << 20;
	part->length = 1 << 21;
	part->pno = 2;
	strcpy(part->devname, "sdz2");
	ioctl(-1, BLKPG, bp);
	bp->op = 9;
	ioctl(-1, BLKPG, bp);
	ioctl(-1, BLKPG, NULL);
	fill(ts, sizeof(*ts), 0x30);
	ioctl(-1, BLKTRACESETUP, ts);
	ioctl(-1, BLKRASET, 256);
	fill(tr, sizeof(*tr), 0x10);
	ioctl(-1, FITRIM, tr);
	ioctl(-1, FITRIM, end);
	fill(fx, sizeof(*fx), 0x20);
	ioctl(-1, FS_IOC_FSSETXATTR, fx);
	fx->fsx_xflags = FS_XFLAG_APPEND | FS_XFLAG_NODUMP;
	ioctl(-1, FS_IOC_FSSETXATTR, fx);
	ioctl(-1, FS_IOC_FSGETXATTR, fx);
	ioctl(file, FS_IOC_FSGETXATTR, end - 4);
	fill(fm, sizeof(*fm), 0x60);
	fm->fm_flags = FIEMAP_FLAG_SYNC;
	ioctl(-1, FS_IOC_FIEMAP, fm);
	ioctl(-1, FS_IOC_FIEMAP, NULL);
	/* Not decoded: the number. */
	ioctl(-1, _IOC(_IOC_READ, 0xde, 0xad, 8), end - 8);
	ioctl(-1, _IO(0xde, 0), 0);
}

/*
 * Input devices: evdev, with the parameterised names (EVIOCGBIT(EV_KEY,
 * 8), EVIOCGABS(ABS_Y)) and the OSS mixer, HID and joystick ones.  Traced
 * once more with -e inject=ioctl:retval=N, where each read command
 * "succeeds": its output is what the program put there.
 */
static void input(char *end)
{
	static const unsigned long sized[] = {
		EVIOCGNAME(16), EVIOCGPHYS(0), EVIOCGUNIQ(3), EVIOCGPROP(8),
		EVIOCGKEY(96), EVIOCGLED(8), EVIOCGSND(8), EVIOCGSW(8),
		EVIOCGBIT(0, 8), EVIOCGBIT(EV_KEY, 96), EVIOCGBIT(EV_REL, 8),
		EVIOCGBIT(EV_ABS, 8), EVIOCGBIT(EV_MSC, 8),
		EVIOCGBIT(EV_SW, 8), EVIOCGBIT(EV_LED, 8),
		EVIOCGBIT(EV_SND, 8), EVIOCGBIT(EV_REP, 8),
		EVIOCGBIT(EV_FF, 16), EVIOCGBIT(EV_PWR, 4),
		EVIOCGBIT(EV_FF_STATUS, 4), EVIOCGBIT(0x6, 8),
		EVIOCGBIT(0x1f, 8), EVIOCGMTSLOTS(12), EVIOCGMTSLOTS(2),
		EVIOCGABS(ABS_X), EVIOCGABS(ABS_MT_TOOL_Y), EVIOCGABS(0xe),
		_IOC(_IOC_READ, 'E', 0x41, 20), _IOC(_IOC_READ, 'E', 0x41, 22),
		_IOC(_IOC_READ, 'E', 0x41, 32), _IOC(_IOC_READ, 'E', 0x41, 8),
		EVIOCGVERSION, EVIOCGID, EVIOCGREP, EVIOCGKEYCODE,
		EVIOCGKEYCODE_V2, EVIOCGEFFECTS, EVIOCGMASK,
		_IOC(_IOC_READ, 'E', 0x01, 3),
		/* The OSS mixer, hidraw, hiddev, joystick, uinput, spidev. */
		_IOC(_IOC_READ, 'M', 100, 4), _IOC(_IOC_WRITE, 'M', 2, 16),
		_IOC(_IOC_READ, 'H', 0x04, 8), _IOC(_IOC_READ, 'H', 0x06, 8),
		_IOC(_IOC_READ | _IOC_WRITE, 'H', 0x07, 8),
		_IOC(_IOC_READ, 'H', 0x12, 8), _IOC(_IOC_READ, 'j', 0x13, 8),
		_IOC(_IOC_READ, 'U', 0x2c, 8), _IOC(_IOC_WRITE, 'k', 0, 64),
	};
	unsigned char *buf = (unsigned char *)end - 128;
	struct ff_effect *ff = (void *)(end - sizeof(*ff));
	struct input_keymap_entry *ke = (void *)(end - sizeof(*ke));
	unsigned int *pair = (void *)(end - 8);

	fill(buf, 128, 0x41);
	buf[0] = 0x1a;	/* EV_KEY, EV_ABS, EV_MSC, EV_SW */
	buf[1] = 0;
	buf[2] = 0x06;
	buf[3] = 0;
	for (size_t i = 0; i < sizeof(sized) / sizeof(sized[0]); i++) {
		ioctl(-1, sized[i], buf);
		ioctl(-1, sized[i], NULL);
	}
	ioctl(-1, EVIOCGMTSLOTS(8), end - 4);
	ioctl(-1, EVIOCGABS(ABS_Y), end - 8);
	ioctl(-1, EVIOCSABS(ABS_Y), buf);
	ioctl(-1, EVIOCSABS(0x3f), end - 4);
	pair[0] = 0xdeadbeef;
	pair[1] = KEY_F12;
	ioctl(-1, EVIOCSKEYCODE, pair);
	ioctl(-1, EVIOCSREP, pair);
	pair[1] = 0xbadc0ded;
	ioctl(-1, EVIOCSKEYCODE, pair);
	ioctl(-1, EVIOCSKEYCODE, end - 4);
	ioctl(-1, EVIOCSCLOCKID, pair);
	fill(ke, sizeof(*ke), 0x80);
	ke->keycode = BTN_LEFT;
	ioctl(-1, EVIOCSKEYCODE_V2, ke);
	ioctl(-1, EVIOCSKEYCODE_V2, end - 8);
	fill(ff, sizeof(*ff), 0x90);
	for (unsigned int t = FF_RUMBLE; t <= FF_RAMP + 1; t++) {
		ff->type = (unsigned short)t;
		ioctl(-1, EVIOCSFF, ff);
	}
	ff->type = 0xff;
	ioctl(-1, EVIOCSFF, ff);
	ioctl(-1, EVIOCSFF, end - 8);
	ioctl(-1, EVIOCRMFF, 0xdeadbeefUL);
	ioctl(-1, EVIOCGRAB, -1UL);
	ioctl(-1, EVIOCREVOKE, 1UL);
	ioctl(-1, EVIOCSMASK, buf);
	ioctl(-1, _IOC(_IOC_WRITE, 'E', 0x1, 0xff), buf);
}

/* Devices: IDE disks. */
static void dev(char *end)
{
	static const unsigned int hdio[] = {
		HDIO_GETGEO, HDIO_GET_UNMASKINTR, HDIO_GET_MULTCOUNT,
		HDIO_GET_QDMA, HDIO_SET_XFER, HDIO_OBSOLETE_IDENTITY,
		HDIO_GET_KEEPSETTINGS, HDIO_GET_32BIT, HDIO_GET_NOWERR,
		HDIO_GET_DMA, HDIO_GET_NICE, HDIO_GET_IDENTITY,
		HDIO_GET_WCACHE, HDIO_GET_ACOUSTIC, HDIO_GET_ADDRESS,
		HDIO_GET_BUSSTATE, HDIO_TRISTATE_HWIF, HDIO_DRIVE_RESET,
		HDIO_DRIVE_TASKFILE, HDIO_DRIVE_TASK, HDIO_DRIVE_CMD,
		HDIO_SCAN_HWIF,
	};
	/* Their argument is a value: a pointer would print in decimal. */
	static const unsigned int hdio_set[] = {
		HDIO_SET_MULTCOUNT, HDIO_SET_UNMASKINTR, HDIO_SET_KEEPSETTINGS,
		HDIO_SET_32BIT, HDIO_SET_NOWERR, HDIO_SET_DMA,
		HDIO_SET_PIO_MODE, HDIO_UNREGISTER_HWIF, HDIO_SET_NICE,
		HDIO_SET_WCACHE, HDIO_SET_ACOUSTIC, HDIO_SET_BUSSTATE,
		HDIO_SET_QDMA, HDIO_SET_ADDRESS,
	};
	unsigned char *buf = (unsigned char *)end - 600;
	unsigned char *cmd = (unsigned char *)end - 4;

	fill(buf, 600, 0x80);
	buf[0] = 0x1f;
	buf[3] = 0;
	for (size_t i = 0; i < sizeof(hdio) / sizeof(hdio[0]); i++) {
		ioctl(-1, hdio[i], buf);
		ioctl(-1, hdio[i], NULL);
		ioctl(-1, hdio[i], end - 2);
	}
	for (size_t i = 0; i < sizeof(hdio_set) / sizeof(hdio_set[0]); i++) {
		ioctl(-1, hdio_set[i], 0);
		ioctl(-1, hdio_set[i], (unsigned long)0xfacefeed000000ffULL);
	}
	ioctl(-1, HDIO_SET_NICE, 0x1dUL);
	ioctl(-1, HDIO_SET_BUSSTATE, 2UL);
	cmd[0] = 0xca;
	cmd[1] = 0xff;
	cmd[2] = 0xee;
	cmd[3] = 0;
	ioctl(-1, HDIO_DRIVE_CMD, cmd);
	cmd[3] = 1;
	ioctl(-1, HDIO_DRIVE_CMD, cmd);
	buf[3] = 2;
	ioctl(-1, HDIO_DRIVE_CMD, buf);
}

/* Real time clocks. */
static void rtc(char *end)
{
	static const unsigned int cmds[] = {
		RTC_RD_TIME, RTC_ALM_READ, RTC_WKALM_RD, RTC_PLL_GET,
		RTC_IRQP_READ, RTC_EPOCH_READ, RTC_VL_READ, RTC_SET_TIME,
		RTC_ALM_SET, RTC_WKALM_SET, RTC_PLL_SET,
	};
	static const unsigned long long features[] = {
		0, 0x7, 0xdeadfacebeeffeffULL, 0xbeef00,
	};
	struct rtc_param *p = (void *)(end - sizeof(*p));
	unsigned char *buf = (unsigned char *)end - 48;

	fill(buf, 48, 0x80);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		ioctl(-1, cmds[i], buf);
		ioctl(-1, cmds[i], NULL);
		ioctl(-1, cmds[i], end - 8);
	}
	ioctl(-1, RTC_IRQP_SET, 0xdeadbeefUL);
	ioctl(-1, RTC_EPOCH_SET, 1970UL);
	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
		p->uvalue = features[i];
		p->__pad = (unsigned int)i;
		ioctl(-1, RTC_PARAM_SET, p);
		ioctl(-1, RTC_PARAM_GET, p);
	}
	p->index = 42;
	for (unsigned long long param = 1; param < 5; param++) {
		p->param = param;
		p->svalue = -1337;
		ioctl(-1, RTC_PARAM_SET, p);
		ioctl(-1, RTC_PARAM_GET, p);
		p->uvalue = 2;
		ioctl(-1, RTC_PARAM_SET, p);
	}
	ioctl(-1, RTC_PARAM_GET, NULL);
	ioctl(-1, RTC_PARAM_SET, end - 8);
}

/* Watchdogs, counters, and commands shown without their argument. */
static void dev_misc(char *end)
{
	static const unsigned int wd[] = {
		WDIOC_GETSUPPORT, WDIOC_GETSTATUS, WDIOC_GETBOOTSTATUS,
		WDIOC_GETTEMP, WDIOC_SETOPTIONS, WDIOC_KEEPALIVE,
		WDIOC_SETTIMEOUT, WDIOC_GETTIMEOUT, WDIOC_SETPRETIMEOUT,
		WDIOC_GETPRETIMEOUT, WDIOC_GETTIMELEFT,
		_IOC(_IOC_NONE, 'W', 0xff, 0),
		COUNTER_ENABLE_EVENTS_IOCTL, COUNTER_DISABLE_EVENTS_IOCTL,
		KDENABIO, KDMAPDISP, PIO_FONTRESET, RTC_AIE_ON, RTC_VL_CLR,
		_IOC(_IOC_READ, 0x3e, 3, 4),
	};
	struct counter_watch *w = (void *)(end - sizeof(*w));
	int *val = (int *)end - 1;

	*val = -123;
	for (size_t i = 0; i < sizeof(wd) / sizeof(wd[0]); i++) {
		ioctl(-1, wd[i], val);
		ioctl(-1, wd[i], NULL);
	}
	memset(w, 0, sizeof(*w));
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, w);
	w->component.type = COUNTER_COMPONENT_EXTENSION;
	w->component.scope = COUNTER_SCOPE_COUNT + 1;
	w->component.parent = 23;
	w->component.id = 42;
	w->event = COUNTER_EVENT_CAPTURE + 1;
	w->channel = 69;
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, w);
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, end - 2);
	ioctl(-1, COUNTER_ADD_WATCH_IOCTL, NULL);
}

/* GPIO v1 and v2: requests with their arrays cut at -s, flags, padding. */
static void gpio(char *end)
{
	struct gpiochip_info *ci = (void *)(end - sizeof(*ci));
	struct gpioline_info *li = (void *)(end - sizeof(*li));
	struct gpiohandle_request *hr = (void *)(end - sizeof(*hr));
	struct gpioevent_request *er = (void *)(end - sizeof(*er));
	struct gpiohandle_data *hd = (void *)(end - sizeof(*hd));
	struct gpiohandle_config *hc = (void *)(end - sizeof(*hc));
	struct gpio_v2_line_info *li2 = (void *)(end - sizeof(*li2));
	struct gpio_v2_line_request *lr = (void *)(end - sizeof(*lr));
	struct gpio_v2_line_values *lv = (void *)(end - sizeof(*lv));
	struct gpio_v2_line_config *lc = (void *)(end - sizeof(*lc));
	uint32_t *off = (uint32_t *)end - 1;
	static const unsigned int nulls[] = {
		GPIO_GET_CHIPINFO_IOCTL, GPIO_GET_LINEINFO_IOCTL,
		GPIO_GET_LINEINFO_UNWATCH_IOCTL, GPIO_GET_LINEHANDLE_IOCTL,
		GPIO_GET_LINEEVENT_IOCTL, GPIOHANDLE_GET_LINE_VALUES_IOCTL,
		GPIOHANDLE_SET_LINE_VALUES_IOCTL, GPIOHANDLE_SET_CONFIG_IOCTL,
		GPIO_V2_GET_LINEINFO_IOCTL, GPIO_V2_GET_LINE_IOCTL,
		GPIO_V2_LINE_GET_VALUES_IOCTL, GPIO_V2_LINE_SET_VALUES_IOCTL,
		GPIO_V2_LINE_SET_CONFIG_IOCTL, _IOC(_IOC_READ, 0xb4, 0x3f, 8),
	};

	for (size_t i = 0; i < sizeof(nulls) / sizeof(nulls[0]); i++) {
		ioctl(-1, nulls[i], NULL);
		ioctl(-1, nulls[i], end - 2);
	}
	fill(ci, sizeof(*ci), 'a');
	ci->name[5] = 0;
	ioctl(-1, GPIO_GET_CHIPINFO_IOCTL, ci);
	fill(li, sizeof(*li), 'A');
	li->line_offset = 7;
	li->flags = GPIOLINE_FLAG_IS_OUT | GPIOLINE_FLAG_BIAS_DISABLE | 0x100;
	ioctl(-1, GPIO_GET_LINEINFO_IOCTL, li);
	ioctl(-1, GPIO_GET_LINEINFO_WATCH_IOCTL, li);
	*off = 3;
	ioctl(-1, GPIO_GET_LINEINFO_UNWATCH_IOCTL, off);
	fill(hr, sizeof(*hr), 1);
	strcpy(hr->consumer_label, "cons");
	hr->flags = GPIOHANDLE_REQUEST_OUTPUT;
	for (unsigned int n = 0; n <= 65; n += 5) {
		hr->lines = n;
		ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, hr);
	}
	hr->flags = 0;
	ioctl(-1, GPIO_GET_LINEHANDLE_IOCTL, hr);
	memset(er, 0, sizeof(*er));
	er->eventflags = GPIOEVENT_REQUEST_RISING_EDGE | 4;
	er->handleflags = 0x100;
	ioctl(-1, GPIO_GET_LINEEVENT_IOCTL, er);
	fill(hd, sizeof(*hd), 0);
	ioctl(-1, GPIOHANDLE_GET_LINE_VALUES_IOCTL, hd);
	ioctl(-1, GPIOHANDLE_SET_LINE_VALUES_IOCTL, hd);
	memset(hc, 0, sizeof(*hc));
	hc->padding[1] = 5;
	ioctl(-1, GPIOHANDLE_SET_CONFIG_IOCTL, hc);

	fill(li2, sizeof(*li2), 'k');
	li2->flags = GPIO_V2_LINE_FLAG_EDGE_RISING | (1ULL << 40);
	li2->num_attrs = 3;
	memset(li2->padding, 0, sizeof(li2->padding));
	for (unsigned int i = 0; i < GPIO_V2_LINE_NUM_ATTRS_MAX; i++) {
		li2->attrs[i].id = i;
		li2->attrs[i].padding = i == 2 ? 9 : 0;
		li2->attrs[i].values = 0x1234567800000000ULL + i;
	}
	ioctl(-1, GPIO_V2_GET_LINEINFO_IOCTL, li2);
	li2->num_attrs = 12;
	li2->padding[3] = 1;
	ioctl(-1, GPIO_V2_GET_LINEINFO_WATCH_IOCTL, li2);

	memset(lr, 0, sizeof(*lr));
	for (unsigned int i = 0; i < GPIO_V2_LINES_MAX; i++)
		lr->offsets[i] = 100 + i;
	memset(lr->consumer, 'c', sizeof(lr->consumer));
	lr->num_lines = 40;
	lr->config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
	lr->config.num_attrs = 4;
	lr->config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
	lr->config.attrs[0].attr.values = 5;
	lr->config.attrs[0].mask = 3;
	lr->config.attrs[1].attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
	lr->config.attrs[1].attr.debounce_period_us = 77;
	lr->config.attrs[2].attr.id = 9;
	lr->config.attrs[2].attr.values = 1;
	lr->config.attrs[3].attr.id = GPIO_V2_LINE_ATTR_ID_FLAGS;
	lr->config.attrs[3].attr.padding = 2;
	lr->config.padding[4] = 8;
	lr->event_buffer_size = 16;
	lr->padding[0] = 1;
	ioctl(-1, GPIO_V2_GET_LINE_IOCTL, lr);

	lv->bits = 0;
	lv->mask = 0xff;
	ioctl(-1, GPIO_V2_LINE_GET_VALUES_IOCTL, lv);
	ioctl(-1, GPIO_V2_LINE_SET_VALUES_IOCTL, lv);
	struct gpio_v2_line_config cfg = lr->config;

	memcpy(lc, &cfg, sizeof(*lc));
	lc->num_attrs = 0;
	ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, lc);
	lc->num_attrs = 11;
	ioctl(-1, GPIO_V2_LINE_SET_CONFIG_IOCTL, lc);
}

/* The virtual console: values with comments, keymap entries, tables, fonts. */
static void kd(char *end)
{
	static const unsigned int ptrs[] = {
		KDGETLED, KDGKBTYPE, KDGETMODE, KDGKBMODE, KDGKBMETA, KDGKBLED,
		KDGKBENT, KDSKBENT, KDGKBSENT, KDSKBSENT, KDGKBDIACR,
		KDSKBDIACR, KDGKBDIACRUC, KDSKBDIACRUC, KDGETKEYCODE,
		KDSETKEYCODE, KDKBDREP, GIO_SCRNMAP, PIO_SCRNMAP, GIO_FONT,
		PIO_FONT, GIO_CMAP, PIO_CMAP, GIO_UNIMAP, PIO_UNIMAP,
		PIO_UNIMAPCLR, GIO_UNISCRNMAP, PIO_UNISCRNMAP, GIO_FONTX,
		PIO_FONTX, KDFONTOP,
	};
	static const unsigned long vals[] = {
		0, 1, 440, 0x1234de, 0x3b4, 0x3c5, 0x10064, 0xdead0000,
		0xfe, 0x70, 3, 4, 2, (unsigned long)-1, 9, 34,
	};
	static const unsigned int vcmds[] = {
		KIOCSOUND, KDMKTONE, KDSETLED, KDADDIO, KDDELIO, KDSETMODE,
		KDSKBMODE, KDSKBMETA, KDSKBLED, KDSIGACCEPT,
	};
	static const uint16_t keys[] = {
		0, 0x41, 0x10a, 0x213, 0x27f, 0x302, 0x41a, 0x520, 0x603,
		0x708, 0x85c, 0x90f, 0xa01, 0xb27, 0xc02, 0xd0a, 0xe05, 0xf12,
	};
	struct kbentry *ke = (void *)(end - sizeof(*ke));
	struct kbsentry *ks = (void *)(end - sizeof(*ks));
	struct kbdiacrs *kd = (void *)(end - sizeof(*kd));
	struct kbkeycode *kc = (void *)(end - sizeof(*kc));
	uint16_t *map = (uint16_t *)end - E_TABSZ;
	int *val = (int *)end - 1;

	for (size_t i = 0; i < sizeof(ptrs) / sizeof(ptrs[0]); i++) {
		ioctl(-1, ptrs[i], NULL);
		ioctl(-1, ptrs[i], end - 1);
	}
	for (size_t i = 0; i < sizeof(vcmds) / sizeof(vcmds[0]); i++)
		for (size_t j = 0; j < sizeof(vals) / sizeof(vals[0]); j++)
			ioctl(-1, vcmds[i], vals[j]);
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		*val = (int)vals[i];
		ioctl(-1, KDGETLED, val);
		ioctl(-1, KDGKBMODE, val);
		ioctl(-1, KDGETMODE, val);
		ioctl(-1, KDGKBLED, val);
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		ke->kb_table = (unsigned char)(i * 37);
		ke->kb_index = (unsigned char)i;
		ke->kb_value = keys[i];
		ioctl(-1, KDGKBENT, ke);
		ioctl(-1, KDSKBENT, ke);
	}
	fill(ks->kb_string, sizeof(ks->kb_string), 'a');
	ks->kb_string[20] = 0;
	ks->kb_func = KVAL(K_FIND);
	ioctl(-1, KDGKBSENT, ks);
	ioctl(-1, KDSKBSENT, ks);
	fill(kd, sizeof(*kd), '!');
	kd->kb_cnt = 40;
	ioctl(-1, KDGKBDIACR, kd);
	ioctl(-1, KDSKBDIACR, kd);
	kc->scancode = 5;
	kc->keycode = 0x80;
	ioctl(-1, KDGETKEYCODE, kc);
	ioctl(-1, KDSETKEYCODE, kc);
	for (unsigned int i = 0; i < E_TABSZ; i++)
		map[i] = (uint16_t)(0xf000 + i * 3);
	ioctl(-1, GIO_UNISCRNMAP, map);
	ioctl(-1, PIO_UNISCRNMAP, map);
	ioctl(-1, PIO_SCRNMAP, end - E_TABSZ);
	ioctl(-1, GIO_CMAP, end - 48);
}

/* NBD, LIRC, UBI and MTD. */
static void dev2(char *end)
{
	static const unsigned int lirc[] = {
		LIRC_GET_FEATURES, LIRC_GET_SEND_MODE, LIRC_GET_REC_MODE,
		LIRC_GET_REC_RESOLUTION, LIRC_GET_MIN_TIMEOUT,
		LIRC_GET_MAX_TIMEOUT, LIRC_GET_LENGTH, LIRC_GET_REC_TIMEOUT,
		LIRC_SET_SEND_MODE, LIRC_SET_REC_MODE, LIRC_SET_SEND_CARRIER,
		LIRC_SET_TRANSMITTER_MASK, LIRC_SET_WIDEBAND_RECEIVER,
	};
	static const unsigned int ubi[] = {
		UBI_IOCVOLCRBLK, UBI_IOCDET, UBI_IOCEBISMAP, UBI_IOCVOLUP,
		UBI_IOCATT, UBI_IOCEBCH, UBI_IOCEBMAP, UBI_IOCMKVOL,
		UBI_IOCRNVOL, UBI_IOCRSVOL, UBI_IOCSETVOLPROP,
	};
	static const unsigned int mtd[] = {
		MEMGETINFO, MEMERASE, MEMWRITEOOB, MEMREADOOB, MEMLOCK,
		MEMGETREGIONCOUNT, MEMGETREGIONINFO, MEMGETOOBSEL,
		MEMGETBADBLOCK, OTPSELECT, OTPGETREGIONCOUNT,
		OTPGETREGIONINFO, OTPLOCK, ECCGETLAYOUT, ECCGETSTATS,
		MEMERASE64, MEMREADOOB64, MEMISLOCKED, MEMWRITE, OTPERASE,
	};
	unsigned char *buf = (unsigned char *)end - 1200;
	struct ubi_mkvol_req *mk = (void *)(end - sizeof(*mk));
	/* Bigger than the page before end. */
	static struct ubi_rnvol_req rnvol;
	struct ubi_rnvol_req *rn = &rnvol;

	ioctl(-1, NBD_SET_SOCK, 1UL);
	ioctl(-1, NBD_SET_SIZE, 0xfacefeed12345678ULL);
	ioctl(-1, NBD_SET_FLAGS, 0x40bUL);
	ioctl(-1, NBD_SET_FLAGS, 0xf000UL);
	ioctl(-1, NBD_DISCONNECT, 0UL);
	fill(buf, 1200, 0x80);
	buf[0] = 3;
	for (size_t i = 0; i < sizeof(lirc) / sizeof(lirc[0]); i++) {
		ioctl(-1, lirc[i], buf);
		ioctl(-1, lirc[i], NULL);
		ioctl(-1, lirc[i], end - 2);
	}
	memset(buf, 0xff, 4);
	ioctl(-1, LIRC_GET_FEATURES, buf);
	buf[0] = 0;
	for (size_t i = 0; i < sizeof(ubi) / sizeof(ubi[0]); i++) {
		ioctl(-1, ubi[i], buf);
		ioctl(-1, ubi[i], NULL);
		ioctl(-1, ubi[i], end - 2);
	}
	fill(mk, sizeof(*mk), 0x30);
	mk->vol_type = UBI_DYNAMIC_VOLUME;
	mk->flags = 3;
	mk->name_len = 5;
	mk->name[2] = 0;
	ioctl(-1, UBI_IOCMKVOL, mk);
	mk->name_len = 200;
	ioctl(-1, UBI_IOCMKVOL, mk);
	fill(rn, sizeof(*rn), 0x41);
	rn->count = 3;
	rn->ents[1].name_len = 2;
	rn->ents[1].name[2] = 0;
	ioctl(-1, UBI_IOCRNVOL, rn);
	fill(buf, 1200, 0x80);
	buf[0] = 1;
	for (size_t i = 0; i < sizeof(mtd) / sizeof(mtd[0]); i++) {
		ioctl(-1, mtd[i], buf);
		ioctl(-1, mtd[i], NULL);
		ioctl(-1, mtd[i], end - 2);
	}
	ioctl(-1, MTDFILEMODE, 3UL);
	ioctl(-1, MTDFILEMODE, 7UL);
}

/* PTP clocks and TEE. */
static void dev3(char *end)
{
	static const unsigned int ptp[] = {
		PTP_CLOCK_GETCAPS, PTP_EXTTS_REQUEST2, PTP_PEROUT_REQUEST,
		PTP_PEROUT_REQUEST2, PTP_SYS_OFFSET, PTP_PIN_GETFUNC2,
		PTP_PIN_SETFUNC, PTP_SYS_OFFSET_PRECISE,
		PTP_SYS_OFFSET_EXTENDED, PTP_ENABLE_PPS,
		TEE_IOC_VERSION, TEE_IOC_SHM_ALLOC, TEE_IOC_SHM_REGISTER,
		TEE_IOC_CANCEL, TEE_IOC_CLOSE_SESSION, TEE_IOC_INVOKE,
		TEE_IOC_SUPPL_SEND,
		_IOC(_IOC_READ | _IOC_WRITE, TEE_IOC_MAGIC, 8, 32),
	};
	static union {
		struct tee_ioctl_open_session_arg os;
		struct {
			unsigned char hdr[sizeof(struct tee_ioctl_open_session_arg)];
			struct tee_ioctl_param p[3];
		} d;
	} os;
	struct tee_ioctl_buf_data *bd = (void *)(end - sizeof(*bd));
	struct ptp_sys_offset *so = (void *)(end - sizeof(*so));
	unsigned char *buf = (unsigned char *)end - 1216;

	fill(buf, 1216, 0x80);
	buf[0] = 3;
	for (size_t i = 0; i < sizeof(ptp) / sizeof(ptp[0]); i++) {
		ioctl(-1, ptp[i], buf);
		ioctl(-1, ptp[i], NULL);
		ioctl(-1, ptp[i], end - 2);
	}
	fill(so, sizeof(*so), 0);
	so->n_samples = 20;
	ioctl(-1, PTP_SYS_OFFSET, so);
	fill(&os, sizeof(os), 0x20);
	os.os.clnt_login = TEE_IOCTL_LOGIN_GROUP;
	os.os.num_params = 3;
	os.d.p[0].attr = 0x1ff;
	os.d.p[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT | 0x1000;
	os.d.p[2].attr = 4;
	bd->buf_ptr = (unsigned long)&os;
	bd->buf_len = sizeof(os);
	ioctl(-1, TEE_IOC_OPEN_SESSION, bd);
	os.os.clnt_login = 0x80000000;
	ioctl(-1, TEE_IOC_OPEN_SESSION, bd);
	bd->buf_len = sizeof(os) - 1;
	ioctl(-1, TEE_IOC_OPEN_SESSION, bd);
}

/* The SCSI generic driver's int commands and resets. */
static void scsi(char *end)
{
	static const unsigned int cmds[] = {
		SG_SET_TIMEOUT, SG_GET_TIMEOUT, SG_EMULATED_HOST,
		SG_GET_TRANSFORM, SG_GET_COMMAND_Q, SG_SET_COMMAND_Q,
		SG_GET_RESERVED_SIZE, SG_SET_RESERVED_SIZE, SG_GET_SCSI_ID,
		SG_SET_FORCE_LOW_DMA, SG_GET_LOW_DMA, SG_SET_FORCE_PACK_ID,
		SG_GET_PACK_ID, SG_GET_NUM_WAITING, SG_SET_DEBUG,
		SG_GET_SG_TABLESIZE, SG_GET_VERSION_NUM, SG_NEXT_CMD_LEN,
		SG_GET_REQUEST_TABLE, SG_SET_KEEP_ORPHAN, SG_GET_KEEP_ORPHAN,
		0x2289,
	};
	static const unsigned int resets[] = {
		0, 1, 4, 5, 0x100, 0x103, 0x104, 0x200, 0xfacefeed,
	};
	int *val = (int *)end - 1;

	*val = -42;
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		ioctl(-1, cmds[i], val);
		ioctl(-1, cmds[i], NULL);
		ioctl(-1, cmds[i], end - 2);
	}
	for (size_t i = 0; i < sizeof(resets) / sizeof(resets[0]); i++) {
		*val = (int)resets[i];
		ioctl(-1, SG_SCSI_RESET, val);
	}
	ioctl(-1, SG_SCSI_RESET, end - 2);
	ioctl(-1, SG_SET_TRANSFORM, -2L);
}

/* Video4Linux2: each struct at the end of the page, NULL and cut short. */
static void v4l2(char *end)
{
	static const unsigned int types[] = {
		V4L2_BUF_TYPE_VIDEO_CAPTURE, V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE,
		V4L2_BUF_TYPE_VIDEO_OVERLAY, V4L2_BUF_TYPE_VBI_OUTPUT,
		V4L2_BUF_TYPE_SLICED_VBI_CAPTURE, V4L2_BUF_TYPE_SDR_OUTPUT,
		V4L2_BUF_TYPE_META_CAPTURE, 0x77,
	};
	static const unsigned int cmds[] = {
		VIDIOC_QUERYCAP, VIDIOC_ENUM_FMT, VIDIOC_REQBUFS,
#if __SIZEOF_LONG__ == 8
		/*
		 * An i386 build's 32-bit time_t numbers strace calls
		 * VIDIOC_*BUF_TIME32, the tracer by their uapi names.
		 */
		VIDIOC_QUERYBUF, VIDIOC_QBUF, VIDIOC_DQBUF,
#endif
		VIDIOC_G_FBUF,
		VIDIOC_S_FBUF, VIDIOC_STREAMON, VIDIOC_STREAMOFF,
		VIDIOC_G_PARM, VIDIOC_S_PARM, VIDIOC_G_STD, VIDIOC_S_STD,
		VIDIOC_ENUMSTD, VIDIOC_ENUMINPUT, VIDIOC_G_CTRL, VIDIOC_S_CTRL,
		VIDIOC_G_TUNER, VIDIOC_S_TUNER, VIDIOC_QUERYCTRL,
		VIDIOC_G_INPUT, VIDIOC_S_INPUT, VIDIOC_CROPCAP, VIDIOC_G_CROP,
		VIDIOC_S_CROP, VIDIOC_ENUM_FRAMESIZES,
		VIDIOC_ENUM_FRAMEINTERVALS, VIDIOC_CREATE_BUFS,
		VIDIOC_QUERY_EXT_CTRL, VIDIOC_G_EXT_CTRLS, VIDIOC_LOG_STATUS,
	};
	static const unsigned int cids[] = {
		V4L2_CID_BRIGHTNESS, V4L2_CID_MPEG_VIDEO_H264_CPB_SIZE,
		V4L2_CTRL_CLASS_USER, V4L2_CTRL_CLASS_CAMERA | 0x42, 0xa60000, 0,
		V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CID_SATURATION,
	};
	struct v4l2_format *f = (void *)(end - sizeof(*f));
	struct v4l2_control *c = (void *)(end - sizeof(*c));
	struct v4l2_queryctrl *q = (void *)(end - sizeof(*q));
	struct v4l2_ext_controls *x = (void *)(end - sizeof(*x));
	struct v4l2_ext_control *xc = (void *)(end - 512);
	struct v4l2_streamparm *sp = (void *)(end - sizeof(*sp));
	char *page = end - PG;

	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		fill(page, PG, (unsigned char)i);
		ioctl(-1, cmds[i], end - 24 * 16);
		ioctl(-1, cmds[i], NULL);
		ioctl(-1, cmds[i], end - 2);
	}
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		fill(f, sizeof(*f), (unsigned char)(0x30 + i));
		f->type = types[i];
		f->fmt.pix.pixelformat = i & 1 ? V4L2_PIX_FMT_YUYV : 0x5c27410a;
		f->fmt.pix.field = V4L2_FIELD_INTERLACED;
		f->fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
		f->fmt.pix_mp.num_planes = 2;
		if (types[i] == V4L2_BUF_TYPE_VIDEO_OVERLAY) {
			f->fmt.win.clips = (void *)(end - 2 * sizeof(struct v4l2_clip));
			f->fmt.win.clipcount = 3;
			f->fmt.win.bitmap = NULL;
		}
		if (types[i] == V4L2_BUF_TYPE_VBI_OUTPUT)
			f->fmt.vbi.flags = V4L2_VBI_UNSYNC | 0x40;
		if (types[i] == V4L2_BUF_TYPE_SLICED_VBI_CAPTURE)
			f->fmt.sliced.service_set = V4L2_SLICED_CAPTION_525;
		ioctl(-1, VIDIOC_G_FMT, f);
		ioctl(-1, VIDIOC_S_FMT, f);
		ioctl(-1, VIDIOC_TRY_FMT, f);
	}
	for (size_t i = 0; i < sizeof(cids) / sizeof(cids[0]); i++) {
		c->id = cids[i];
		c->value = -(int)i;
		ioctl(-1, VIDIOC_G_CTRL, c);
		ioctl(-1, VIDIOC_S_CTRL, c);
		q->id = cids[i];
		ioctl(-1, VIDIOC_QUERYCTRL, q);
	}
	fill(sp, sizeof(*sp), 3);
	sp->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
	sp->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
	ioctl(-1, VIDIOC_S_PARM, sp);
	sp->type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
	ioctl(-1, VIDIOC_S_PARM, sp);
	fill(end - 1024, 512, 9);
	xc[0].id = V4L2_CID_CONTRAST;
	xc[0].size = 0;
	xc[1].id = V4L2_CID_HUE;
	xc[1].size = 3;
	xc[1].string = end - 1000;
	x->ctrl_class = V4L2_CTRL_CLASS_USER;
	x->count = 2;
	x->controls = xc;
	ioctl(-1, VIDIOC_S_EXT_CTRLS, x);
	ioctl(-1, VIDIOC_G_EXT_CTRLS, x);
	x->count = 3;
	ioctl(-1, VIDIOC_TRY_EXT_CTRLS, x);
	x->count = 0;
	ioctl(-1, VIDIOC_S_EXT_CTRLS, x);
	x->ctrl_class = 0x160000;
	x->count = 1;
	x->controls = (void *)(end + 8);
	ioctl(-1, VIDIOC_S_EXT_CTRLS, x);
}

/* Socket commands: struct ifreq, ifconf, bridge names (ioctl_net.c). */
static void net(char *end)
{
	static const unsigned int setters[] = {
		SIOCSIFFLAGS, SIOCSIFADDR, SIOCSIFNETMASK, SIOCSIFHWADDR,
		SIOCSIFMTU, SIOCSIFNAME, SIOCSIFMAP, SIOCSIFTXQLEN, SIOCBRADDIF,
		SIOCGIFNAME, SIOCGIFMTU, SIOCGIFHWADDR, SIOCGIFFLAGS, SIOCATMARK,
		SIOCSIFENCAP, SIOCGSTAMP, SIOCGIFCOUNT,
	};
	struct ifreq *ifr = (struct ifreq *)end - 1;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr->ifr_addr;

	for (size_t i = 0; i < sizeof(setters) / sizeof(setters[0]); i++) {
		fill(ifr, sizeof(*ifr), 0x61);
		ifr->ifr_name[3] = '\0';
		ioctl(-1, setters[i], ifr);
		ifr->ifr_name[IFNAMSIZ - 1] = 'x';
		ifr->ifr_flags = (short)0x1003;
		sin->sin_family = AF_INET;
		sin->sin_addr.s_addr = htonl(0x7f000001);
		ioctl(-1, setters[i], ifr);
		ioctl(-1, setters[i], NULL);
		ioctl(-1, setters[i], end - 4);
	}
	strcpy(end - 6, "br0");
	ioctl(-1, SIOCBRADDBR, end - 6);
	memset(end - 16, 'b', 16);
	ioctl(-1, SIOCBRDELBR, end - 16);
	ioctl(-1, SIOCBRDELBR, end - 15);
}

/*
 * The getters on a real socket, and SIOCGIFCONF: a separate section, as
 * -yy shows the socket's inode, which differs between two runs.
 */
static void netsock(char *end)
{
	struct ifreq *ifr = (struct ifreq *)end - 1;
	struct ifconf *ifc = (struct ifconf *)end - 1;
	char *buf = end - 3 * sizeof(*ifr) - sizeof(*ifc);
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	memset(ifr, 0, sizeof(*ifr));
	strcpy(ifr->ifr_name, "lo");
	ioctl(s, SIOCGIFINDEX, ifr);
	ioctl(s, SIOCGIFNAME, ifr);
	ioctl(s, SIOCGIFFLAGS, ifr);
	ioctl(s, SIOCGIFADDR, ifr);
	strcpy(ifr->ifr_name, "no-such-if");
	ioctl(s, SIOCGIFMTU, ifr);
	ifc->ifc_len = 3 * sizeof(*ifr);
	ifc->ifc_buf = buf;
	ioctl(s, SIOCGIFCONF, ifc);
	ifc->ifc_buf = NULL;
	ioctl(s, SIOCGIFCONF, ifc);
	ioctl(s, SIOCGIFCONF, end - 4);
	close(s);
}

/* Device mapper: struct dm_ioctl and what follows it (ioctl_dm.c). */
static void dm(char *end)
{
	static const unsigned int cmds[] = {
		DM_VERSION, DM_REMOVE_ALL, DM_LIST_DEVICES, DM_DEV_CREATE,
		DM_DEV_REMOVE, DM_DEV_RENAME, DM_DEV_SUSPEND, DM_DEV_STATUS,
		DM_DEV_WAIT, DM_TABLE_LOAD, DM_TABLE_CLEAR, DM_TABLE_DEPS,
		DM_TABLE_STATUS, DM_LIST_VERSIONS, DM_TARGET_MSG,
		DM_DEV_SET_GEOMETRY, DM_DEV_ARM_POLL,
	};
	size_t size = sizeof(struct dm_ioctl) + sizeof(struct dm_target_spec) + 16;
	struct dm_ioctl *d = (struct dm_ioctl *)(end - size);
	struct dm_target_spec *t = (struct dm_target_spec *)(d + 1);

	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		memset(d, 0, size);
		d->version[0] = DM_VERSION_MAJOR;
		d->version[1] = 4;
		d->data_size = (uint32_t)size;
		d->data_start = sizeof(*d);
		d->target_count = 1;
		d->dev = 0x801;
		d->event_nr = 7;
		d->flags = DM_READONLY_FLAG | 0x80;
		strcpy(d->name, "vg-lv");
		fill(d->uuid, sizeof(d->uuid), 0x41);
		t->sector_start = 8;
		t->length = 1024;
		strcpy(t->target_type, "linear");
		strcpy((char *)(t + 1), "8:1 2048 tail");
		ioctl(-1, cmds[i], d);
		d->data_size = 100;
		ioctl(-1, cmds[i], d);
		d->version[0] = 3;
		ioctl(-1, cmds[i], d);
		ioctl(-1, cmds[i], NULL);
		ioctl(-1, cmds[i], end - 8);
	}
	memset(d, 0, size);
	d->version[0] = DM_VERSION_MAJOR;
	d->data_size = (uint32_t)size;
	d->data_start = (uint32_t)size - 4;
	d->target_count = 3;
	ioctl(-1, DM_TABLE_LOAD, d);
	ioctl(-1, DM_TARGET_MSG, d);
	d->data_start = (uint32_t)size + 4;
	ioctl(-1, DM_DEV_RENAME, d);
}

/* SG_IO: struct sg_io_hdr and struct sg_io_v4 (ioctl_scsi.c). */
static void sgio(char *end)
{
	struct sg_io_hdr *h = (struct sg_io_hdr *)end - 1;
	struct sg_io_v4 *v = (struct sg_io_v4 *)end - 1;
	static const int dirs[] = {
		SG_DXFER_NONE, SG_DXFER_TO_DEV, SG_DXFER_FROM_DEV,
		SG_DXFER_TO_FROM_DEV, -5, 7,
	};
	static unsigned char cdb[6] = { 0x12, 0, 0, 0, 0x24, 0 };
	static char data[8] = "abc\x01\xffz";
	static struct iovec iov[2] = {
		{ data, 3 }, { data + 3, 4 },
	};

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		fill(h, sizeof(*h), 0x80);
		h->interface_id = 'S';
		h->dxfer_direction = dirs[i];
		h->cmd_len = sizeof(cdb);
		h->cmdp = cdb;
		h->dxfer_len = 6;
		h->dxferp = data;
		h->iovec_count = 0;
		h->sb_len_wr = 2;
		h->sbp = (unsigned char *)data;
		h->resid = (int)i - 1;
		h->flags = SG_FLAG_DIRECT_IO | 0x100;
		ioctl(-1, SG_IO, h);
		h->iovec_count = 2;
		h->dxferp = iov;
		ioctl(-1, SG_IO, h);
	}
	h->interface_id = 'X';
	ioctl(-1, SG_IO, h);
	ioctl(-1, SG_IO, end - 4);
	fill(v, sizeof(*v), 0x90);
	v->guard = 'Q';
	v->protocol = BSG_PROTOCOL_SCSI;
	v->subprotocol = BSG_SUB_PROTOCOL_SCSI_CMD;
	v->request_len = sizeof(cdb);
	v->request = (uintptr_t)cdb;
	v->dout_xfer_len = 5;
	v->dout_xferp = (uintptr_t)data;
	v->dout_iovec_count = 0;
	v->din_iovec_count = 2;
	v->din_xfer_len = 7;
	v->din_xferp = (uintptr_t)iov;
	v->din_resid = 2;
	v->response_len = 3;
	v->response = (uintptr_t)data;
	v->flags = BSG_FLAG_Q_AT_TAIL;
	ioctl(-1, SG_IO, v);
}

/* KVM commands on no VM: their arguments all the same (ioctl_kvm.c). */
static void kvm(char *end)
{
	struct kvm_userspace_memory_region *r =
		(struct kvm_userspace_memory_region *)end - 1;
	struct kvm_regs *regs = (struct kvm_regs *)end - 1;
	struct kvm_sregs *sregs = (struct kvm_sregs *)end - 1;
	struct kvm_cpuid2 *c = (struct kvm_cpuid2 *)(end - sizeof(*c) -
				2 * sizeof(struct kvm_cpuid_entry2));

	ioctl(-1, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY);
	ioctl(-1, KVM_CHECK_EXTENSION, 0xfffff);
	ioctl(-1, KVM_CREATE_VM, 0);
	ioctl(-1, KVM_CREATE_VCPU, 2);
	ioctl(-1, KVM_RUN, 0);
	fill(r, sizeof(*r), 1);
	r->flags = KVM_MEM_READONLY;
	ioctl(-1, KVM_SET_USER_MEMORY_REGION, r);
	ioctl(-1, KVM_SET_USER_MEMORY_REGION, end - 4);
	fill(regs, sizeof(*regs), 3);
	ioctl(-1, KVM_SET_REGS, regs);
	ioctl(-1, KVM_GET_REGS, regs);
	fill(sregs, sizeof(*sregs), 5);
	ioctl(-1, KVM_SET_SREGS, sregs);
	ioctl(-1, KVM_GET_SREGS, NULL);
	fill(c, sizeof(*c) + 2 * sizeof(struct kvm_cpuid_entry2), 7);
	c->nent = 2;
	ioctl(-1, KVM_SET_CPUID2, c);
	c->nent = 0;
	ioctl(-1, KVM_SET_CPUID2, c);
	ioctl(-1, KVM_GET_SUPPORTED_CPUID, c);
}

/* Whether section name is to run: the arguments name those that are, all without. */
static bool wanted(int argc, char **argv, const char *name)
{
	if (argc < 2)
		return true;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	char *end;
	int file;

	marker("decode-begin");
	end = tail_page();
	file = open("/proc/self/exe", O_RDONLY);
	if (wanted(argc, argv, "kernel")) {
		nsfs();
		uffd(end);
		perf(end);
		seccomp_notif(end);
		random_inotify(end);
	}
	if (wanted(argc, argv, "block")) {
		loop(end);
		block_fs(end, file);
	}
	if (wanted(argc, argv, "input"))
		input(end);
	if (wanted(argc, argv, "dev")) {
		dev(end);
		rtc(end);
		dev_misc(end);
	}
	if (wanted(argc, argv, "gpio"))
		gpio(end);
	if (wanted(argc, argv, "kd"))
		kd(end);
	if (wanted(argc, argv, "dev2"))
		dev2(end);
	if (wanted(argc, argv, "dev3"))
		dev3(end);
	if (wanted(argc, argv, "scsi"))
		scsi(end);
	if (wanted(argc, argv, "v4l2"))
		v4l2(end);
	if (wanted(argc, argv, "net"))
		net(end);
	/* Named only: -yy would show the socket's inode. */
	if (argc > 1 && wanted(argc, argv, "netsock"))
		netsock(end);
	if (wanted(argc, argv, "dm"))
		dm(end);
	if (wanted(argc, argv, "sgio"))
		sgio(end);
	if (wanted(argc, argv, "kvm"))
		kvm(end);
	marker("decode-end");
	return 0;
}
