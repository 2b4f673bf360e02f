/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The unwind rows ustack walks in the kernel (ustack.bpf.h): for each
 * executable file a traced process maps, libdw's reading of its
 * .eh_frame, row by row, brought down to what an x86-64 frame needs
 * (the CFA as rsp or rbp plus an offset, where the caller's rbp was
 * saved), keyed by file offset and loaded into the program's maps.
 * Rows the BPF walk cannot follow (a CFA computed by an expression, as
 * in a PLT) end the stack there.
 */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "engine/engine.h"
#include "engine/tcb.h"
#include "kbpf/internal.h"
#include "kbpf/kbpf.h"
#include "kbpf/kbpf_shared.h"
#include "log.h"

#define DW_REG_RBP 6
#define DW_REG_RSP 7
#define DW_REG_RIP 16

struct uw_obj {
	struct kbpf_uwobj_key key;
	char *path;
};

static struct uw_obj *objs; /* by id - 1 */
static unsigned int nobjs;
static __u32 next_row;
static int fd_objs = -1, fd_rows = -1, fd_stacks = -1, fd_cut = -1;
static int fd_held = -1, fd_maps = -1, fd_let_go = -1;
static struct bpf_program *prog_vmas;
static bool rows_full_said;

struct rowvec {
	struct kbpf_uwrow *r;
	size_t n, cap;
};

static int row_push(struct rowvec *v, const struct kbpf_uwrow *row)
{
	if (v->n && v->r[v->n - 1].off == row->off) {
		v->r[v->n - 1] = *row;
		return 0;
	}
	/* A row like the one before adds nothing. */
	if (v->n && !memcmp(&v->r[v->n - 1].cfa_reg, &row->cfa_reg,
			    sizeof(*row) - sizeof(row->off)))
		return 0;
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 1024;
		struct kbpf_uwrow *r = realloc(v->r, cap * sizeof(*r));

		if (!r)
			return -ENOMEM;
		v->r = r;
		v->cap = cap;
	}
	v->r[v->n++] = *row;
	return 0;
}

/* The offset from the CFA of a register saved there: "offset(N)". */
static bool cfa_offset_rule(const Dwarf_Op *ops, size_t n, int64_t *off)
{
	if (n < 1 || ops[0].atom != DW_OP_call_frame_cfa)
		return false;
	if (n == 1) {
		*off = 0;
		return true;
	}
	if (n == 2 && ops[1].atom == DW_OP_plus_uconst) {
		*off = (int64_t)ops[1].number;
		return true;
	}
	return false;
}

/*
 * The CFA of a lazy-binding PLT entry, as linkers write it: rsp + 8,
 * and 8 more once the entry's push has run, which is from byte 11 (or
 * 10) of its 16 on: "rsp + 8 + ((rip & 15) >= 11) << 3".  The byte, or
 * 0 when ops say something else.
 */
static int plt_cfa(const Dwarf_Op *ops, size_t n)
{
	if (n != 9 || ops[0].atom != DW_OP_breg7 || ops[0].number != 8 ||
	    ops[1].atom != DW_OP_breg16 || ops[1].number != 0 ||
	    ops[2].atom != DW_OP_lit15 || ops[3].atom != DW_OP_and ||
	    (ops[4].atom != DW_OP_lit11 && ops[4].atom != DW_OP_lit10) ||
	    ops[5].atom != DW_OP_ge || ops[6].atom != DW_OP_lit3 ||
	    ops[7].atom != DW_OP_shl || ops[8].atom != DW_OP_plus)
		return 0;
	return ops[4].atom - DW_OP_lit0;
}

/* "The value at rsp + off": a register saved at a fixed place. */
static bool rsp_slot(const Dwarf_Op *ops, size_t n, int64_t *off)
{
	if (n != 2 || ops[0].atom != DW_OP_call_frame_cfa ||
	    ops[1].atom != DW_OP_breg7)
		return false;
	*off = (int64_t)ops[1].number;
	return true;
}

/*
 * The sigreturn trampoline's rules (a signal frame, its FDE's "S"): the
 * CFA is the interrupted rsp saved in the signal's context, rbp and rip
 * saved there too, rip right after rsp as the kernel's sigcontext has
 * them.  False when they say something else.
 */
