/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -yy: what a socket descriptor is connected to, as strace shows it
 * after the fd: "TCP:[127.0.0.1:36220->127.0.0.1:80]",
 * "UNIX-STREAM:[1234->5678,"/run/x"]", "NETLINK:[ROUTE:4321]".
 *
 * The protocol comes from the socket's "system.sockprotoname" extended
 * attribute (net/socket.c), the endpoints from a NETLINK_SOCK_DIAG query
 * for the socket's inode: an exact unix_diag request for AF_UNIX, a dump
 * of inet_diag or netlink_diag sockets searched for the inode otherwise
 * (inet_diag cannot look a socket up by inode).  A socket the kernel's
 * tables do not hold yet (unbound TCP/UDP, unbound netlink) shows as
 * "PROTO:[inode]".
 *
 * Like strace, the first details found for an inode are kept for the
 * rest of the run: a UDP socket bound and then connected keeps showing
 * its bound address, a unix socket keeps its peer after the peer is
 * gone.  Answers without details ("[inode]") are asked again each time.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "syscall/net.h"
#include "pidns/pidns.h"
#include "xlat/tables/netlink_protocols.h"

#define DIAG_BUFSIZE	32768

/* The tracer's NETLINK_SOCK_DIAG socket, opened on first use. */
static int diag_fd = -1;
static uint32_t diag_seq;

static int diag_socket(void)
{
	if (diag_fd < 0)
		diag_fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
				 NETLINK_SOCK_DIAG);
	return diag_fd;
}

static int diag_send(const void *req, size_t len, uint16_t flags)
{
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr h;
		unsigned char body[128];
	} msg;
	int fd = diag_socket();

	if (fd < 0 || len > sizeof(msg.body))
		return -1;
	memset(&msg, 0, sizeof(msg));
	msg.h.nlmsg_len = (uint32_t)NLMSG_LENGTH(len);
	msg.h.nlmsg_type = SOCK_DIAG_BY_FAMILY;
	msg.h.nlmsg_flags = (uint16_t)(NLM_F_REQUEST | flags);
	msg.h.nlmsg_seq = ++diag_seq;
	memcpy(msg.body, req, len);
	if (sendto(fd, &msg, msg.h.nlmsg_len, 0, (struct sockaddr *)&nl,
		   sizeof(nl)) < 0)
		return -1;
	return 0;
}

/*
 * Receive the answer to the last request; match() is called for every
 * message until it returns 1 (found) or the answer ends.  The rest of a
 * dump is still read, so that the next request starts clean.
 */
static int diag_recv(int (*match)(const struct nlmsghdr *, void *),
		     void *ctx)
{
	static unsigned char *buf;
	int found = 0;

	if (!buf && !(buf = malloc(DIAG_BUFSIZE)))
		return -1;
	for (;;) {
		ssize_t n = recv(diag_fd, buf, DIAG_BUFSIZE, 0);
		const struct nlmsghdr *h = (const struct nlmsghdr *)buf;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return found ? 1 : -1;
		}
		for (; NLMSG_OK(h, (size_t)n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_seq != diag_seq)
				continue;
			if (h->nlmsg_type == NLMSG_DONE ||
			    h->nlmsg_type == NLMSG_ERROR)
				return found ? 1 : 0;
			if (!found && match(h, ctx) == 1)
				found = 1;
			if (!(h->nlmsg_flags & NLM_F_MULTI))
				return found ? 1 : 0;
		}
	}
}

/* A path as strace quotes it: escapes by name, the rest in octal. */
static size_t quote_into(char *dst, size_t size, const unsigned char *s,
			 size_t len)
{
	size_t o = 0;

	if (size < 4 * len + 3)
		len = (size - 3) / 4;
	dst[o++] = '"';
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		const char *esc = NULL;

		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\t': esc = "\\t"; break;
		case '\n': esc = "\\n"; break;
		case '\v': esc = "\\v"; break;
		case '\f': esc = "\\f"; break;
		case '\r': esc = "\\r"; break;
		}
		if (esc) {
			o += (size_t)snprintf(dst + o, size - o, "%s", esc);
		} else if (c >= ' ' && c < 0x7f) {
			dst[o++] = (char)c;
		} else if (i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7') {
			o += (size_t)snprintf(dst + o, size - o, "\\%03o", c);
		} else {
			o += (size_t)snprintf(dst + o, size - o, "\\%o", c);
		}
	}
	dst[o++] = '"';
	dst[o] = '\0';
	return o;
}

/* --- AF_UNIX ---------------------------------------------------------- */

struct unix_info {
	uint32_t ino, peer;
	unsigned char name[108];
	size_t namelen;
	int has_name;
};

