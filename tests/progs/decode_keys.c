/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_keys: performs add_key, request_key and keyctl with each of its
 * commands — valid arguments, errors, NULL and pointers into an unmapped
 * page, unknown commands and flags.  tests/cases/decode-keys*.sh trace it
 * with strace and with sltrace and compare the lines.  Built 64-bit and
 * -m32.
 *
 * It works on keys of its own (its thread keyring, a new session
 * keyring, a "user" key, an X.509 public key for the KEYCTL_PKEY_*
 * commands) and leaves its parent's keyrings alone: no
 * KEYCTL_SESSION_TO_PARENT.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define PG 4096

/*
 * A self-signed X.509 certificate of an RSA-1024 public key, DER:
 *	openssl req -x509 -newkey rsa:1024 -nodes -subj "/CN=sltrace test" \
 *		-days 36500 -outform DER -out c.der
 * (the private key thrown away).  The asymmetric key type parses it.
 */
static const unsigned char cert[] = {
  0x30, 0x82, 0x02, 0x0c, 0x30, 0x82, 0x01, 0x75, 0xa0, 0x03, 0x02, 0x01,
  0x02, 0x02, 0x14, 0x0a, 0x14, 0xd8, 0x4b, 0x86, 0x7d, 0x5c, 0x3d, 0x33,
  0x1a, 0x6e, 0xda, 0x3f, 0xc5, 0x95, 0x59, 0xf1, 0xe5, 0x2d, 0xea, 0x30,
  0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b,
  0x05, 0x00, 0x30, 0x17, 0x31, 0x15, 0x30, 0x13, 0x06, 0x03, 0x55, 0x04,
  0x03, 0x0c, 0x0c, 0x73, 0x6c, 0x74, 0x72, 0x61, 0x63, 0x65, 0x20, 0x74,
  0x65, 0x73, 0x74, 0x30, 0x20, 0x17, 0x0d, 0x32, 0x36, 0x31, 0x31, 0x32,
  0x37, 0x30, 0x30, 0x32, 0x36, 0x31, 0x36, 0x5a, 0x18, 0x0f, 0x32, 0x31,
  0x32, 0x36, 0x31, 0x31, 0x30, 0x33, 0x30, 0x30, 0x32, 0x36, 0x31, 0x36,
  0x5a, 0x30, 0x17, 0x31, 0x15, 0x30, 0x13, 0x06, 0x03, 0x55, 0x04, 0x03,
  0x0c, 0x0c, 0x73, 0x6c, 0x74, 0x72, 0x61, 0x63, 0x65, 0x20, 0x74, 0x65,
  0x73, 0x74, 0x30, 0x81, 0x9f, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48,
  0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x81, 0x8d, 0x00,
  0x30, 0x81, 0x89, 0x02, 0x81, 0x81, 0x00, 0xf7, 0x56, 0xd6, 0x51, 0x5d,
  0x88, 0x50, 0xdb, 0x89, 0xe6, 0xbf, 0xf5, 0x35, 0x5d, 0x5b, 0x16, 0xcb,
  0x33, 0xbf, 0x03, 0xb5, 0xc5, 0x34, 0xf9, 0x03, 0xe8, 0x25, 0xb1, 0x7f,
  0x03, 0x71, 0x51, 0x9f, 0x33, 0x19, 0x75, 0x81, 0x5d, 0x26, 0xdb, 0x29,
  0x43, 0x35, 0xce, 0x51, 0x40, 0x7c, 0xa9, 0xbf, 0x56, 0xe0, 0xec, 0xe8,
  0x57, 0xe3, 0x21, 0x6c, 0x99, 0x10, 0x33, 0xb6, 0x24, 0xe9, 0x76, 0x9e,
  0x76, 0xab, 0xdc, 0x38, 0xd2, 0x70, 0x21, 0x25, 0xcb, 0x76, 0x64, 0xbb,
  0xbf, 0x07, 0xb7, 0x85, 0x2e, 0x49, 0xf7, 0x64, 0x5c, 0xd7, 0xc6, 0xe1,
  0x79, 0x52, 0x47, 0x62, 0x63, 0x68, 0x1b, 0x67, 0x37, 0x5f, 0xb8, 0xe1,
  0x91, 0x1f, 0x36, 0x90, 0x09, 0xf2, 0xba, 0xd5, 0x6c, 0xdd, 0xdb, 0x8e,
  0x32, 0x5d, 0x79, 0x14, 0xa2, 0xe3, 0xef, 0xcb, 0x46, 0xf1, 0xcd, 0x29,
  0x7e, 0xcf, 0x0d, 0x02, 0x03, 0x01, 0x00, 0x01, 0xa3, 0x53, 0x30, 0x51,
  0x30, 0x1d, 0x06, 0x03, 0x55, 0x1d, 0x0e, 0x04, 0x16, 0x04, 0x14, 0xae,
  0x09, 0x06, 0xe1, 0xa1, 0x5a, 0xb0, 0x96, 0x64, 0x99, 0x47, 0x67, 0x77,
  0x90, 0x82, 0xee, 0xc2, 0xbe, 0xfd, 0x4b, 0x30, 0x1f, 0x06, 0x03, 0x55,
  0x1d, 0x23, 0x04, 0x18, 0x30, 0x16, 0x80, 0x14, 0xae, 0x09, 0x06, 0xe1,
  0xa1, 0x5a, 0xb0, 0x96, 0x64, 0x99, 0x47, 0x67, 0x77, 0x90, 0x82, 0xee,
  0xc2, 0xbe, 0xfd, 0x4b, 0x30, 0x0f, 0x06, 0x03, 0x55, 0x1d, 0x13, 0x01,
  0x01, 0xff, 0x04, 0x05, 0x30, 0x03, 0x01, 0x01, 0xff, 0x30, 0x0d, 0x06,
  0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00,
  0x03, 0x81, 0x81, 0x00, 0x6b, 0x93, 0x7a, 0xbd, 0x91, 0x55, 0xd1, 0x31,
  0x56, 0x78, 0x5e, 0xb4, 0xdb, 0x33, 0x92, 0x81, 0xe7, 0x7e, 0x8a, 0x58,
  0xde, 0x96, 0xd3, 0xed, 0xb1, 0xf2, 0x1b, 0x0d, 0x8b, 0xd2, 0xfd, 0x2c,
  0x71, 0xb7, 0x6e, 0x50, 0x7c, 0x18, 0x24, 0x0b, 0x90, 0x1d, 0x2b, 0x0e,
  0xad, 0x7c, 0x68, 0x64, 0x1d, 0xa3, 0xd1, 0xc7, 0xae, 0x67, 0x88, 0x1c,
  0x9a, 0x15, 0xf8, 0xfb, 0x7b, 0x54, 0x78, 0x9a, 0x8b, 0x38, 0x8c, 0x49,
  0x00, 0xbd, 0x13, 0x8e, 0xf8, 0x45, 0xc9, 0xd7, 0x48, 0xdb, 0x22, 0xa0,
  0x77, 0x18, 0x52, 0x2a, 0xbf, 0x28, 0x72, 0xbe, 0xdb, 0xc7, 0xb2, 0x16,
  0x8b, 0xee, 0xd5, 0x63, 0x4c, 0xf4, 0x08, 0x34, 0x30, 0x88, 0x0f, 0xc4,
  0x69, 0x3c, 0x0a, 0x27, 0x84, 0x94, 0xfe, 0x48, 0x04, 0x1a, 0x4c, 0x10,
  0x24, 0x8b, 0x08, 0xd6, 0x24, 0x97, 0x69, 0xe6, 0xb1, 0xb8, 0x40, 0x46
};

