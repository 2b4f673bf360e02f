/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_net: every socket syscall sltrace decodes, over TCP and UDP on
 * 127.0.0.1, ::1 and unix sockets (stream, datagram, abstract), with a
 * forked client, plus failing calls: bad descriptors, unknown constants,
 * NULL and unmapped pointers (buffers that end at an unmapped page).
 * Traced by tests/cases/decode-net*.sh with strace and sltrace.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/filter.h>
#include <linux/netlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char *page_end;

/* n bytes that end where an unmapped page starts. */
static void *tail_alloc(size_t n)
{
	return page_end - n;
}

static void setup_tail(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(1);
	munmap(p + 4096, 4096);
	page_end = p + 4096;
}

static void tcp_pair(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_storage ss;
	socklen_t len = sizeof(a);
	char buf[64];
	int one = 1, val;
	struct linger lg = { 1, 5 };
	int srv = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	pid_t child;

	setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	bind(srv, (struct sockaddr *)&a, sizeof(a));
	getsockname(srv, (struct sockaddr *)&a, &len);
	listen(srv, 5);
	child = fork();
	if (child == 0) {
		int c = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);

		connect(c, (struct sockaddr *)&a, sizeof(a));
		setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		sendto(c, "hello server", 12, MSG_NOSIGNAL, NULL, 0);
		len = sizeof(ss);
		recvfrom(c, buf, 56, MSG_WAITALL,
			 (struct sockaddr *)&ss, &len);
		shutdown(c, SHUT_WR);
		close(c);
		_exit(0);
	}
	len = sizeof(ss);
	int s = accept4(srv, (struct sockaddr *)&ss, &len, SOCK_CLOEXEC);
	len = sizeof(ss);
	getpeername(s, (struct sockaddr *)&ss, &len);
	recvfrom(s, buf, 12, MSG_WAITALL, NULL, NULL);
	sendto(s, "hello client, this reply is longer than thirty-two bytes",
	       56, 0, NULL, 0);
	recvfrom(s, buf, sizeof(buf), 0, NULL, NULL);
	len = sizeof(val);
	getsockopt(s, SOL_SOCKET, SO_ERROR, &val, &len);
	len = sizeof(val);
	getsockopt(s, SOL_SOCKET, SO_TYPE, &val, &len);
	len = sizeof(lg);
	setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	getsockopt(s, SOL_SOCKET, SO_LINGER, &lg, &len);
	len = sizeof(buf);
	getsockopt(s, IPPROTO_TCP, TCP_CONGESTION, buf, &len);
	len = sizeof(val);
	getsockopt(s, IPPROTO_TCP, TCP_MAXSEG, &val, &len);
	setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
	setsockopt(s, IPPROTO_IP, IP_TOS, &one, sizeof(one));
	close(s);
	waitpid(child, NULL, 0);
	close(srv);
}

static void udp_pair(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_in from;
	socklen_t len = sizeof(a);
	char buf[64], b2[8];
	struct iovec iov[2] = { { buf, 8 }, { b2, 8 } };
	struct mmsghdr mm[2];
	struct timespec ts = { 1, 0 };
	int r = socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);

	bind(r, (struct sockaddr *)&a, sizeof(a));
	getsockname(r, (struct sockaddr *)&a, &len);
	sendto(s, "datagram", 8, 0, (struct sockaddr *)&a, sizeof(a));
	len = sizeof(from);
	recvfrom(r, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
	connect(s, (struct sockaddr *)&a, sizeof(a));
	send(s, "one", 3, 0);
	send(s, "two", 3, MSG_DONTWAIT);
	memset(mm, 0, sizeof(mm));
	mm[0].msg_hdr.msg_iov = &iov[0];
	mm[0].msg_hdr.msg_iovlen = 1;
	mm[1].msg_hdr.msg_iov = &iov[1];
	mm[1].msg_hdr.msg_iovlen = 1;
	recvmmsg(r, mm, 2, MSG_DONTWAIT, &ts);
	memcpy(buf, "mmsg-one", 8);
	memcpy(b2, "mmsg-two", 8);
	sendmmsg(s, mm, 2, 0);
	recvmmsg(r, mm, 2, MSG_DONTWAIT, NULL);
	recvmmsg(r, mm, 2, MSG_DONTWAIT, NULL);
	/* A timeout the kernel refuses: tv_nsec shows unsigned. */
	ts.tv_sec = 1;
	ts.tv_nsec = -5;
	recvmmsg(r, mm, 1, 0, &ts);
	recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	close(s);
	close(r);
}