static bool signal_row(Dwarf_Frame *f, struct kbpf_uwrow *row)
{
	Dwarf_Op mem[3], *ops;
	int64_t rsp, rbp, rip;
	size_t n;

	if (dwarf_frame_cfa(f, &ops, &n) != 0 || n != 2 ||
	    ops[0].atom != DW_OP_breg7 || ops[1].atom != DW_OP_deref)
		return false;
	rsp = (int64_t)ops[0].number;
	if (dwarf_frame_register(f, DW_REG_RBP, mem, &ops, &n) < 0 ||
	    !rsp_slot(ops, n, &rbp) ||
	    dwarf_frame_register(f, DW_REG_RIP, mem, &ops, &n) < 0 ||
	    !rsp_slot(ops, n, &rip) || rip != rsp + 8 ||
	    rsp != (int32_t)rsp || rbp != (int16_t)rbp)
		return false;
	row->cfa_reg = KBPF_CFA_SIGNAL;
	row->cfa_off = (int32_t)rsp;
	row->rbp_off = (int16_t)rbp;
	return true;
}

/* One row of libdw's frame description, as the BPF walk follows it. */
static void row_of(Dwarf_Frame *f, bool signal, struct kbpf_uwrow *row)
{
	Dwarf_Op mem[3], *ops;
	size_t n;
	int64_t off;
	int plt;

	row->cfa_reg = KBPF_CFA_END;
	if (signal) {
		signal_row(f, row);
		return;
	}
	if (dwarf_frame_cfa(f, &ops, &n) == 0 && (plt = plt_cfa(ops, n)) &&
	    dwarf_frame_register(f, DW_REG_RIP, mem, &ops, &n) >= 0 &&
	    cfa_offset_rule(ops, n, &off) && off == -8) {
		row->cfa_reg = KBPF_CFA_PLT;
		row->cfa_off = 8;
		row->rbp_off = (int16_t)plt;
		return;
	}
	if (dwarf_frame_cfa(f, &ops, &n) != 0 || n != 1 ||
	    ops[0].atom != DW_OP_bregx ||
	    (ops[0].number != DW_REG_RSP && ops[0].number != DW_REG_RBP) ||
	    (int64_t)ops[0].number2 != (int32_t)ops[0].number2)
		return;
	/* The return address: at CFA - 8, or nowhere (the outermost). */
	if (dwarf_frame_register(f, DW_REG_RIP, mem, &ops, &n) < 0 ||
	    !cfa_offset_rule(ops, n, &off) || off != -8)
		return;
	if (dwarf_frame_cfa(f, &ops, &n) != 0)
		return;
	row->cfa_off = (int32_t)ops[0].number2;
	row->cfa_reg = ops[0].number == DW_REG_RSP ? KBPF_CFA_RSP :
						     KBPF_CFA_RBP;
	if (dwarf_frame_register(f, DW_REG_RBP, mem, &ops, &n) < 0) {
		row->cfa_reg = KBPF_CFA_END;
		return;
	}
	/* Same value or undefined: the caller's rbp is ours. */
	if (!n)
		return;
	if (!cfa_offset_rule(ops, n, &off) || off != (int16_t)off) {
		row->cfa_reg = KBPF_CFA_END;
		return;
	}
	row->rbp_saved = 1;
	row->rbp_off = (int16_t)off;
}

/* A vaddr's file offset, by the PT_LOAD holding it; false if none. */
static bool file_off(Elf *e, size_t nph, uint64_t vaddr, uint64_t *off)
{
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (vaddr >= ph.p_vaddr && vaddr - ph.p_vaddr < ph.p_filesz) {
			*off = vaddr - ph.p_vaddr + ph.p_offset;
			return *off <= UINT32_MAX;
		}
	}
	return false;
}

static int64_t sdata4(const unsigned char *p)
{
	int32_t v;

	memcpy(&v, p, 4);
	return v;
}

/*
 * The FDEs' start addresses, sorted, from .eh_frame_hdr's search table
 * (the linker's, in the encodings every x86-64 linker writes; another
 * means no rows).  -1 if there is none.
 */