static int unix_match(const struct nlmsghdr *h, void *ctx)
{
	struct unix_info *u = ctx;
	const struct unix_diag_msg *m = NLMSG_DATA(h);
	const struct rtattr *a;
	int len;

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->udiag_ino != u->ino)
		return 0;
	len = (int)(h->nlmsg_len - NLMSG_LENGTH(sizeof(*m)));
	for (a = (const struct rtattr *)(m + 1); RTA_OK(a, len);
	     a = RTA_NEXT(a, len)) {
		size_t alen = RTA_PAYLOAD(a);

		if (a->rta_type == UNIX_DIAG_NAME && alen) {
			u->namelen = alen < sizeof(u->name) ? alen
							     : sizeof(u->name);
			memcpy(u->name, RTA_DATA(a), u->namelen);
			u->has_name = 1;
		} else if (a->rta_type == UNIX_DIAG_PEER && alen >= 4) {
			memcpy(&u->peer, RTA_DATA(a), 4);
		}
	}
	return 1;
}

static int describe_unix(uint32_t ino, char *buf, size_t size)
{
	struct unix_diag_req req = {
		.sdiag_family = AF_UNIX,
		.udiag_states = ~0U,
		.udiag_ino = ino,
		.udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
		.udiag_cookie = { INET_DIAG_NOCOOKIE, INET_DIAG_NOCOOKIE },
	};
	struct unix_info u = { .ino = ino };
	size_t n;

	if (diag_send(&req, sizeof(req), 0) || diag_recv(unix_match, &u) != 1)
		return -1;
	if (!u.peer && !u.has_name)
		return -1;
	n = (size_t)snprintf(buf, size, "%u", ino);
	if (u.peer && n < size)
		n += (size_t)snprintf(buf + n, size - n, "->%u", u.peer);
	if (u.has_name && n + 8 < size) {
		buf[n++] = ',';
		if (u.name[0] == '\0') {
			/* Abstract: shown up to its first NUL, after "@". */
			buf[n++] = '@';
			n += quote_into(buf + n, size - n, u.name + 1,
					strnlen((const char *)u.name + 1,
						u.namelen - 1));
		} else {
			n += quote_into(buf + n, size - n, u.name,
					strnlen((const char *)u.name,
						u.namelen));
		}
	}
	return 0;
}

/* --- AF_INET, AF_INET6 ------------------------------------------------ */

struct inet_info {
	uint32_t ino;
	int family;
	struct inet_diag_sockid id;
};

static int inet_match(const struct nlmsghdr *h, void *ctx)
{
	struct inet_info *in = ctx;
	const struct inet_diag_msg *m = NLMSG_DATA(h);

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->idiag_inode != in->ino)
		return 0;
	in->id = m->id;
	return 1;
}

static void format_endpoint(char *buf, size_t size, int family,
			    const uint32_t *addr, uint16_t port)
{
	char ip[INET6_ADDRSTRLEN];

	inet_ntop(family, addr, ip, sizeof(ip));
	if (family == AF_INET6)
		snprintf(buf, size, "[%s]:%u", ip, ntohs(port));
	else
		snprintf(buf, size, "%s:%u", ip, ntohs(port));
}

static int describe_inet(uint32_t ino, int family, int proto, char *buf,
			 size_t size)
{
	struct inet_diag_req_v2 req = {
		.sdiag_family = (uint8_t)family,
		.sdiag_protocol = (uint8_t)proto,
		.idiag_states = ~0U,
	};
	struct inet_info in = { .ino = ino, .family = family };
	char src[64], dst[64];
	static const uint32_t zero[4];
	size_t alen = family == AF_INET6 ? 16 : 4;

	if (diag_send(&req, sizeof(req), NLM_F_DUMP) ||
	    diag_recv(inet_match, &in) != 1)
		return -1;
	format_endpoint(src, sizeof(src), family, in.id.idiag_src,
			in.id.idiag_sport);
	if (!in.id.idiag_dport && !memcmp(in.id.idiag_dst, zero, alen)) {
		snprintf(buf, size, "%s", src);
		return 0;
	}
	format_endpoint(dst, sizeof(dst), family, in.id.idiag_dst,
			in.id.idiag_dport);
	snprintf(buf, size, "%s->%s", src, dst);
	return 0;
}

/* --- AF_NETLINK ------------------------------------------------------- */

struct nl_info {
	uint32_t ino, portid;
	uint8_t proto;
};

static int nl_match(const struct nlmsghdr *h, void *ctx)
{
	struct nl_info *nl = ctx;
	const struct netlink_diag_msg *m = NLMSG_DATA(h);

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->ndiag_ino != nl->ino)
		return 0;
	nl->portid = m->ndiag_portid;
	nl->proto = m->ndiag_protocol;
	return 1;
}