static void udp6(void)
{
	struct sockaddr_in6 a = { .sin6_family = AF_INET6,
				  .sin6_addr = IN6ADDR_LOOPBACK_INIT,
				  .sin6_port = htons(9) };
	int s = socket(AF_INET6, SOCK_DGRAM, 0);
	int one = 1;

	setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	connect(s, (struct sockaddr *)&a, sizeof(a));
	inet_pton(AF_INET6, "fe80::1", &a.sin6_addr);
	a.sin6_scope_id = 1;
	connect(s, (struct sockaddr *)&a, sizeof(a));
	connect(s, (struct sockaddr *)&a, 24);
	close(s);
}

static void unix_socks(void)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	char buf[64], cbuf[256];
	int sv[2], fds[2] = { 0, 1 }, one = 1;
	struct iovec iov[2] = { { "hello ", 6 }, { "world", 5 } };
	union {
		struct cmsghdr c;
		char b[CMSG_SPACE(sizeof(fds))];
	} u;
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2,
			    .msg_control = u.b,
			    .msg_controllen = sizeof(u.b) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	struct iovec riov = { buf, sizeof(buf) };
	struct msghdr rm = { .msg_iov = &riov, .msg_iovlen = 1,
			     .msg_control = cbuf,
			     .msg_controllen = sizeof(cbuf) };
	int l, d;

	memset(&u, 0, sizeof(u));
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
	{
		/*
		 * SO_PEERCRED cut inside uid; SO_TYPE is an int only at
		 * exactly four bytes; SO_PEERNAME is left as bytes.
		 */
		int cred[3], t = 0;
		socklen_t cl = 7;

		getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, cred, &cl);
		cl = 3;
		getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &t, &cl);
		setsockopt(sv[0], SOL_SOCKET, SO_TYPE, &t, 3);
		setsockopt(sv[0], SOL_SOCKET, SO_TYPE, &t, 4);
		setsockopt(sv[0], SOL_SOCKET, SO_TIMESTAMPING_OLD, &t, 3);
		cred[0] = 5;
		setsockopt(sv[0], SOL_SOCKET, SO_TIMESTAMPING_OLD, cred, 8);
		t = 255;
		setsockopt(sv[0], SOL_SOCKET, SO_TXREHASH, &t, 4);
		t = 7;
		setsockopt(sv[0], SOL_SOCKET, SO_TXREHASH, &t, 4);
		cl = 4;
		getsockopt(sv[0], SOL_SOCKET, SO_PEERNAME, cred, &cl);
		cl = -1;
		getsockopt(sv[0], SOL_SOCKET, SO_ERROR, &t, &cl);
	}
	sendmsg(sv[0], &m, 0);
	recvmsg(sv[1], &rm, MSG_CMSG_CLOEXEC);
	m.msg_control = NULL;
	m.msg_controllen = 0;
	sendmsg(sv[0], &m, MSG_DONTWAIT);
	rm.msg_controllen = 0;
	rm.msg_control = NULL;
	recvmsg(sv[1], &rm, 0);
	recvmsg(sv[1], &rm, MSG_DONTWAIT);
	close(sv[0]);
	close(sv[1]);

	/* A named stream socket in the current directory, and an abstract one. */
	strcpy(un.sun_path, "decode_net.sock");
	unlink(un.sun_path);
	l = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(l, (struct sockaddr *)&un, sizeof(un));
	listen(l, 1);
	d = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
	connect(d, (struct sockaddr *)&un, sizeof(un));
	int a = accept(l, NULL, NULL);
	write(d, "x", 1);
	close(a);
	close(d);
	close(l);
	unlink(un.sun_path);
	{
		/*
		 * A sender's name longer than msg_namelen: the kernel
		 * writes 5 bytes and says 19.
		 */
		struct sockaddr_un from;
		char c;
		struct iovec ci = { &c, 1 };
		struct msghdr fm = { .msg_name = &from, .msg_namelen = 5,
				     .msg_iov = &ci, .msg_iovlen = 1 };
		struct sockaddr_un to = un;
		int e;

		strcpy(to.sun_path, "decode_net.snd");
		unlink(to.sun_path);
		d = socket(AF_UNIX, SOCK_DGRAM, 0);
		bind(d, (struct sockaddr *)&un, sizeof(un));
		e = socket(AF_UNIX, SOCK_DGRAM, 0);
		bind(e, (struct sockaddr *)&to, sizeof(to));
		sendto(e, "y", 1, 0, (struct sockaddr *)&un, sizeof(un));
		memset(&from, 'A', sizeof(from));
		recvmsg(d, &fm, 0);
		close(d);
		close(e);
		unlink(to.sun_path);
		unlink(un.sun_path);
	}
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	/* Unique: the 64- and 32-bit tests run at the same time. */
	snprintf(un.sun_path + 1, sizeof(un.sun_path) - 1, "decode-net-%07d",
		 (int)getpid());
	l = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	bind(l, (struct sockaddr *)&un, (socklen_t)(offsetof(struct sockaddr_un,
	     sun_path) + 1 + strlen(un.sun_path + 1)));
	close(l);
}