static int fde_starts(Elf *e, size_t nph, uint64_t **out, size_t *count)
{
	const unsigned char *img, *p, *end;
	size_t size, n;
	GElf_Phdr ph;
	uint64_t *v;
	size_t i;

	img = (const unsigned char *)elf_rawfile(e, &size);
	for (i = 0; i < nph; i++)
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_GNU_EH_FRAME)
			break;
	if (!img || i == nph || ph.p_offset > size ||
	    ph.p_filesz > size - ph.p_offset || ph.p_filesz < 12)
		return -1;
	p = img + ph.p_offset;
	end = p + ph.p_filesz;
	/* version 1; eh_frame_ptr sdata4 (any base); count udata4;
	 * table datarel|sdata4. */
	if (p[0] != 1 || (p[1] & 0x0f) != 0x0b || p[2] != 0x03 || p[3] != 0x3b)
		return -1;
	n = (size_t)(uint32_t)sdata4(p + 8);
	p += 12;
	if (n > (size_t)(end - p) / 8)
		return -1;
	v = malloc((n ? n : 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		v[i] = ph.p_vaddr + (uint64_t)sdata4(p + 8 * i);
	*out = v;
	*count = n;
	return 0;
}

/* The rows of the file open as fd, sorted by file offset. */
static int rows_of(int fd, struct rowvec *v)
{
	Elf *e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	uint64_t *starts = NULL;
	size_t nph, nstarts = 0;
	Dwarf_CFI *cfi;
	int rc = 0;

	if (!e)
		return -1;
	cfi = dwarf_getcfi_elf(e);
	if (!cfi || elf_getphdrnum(e, &nph) != 0 ||
	    fde_starts(e, nph, &starts, &nstarts) < 0) {
		if (cfi)
			dwarf_cfi_end(cfi);
		elf_end(e);
		return -1;
	}
	for (size_t i = 0; i < nstarts && rc == 0; i++) {
		uint64_t addr = starts[i];
		uint64_t limit = i + 1 < nstarts ? starts[i + 1] : UINT64_MAX;
		struct kbpf_uwrow row;
		uint64_t off;

		while (addr < limit) {
			Dwarf_Addr lo, hi;
			Dwarf_Frame *f;
			bool signal;

			if (dwarf_cfi_addrframe(cfi, addr, &f) != 0)
				break;
			if (dwarf_frame_info(f, &lo, &hi, &signal) !=
				    DW_REG_RIP ||
			    hi <= addr) {
				free(f);
				break;
			}
			memset(&row, 0, sizeof(row));
			row_of(f, signal, &row);
			free(f);
			if (file_off(e, nph, addr, &off)) {
				row.off = (__u32)off;
				rc = row_push(v, &row);
			}
			addr = hi;
		}
		/* Between this FDE's end and the next one's start: none. */
		if (rc == 0 && addr != limit && file_off(e, nph, addr, &off)) {
			memset(&row, 0, sizeof(row));
			row.off = (__u32)off;
			rc = row_push(v, &row);
		}
	}
	free(starts);
	dwarf_cfi_end(cfi);
	elf_end(e);
	return rc;
}

int kbpf_uw_init(struct bpf_object *obj)
{
	elf_version(EV_CURRENT);
	fd_objs = bpf_object__find_map_fd_by_name(obj, "uw_objs");
	fd_rows = bpf_object__find_map_fd_by_name(obj, "uw_rows");
	fd_stacks = bpf_object__find_map_fd_by_name(obj, "ustacks");
	fd_cut = bpf_object__find_map_fd_by_name(obj, "uw_cut");
	fd_held = bpf_object__find_map_fd_by_name(obj, "uw_held");
	fd_maps = bpf_object__find_map_fd_by_name(obj, "uw_maps");
	fd_let_go = bpf_object__find_map_fd_by_name(obj, "uw_let_go");
	prog_vmas = bpf_object__find_program_by_name(obj, "uw_vmas");
	return fd_objs < 0 || fd_rows < 0 || fd_stacks < 0 ? -1 : 0;
}

static bool known(const struct kbpf_uwobj_key *key)
{
	for (unsigned int i = 0; i < nobjs; i++)
		if (objs[i].key.dev == key->dev && objs[i].key.ino == key->ino)
			return true;
	return false;
}

/* The file at path (open as fd) joins with its rows. */
static void add_obj(const struct kbpf_uwobj_key *key, int fd, const char *path)
{
	struct kbpf_uwobj o = { 0 };
	struct rowvec v = { 0 };
	struct uw_obj *grown;

	if (nobjs >= 65535 || nobjs >= KBPF_UW_OBJS)
		return;
	grown = realloc(objs, (nobjs + 1) * sizeof(*objs));
	if (!grown)
		return;
	objs = grown;
	objs[nobjs].key = *key;
	objs[nobjs].path = strdup(path);
	if (!objs[nobjs].path)
		return;
	o.id = ++nobjs;
	if (rows_of(fd, &v) < 0)
		debug("ustack: %s: no unwind table (.eh_frame_hdr)", path);
	if (v.n > KBPF_UW_ROWS - next_row) {
		if (!rows_full_said)
			log_error("ustack in the kernel: no room for the unwind "
				  "rows of %s: its frames end stacks", path);
		rows_full_said = true;
		v.n = 0;
	}
	o.first = next_row;
	for (size_t i = 0; i < v.n; i++) {
		__u32 k = next_row + (__u32)i;

		if (bpf_map_update_elem(fd_rows, &k, &v.r[i], BPF_ANY) < 0) {
			v.n = i;
			break;
		}
	}
	o.n = (__u32)v.n;
	next_row += o.n;
	free(v.r);
	if (bpf_map_update_elem(fd_objs, key, &o, BPF_ANY) < 0)
		debug("ustack: %s: %s", path, strerror(errno));
	debug("ustack: %s: object %u, %u unwind rows", path, o.id, o.n);
}

/*
 * The executable mappings of process tgid as the kernel sees their
 * files (the uw_vmas iterator): how many, into *out (to free), or -1.
 */
static ssize_t vmas_of(pid_t tgid, struct kbpf_uwvma **out)
{
	LIBBPF_OPTS(bpf_iter_attach_opts, o);
	union bpf_iter_link_info li = { 0 };
	struct kbpf_uwvma *v = NULL, *grown;
	size_t n = 0, cap = 0;
	struct bpf_link *link;
	ssize_t got;
	int fd;

	li.task.pid = (__u32)tgid;
	o.link_info = &li;
	o.link_info_len = sizeof(li);
	link = bpf_program__attach_iter(prog_vmas, &o);
	if (!link)
		return -1;
	fd = bpf_iter_create(bpf_link__fd(link));
	if (fd < 0) {
		bpf_link__destroy(link);
		return -1;
	}
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			grown = realloc(v, cap * sizeof(*v));
			if (!grown)
				break;
			v = grown;
		}
		got = read(fd, &v[n], (cap - n) * sizeof(*v));
		if (got <= 0)
			break;
		n += (size_t)got / sizeof(*v);
	}
	close(fd);
	bpf_link__destroy(link);
	*out = v;
	return (ssize_t)n;
}