static int describe_netlink(uint32_t ino, char *buf, size_t size)
{
	struct netlink_diag_req req = {
		.sdiag_family = AF_NETLINK,
		.sdiag_protocol = NDIAG_PROTO_ALL,
		.ndiag_cookie = { INET_DIAG_NOCOOKIE, INET_DIAG_NOCOOKIE },
	};
	struct nl_info nl = { .ino = ino };
	const char *name;

	if (diag_send(&req, sizeof(req), NLM_F_DUMP) ||
	    diag_recv(nl_match, &nl) != 1)
		return -1;
	name = xlat_name(netlink_protocols, nl.proto);
	if (name && !strncmp(name, "NETLINK_", 8))
		snprintf(buf, size, "%s:%u", name + 8, nl.portid);
	else
		snprintf(buf, size, "%u:%u", nl.proto, nl.portid);
	return 0;
}

/* --- details found, by inode ------------------------------------------ */

#define CACHE_BUCKETS 1024

struct cached {
	uint32_t ino;
	struct cached *next;
	char text[];
};

static struct cached *cache[CACHE_BUCKETS];

static const char *cache_find(uint32_t ino)
{
	for (struct cached *c = cache[ino % CACHE_BUCKETS]; c; c = c->next)
		if (c->ino == ino)
			return c->text;
	return NULL;
}

static void cache_add(uint32_t ino, const char *text)
{
	size_t n = strlen(text) + 1;
	struct cached *c = malloc(sizeof(*c) + n);

	if (!c)
		return;
	c->ino = ino;
	memcpy(c->text, text, n);
	c->next = cache[ino % CACHE_BUCKETS];
	cache[ino % CACHE_BUCKETS] = c;
}

/* --- the protocols strace names --------------------------------------- */

struct proto {
	const char *name;
	int family, ipproto;	/* family 0: no diag query (inode only) */
};

static const struct proto protos[] = {
	{ "TCP", AF_INET, IPPROTO_TCP },
	{ "UDP", AF_INET, IPPROTO_UDP },
	{ "UDPLITE", AF_INET, IPPROTO_UDPLITE },
	{ "DCCP", AF_INET, IPPROTO_DCCP },
	{ "SCTP", AF_INET, IPPROTO_SCTP },
	{ "TCPv6", AF_INET6, IPPROTO_TCP },
	{ "UDPv6", AF_INET6, IPPROTO_UDP },
	{ "UDPLITEv6", AF_INET6, IPPROTO_UDPLITE },
	{ "DCCPv6", AF_INET6, IPPROTO_DCCP },
	{ "SCTPv6", AF_INET6, IPPROTO_SCTP },
	{ "RAW", 0, 0 },
	{ "RAWv6", 0, 0 },
	{ "PING", 0, 0 },
	{ "PINGv6", 0, 0 },
	{ "L2TP/IP", 0, 0 },
	{ "L2TP/IPv6", 0, 0 },
	{ "NETLINK", AF_NETLINK, 0 },
};

int socket_describe(pid_t pid, int fd, const char *linktext, char *buf,
		    size_t size)
{
	char link[64], pname[64], detail[512];
	const struct proto *p = NULL;
	const char *cached;
	unsigned long ino;
	ssize_t n;
	char *end;
	int r = -1;

	if (strncmp(linktext, "socket:[", 8))
		return -1;
	ino = strtoul(linktext + 8, &end, 10);
	if (*end != ']' || !ino)
		return -1;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pidns_proc_pid(pid), fd);
	n = getxattr(link, "system.sockprotoname", pname, sizeof(pname) - 1);
	if (n <= 0)
		return -1;
	pname[n] = '\0';
	cached = cache_find((uint32_t)ino);
	if (cached)
		return snprintf(buf, size, "%s:[%s]", pname, cached);
	if (!strncmp(pname, "UNIX", 4)) {
		r = describe_unix((uint32_t)ino, detail, sizeof(detail));
	} else {
		for (size_t i = 0; i < sizeof(protos) / sizeof(protos[0]); i++)
			if (!strcmp(protos[i].name, pname))
				p = &protos[i];
		if (!p)
			return -1;
		if (p->family == AF_NETLINK)
			r = describe_netlink((uint32_t)ino, detail,
					     sizeof(detail));
		else if (p->family)
			r = describe_inet((uint32_t)ino, p->family, p->ipproto,
					  detail, sizeof(detail));
	}
	if (r < 0)
		snprintf(detail, sizeof(detail), "%lu", ino);
	else
		cache_add((uint32_t)ino, detail);
	return snprintf(buf, size, "%s:[%s]", pname, detail);
}