static void netlink(void)
{
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };
	int s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	bind(s, (struct sockaddr *)&nl, sizeof(nl));
	close(s);
}

static void errors(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(80),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_in *t = tail_alloc(8);
	socklen_t *lp = tail_alloc(sizeof(socklen_t));
	struct msghdr *mt = tail_alloc(8);
	int s = socket(AF_UNIX, SOCK_DGRAM, 0);
	char buf[16];
	int v = 7;

	socket(12345, 77, 99);
	socket(AF_INET, SOCK_STREAM, 99);
	socket(AF_INET, SOCK_SEQPACKET | 0x1000, 0);
	memcpy(t, &a, 8);
	connect(s, (struct sockaddr *)t, 16);
	connect(s, (struct sockaddr *)t, 8);
	connect(s, (struct sockaddr *)t, 1);
	connect(s, NULL, 0);
	connect(-1, (struct sockaddr *)&a, sizeof(a));
	bind(s, (struct sockaddr *)&a, 200);
	*lp = 16;
	accept(-1, (struct sockaddr *)&a, lp);
	accept(s, NULL, NULL);
	getsockname(s, NULL, lp);
	getpeername(s, (struct sockaddr *)&a, (socklen_t *)(page_end - 2));
	listen(-1, 0);
	shutdown(s, 77);
	sendto(-1, "x", 1, 0x10000000 | MSG_OOB, NULL, 0);
	recvfrom(s, buf, sizeof(buf), MSG_DONTWAIT | MSG_PEEK, NULL, NULL);
	sendmsg(s, (struct msghdr *)8, 0);
	sendmsg(s, mt, 0);
	recvmsg(-1, mt, 0);
	setsockopt(s, 999, 1, &v, sizeof(v));
	setsockopt(s, SOL_SOCKET, 999, &v, sizeof(v));
	setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &v, 2);
	setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, NULL, 4);
	getsockopt(-1, SOL_SOCKET, SO_ERROR, &v, lp);
	getsockopt(s, SOL_SOCKET, SO_ERROR, &v, NULL);
	{
		/* SOL_RAW and SOL_PACKET options, on a bad descriptor. */
		unsigned char mreq[16] = { 1, 0, 0, 0, 1, 0, 6, 0,
					   0x52, 0x54, 0, 0x12, 0x34, 0x56 };
		uint32_t req[4] = { 4096, 2, 2048, 4 }, icmp = 0x1839;
		socklen_t sl = 11;

		setsockopt(-1, SOL_RAW, 1, &icmp, 4);
		icmp = ~icmp;
		setsockopt(-1, SOL_RAW, 1, &icmp, 4);
		setsockopt(-1, SOL_RAW, 1, &icmp, 2);
		setsockopt(-1, SOL_PACKET, 1, mreq, sizeof(mreq));
		setsockopt(-1, SOL_PACKET, 2, mreq, 15);
		setsockopt(-1, SOL_PACKET, 5, req, sizeof(req));
		setsockopt(-1, SOL_PACKET, 99, req, sizeof(req));
		getsockopt(-1, SOL_PACKET, 6, req, &sl);
	}
	socketpair(AF_INET, SOCK_STREAM, 0, (int *)(page_end - 4));
	close(s);