/* Two pages, the second unmapped: its first byte is unreadable. */
static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

/* s placed so that its NUL is the last readable byte. */
static char *at_end(char *end, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(end - n, s, n);
}

static long kc(long cmd, unsigned long a2, unsigned long a3, unsigned long a4,
	       unsigned long a5)
{
	return syscall(SYS_keyctl, cmd, a2, a3, a4, a5);
}

#define P(x) ((unsigned long)(x))

static void add_and_request(char *end)
{
	char *bad = end - 5;

	memcpy(bad, "\1\2\3\4\5", 5);
	syscall(SYS_add_key, "user", "sltrace-test", "payload", 7, -1);
	syscall(SYS_add_key, "user", "sltrace-test", "payload", 0, -1);
	syscall(SYS_add_key, "user", "a description longer than -s", NULL, 0,
		-2);
	syscall(SYS_add_key, NULL, NULL, NULL, 0, 0);
	syscall(SYS_add_key, end, bad, bad, 5, 1234567890);
	syscall(SYS_add_key, "\20\21\22", "desc", bad, 10, -1234567890);
	syscall(SYS_add_key, "user", "desc", end, (unsigned long)-1, -8);
	syscall(SYS_add_key, "keyring", "/dev/full", NULL, 0, -9);
	syscall(SYS_request_key, "user", "sltrace-no-such-key", NULL, -1);
	syscall(SYS_request_key, NULL, NULL, NULL, 0);
	syscall(SYS_request_key, end, bad, bad, -3);
	syscall(SYS_request_key, "\1bad type", "a description longer than -s",
		"callout info", -5);
	syscall(SYS_request_key, "\1bad type", "/dev/full", end - 1, -100);
}