void kbpf_uw_scan(pid_t tgid)
{
	struct kbpf_uwmaps cache = { 0 };
	struct kbpf_uwvma *v = NULL;
	__u32 key = (__u32)tgid;
	ssize_t n;

	if (fd_objs < 0 || !prog_vmas)
		return;
	n = vmas_of(tgid, &v);
	/* The walk's own copy of these mappings (the first 64). */
	for (ssize_t i = 0; i < n && cache.n < KBPF_UW_MAPS; i++)
		cache.m[cache.n++] = v[i];
	if (n >= 0 && fd_maps >= 0 &&
	    bpf_map_update_elem(fd_maps, &key, &cache, BPF_ANY) < 0)
		debug("ustack: pid %d: its mappings not kept: %s", (int)tgid,
		      strerror(errno));
	for (ssize_t i = 0; i < n; i++) {
		char name[80], path[4096];
		ssize_t len;
		int fd;

		if (known(&v[i].key))
			continue;
		/* The file the process mapped, whatever its name now. */
		snprintf(name, sizeof(name), "/proc/%d/map_files/%llx-%llx",
			 (int)tgid, (unsigned long long)v[i].start,
			 (unsigned long long)v[i].end);
		len = readlink(name, path, sizeof(path) - 1);
		fd = open(name, O_RDONLY | O_CLOEXEC);
		if (len <= 0 || fd < 0) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		path[len] = '\0';
		add_obj(&v[i].key, fd, path);
		close(fd);
	}
	free(v);
}