#ifdef __i386__
	/*
	 * socketcall(2) with calls it does not know (an int: -1), and with
	 * known ones whose arguments cannot be read.
	 */
	{
		static const int calls[] = { -2, -1, 0, 1, 4, 20, 21, 0x7fffffff,
					     (int)0x80000000 };

		for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
			syscall(SYS_socketcall, calls[i], page_end);
			syscall(SYS_socketcall, calls[i], NULL);
		}
	}
#endif
}

/*
 * Socket filters: SO_ATTACH_FILTER's struct sock_fprog (its program with
 * -v, the loads from the SKF_* offsets named), SO_GET_FILTER's length
 * query and program, with wrong lengths and unmapped pointers.
 */
static void sock_filters(void)
{
	static const struct sock_filter good[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_LL_OFF + 14),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, SKF_NET_OFF + 2),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_AD_OFF + SKF_AD_PROTOCOL),
		BPF_JUMP(BPF_JMP | BPF_K | BPF_JEQ, IPPROTO_UDP, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0xffffffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	/* Not all valid: the kernel refuses it, strace shows it all the same. */
	static const struct sock_filter odd[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_IND, SKF_AD_OFF + 4),
		BPF_STMT(BPF_LDX | BPF_W | BPF_ABS, SKF_NET_OFF + 30),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_AD_OFF + SKF_AD_VLAN_TPID),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_AD_OFF + 63),
		BPF_STMT(BPF_LD | BPF_W | BPF_MEM, SKF_AD_OFF + 4),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	struct sock_filter *prog = tail_alloc(sizeof(good));
	struct sock_fprog fp = { 6, prog };
	struct sock_filter out[8];
	socklen_t *lp = tail_alloc(sizeof(socklen_t));
	socklen_t len;
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	memcpy(prog, good, sizeof(good));
	len = 0;
	getsockopt(s, SOL_SOCKET, SO_GET_FILTER, out, &len);
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp));
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp) - 4);
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp) + 4);
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, NULL, sizeof(fp));
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, page_end - 4, sizeof(fp));
	len = 0;
	getsockopt(s, SOL_SOCKET, SO_GET_FILTER, NULL, &len);
	len = 3;
	getsockopt(s, SOL_SOCKET, SO_GET_FILTER, out, &len);
	len = 8;
	getsockopt(s, SOL_SOCKET, SO_GET_FILTER, out, &len);
	*lp = 6;
	getsockopt(s, SOL_SOCKET, SO_GET_FILTER, page_end - 40, lp);
	getsockopt(s, SOL_SOCKET, SO_GET_FILTER, out, NULL);
	fp.filter = (struct sock_filter *)8;
	setsockopt(s, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &fp, sizeof(fp));
	fp.len = 0;
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp));
	memcpy(prog, odd, sizeof(odd));
	fp.len = 6;
	fp.filter = prog;
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp));
	fp.len = 7; /* the seventh lies on the unmapped page */
	setsockopt(s, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &fp, sizeof(fp));
	setsockopt(s, SOL_SOCKET, SO_DETACH_FILTER, NULL, 0);
	close(s);
}

/*
 * Multicast memberships: struct ip_mreq, ipv6_mreq and group_req (with
 * the addresses of several families), short, long and unmapped.
 */