/* The commands that take key ids, strings and numbers only. */
static void simple_commands(char *end)
{
	char *bad = end - 5;
	char *name = at_end(end - 64, "sltrace-session");

	memcpy(bad, "\1\2\3\4\5", 5);
	kc(0, -1, 1, 0, 0);			/* GET_KEYRING_ID */
	kc(0, 0xdec0ded2, 0xbadc0ded, 7, 7);
	kc(1, P(name), 0, 0, 0);		/* JOIN_SESSION_KEYRING */
	kc(1, P("a session name longer than -s"), 0, 0, 0);
	kc(1, P(end), 0, 0, 0);
	kc(1, P(bad), 0, 0, 0);
	kc(1, 0, 0, 0, 0);
	kc(2, -8, 0, 0, 0);			/* UPDATE */
	kc(2, 1729, P("new payload"), 11, 0);
	kc(2, 1729, P(bad), 10, 0);
	kc(2, 1729, P(end), (unsigned long)-1, 0);
	kc(3, -6, 0, 0, 0);			/* REVOKE */
	kc(3, 0xdeadf00d, 0, 0, 0);
	kc(4, -1, -1, -1, 0);			/* CHOWN */
	kc(4, 1729, 2718281828U, 3141592653U, 0);
	kc(5, -1, 0x3f3f0000, 0, 0);		/* SETPERM */
	kc(5, 1729, 0, 0, 0);
	kc(5, 1729, 0xc0c0c0c0, 0, 0);
	kc(5, 1729, -1, 0, 0);
	kc(7, -6, 0, 0, 0);			/* CLEAR */
	kc(7, 1729, 0, 0, 0);
	kc(8, 1729, -6, 0, 0);			/* LINK */
	kc(9, -8, 1729, 0, 0);			/* UNLINK */
	kc(10, -1, P("user"), P("sltrace-test"), 0);	/* SEARCH */
	kc(10, -8, 0, 0, -5);
	kc(10, 1729, P(bad), P(end), 1729);
	kc(10, 0, P("a long key type name"), P("a long description"), -3);
	kc(12, 0, 0, 0, 0);			/* INSTANTIATE */
	kc(12, 1729, P("payload"), 7, -6);
	kc(12, 1729, P(bad), 32, 1729);
	kc(13, 0, 0, 0, 0);			/* NEGATE */
	kc(13, 1729, 3141592653U, -6, 0);
	kc(14, -1, 0, 0, 0);			/* SET_REQKEY_KEYRING */
	kc(14, 0xbadc0ded, 0, 0, 0);
	kc(14, 8, 0, 0, 0);
	kc(15, 0, 0, 0, 0);			/* SET_TIMEOUT */
	kc(15, 1729, 3141592653U, 0, 0);
	kc(16, -6, 0, 0, 0);			/* ASSUME_AUTHORITY */
	kc(16, 1729, 0, 0, 0);
	kc(19, 0, 0, 0, 0);			/* REJECT */
	kc(19, 1729, 60, 19, -6);		/* ENODEV */
	kc(19, 1729, 3141592653U, 1000, 1729);
	kc(21, -6, 0, 0, 0);			/* INVALIDATE */
	kc(21, 1729, 0, 0, 0);
	kc(22, -1, -6, 0, 0);			/* GET_PERSISTENT */
	kc(22, 2718281828U, 1729, 0, 0);
	kc(29, -8, 0, 0, 0);			/* RESTRICT_KEYRING */
	kc(29, 1729, P("asymmetric"), P("builtin_trusted"), 0);
	kc(29, 1729, P(bad), P(end), 0);
	kc(30, 0xbadc0ded, -1, 0xbadc0ded, 0);	/* MOVE */
	kc(30, -1, 0xbadc0ded, -1, 1);
	kc(30, -1, 0xbadc0ded, -1, 0xfffffffe);
	kc(30, -1, 0xbadc0ded, -1, -1);
	kc(32, -1, 3, 5, 7);			/* WATCH_KEY */
	kc(33, -1, 3, 5, 7);
	kc(0xfacefeed, 1, 2, 3, 4);
}

