/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * System V IPC: msgget, msgsnd, msgrcv, msgctl, semget, semop,
 * semtimedop, semctl, shmget, shmat, shmdt, shmctl, and the i386 ipc(2)
 * multiplexer, whose sub-calls strace shows under their own names.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/net.h"
#include "xlat/tables/ipc_msg_flags.h"
#include "xlat/tables/ipccalls.h"
#include "xlat/tables/msgctl_cmds.h"
#include "xlat/tables/resource_flags.h"
#include "xlat/tables/semctl_cmds.h"
#include "xlat/tables/semop_flags.h"
#include "xlat/tables/shm_flags.h"
#include "xlat/tables/shm_resource_flags.h"
#include "xlat/tables/shmctl_cmds.h"

/* linux/ipc.h */
#define IPC_64_		0x0100
#define IPC_SET_	1
#define IPC_STAT_	2
#define MSG_STAT_	11
#define MSG_STAT_ANY_	13
#define SEM_STAT_	18
#define SEM_STAT_ANY_	20
#define SHM_STAT_	13
#define SHM_STAT_ANY_	15
#define SETVAL_		16
#define IPC_INFO_	3
#define MSG_INFO_	12
#define SEM_INFO_	19
#define SHM_INFO_	14
/* include/uapi/linux/shm.h: the hugetlb page size as a log2 */
#define SHM_HUGE_SHIFT_	26
#define SHM_HUGE_MASK_	0x3f

static void print_ipc_key(struct tcb *tcp, int32_t key)
{
	/* IPC_PRIVATE is 0, linux/ipc.h; strace shows other keys in hex. */
	if (!key)
		print_named(tcp, 0, "IPC_PRIVATE", true);
	else
		emit_hex(tcp, (uint32_t)key);
}

/* "IPC_CREAT|0600": flags above the permission bits, then the mode. */
static void print_ipc_get_flags(struct tcb *tcp, const struct xlat *x,
				uint32_t flags)
{
	char buf[256], names[224];
	uint32_t high = flags & ~0777u;
	uint64_t known = 0;

	if (!high) {
		emit_oct(tcp, flags);
		return;
	}
	for (const struct xlat *e = x; e->name; e++)
		known |= e->val;
	/*
	 * strace joins a high part with no named bit straight to the mode,
	 * with no "|": 0x10000000|0644 reads "0x100000000644" (not under
	 * -X raw, where the two are always joined by "|").
	 */
	if (!(high & known) && cfg.xlat_style != XLAT_STYLE_RAW) {
		snprintf(buf, sizeof(buf), "%#x%#03o", high, flags & 0777u);
		emit_sym(tcp, flags, buf);
		return;
	}
	sprint_flags(names, sizeof(names), x, high, "IPC_???");
	snprintf(buf, sizeof(buf), "%s|%#03o", names, flags & 0777u);
	emit_sym(tcp, flags, buf);
}

/* msgctl/semctl/shmctl commands: "IPC_64|IPC_STAT" on i386. */
static void print_ipc_cmd(struct tcb *tcp, const struct xlat *x, int cmd,
			  const char *dflt)
{
	char buf[128], name[80];

	if (!(cmd & IPC_64_)) {
		print_xval(tcp, x, (uint32_t)cmd, dflt);
		return;
	}
	sprint_xval(name, sizeof(name), x, (uint32_t)cmd & ~IPC_64_, dflt);
	if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(buf, sizeof(buf), "%#x|%s", IPC_64_, name);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(buf, sizeof(buf), "%#x /* IPC_64 */|%s", IPC_64_, name);
	else
		snprintf(buf, sizeof(buf), "IPC_64|%s", name);
	emit_sym(tcp, (uint32_t)cmd, buf);
}