static void mcast(void)
{
	unsigned int lo = if_nametoindex("lo");
	struct ip_mreqn mn = { .imr_ifindex = (int)lo };
	struct ipv6_mreq m6 = { .ipv6mr_interface = lo };
	struct ipv6_mreq *m6t = tail_alloc(sizeof(m6));
	struct group_req g;
	struct group_req *gt = tail_alloc(sizeof(g));
	struct sockaddr_in6 *g6 = (struct sockaddr_in6 *)&g.gr_group;
	socklen_t len = sizeof(g);
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	int s6 = socket(AF_INET6, SOCK_DGRAM, 0);

	inet_pton(AF_INET, "224.0.0.3", &mn.imr_multiaddr);
	inet_pton(AF_INET, "127.0.0.1", &mn.imr_address);
	setsockopt(s, SOL_IP, IP_ADD_MEMBERSHIP, &mn, sizeof(struct ip_mreq));
	setsockopt(s, SOL_IP, IP_ADD_MEMBERSHIP, &mn, 7);
	setsockopt(s, SOL_IP, IP_DROP_MEMBERSHIP, &mn, sizeof(mn));
	setsockopt(s, SOL_IP, IP_DROP_MEMBERSHIP, page_end - 4, 8);
	setsockopt(s, SOL_IP, IP_ADD_MEMBERSHIP, &mn, INT_MAX);
	setsockopt(s, SOL_IP, IP_ADD_MEMBERSHIP, &mn, -1);
	getsockopt(s, SOL_IP, IP_ADD_MEMBERSHIP, &mn, &len);

	inet_pton(AF_INET6, "ff02::1:3", &m6.ipv6mr_multiaddr);
	memcpy(m6t, &m6, sizeof(m6));
	setsockopt(s6, SOL_IPV6, IPV6_ADD_MEMBERSHIP, m6t, sizeof(m6));
	setsockopt(s6, SOL_IPV6, IPV6_DROP_MEMBERSHIP, m6t, sizeof(m6) - 1);
	setsockopt(s6, SOL_IPV6, IPV6_DROP_MEMBERSHIP, &m6, sizeof(m6) + 4);
	setsockopt(s6, SOL_IPV6, IPV6_JOIN_ANYCAST, page_end - 16,
		   sizeof(m6));
	m6.ipv6mr_interface = 99;
	setsockopt(s6, SOL_IPV6, IPV6_JOIN_ANYCAST, &m6, sizeof(m6));
	setsockopt(s6, SOL_IPV6, IPV6_LEAVE_ANYCAST, &m6, sizeof(m6));
	/* the same numbers are other options at SOL_IP */
	setsockopt(s, SOL_IP, IPV6_ADD_MEMBERSHIP, &m6, sizeof(m6));

	memset(&g, 0, sizeof(g));
	g.gr_interface = lo;
	g.gr_group.ss_family = AF_INET;
	inet_pton(AF_INET, "224.0.0.7",
		  &((struct sockaddr_in *)&g.gr_group)->sin_addr);
	memcpy(gt, &g, sizeof(g));
	setsockopt(s, SOL_IP, MCAST_JOIN_GROUP, gt, sizeof(g));
	setsockopt(s, SOL_IP, MCAST_LEAVE_GROUP, gt, sizeof(g) - 1);
	setsockopt(s, SOL_IP, MCAST_LEAVE_GROUP, &g, sizeof(g) + 10);
	setsockopt(s, SOL_IP, MCAST_JOIN_GROUP, (char *)gt + 1, sizeof(g));
	g.gr_interface = 77;
	g.gr_group.ss_family = AF_UNIX;
	setsockopt(s, SOL_IP, MCAST_JOIN_GROUP, &g, sizeof(g));
	g.gr_group.ss_family = 12345;
	setsockopt(s, SOL_IP, MCAST_JOIN_GROUP, &g, sizeof(g));
	memset(&g, 0, sizeof(g));
	g.gr_interface = lo;
	g6->sin6_family = AF_INET6;
	g6->sin6_port = htons(65535);
	g6->sin6_scope_id = lo;
	inet_pton(AF_INET6, "ff02::c", &g6->sin6_addr);
	setsockopt(s6, SOL_IPV6, MCAST_JOIN_GROUP, &g, sizeof(g));
	setsockopt(s6, SOL_IPV6, MCAST_LEAVE_GROUP, &g, sizeof(g));
	getsockopt(s6, SOL_IPV6, MCAST_JOIN_GROUP, &g, &len);
	close(s6);
	close(s);
}

