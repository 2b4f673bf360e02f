/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_bpf: bpf(2) with each command, its attr of several sizes (the
 * first version of the command's struct, partial names, the full one,
 * non-zero bytes past it, more than a page), NULL, size 0 and attrs cut
 * by an unmapped page; eBPF instructions of each class.  None of those
 * succeeds: every attr is invalid.  Then calls that do, where the kernel
 * writes back into the attr: a map and a program made, their info
 * structs, the next ids, a cgroup's programs queried, batches of
 * elements.  tests/cases/decode-bpf*.sh trace it with strace and with
 * sltrace (also with every call's failure or success injected) and
 * compare the lines between the two marker writes.  Built 64-bit and
 * -m32.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/bpf.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

static char *end;

/* The attr placed against the unmapped page, passed with size len. */
static void call(unsigned int cmd, const void *attr, unsigned int len)
{
	char *p = end - len;

	memcpy(p, attr, len);
	syscall(SYS_bpf, cmd, p, len);
}

static long sys_bpf(unsigned int cmd, union bpf_attr *a, unsigned int len)
{
	return syscall(SYS_bpf, cmd, a, len);
}

#define INSN(c, d, s, o, i) \
	{ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) }

/* Objects that the kernel makes and describes. */
static void real_calls(void)
{
	/* r0 = 1; *(u32 *)(r10 - 4) = r0; exit: a valid socket filter. */
	static const struct bpf_insn prog[] = {
		INSN(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 1),
		INSN(BPF_STX | BPF_W | BPF_MEM, 10, 0, -4, 0),
		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	/* One for each build: the two may run at once. */
	const char *cgdir = sizeof(long) == 8 ?
				    "/sys/fs/cgroup/unified/decode_bpf" :
				    "/sys/fs/cgroup/unified/decode_bpf32";
	static char info[256];
	static struct bpf_insn xlated[16];
	static uint32_t ids[4], map_ids[4];
	static uint32_t keys[8] = { 1, 2, 3 }, out_batch;
	static uint64_t vals[8];
	union bpf_attr a;
	int map, fd, cg;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_HASH;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 4;
	/* The same buckets in every run: batches end at the same places. */
	a.map_flags = BPF_F_ZERO_SEED;
	strcpy(a.map_name, "decode_map");
	map = (int)sys_bpf(BPF_MAP_CREATE, &a, sizeof(a));

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insn_cnt = 3;
	a.insns = (uintptr_t)prog;
	a.license = (uintptr_t)"GPL";
	strcpy(a.prog_name, "decode_prog");
	fd = (int)sys_bpf(BPF_PROG_LOAD, &a, sizeof(a));

	/* Info: as much as the kernel has, less than it has, none. */
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = map;
	a.info.info_len = sizeof(info);
	a.info.info = (uintptr_t)info;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	a.info.info_len = 40;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	a.info.info = (uintptr_t)end;
	a.info.info_len = 200;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	memset(info, 0, sizeof(info));
	a.info.bpf_fd = fd;
	a.info.info_len = sizeof(info);
	a.info.info = (uintptr_t)info;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	memset(info, 0, sizeof(info));
	/* struct bpf_prog_info: xlated_prog_len, _insns; nr_map_ids, map_ids */
	*(uint32_t *)(info + 20) = sizeof(xlated);
	*(uint64_t *)(info + 32) = (uintptr_t)xlated;
	*(uint32_t *)(info + 52) = 4;
	*(uint64_t *)(info + 56) = (uintptr_t)map_ids;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	*(uint32_t *)(info + 20) = 8;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	*(uint64_t *)(info + 32) = (uintptr_t)end;
	*(uint32_t *)(info + 20) = 64;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	a.info.bpf_fd = 0;
	sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);

	/* The next ids: none after the last, some after the first. */
	memset(&a, 0, sizeof(a));
	a.start_id = 0xfffffff0;
	sys_bpf(BPF_MAP_GET_NEXT_ID, &a, 12);
	a.start_id = 0;
	sys_bpf(BPF_MAP_GET_NEXT_ID, &a, 12);
	sys_bpf(BPF_MAP_GET_NEXT_ID, &a, 12);
	sys_bpf(BPF_PROG_GET_NEXT_ID, &a, 4);

	/* A cgroup with no program: the count the kernel writes back. */
	mkdir(cgdir, 0755);
	cg = open(cgdir, O_RDONLY | O_DIRECTORY);
	memset(&a, 0, sizeof(a));
	a.query.target_fd = cg;
	a.query.attach_type = BPF_CGROUP_INET_INGRESS;
	a.query.prog_ids = (uintptr_t)ids;
	a.query.prog_cnt = 4;
	sys_bpf(BPF_PROG_QUERY, &a, 28);
	a.query.prog_cnt = 0;
	sys_bpf(BPF_PROG_QUERY, &a, 64);
	a.query.prog_ids = 0;
	a.query.prog_cnt = 2;
	sys_bpf(BPF_PROG_QUERY, &a, 28);
	close(cg);
	rmdir(cgdir);

	/* Batches: the count of elements done. */
	memset(&a, 0, sizeof(a));
	a.batch.map_fd = map;
	a.batch.keys = (uintptr_t)keys;
	a.batch.values = (uintptr_t)vals;
	a.batch.count = 3;
	sys_bpf(BPF_MAP_UPDATE_BATCH, &a, sizeof(a.batch));
	a.batch.out_batch = (uintptr_t)&out_batch;
	a.batch.count = 8;
	sys_bpf(BPF_MAP_LOOKUP_BATCH, &a, sizeof(a.batch));
	a.batch.count = 1;
	sys_bpf(BPF_MAP_LOOKUP_BATCH, &a, sizeof(a.batch));
	a.batch.in_batch = 8;
	sys_bpf(BPF_MAP_LOOKUP_BATCH, &a, sizeof(a.batch));
	a.batch.in_batch = 0;
	a.batch.count = 5;
	sys_bpf(BPF_MAP_DELETE_BATCH, &a, sizeof(a.batch));
	a.batch.count = 3;
	a.batch.keys = 8;
	sys_bpf(BPF_MAP_UPDATE_BATCH, &a, sizeof(a.batch));
	sys_bpf(BPF_MAP_LOOKUP_AND_DELETE_BATCH, &a, sizeof(a.batch));

	close(fd);
	close(map);
}