SYS_FUNC(msgget)
{
	print_ipc_key(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_ipc_get_flags(tcp, resource_flags, (uint32_t)tcp_iarg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(semget)
{
	print_ipc_key(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_ipc_get_flags(tcp, resource_flags, (uint32_t)tcp_iarg(tcp, 2));
	return RVAL_DECODED;
}

/*
 * shmget's flags: the named ones (bits no name covers alone stay a bare
 * number), the hugetlb page size as "21<<SHM_HUGE_SHIFT", the mode.
 */
static void print_shm_get_flags(struct tcb *tcp, uint32_t flags)
{
	uint32_t huge = (flags >> SHM_HUGE_SHIFT_) & SHM_HUGE_MASK_;
	uint32_t high = flags & ~0777u &
			~((uint32_t)SHM_HUGE_MASK_ << SHM_HUGE_SHIFT_);
	char buf[384];
	size_t n = 0;
	bool named = false;

	if (!high && !huge) {
		emit_oct(tcp, flags);
		return;
	}
	for (const struct xlat *x = shm_resource_flags; x->name; x++)
		if (high & x->val)
			named = true;
	if (high && named)
		sprint_flags(buf, sizeof(buf), shm_resource_flags, high,
			     "SHM_???");
	else if (high)
		snprintf(buf, sizeof(buf), "%#x", high);
	else
		buf[0] = '\0';
	n = strlen(buf);
	if (huge) {
		const char *sep = n ? "|" : "";

		if (cfg.xlat_style == XLAT_STYLE_RAW)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "%s%u<<%u", sep, huge,
					      SHM_HUGE_SHIFT_);
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "%s%u<<%u /* SHM_HUGE_SHIFT */",
					      sep, huge, SHM_HUGE_SHIFT_);
		else
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "%s%u<<SHM_HUGE_SHIFT", sep,
					      huge);
	}
	snprintf(buf + n, sizeof(buf) - n, "|%#03o", flags & 0777u);
	emit_sym(tcp, flags, buf);
}

SYS_FUNC(shmget)
{
	print_ipc_key(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_shm_get_flags(tcp, (uint32_t)tcp_iarg(tcp, 2));
	return RVAL_DECODED;
}

/* struct msgbuf: a long mtype, then size bytes of mtext. */
static void print_msgbuf(struct tcb *tcp, uint64_t addr, uint64_t size)
{
	unsigned int w = tcp_wordsize(tcp);
	int64_t mtype;

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	/*
	 * strace reads a struct msgbuf {long mtype; char mtext[1];}, padded
	 * to two longs, before anything: the address when that fails, else
	 * the text as a buffer (its own address when it cannot be read).
	 */
	{
		unsigned char b[16];

		if (tracee_read(tcp, addr, b, 2 * w)) {
			emit_ptr(tcp, addr);
			return;
		}
		if (w == 4) {
			int32_t t;

			memcpy(&t, b, 4);
			mtype = t;
		} else {
			memcpy(&mtype, b, 8);
		}
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "mtype");
	emit_int(tcp, mtype);
	emit_field(tcp, "mtext");
	emit_buf(tcp, addr + w, size);
	emit_struct_end(tcp);
}

SYS_FUNC(msgsnd)
{
	emit_int(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_msgbuf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_flags(tcp, ipc_msg_flags, (uint32_t)tcp_iarg(tcp, 3), "MSG_???");
	return RVAL_DECODED;
}

SYS_FUNC(msgrcv)
{
	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_msgbuf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_int(tcp, tcp_sarg(tcp, 3));
	emit_next(tcp);
	print_flags(tcp, ipc_msg_flags, (uint32_t)tcp_iarg(tcp, 4), "MSG_???");
	return RVAL_DECIMAL;
}

/*
 * The 64-bit IPC structures (struct msqid64_ds, semid64_ds, shmid64_ds):
 * on x86_64 every field after the ipc64_perm is a long; on i386 each
 * time is a long followed by its high half.  Read as longs ("words").
 */
struct ipc_perm_v {
	uint32_t key, uid, gid, cuid, cgid, mode;
};

static size_t perm_size(const struct tcb *tcp)
{
	return tcp_wordsize(tcp) == 4 ? 36 : 48;
}

static void perm_unpack(const struct tcb *tcp, const unsigned char *b,
			struct ipc_perm_v *p)
{
	memcpy(&p->key, b, 4);
	memcpy(&p->uid, b + 4, 4);
	memcpy(&p->gid, b + 8, 4);
	memcpy(&p->cuid, b + 12, 4);
	memcpy(&p->cgid, b + 16, 4);
	/* mode: an unsigned int on x86_64, an unsigned short on i386. */
	if (tcp_wordsize(tcp) == 4) {
		uint16_t m;

		memcpy(&m, b + 20, 2);
		p->mode = m;
	} else {
		memcpy(&p->mode, b + 20, 4);
	}
}

static void print_perm(struct tcb *tcp, const char *field,
		       const unsigned char *b)
{
	struct ipc_perm_v p;

	perm_unpack(tcp, b, &p);
	emit_field(tcp, field);
	emit_struct_begin(tcp);
	emit_field(tcp, "uid");
	emit_uint(tcp, p.uid);
	emit_field(tcp, "gid");
	emit_uint(tcp, p.gid);
	emit_field(tcp, "mode");
	emit_oct(tcp, p.mode);
	emit_field(tcp, "key");
	emit_uint(tcp, p.key);
	emit_field(tcp, "cuid");
	emit_uint(tcp, p.cuid);
	emit_field(tcp, "cgid");
	emit_uint(tcp, p.cgid);
	emit_struct_end(tcp);
}

/* Word i after the perm: a long in the tracee's size. */
static uint64_t ipc_word(const struct tcb *tcp, const unsigned char *b,
			 unsigned int i)
{
	size_t off = perm_size(tcp) + i * tcp_wordsize(tcp);

	if (tcp_wordsize(tcp) == 4) {
		uint32_t v;

		memcpy(&v, b + off, 4);
		return v;
	} else {
		uint64_t v;

		memcpy(&v, b + off, 8);
		return v;
	}
}

/* A time: on i386 the low word and the high word after it. */
static int64_t ipc_time(const struct tcb *tcp, const unsigned char *b,
			unsigned int i)
{
	if (tcp_wordsize(tcp) == 4)
		return (int64_t)(ipc_word(tcp, b, i) |
				 ipc_word(tcp, b, i + 1) << 32);
	return (int64_t)ipc_word(tcp, b, i);
}

/* Word indexes of each field: x86_64, i386. */
struct ipc_field {
	const char *name;
	unsigned char idx64, idx32;
	unsigned char kind;	/* 0 unsigned, 1 time, 2 int (pid) */
};

static const struct ipc_field msqid_fields[] = {
	{ "msg_stime", 0, 0, 1 },	{ "msg_rtime", 1, 2, 1 },
	{ "msg_ctime", 2, 4, 1 },	{ "msg_qnum", 4, 7, 0 },
	{ "msg_qbytes", 5, 8, 0 },	{ "msg_lspid", 6, 9, 2 },
	{ "msg_lrpid", 255, 10, 2 },	{ NULL, 0, 0, 0 }
};

static const struct ipc_field semid_fields[] = {
	{ "sem_otime", 0, 0, 1 },	{ "sem_ctime", 2, 2, 1 },
	{ "sem_nsems", 4, 4, 0 },	{ NULL, 0, 0, 0 }
};

/* shm_cpid and shm_lpid are two ints sharing one x86_64 word. */
static const struct ipc_field shmid_fields[] = {
	{ "shm_segsz", 0, 0, 0 },	{ "shm_cpid", 4, 7, 2 },
	{ "shm_lpid", 254, 8, 2 },	{ "shm_nattch", 5, 9, 0 },
	{ "shm_atime", 1, 1, 1 },	{ "shm_dtime", 2, 3, 1 },
	{ "shm_ctime", 3, 5, 1 },	{ NULL, 0, 0, 0 }
};

static void print_ipc_fields(struct tcb *tcp, const unsigned char *b,
			     const struct ipc_field *f)
{
	int narrow = tcp_wordsize(tcp) == 4;

	for (; f->name; f++) {
		unsigned int idx = narrow ? f->idx32 : f->idx64;
		int64_t v;

		emit_field(tcp, f->name);
		if (!narrow && idx >= 254) {
			/* The second int of the word before it. */
			const struct ipc_field *prev = f - 1;
			uint64_t wv = ipc_word(tcp, b, prev->idx64);

			v = (int32_t)(wv >> 32);
		} else if (f->kind == 1) {
			v = ipc_time(tcp, b, idx);
		} else if (f->kind == 2) {
			v = (int32_t)ipc_word(tcp, b, idx);
		} else {
			emit_uint(tcp, ipc_word(tcp, b, idx));
			continue;
		}
		emit_int(tcp, v);
	}
}

enum ipc_kind { IPC_MSG, IPC_SEM, IPC_SHM };

static void print_ipc_ds(struct tcb *tcp, enum ipc_kind kind, uint64_t addr)
{
	static const char *const perm_field[] = { "msg_perm", "sem_perm",
						  "shm_perm" };
	static const struct ipc_field *const fields[] = {
		msqid_fields, semid_fields, shmid_fields
	};
	unsigned char b[160];
	size_t size = perm_size(tcp) + 11 * tcp_wordsize(tcp);

	if (!addr || !qual_verbose(tcp) || tracee_read(tcp, addr, b, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	print_perm(tcp, perm_field[kind], b);
	print_ipc_fields(tcp, b, fields[kind]);
	emit_struct_end(tcp);
}

/*
 * IPC_SET: the kernel takes the perm's uid, gid and mode, and a queue's
 * msg_qbytes; strace shows those alone.
 */
static void print_ipc_set(struct tcb *tcp, enum ipc_kind kind, uint64_t addr)
{
	static const char *const perm_field[] = { "msg_perm", "sem_perm",
						  "shm_perm" };
	unsigned char b[160];
	size_t size = perm_size(tcp) + 11 * tcp_wordsize(tcp);
	struct ipc_perm_v p;

	if (!addr || !qual_verbose(tcp) || tracee_read(tcp, addr, b, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	perm_unpack(tcp, b, &p);
	emit_struct_begin(tcp);
	emit_field(tcp, perm_field[kind]);
	emit_struct_begin(tcp);
	emit_field(tcp, "uid");
	emit_uint(tcp, p.uid);
	emit_field(tcp, "gid");
	emit_uint(tcp, p.gid);
	emit_field(tcp, "mode");
	emit_oct(tcp, p.mode);
	emit_struct_end(tcp);
	if (kind == IPC_MSG) {
		emit_field(tcp, "msg_qbytes");
		emit_uint(tcp,
			  ipc_word(tcp, b, tcp_wordsize(tcp) == 4 ? 8 : 5));
	}
	emit_struct_end(tcp);
}

static int is_info_cmd(enum ipc_kind kind, int cmd)
{
	cmd &= ~IPC_64_;
	if (cmd == IPC_INFO_)
		return 1;
	switch (kind) {
	case IPC_MSG:
		return cmd == MSG_INFO_;
	case IPC_SEM:
		return cmd == SEM_INFO_;
	case IPC_SHM:
		return cmd == SHM_INFO_;
	}
	return 0;
}

static void emit_int_fields(struct tcb *tcp, const char *const *names,
			    const int32_t *v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		emit_field(tcp, names[i]);
		emit_int(tcp, v[i]);
	}
}

/*
 * What IPC_INFO and MSG_INFO / SEM_INFO / SHM_INFO fill: struct msginfo
 * and seminfo (ints), shminfo (longs), shm_info (an int, then longs).
 */
static void print_ipc_info(struct tcb *tcp, enum ipc_kind kind, int cmd,
			   uint64_t addr)
{
	static const char *const msg_names[] = { "msgpool", "msgmap", "msgmax",
						 "msgmnb",  "msgmni", "msgssz",
						 "msgtql" };
	static const char *const sem_names[] = { "semmap", "semmni", "semmns",
						 "semmnu", "semmsl", "semopm",
						 "semume", "semusz", "semvmx",
						 "semaem" };
	static const char *const shminfo_names[] = { "shmmax", "shmmin",
						     "shmmni", "shmseg",
						     "shmall" };
	static const char *const shm_info_names[] = { "shm_tot", "shm_rss",
						      "shm_swp",
						      "swap_attempts",
						      "swap_successes" };
	unsigned int w = tcp_wordsize(tcp);
	unsigned char b[64];
	int32_t v[10];
	size_t size;
	uint16_t seg;

	if (kind == IPC_MSG)
		size = 30;
	else if (kind == IPC_SEM)
		size = 40;
	else if ((cmd & ~IPC_64_) == IPC_INFO_)
		size = 5 * w;
	else
		size = w + 5 * w;
	if (!addr || !qual_verbose(tcp) || tracee_read(tcp, addr, b, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	switch (kind) {
	case IPC_MSG:
		memcpy(v, b, 7 * sizeof(v[0]));
		emit_int_fields(tcp, msg_names, v, 7);
		memcpy(&seg, b + 28, sizeof(seg));
		emit_field(tcp, "msgseg");
		emit_uint(tcp, seg);
		break;
	case IPC_SEM:
		memcpy(v, b, 10 * sizeof(v[0]));
		emit_int_fields(tcp, sem_names, v, 10);
		break;
	case IPC_SHM: {
		const char *const *names = shminfo_names;
		size_t off = 0;

		if ((cmd & ~IPC_64_) != IPC_INFO_) {
			memcpy(v, b, sizeof(v[0]));
			emit_field(tcp, "used_ids");
			emit_int(tcp, v[0]);
			names = shm_info_names;
			off = w;
		}
		for (unsigned int i = 0; i < 5; i++) {
			uint64_t x = 0;

			memcpy(&x, b + off + i * w, w);
			emit_field(tcp, names[i]);
			emit_uint(tcp, x);
		}
		break;
	}
	}
	emit_struct_end(tcp);
}

static int is_stat_cmd(enum ipc_kind kind, int cmd)
{
	cmd &= ~IPC_64_;
	if (cmd == IPC_STAT_)
		return 1;
	switch (kind) {
	case IPC_MSG:
		return cmd == MSG_STAT_ || cmd == MSG_STAT_ANY_;
	case IPC_SEM:
		return cmd == SEM_STAT_ || cmd == SEM_STAT_ANY_;
	case IPC_SHM:
		return cmd == SHM_STAT_ || cmd == SHM_STAT_ANY_;
	}
	return 0;
}

/* msgctl and shmctl: the buffer is filled (STAT) or read (SET). */
static int decode_ctl(struct tcb *tcp, enum ipc_kind kind,
		      const struct xlat *cmds, const char *dflt)
{
	int cmd = tcp_iarg(tcp, 1);
	uint64_t buf = tcp_arg(tcp, 2);

	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_ipc_cmd(tcp, cmds, cmd, dflt);
		emit_next(tcp);
		if (is_stat_cmd(kind, cmd) || is_info_cmd(kind, cmd))
			return 0;
		if ((cmd & ~IPC_64_) == IPC_SET_)
			print_ipc_set(tcp, kind, buf);
		else
			emit_ptr(tcp, buf);
		return RVAL_DECODED;
	}
	if (syserror(tcp))
		emit_ptr(tcp, buf);
	else if (is_info_cmd(kind, cmd))
		print_ipc_info(tcp, kind, cmd, buf);
	else
		print_ipc_ds(tcp, kind, buf);
	return RVAL_DECIMAL;
}

SYS_FUNC(msgctl)
{
	return decode_ctl(tcp, IPC_MSG, msgctl_cmds, "MSG_???");
}

SYS_FUNC(shmctl)
{
	return decode_ctl(tcp, IPC_SHM, shmctl_cmds, "SHM_???");
}

/*
 * semctl's fourth argument is a union semun: an int for SETVAL, else a
 * pointer.  Through i386 ipc(2) it is a pointer to that union
 * (indirect: strace shows "[0x5]" or "[NULL]").
 */
static int decode_semctl(struct tcb *tcp, int indirect)
{
	int cmd = tcp_iarg(tcp, 2);
	uint64_t arg = tcp_arg(tcp, 3);
	int is_stat = is_stat_cmd(IPC_SEM, cmd);
	int is_info = is_info_cmd(IPC_SEM, cmd);

	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_int(tcp, tcp_iarg(tcp, 1));
		emit_next(tcp);
		print_ipc_cmd(tcp, semctl_cmds, cmd, "SEM_???");
		emit_next(tcp);
		if (is_stat || is_info)
			return 0;
	}
	if (indirect) {
		uint32_t v;

		if (!arg || tracee_read(tcp, arg, &v, sizeof(v))) {
			emit_ptr(tcp, arg);
			return entering(tcp) ? RVAL_DECODED : RVAL_DECIMAL;
		}
		arg = v;
		if (is_stat || is_info) {
			if (syserror(tcp))
				emit_ptr(tcp, arg);
			else if (is_info)
				print_ipc_info(tcp, IPC_SEM, cmd, arg);
			else
				print_ipc_ds(tcp, IPC_SEM, arg);
			return RVAL_DECIMAL;
		}
		if ((cmd & ~IPC_64_) == IPC_SET_) {
			print_ipc_set(tcp, IPC_SEM, arg);
			return RVAL_DECODED;
		}
		emit_array_begin(tcp);
		emit_ptr(tcp, arg);
		emit_array_end(tcp);
		return RVAL_DECODED;
	}
	if (is_stat || is_info) {
		if (syserror(tcp))
			emit_ptr(tcp, arg);
		else if (is_info)
			print_ipc_info(tcp, IPC_SEM, cmd, arg);
		else
			print_ipc_ds(tcp, IPC_SEM, arg);
		return RVAL_DECIMAL;
	}
	if ((cmd & ~IPC_64_) == IPC_SET_)
		print_ipc_set(tcp, IPC_SEM, arg);
	else if ((cmd & ~IPC_64_) == SETVAL_)
		emit_hex(tcp, arg);
	else
		emit_ptr(tcp, arg);
	return RVAL_DECODED;
}

SYS_FUNC(semctl)
{
	return decode_semctl(tcp, 0);
}

static int sys_ipc_semctl(struct tcb *tcp)
{
	return decode_semctl(tcp, 1);
}

/* One struct sembuf: three shorts. */
static void print_sembuf(struct tcb *tcp, const void *elem, void *data)
{
	const uint16_t *b = elem;

	(void)data;
	emit_struct_begin(tcp);
	emit_field(tcp, "sem_num");
	emit_uint(tcp, b[0]);
	emit_field(tcp, "sem_op");
	emit_int(tcp, (int16_t)b[1]);
	emit_field(tcp, "sem_flg");
	print_flags(tcp, semop_flags, b[2], "SEM_???");
	emit_struct_end(tcp);
}

SYS_FUNC(semop)
{
	emit_int(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_array(tcp, tcp_arg(tcp, 1), (uint32_t)tcp_arg(tcp, 2), 6,
		    print_sembuf, NULL);
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

static int decode_semtimedop(struct tcb *tcp, int wide)
{
	sys_semop(tcp);
	emit_next(tcp);
	print_any_timespec(tcp, tcp_arg(tcp, 3), wide);
	return RVAL_DECODED;
}

SYS_FUNC(semtimedop)
{
	return decode_semtimedop(tcp, 0);
}

SYS_FUNC(semtimedop_time64)
{
	return decode_semtimedop(tcp, 1);
}

SYS_FUNC(shmat)
{
	emit_int(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_ptr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_flags(tcp, shm_flags, (uint32_t)tcp_iarg(tcp, 2), "SHM_???");
	return RVAL_DECODED | RVAL_HEX;
}

SYS_FUNC(shmdt)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

/*
 * ipc(2), i386.  The sub-call's arguments are rearranged into the order
 * of the direct syscall, which then decodes them.  Two sub-calls differ
 * from their direct forms: msgrcv version 0 passes msgp and msgtyp in a
 * struct ipc_kludge, and shmat returns the address through a pointer.
 */
static int sys_ipc_msgrcv_kludge(struct tcb *tcp)
{
	uint32_t k[2];
	uint64_t kludge = tcp_arg(tcp, 1);

	if (entering(tcp)) {
		emit_int(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, kludge, k, sizeof(k))) {
		/* strace shows the kludge's address and leaves msgtyp out. */
		emit_ptr(tcp, kludge);
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 2));
		emit_next(tcp);
		print_flags(tcp, ipc_msg_flags, (uint32_t)tcp_iarg(tcp, 4),
			    "MSG_???");
		return RVAL_DECIMAL;
	}
	print_msgbuf(tcp, k[0], tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_int(tcp, (int32_t)k[1]);
	emit_next(tcp);
	print_flags(tcp, ipc_msg_flags, (uint32_t)tcp_iarg(tcp, 4), "MSG_???");
	return RVAL_DECIMAL;
}

static int sys_ipc_shmat(struct tcb *tcp)
{
	uint32_t raddr;

	if (entering(tcp)) {
		sys_shmat(tcp);
		return 0;
	}
	/* The attach address is the result the caller sees. */
	if (!syserror(tcp) &&
	    !tracee_read(tcp, tcp_arg(tcp, 3), &raddr, sizeof(raddr)))
		tcp->sc.rval = raddr;
	return RVAL_HEX;
}

SYS_FUNC(ipc);

static const struct sysent ipc_only[] = {
	{ 3, TRACE_IPC, sys_semop, "dpu", "semop" },
	{ 4, TRACE_IPC, sys_semtimedop, "dpup", "semtimedop" },
	{ 4, TRACE_IPC, sys_ipc_semctl, "dddp", "semctl" },
	{ 5, TRACE_IPC, sys_ipc_msgrcv_kludge, "dPzlx", "msgrcv" },
	{ 4, TRACE_IPC | TRACE_MEMORY | SYSCALL_RVAL_HEX | SYSCALL_MAPS_CHANGE,
	  sys_ipc_shmat, "dpxp", "shmat" },
};

static const struct sysent *ipc_direct(const char *name)
{
	long nr = sysent_find(PERS_COMPAT, name);

	return nr < 0 ? NULL : sysent_lookup(PERS_COMPAT, nr);
}

int decode_ipc_subcall(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;
	uint64_t a[6], *args = tcp->sc.args;
	unsigned int call, version;

	if (tcp->sc.pers != PERS_COMPAT || !ent || ent->decode != sys_ipc)
		return 0;
	call = (uint32_t)args[0] & 0xffff;
	version = (uint32_t)args[0] >> 16;
	for (int i = 0; i < 6; i++)
		a[i] = (uint32_t)args[i];
	/* ipc(call, first, second, third, ptr, fifth) */
	memset(args, 0, MAX_ARGS * sizeof(args[0]));
	switch (call) {
	case 1:		/* semop(first, ptr, second) */
		ent = &ipc_only[0];
		args[0] = a[1], args[1] = a[4], args[2] = a[2];
		break;
	case 2:		/* semget(first, second, third) */
		ent = ipc_direct("semget");
		args[0] = a[1], args[1] = a[2], args[2] = a[3];
		break;
	case 3:		/* semctl(first, second, third, ptr) */
		ent = &ipc_only[2];
		args[0] = a[1], args[1] = a[2], args[2] = a[3], args[3] = a[4];
		break;
	case 4:		/* semtimedop(first, ptr, second, fifth) */
		ent = &ipc_only[1];
		args[0] = a[1], args[1] = a[4], args[2] = a[2], args[3] = a[5];
		break;
	case 11:	/* msgsnd(first, ptr, second, third) */
		ent = ipc_direct("msgsnd");
		args[0] = a[1], args[1] = a[4], args[2] = a[2], args[3] = a[3];
		break;
	case 12:	/* msgrcv */
		if (version == 0) {
			ent = &ipc_only[3];
			args[0] = a[1], args[1] = a[4], args[2] = a[2],
			args[4] = a[3];
		} else {
			ent = ipc_direct("msgrcv");
			args[0] = a[1], args[1] = a[4], args[2] = a[2],
			args[3] = a[5], args[4] = a[3];
		}
		break;
	case 13:	/* msgget(first, second) */
		ent = ipc_direct("msgget");
		args[0] = a[1], args[1] = a[2];
		break;
	case 14:	/* msgctl(first, second, ptr) */
		ent = ipc_direct("msgctl");
		args[0] = a[1], args[1] = a[2], args[2] = a[4];
		break;
	case 21:	/* shmat(first, ptr, second), *third = address */
		ent = &ipc_only[4];
		args[0] = a[1], args[1] = a[4], args[2] = a[2], args[3] = a[3];
		break;
	case 22:	/* shmdt(ptr) */
		ent = ipc_direct("shmdt");
		args[0] = a[4];
		break;
	case 23:	/* shmget(first, second, third) */
		ent = ipc_direct("shmget");
		args[0] = a[1], args[1] = a[2], args[2] = a[3];
		break;
	case 24:	/* shmctl(first, second, ptr) */
		ent = ipc_direct("shmctl");
		args[0] = a[1], args[1] = a[2], args[2] = a[4];
		break;
	default:
		ent = NULL;
		break;
	}
	if (!ent) {
		memcpy(args, a, sizeof(a));
		return 0;
	}
	tcp->sc.ent = ent;
	return 1;
}

/*
 * An ipc(2) call that names no known sub-call: the call (its version
 * in the high 16 bits shown apart, "1<<16|3", as strace does), then the
 * other arguments in hex.
 */
SYS_FUNC(ipc)
{
	uint32_t call = (uint32_t)tcp_arg(tcp, 0);
	char buf[32];

	if (call >> 16) {
		snprintf(buf, sizeof(buf), "%u<<16|%u", call >> 16,
			 call & 0xffff);
		emit_sym(tcp, call, buf);
	} else {
		emit_uint(tcp, call);
	}
	for (unsigned int i = 1; i < 6; i++) {
		emit_next(tcp);
		emit_hex(tcp, (uint32_t)tcp_arg(tcp, i));
	}
	return RVAL_DECODED;
}