/* connect(-1) with len bytes of a family's address, raw (sockaddr_fam.c). */
static void conn_raw(unsigned int family, const char *bytes, size_t len)
{
	unsigned char *p = tail_alloc(len);

	memcpy(p + 2, bytes, len - 2);
	p[0] = (unsigned char)family;
	p[1] = (unsigned char)(family >> 8);
	connect(-1, (struct sockaddr *)p, (socklen_t)len);
}

static void families(void)
{
	static const char pat[128] =
		"\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f"
		"\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d"
		"\x9e\x9f\xa0\xa1\xa2\xa3\xa4\xa5\xa6\xa7\xa8\xa9\xaa\xab"
		"\xac\xad\xae\xaf\xb0\xb1\xb2\xb3\xb4\xb5\xb6\xb7\xb8\xb9"
		"\xba\xbb\xbc\xbd\xbe\xbf\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7"
		"\xc8\xc9\xca\xcb\xcc\xcd\xce\xcf\xd0\xd1\xd2\xd3\xd4\xd5"
		"\xd6\xd7\xd8\xd9\xda\xdb\xdc\xdd\xde\xdf\xe0";
	/* VALID-13, then digipeaters: null, SPA CE-0, VALID2-7, smalls-9. */
	static const char ax25[] =
		"\xac\x82\x98\x92\x88\x40\x1a" "BCD" "\x03\0\0\0"
		"\x40\x40\x40\x40\x40\x40\x00"
		"\xa6\xa0\x82\x40\x86\x8a\x00"
		"\xac\x82\x98\x92\x88\x64\x0e"
		"\xe6\xda\xc2\xd8\xd8\xe6\x12";
	/* sin: port 0xadde, 237.254.206.250 */
	static const char rx_in[34] = "\x01\0\x01\0\x10\0\x02\0\xad\xde"
				      "\xed\xfe\xce\xfa";
	static const char rx_in6[34] = "\xc7\x09\x06\0\x18\0\x0a\0\xad\xde"
				       "\xce\xfa\xfe\xca" "OH HAI THAR!";
	static const char rx_un[34] = "\x02\0\x02\0\x05\0\x01\0\xad\xde\xed";
	static const char ieee_short[18] = "\0\0\x02\0\0\0\xff\xff\xf8\xf9";
	static const char ieee_long[18] = "\0\0\x03\0\0\0\xce\xfa" "Oh Hai!";
	static const char alg[86] = "hash\0\0\0\0\0\0\0\0\0\0"
				    "\0\x10\0\0\xfe\xca\xad\xde" "sha256";
	static const char nfc[94] = "\0\0\x01\0\0\0\x42\0\0\0\x07\0\0\0\x01\x05"
				    "urn:nfc:sn:sdp";
	static const char vm[14] = "\0\0\xff\xff\xff\xff\x02\0\0\0\xef\x42";
	static const char vm2[14] = "\xad\xde\0\0\0\0\x03\0\0\0\x00";
	static const char qrtr[10] = "\0\0\xfe\xff\xff\xff\xfe\xff\xff\xff";
	char xdp[14] = "\x0d\0\x01\0\0\0\x05\0\0\0";
	static const char xdp2[14] = "\xd0\xba\0\0\0\0\x05\0\0\0\xad\xbe";
	static const char mctp[10] = "\xad\xde\0\0\0\0\xff\x01\x08\xea";
	static const char ipx[14] = "\x30\x39\xfa\xce\xfe\xed" "ABCDEF\xff\x42";
	static const char x25[17] = "0123456789\0bcdef";
	char nfc_llcp[94];

	conn_raw(AF_IPX, ipx, 16);
	conn_raw(AF_IPX, ipx, 15);
	conn_raw(AF_AX25, ax25, 16);
	conn_raw(AF_AX25, ax25, 38);
	conn_raw(AF_AX25, ax25, 44);
	conn_raw(AF_AX25, ax25, 15);
	conn_raw(AF_X25, x25, 18);
	conn_raw(AF_X25, pat, 18);
	conn_raw(AF_X25, x25, 17);
	conn_raw(AF_RXRPC, pat, 36);
	conn_raw(AF_RXRPC, pat, 35);
	conn_raw(AF_RXRPC, rx_in, 36);
	conn_raw(AF_RXRPC, rx_in6, 36);
	conn_raw(AF_RXRPC, rx_un, 36);
	conn_raw(AF_IEEE802154, pat, 20);
	conn_raw(AF_IEEE802154, ieee_short, 20);
	conn_raw(AF_IEEE802154, ieee_long, 20);
	conn_raw(AF_ALG, pat, 25);
	conn_raw(AF_ALG, alg, 32);
	conn_raw(AF_ALG, alg, 88);
	conn_raw(AF_NFC, pat, 16);
	conn_raw(AF_NFC, nfc, 16);
	conn_raw(AF_NFC, pat, 17);
	memcpy(nfc_llcp, nfc, sizeof(nfc_llcp));
	/* service_name_len: 3 (its offset differs between 32 and 64 bits) */
	nfc_llcp[sizeof(void *) == 8 ? 86 : 82] = 3;
	conn_raw(AF_NFC, nfc_llcp, sizeof(void *) == 8 ? 96 : 88);
	conn_raw(AF_VSOCK, pat, 16);
	conn_raw(AF_VSOCK, vm, 16);
	conn_raw(AF_VSOCK, vm2, 16);
	conn_raw(AF_QIPCRTR, pat, 12);
	conn_raw(AF_QIPCRTR, qrtr, 12);
	conn_raw(AF_XDP, pat, 16);
	/* A descriptor with XDP_SHARED_UMEM: -yy shows its path. */
	xdp[10] = (char)open("/dev/zero", O_RDONLY);
	conn_raw(AF_XDP, xdp, 16);
	close(xdp[10]);
	conn_raw(AF_XDP, xdp2, 16);
	conn_raw(AF_MCTP, pat, 12);
	conn_raw(AF_MCTP, mctp, 12);
	conn_raw(AF_MCTP, mctp, 11);
}