static void fill(unsigned char *a, unsigned int seed)
{
	for (unsigned int i = 0; i < 128; i++)
		a[i] = (unsigned char)(i * 37 + seed);
}

int main(void)
{
	static const unsigned int sizes[] = { 1, 4, 8, 12, 16, 20, 24, 28,
					      32, 36, 40, 44, 48, 56, 64, 72,
					      76, 96, 128 };
	static const uint32_t ids[] = { 0, 1, 0xffffffff };
	static const char *syms[] = { "foo", NULL, "bar" };
	static const uint64_t addrs[] = { 0, 1, 0xfacefeeddeadc0deULL };
	union bpf_attr a;
	unsigned char raw[PG];
	char *p;

	marker("decode-begin");
	p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(p + PG, PG);
	end = p + PG;

	/* Every command with pattern bytes at each size. */
	for (unsigned int cmd = 0; cmd <= 36; cmd++) {
		/*
		 * A next id after start_id 0 (an attr shorter than it) is
		 * there or not as other processes, and the test run beside
		 * this one, load programs and maps: the result would differ
		 * between the two traces.
		 */
		int next_id = cmd == BPF_PROG_GET_NEXT_ID ||
			      cmd == BPF_MAP_GET_NEXT_ID ||
			      cmd == BPF_BTF_GET_NEXT_ID ||
			      cmd == BPF_LINK_GET_NEXT_ID;

		fill(raw, cmd);
		/* Jump to no union member of BPF_LINK_CREATE. */
		if (cmd == BPF_LINK_CREATE)
			raw[8] = 1, raw[9] = raw[10] = raw[11] = 0;
		for (unsigned int i = 0; i < sizeof(sizes) / sizeof(sizes[0]);
		     i++)
			if (!(next_id && sizes[i] < 4))
				call(cmd, raw, sizes[i]);
		syscall(SYS_bpf, cmd, NULL, 64);
		if (!next_id)
			syscall(SYS_bpf, cmd, end - 64, 0);
		syscall(SYS_bpf, cmd, end - 63, 64);
		syscall(SYS_bpf, cmd, p, PG + 1);
	}
	syscall(SYS_bpf, 0xfacefeed, NULL, 0xbadc0ded);

	/* Bytes past the known part: zero, then not. */
	memset(raw, 0, sizeof(raw));
	((union bpf_attr *)raw)->map_type = BPF_MAP_TYPE_HASH;
	call(BPF_MAP_CREATE, raw, 256);
	raw[200] = 'x';
	call(BPF_MAP_CREATE, raw, 256);
	memcpy(p, raw, PG);
	syscall(SYS_bpf, BPF_MAP_CREATE, p, PG);

	/* Map and program attrs with names, NUMA, strings. */
	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 0;
	a.map_flags = BPF_F_NUMA_NODE | BPF_F_RDONLY | 0x80000000;
	a.inner_map_fd = -1;
	a.numa_node = -1;
	strcpy(a.map_name, "0123456789abcde");
	call(BPF_MAP_CREATE, &a, offsetof(union bpf_attr, map_name) + 8);
	call(BPF_MAP_CREATE, &a, offsetof(union bpf_attr, map_ifindex) + 4);
	a.map_flags = 0;
	a.map_ifindex = 1;
	call(BPF_MAP_CREATE, &a, offsetof(union bpf_attr, map_ifindex) + 4);

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_KPROBE;
	a.insn_cnt = 2;
	/* With -v strace shows the instructions: these it cannot read. */
	a.insns = (uintptr_t)end;
	a.license = (uintptr_t)"GPL";
	a.log_level = 1;
	a.log_size = 4;
	a.log_buf = (uintptr_t)"log test";
	a.kern_version = 0x050a0b;
	a.prog_flags = 0x23;
	strcpy(a.prog_name, "prog");
	a.expected_attach_type = BPF_TRACE_FENTRY;
	call(BPF_PROG_LOAD, &a, offsetof(union bpf_attr, prog_btf_fd));
	a.log_size = 40;
	call(BPF_PROG_LOAD, &a, offsetof(union bpf_attr, prog_btf_fd));

	memset(&a, 0, sizeof(a));
	a.pathname = (uintptr_t)"/sys/fs/bpf/nonexistent";
	a.bpf_fd = 0;
	a.file_flags = BPF_F_RDONLY | BPF_F_WRONLY;
	call(BPF_OBJ_GET, &a, 16);
	a.pathname = (uintptr_t)(end - 1);
	call(BPF_OBJ_PIN, &a, 16);

	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = (uintptr_t)"sys_enter";
	a.raw_tracepoint.prog_fd = -1;
	call(BPF_RAW_TRACEPOINT_OPEN, &a, 16);

	memset(&a, 0, sizeof(a));
	a.btf = (uintptr_t)"bPf\0daTum";
	a.btf_size = 9;
	a.btf_log_level = 42;
	call(BPF_BTF_LOAD, &a, 28);

	memset(&a, 0, sizeof(a));
	a.query.target_fd = -1;
	a.query.prog_ids = (uintptr_t)ids;
	call(BPF_PROG_QUERY, &a, 28);
	a.query.prog_cnt = 3;
	call(BPF_PROG_QUERY, &a, 28);

	memset(&a, 0, sizeof(a));
	a.link_update.link_fd = -1;
	a.link_update.flags = BPF_F_REPLACE;
	a.link_update.old_prog_fd = -2;
	call(BPF_LINK_UPDATE, &a, 16);

	/* BPF_LINK_CREATE's union members. */
	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = -1;
	a.link_create.target_fd = -1;
	call(BPF_LINK_CREATE, &a, 20);
	a.link_create.target_btf_id = 7;
	call(BPF_LINK_CREATE, &a, 20);
	a.link_create.attach_type = BPF_TRACE_ITER;
	a.link_create.iter_info = (uintptr_t)ids;
	a.link_create.iter_info_len = 3;
	call(BPF_LINK_CREATE, &a, 28);
	a.link_create.iter_info = (uintptr_t)end;
	call(BPF_LINK_CREATE, &a, 28);
	memset(&a.link_create.iter_info, 0, 32);
	a.link_create.attach_type = BPF_PERF_EVENT;
	a.link_create.perf_event.bpf_cookie = 0xdeadc0defacecafeULL;
	call(BPF_LINK_CREATE, &a, 24);
	call(BPF_LINK_CREATE, &a, 16);
	memset(&a.link_create.iter_info, 0, 32);
	a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	a.link_create.kprobe_multi.flags = 0xff;
	a.link_create.kprobe_multi.cnt = 3;
	a.link_create.kprobe_multi.syms = (uintptr_t)syms;
	a.link_create.kprobe_multi.addrs = (uintptr_t)addrs;
	a.link_create.kprobe_multi.cookies = (uintptr_t)addrs;
	call(BPF_LINK_CREATE, &a, 48);
	a.link_create.kprobe_multi.syms = 0x1234;
	a.link_create.kprobe_multi.addrs = 0x5678;
	a.link_create.kprobe_multi.cookies = 0x9abc;
	a.link_create.attach_type = BPF_CGROUP_SOCK_OPS;
	call(BPF_LINK_CREATE, &a, 48);

	/* eBPF instructions of every class, registers and opcodes unknown. */
	{
		static const struct bpf_insn insns[] = {
			INSN(BPF_LD | BPF_DW | BPF_IMM, 1, 1, 0, 5),
			INSN(BPF_LD | BPF_W | BPF_ABS, 0, 0, 0, -1),
			INSN(BPF_LDX | BPF_B | BPF_MEM, 2, 10, -8, 0),
			INSN(BPF_ST | BPF_H | BPF_MEM, 10, 0, -2, 0x1234),
			INSN(BPF_STX | BPF_DW | BPF_XADD, 10, 1, -16, 0),
			INSN(BPF_STX | BPF_W | 0xe0, 10, 1, -16, 0),
			INSN(BPF_ALU | BPF_X | BPF_ADD, 3, 4, 0, 0),
			INSN(BPF_ALU | BPF_K | BPF_END, 3, 0, 0, 16),
			INSN(BPF_ALU | BPF_K | 0xe0, 3, 0, 0, 16),
			INSN(BPF_ALU64 | BPF_K | BPF_ARSH, 5, 0, 0, 63),
			INSN(BPF_JMP | BPF_X | BPF_JSLE, 1, 2, -3, 0),
			INSN(BPF_JMP32 | BPF_K | BPF_JNE, 1, 0, 7, 42),
			INSN(BPF_JMP32 | BPF_K | 0xe0, 1, 0, 7, 42),
			INSN(BPF_JMP | BPF_K | BPF_CALL, 0, 1, 0, 1),
			INSN(0xff, 11, 15, -32768, 0x7fffffff),
			INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
		};

		memset(&a, 0, sizeof(a));
		a.prog_type = BPF_PROG_TYPE_XDP;
		a.insn_cnt = sizeof(insns) / sizeof(insns[0]);
		a.insns = (uintptr_t)insns;
		call(BPF_PROG_LOAD, &a, offsetof(union bpf_attr, kern_version));
		a.insn_cnt = 0;
		call(BPF_PROG_LOAD, &a, offsetof(union bpf_attr, kern_version));
		a.insns = (uintptr_t)(end - 16);
		a.insn_cnt = 3;
		memcpy(end - 16, insns, 16);
		call(BPF_PROG_LOAD, &a, offsetof(union bpf_attr, kern_version));
	}

	real_calls();

	marker("decode-end");
	return 0;
}
