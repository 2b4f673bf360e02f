/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -e read=SET / -e write=SET: hex dumps of the data a syscall moved,
 * printed under its line as strace prints them:
 *
 *	write(1, "hello\n", 6)                  = 6
 *	 | 00000  68 65 6c 6c 6f 0a                                 hello.           |
 *
 * and for the vector forms each buffer headed by " * 6 bytes in buffer 0".
 *
 * A decoder asks for a dump at the exit stop, while its line is still
 * being written; the dump must come after the return value.  The request
 * waits here until the printer ends the line (dump_pending_flush), still
 * in the same stop: the tracee's memory still holds the data.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscall/defs.h"
#include "syscall/desc.h"

/* Requests of one syscall: sendmsg-like calls may ask more than once. */
#define DUMP_MAX_REQ 4

struct dump_req {
	bool iov;
	bool mmsg;		/* count struct mmsghdr at addr */
	uint64_t addr;
	uint64_t count;		/* bytes, or iovec elements */
	uint64_t data_size;	/* iov: bytes in all */
};

/* One syscall line is written at a time: one pending set suffices. */
static struct {
	struct tcb *tcp;
	unsigned int n;
	struct dump_req req[DUMP_MAX_REQ];
} pending;

/* Bytes of a dump read from the tracee at a time (strace's 64 KiB). */
#define DUMP_CHUNK 65536

/*
 * len bytes at addr, read and written a chunk at a time as strace does:
 * nothing at all when the first chunk cannot be read, and where a later
 * one cannot, " | <Cannot fetch N bytes from pid P @ADDR>" in its place
 * and the dump ends.  Returns whether anything was written.
 */
static bool dump_data(struct tcb *tcp, uint64_t addr, uint64_t len, int buffer)
{
	static unsigned char buf[DUMP_CHUNK];
	uint64_t off;

	if (!addr || !len)
		return false;
	for (off = 0; off < len; off += DUMP_CHUNK) {
		size_t n = len - off < DUMP_CHUNK ? (size_t)(len - off)
						  : DUMP_CHUNK;

		if (tracee_read(tcp, addr + off, buf, n)) {
			if (off && !out_is_json())
				out_printf(tcp->out,
					   " | <Cannot fetch %zu byte%s from pid %d @%#llx>\n",
					   n, n == 1 ? "" : "s", tcp->pid,
					   (unsigned long long)(addr + off));
			return off > 0;
		}
		if (out_is_json())
			out_jdump(tcp, buffer, off, len, buf, n);
		else
			out_hexdump(tcp->out, len, off, buf, n);
	}
	return true;
}

/* More elements than the kernel takes (UIO_MAXIOV): garbage, not read. */
#define DUMP_IOV_MAX 1024

static void dump_iov_now(struct tcb *tcp, const struct dump_req *r)
{
	static uint64_t v[DUMP_IOV_MAX * 2];
	unsigned int ws = tcp_wordsize(tcp);
	uint64_t left = r->data_size;
	size_t n = r->count < DUMP_IOV_MAX ? (size_t)r->count : DUMP_IOV_MAX;

	/* The whole array in one read; strace dumps nothing when it fails. */
	if (!n || tracee_read(tcp, r->addr, v, n * 2 * ws))
		return;
	if (ws == 4) {
		const uint32_t *e = (const uint32_t *)v;

		for (size_t i = n * 2; i-- > 0;)
			v[i] = e[i];
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t len = v[2 * i + 1] < left ? v[2 * i + 1] : left;

		if (!len)
			break;
		left -= len;
		if (!out_is_json())
			out_hexdump_head(tcp->out, len, (int)i);
		/* Text has the head of an unreadable buffer: JSON too. */
		if (!dump_data(tcp, v[2 * i], len, (int)i) && out_is_json())
			out_jdump(tcp, (int)i, 0, len, NULL, 0);
	}
}

/*
 * Each message of an mmsghdr array: " = 2 buffers in vector 0", then
 * its iovec as dump_iov_now() shows it, msg_len bytes in all.
 */
static void dump_mmsg_now(struct tcb *tcp, const struct dump_req *r)
{
	unsigned int ws = tcp_wordsize(tcp);
	/* msghdr: seven words; then msg_len, padded to a word. */
	size_t size = 8 * ws;
	unsigned char b[64];

	for (uint64_t i = 0; i < r->count; i++) {
		struct dump_req v = { .iov = true };
		uint32_t msg_len;

		if (tracee_read(tcp, r->addr + i * size, b, size))
			return;
		if (ws == 4) {
			uint32_t w[2];

			memcpy(w, b + 2 * ws, sizeof(w));
			v.addr = w[0];
			v.count = w[1];
		} else {
			uint64_t w[2];

			memcpy(w, b + 2 * ws, sizeof(w));
			v.addr = w[0];
			v.count = w[1];
		}
		memcpy(&msg_len, b + 7 * ws, sizeof(msg_len));
		v.data_size = msg_len;
		if (out_is_json())
			out_jdump_vector(tcp, i, v.count);
		else
			out_printf(tcp->out, " = %llu buffers in vector %llu\n",
				   (unsigned long long)v.count,
				   (unsigned long long)i);
		dump_iov_now(tcp, &v);
	}
}

void dump_pending_flush(struct tcb *tcp, bool print)
{
	if (pending.tcp != tcp)
		return;
	for (unsigned int i = 0; print && i < pending.n; i++) {
		if (pending.req[i].mmsg)
			dump_mmsg_now(tcp, &pending.req[i]);
		else if (pending.req[i].iov)
			dump_iov_now(tcp, &pending.req[i]);
		else
			dump_data(tcp, pending.req[i].addr, pending.req[i].count,
				  -1);
	}
	pending.tcp = NULL;
	pending.n = 0;
}

static void dump_request(struct tcb *tcp, const struct dump_req *r)
{
	if (pending.tcp != tcp) {
		pending.tcp = tcp;
		pending.n = 0;
	}
	if (pending.n < DUMP_MAX_REQ)
		pending.req[pending.n++] = *r;
}

void dump_buf(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	struct dump_req r = { .iov = false, .addr = addr, .count = len };

	dump_request(tcp, &r);
}

void dump_iov(struct tcb *tcp, uint64_t addr, uint64_t count,
	      uint64_t data_size)
{
	struct dump_req r = {
		.iov = true, .addr = addr, .count = count,
		.data_size = data_size,
	};

	dump_request(tcp, &r);
}

void dump_mmsg(struct tcb *tcp, uint64_t addr, uint64_t count)
{
	struct dump_req r = { .mmsg = true, .addr = addr, .count = count };

	dump_request(tcp, &r);
}
