/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_bpf: bpf(2) with each command, its attr of several sizes (the
 * first version of the command's struct, partial names, the full one,
 * non-zero bytes past it, more than a page), NULL, size 0 and attrs cut
 * by an unmapped page.  No call succeeds: every attr is invalid.
 * tests/cases/decode-bpf*.sh trace it with strace and with sltrace and
 * compare the lines between the two marker writes.  Built 64-bit and
 * -m32.
 */
#define _GNU_SOURCE
#include <linux/bpf.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
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
		fill(raw, cmd);
		/* Jump to no union member of BPF_LINK_CREATE. */
		if (cmd == BPF_LINK_CREATE)
			raw[8] = 1, raw[9] = raw[10] = raw[11] = 0;
		for (unsigned int i = 0; i < sizeof(sizes) / sizeof(sizes[0]);
		     i++)
			call(cmd, raw, sizes[i]);
		syscall(SYS_bpf, cmd, NULL, 64);
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
	/* With -v strace shows the instructions: sltrace does not yet. */
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

	marker("decode-end");
	return 0;
}