/* The commands that write into a buffer of the caller. */
static void output_commands(char *end, long key)
{
	char *buf = end - 256, *nine = end - 9;
	unsigned char *caps = (unsigned char *)end - 4;

	memset(buf, 0xff, 256);
	kc(6, -1, P(nine), 9, 0);		/* DESCRIBE */
	kc(6, -1, P(buf), 256, 0);
	kc(6, -1, P(buf), 5, 0);
	kc(6, -1, 0, 0, 0);
	kc(6, -1, P(end), 256, 0);
	kc(6, 1729, 0, (unsigned long)-4, 0);
	/* READ: a key's payload (a keyring's would be its random ids). */
	kc(11, key, P(buf), 256, 0);
	kc(11, key, P(nine), 9, 0);
	kc(11, key, P(end - 3), 3, 0);
	kc(11, 1729, 0, 256, 0);
	kc(17, -1, P(buf), 256, 0);		/* GET_SECURITY */
	kc(17, -1, P(nine), 9, 0);
	kc(17, 1729, 0, 16, 0);
	kc(31, 0, 0, 0, 0);			/* CAPABILITIES */
	kc(31, P(caps), 4, 0, 0);
	kc(31, P(caps + 3), 2, 0, 0);
	kc(31, P(caps + 3), 1, 0, 0);
	kc(31, P(end), 2, 0, 0);
}