/*
 * Where ptrace follows the traced tasks (the engine beside the program,
 * or as its gate), their files are read at each exec stop, and a task
 * that maps code of a file with no rows is held by the program with a
 * SIGSTOP (ustack.bpf.h) that is taken here, the file read first: no
 * stack through it is ever cut short.  The signal is the program's when
 * it comes from the kernel (SI_KERNEL) to a task the program held; a
 * SIGSTOP someone sent goes on to the task as ever.
 */
static pid_t tgid_of(const struct tcb *tcp)
{
	return tcp->tgid ? tcp->tgid : tcp->pid;
}

static void code_exec(struct tcb *tcp, pid_t former_tid)
{
	(void)former_tid;
	kbpf_uw_scan(tgid_of(tcp));
}

static bool code_held(struct tcb *tcp, int sig)
{
	__u32 tid = (__u32)tcp->pid;
	siginfo_t si;

	if (sig != SIGSTOP || fd_held < 0 ||
	    bpf_map_delete_elem(fd_held, &tid) < 0)
		return false;
	kbpf_uw_scan(tgid_of(tcp));
	return ptrace(PTRACE_GETSIGINFO, tcp->pid, NULL, &si) == 0 &&
	       si.si_code == SI_KERNEL;
}

static const struct engine_consumer code_consumer = {
	.exec = code_exec,
};

/* ptrace lets a task go (-p ended by a signal...): the program holds no
 * task from now on, as no tracer would take its SIGSTOP. */
static void code_let_go(struct tcb *tcp)
{
	__u32 zero = 0, one = 1;

	(void)tcp;
	if (fd_let_go >= 0)
		bpf_map_update_elem(fd_let_go, &zero, &one, BPF_ANY);
}

static const struct engine_tap code_tap = {
	.signal_stop = code_held,
	.detach = code_let_go,
};

void kbpf_engine_hooks(void)
{
	if (fd_objs < 0)
		return;
	engine_add_consumer(&code_consumer);
	if (engine_add_tap(&code_tap) < 0)
		log_error("ustack in the kernel: no room for its tap");
}

void kbpf_uw_asked(const struct kbpf_ev_obj *ev)
{
	kbpf_uw_scan((pid_t)ev->tgid);
	if (!known(&ev->key))
		debug("ustack: pid %u runs a file (%llu:%llu) not in its maps",
		      ev->tgid, (unsigned long long)ev->key.dev,
		      (unsigned long long)ev->key.ino);
}

const char *kbpf_uw_path(unsigned int id)
{
	return id && id <= nobjs ? objs[id - 1].path : NULL;
}

int kbpf_ustack(int64_t id, uint64_t *frames, unsigned int max)
{
	struct kbpf_ustack s;
	__u64 key = (__u64)id;

	if (fd_stacks < 0 || bpf_map_lookup_elem(fd_stacks, &key, &s) < 0)
		return -1;
	if (s.n > max)
		s.n = max;
	memcpy(frames, s.f, s.n * sizeof(*frames));
	return (int)s.n;
}

uint64_t kbpf_uw_cut(int ncpus)
{
	return kbpf_percpu_sum(fd_cut, ncpus);
}

void kbpf_uw_finish(void)
{
	for (unsigned int i = 0; i < nobjs; i++)
		free(objs[i].path);
	free(objs);
	objs = NULL;
	nobjs = 0;
	next_row = 0;
	fd_objs = fd_rows = fd_stacks = fd_cut = fd_held = fd_maps = -1;
	fd_let_go = -1;
	prog_vmas = NULL;
}