/* One control message of type/level with len data bytes, into buf. */
static size_t put_cmsg(void *buf, int level, int type, const void *data,
		       size_t len)
{
	struct cmsghdr *c = buf;

	c->cmsg_len = CMSG_LEN(len);
	c->cmsg_level = level;
	c->cmsg_type = type;
	memcpy(CMSG_DATA(c), data, len);
	return CMSG_SPACE(len);
}

static void send_control(void *control, size_t len)
{
	struct msghdr m = { .msg_control = control, .msg_controllen = len };

	sendmsg(-1, &m, 0);
}

/*
 * Control messages of each kind strace decodes, well and badly formed,
 * all sent to a bad descriptor (the line shows them at entry).
 */
static void cmsgs(void)
{
	static unsigned char big[300000];
	unsigned char buf[512] __attribute__((aligned(8)));
	int fds[40];
	long long tv[6] = { 123456789, 987654, 5, 6, 7, 8 };
	unsigned char opts[40], tos = 0x41;
	unsigned int ttl = 0xfacefeed;
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(12345),
				   .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	unsigned char ee[16 + sizeof(sin)];
	struct cmsghdr *c = (struct cmsghdr *)buf;
	size_t n;

	for (unsigned int i = 0; i < 40; i++)
		fds[i] = -1 - (int)i;
	for (unsigned int i = 0; i < sizeof(opts); i++)
		opts[i] = (unsigned char)(0x41 + i);
	n = put_cmsg(buf, SOL_SOCKET, SCM_RIGHTS, fds, 3 * sizeof(int));
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, SCM_RIGHTS, fds, sizeof(fds));
	send_control(buf, n);
	/* cmsg_len past the buffer, too short, and a short tail. */
	c->cmsg_len = 200;
	send_control(buf, 24);
	c->cmsg_len = 5;
	send_control(buf, 40);
	n = put_cmsg(buf, SOL_SOCKET, SCM_RIGHTS, fds, sizeof(int));
	send_control(buf, n + 8);
	send_control(buf, 8);
	send_control(tail_alloc(16), 32);
	n = put_cmsg(buf, SOL_SOCKET, 3 /* SCM_SECURITY */, "abc", 3);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, SO_TIMESTAMP_OLD, tv, 16);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, SO_TIMESTAMP_OLD, tv, 8);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, SO_TIMESTAMPNS_OLD, tv, 16);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, SO_TIMESTAMPING_OLD, tv, 48);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, 65, tv, 48);	/* _NEW */
	send_control(buf, n);
	n = put_cmsg(buf, SOL_SOCKET, 0x7eadbeef, tv, 4);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_IP, IP_TOS, &tos, 1);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_IP, IP_TTL, &ttl, 4);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_IP, IP_RETOPTS, opts, 5);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_IP, IP_RECVOPTS, opts, sizeof(opts));
	send_control(buf, n);
	n = put_cmsg(buf, SOL_IP, IP_ORIGDSTADDR, &sin, sizeof(sin));
	send_control(buf, n);
	memset(ee, 0, sizeof(ee));
	ee[0] = 111;
	ee[4] = 2;
	ee[5] = 3;
	memcpy(ee + 16, &sin, sizeof(sin));
	n = put_cmsg(buf, SOL_IP, IP_RECVERR, ee, sizeof(ee));
	send_control(buf, n);
	n = put_cmsg(buf, SOL_IP, 3, "ctx", 3);
	send_control(buf, n);
	n = put_cmsg(buf, SOL_TCP, 1, &ttl, 4);
	send_control(buf, n);
	/* Two messages, then past net.core.optmem_max. */
	n = put_cmsg(buf, SOL_SOCKET, SCM_RIGHTS, fds, 2 * sizeof(int));
	n += put_cmsg(buf + n, SOL_IP, IP_TTL, &ttl, 4);
	send_control(buf, n);
	c = (struct cmsghdr *)big;
	c->cmsg_len = sizeof(big);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	send_control(big, sizeof(big));
}