static void iov_and_structs(char *end, long user_key)
{
	struct iovec *iov = (struct iovec *)(end - 1024);
	int32_t *dh = (int32_t *)(end - 12);
	char *kdf = end - 512;
	char *bad = end - 5;
	unsigned long w[2];
	uint32_t spare[8] = { 0 };

	memcpy(bad, "\1\2\3\4\5", 5);
	iov[0].iov_base = "first";
	iov[0].iov_len = 5;
	iov[1].iov_base = "a buffer longer than -s bytes";
	iov[1].iov_len = 29;
	iov[2].iov_base = bad;
	iov[2].iov_len = 32;
	iov[3].iov_base = NULL;
	iov[3].iov_len = 0;
	kc(20, 1729, P(iov), 4, -6);		/* INSTANTIATE_IOV */
	kc(20, 1729, P(iov), 0, -6);
	kc(20, 0, 0, 0, 0);
	kc(20, 1729, P(end), 2, 1729);
	kc(20, 1729, P(end - sizeof(*iov)), 2, 1729);

	dh[0] = -6;				/* DH_COMPUTE */
	dh[1] = 1234567890;
	dh[2] = -1153374643;
	kc(23, 0, 0, 0, 0);
	kc(23, P(dh), P(end - 64), 64, 0);
	kc(23, P(dh + 1), P(end - 64), 64, 0);
	w[0] = P("hmac(sha256)");
	w[1] = P("\1\2 other info");
	memcpy(kdf, w, 2 * sizeof(long));
	memcpy(kdf + 2 * sizeof(long), &(uint32_t){ 14 }, 4);
	memcpy(kdf + 2 * sizeof(long) + 4, spare, sizeof(spare));
	kc(23, P(dh), P(end - 64), 64, P(kdf));
	spare[3] = 0xdeadbeef;
	memcpy(kdf + 2 * sizeof(long), &(uint32_t){ 0 }, 4);
	memcpy(kdf + 2 * sizeof(long) + 4, spare, sizeof(spare));
	kc(23, P(dh), P(end - 64), 64, P(kdf));
	w[0] = P(bad);
	w[1] = 0;
	memcpy(kdf, w, 2 * sizeof(long));
	kc(23, P(dh), P(end - 64), (unsigned long)-1, P(kdf));
	kc(23, P(dh), P(end - 64), 64, P(end - 20));

	(void)user_key;
}

static void pkey_commands(char *end, char *end2, long key)
{
	struct {
		int32_t key_id;
		uint32_t in_len, out_len, spare[7];
	} *p = (void *)(end - 40);
	char *in = at_end(end2 - 512, "hello");
	char *out = end2 - 256;		/* written by ENCRYPT alone */
	char *in2 = end2 - 1024;	/* zeros: VERIFY's signature */

	kc(24, -1, 0, P("enc=pkcs1"), P(out));	/* PKEY_QUERY */
	kc(24, key, 0, P("enc=pkcs1"), P(out));
	kc(24, key, 0xfeedf157, P(end), 0);
	kc(24, key, 0, P("enc=pkcs1"), P(end - 8));
	for (long op = 25; op <= 28; op++) {
		char *o = op == 28 ? in2 : out;

		memset(p, 0, sizeof(*p));
		p->key_id = -2;
		kc(op, 0, 0, 0, 0);
		kc(op, P(p), P("enc=pkcs1"), P(in), P(o));
		kc(op, P(end - 36), P("x\377"), P(in), P(o));
		p->key_id = (int32_t)key;
		p->in_len = 5;
		p->out_len = 16;
		p->spare[1] = 0xfacefeed;
		/* An unknown encoding: an error, even for ENCRYPT. */
		kc(op, P(p), P("enc=none"), P(in), P(o));
		p->spare[1] = 0;
		p->out_len = 128;
		kc(op, P(p), P(""), P(in), P(end2 - 8));
		p->in_len = 300;
		kc(op, P(p), P("enc=pkcs1"), P(in), P(o));
	}
	/* Encryption succeeds: its output is random (masked by the case). */
	p->in_len = 5;
	p->out_len = 128;
	kc(25, P(p), P("enc=pkcs1"), P(in), P(out));
}

int main(void)
{
	long key;

	add_and_request(tail_page());
	simple_commands(tail_page());
	key = syscall(SYS_add_key, "user", "sltrace-read",
		      "payload\0with a NUL and more than -s bytes", 40, -1);
	output_commands(tail_page(), key);
	key = syscall(SYS_add_key, "user", "sltrace-iov", "x", 1, -1);
	iov_and_structs(tail_page(), key);
	key = syscall(SYS_add_key, "asymmetric", "", cert, sizeof(cert), -1);
	pkey_commands(tail_page(), tail_page(), key);
	return 0;
}