/* sendmmsg/recvmmsg and the MSG_TRUNC of recvfrom. */
static void mmsgs(void)
{
	int sv[2];
	char a[4] = "abc", b[8], r1[2], r2[8];
	struct sockaddr_un from[2];
	struct iovec wv[2] = { { a, 3 }, { a, 2 } };
	struct iovec rv[2] = { { r1, sizeof(r1) }, { r2, sizeof(r2) } };
	struct mmsghdr w[3], r[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return;
	memset(w, 0, sizeof(w));
	memset(r, 0, sizeof(r));
	/* The sendmsg below sends all of r2: no byte may be left unset. */
	memset(r1, 0, sizeof(r1));
	memset(r2, 0, sizeof(r2));
	w[0].msg_hdr.msg_iov = &wv[0];
	w[0].msg_hdr.msg_iovlen = 1;
	w[1].msg_hdr.msg_iov = &wv[1];
	w[1].msg_hdr.msg_iovlen = 1;
	sendmmsg(sv[0], w, 2, 0);
	/* Failed: the array as given. */
	sendmmsg(-1, w, 3, MSG_DONTWAIT);
	sendmmsg(-1, (struct mmsghdr *)tail_alloc(sizeof(w[0])), 2, 0);
	r[0].msg_hdr.msg_iov = &rv[0];
	r[0].msg_hdr.msg_iovlen = 1;
	r[0].msg_hdr.msg_name = &from[0];
	r[0].msg_hdr.msg_namelen = 1;
	r[1].msg_hdr.msg_iov = &rv[1];
	r[1].msg_hdr.msg_iovlen = 1;
	r[1].msg_hdr.msg_name = &from[1];
	r[1].msg_hdr.msg_namelen = sizeof(from[1]);
	recvmmsg(sv[1], r, 2, MSG_DONTWAIT, NULL);
	send(sv[0], "0123456789", 10, 0);
	recvfrom(sv[1], b, 4, MSG_TRUNC, NULL, NULL);
	send(sv[0], "xy", 2, 0);
	{
		struct msghdr m = { .msg_iov = rv, .msg_iovlen = 2 };

		sendmsg(sv[0], &m, 0);
		recvmsg(sv[1], &m, 0);
	}
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	setup_tail();
	tcp_pair();
	udp_pair();
	udp6();
	unix_socks();
	netlink();
	families();
	errors();
	sock_filters();
	mcast();
	cmsgs();
	mmsgs();
	return 0;
}
