/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink messages sent on NETLINK_ROUTE and NETLINK_SOCK_DIAG sockets:
 * valid ones with attributes, truncated ones, several in one buffer,
 * errors carrying the request, and buffers that run into an unmapped
 * page.  tests/cases/decode-netlink.sh compares the lines with strace's.
 * The kernel's answers are not read: they change from run to run.
 */
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static void marker(const char *s)
{
	if (write(-1, s, strlen(s)) != -1)
		_exit(2);
}

/* The last bytes of a page followed by an unmapped one. */
static char *tail_of(size_t n)
{
	long ps = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(1);
	munmap(p + ps, ps);
	return p + ps - n;
}

/* Asked before the marker: if_nametoindex makes an ioctl of its own. */
static unsigned int lo_index;

static int nl_socket(int proto)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, proto);

	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		_exit(77);
	return fd;
}

static void send_buf(int fd, const void *buf, size_t len)
{
	sendto(fd, buf, len, MSG_DONTWAIT, NULL, 0);
}

static void route(void)
{
	int fd = nl_socket(NETLINK_ROUTE);
	struct {
		struct nlmsghdr h;
		struct ifinfomsg ifi;
		struct nlattr a;
		uint32_t mask;
	} link = {
		.h = { sizeof(link), RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP,
		       1, 0 },
		.ifi = { .ifi_family = AF_UNSPEC },
		.a = { 8, IFLA_EXT_MASK },
		.mask = RTEXT_FILTER_VF,
	};
	struct {
		struct nlmsghdr h;
		struct ifaddrmsg ifa;
		struct nlattr a1;
		struct in_addr addr;
		struct nlattr a2;
		char label[4];
	} addr = {
		.h = { sizeof(addr), RTM_NEWADDR,
		       NLM_F_REQUEST | NLM_F_CREATE | NLM_F_EXCL, 2, 0 },
		.ifa = { AF_INET, 8, IFA_F_PERMANENT, RT_SCOPE_HOST,
			 lo_index },
		.a1 = { 8, IFA_LOCAL },
		.a2 = { 7, IFA_LABEL },
		.label = "lo",
	};
	struct {
		struct nlmsghdr h;
		struct rtmsg rt;
		struct nlattr a;
		uint32_t table;
	} rt = {
		.h = { sizeof(rt), RTM_GETROUTE, NLM_F_REQUEST | NLM_F_DUMP,
		       3, 0 },
		.rt = { .rtm_family = AF_INET6, .rtm_table = RT_TABLE_MAIN,
			.rtm_protocol = RTPROT_KERNEL, .rtm_type = RTN_UNICAST },
		.a = { 8, RTA_TABLE },
		.table = RT_TABLE_MAIN,
	};
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
	} err = {
		.h = { sizeof(err), NLMSG_ERROR, 0, 4, 0 },
		.e = { -13, { 16, RTM_GETLINK, NLM_F_REQUEST, 4, 0 } },
	};
	char two[2 * sizeof(link)], *t;
	struct iovec iov = { &link, sizeof(link) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

	inet_pton(AF_INET, "127.0.0.1", &addr.addr);
	send_buf(fd, &link, sizeof(link));
	send_buf(fd, &addr, sizeof(addr));
	send_buf(fd, &rt, sizeof(rt));
	send_buf(fd, &err, sizeof(err));
	sendmsg(fd, &mh, MSG_DONTWAIT);
	/* two messages in one buffer */
	memcpy(two, &link, sizeof(link));
	memcpy(two + sizeof(link), &link, sizeof(link));
	send_buf(fd, two, sizeof(two));
	/* a struct cut short, a header cut short */
	send_buf(fd, &addr, sizeof(struct nlmsghdr) + 4);
	send_buf(fd, &link, 10);
	/* the attribute runs into an unmapped page; then the header */
	t = tail_of(sizeof(link) - 2);
	memcpy(t, &link, sizeof(link) - 2);
	send_buf(fd, t, sizeof(link));
	t = tail_of(8);
	memcpy(t, &link, 8);
	send_buf(fd, t, sizeof(link));
	send_buf(fd, NULL, sizeof(link));
	close(fd);
}

static void diag(void)
{
	int fd = nl_socket(NETLINK_SOCK_DIAG);
	struct {
		struct nlmsghdr h;
		struct inet_diag_req_v2 r;
	} inet = {
		.h = { sizeof(inet), SOCK_DIAG_BY_FAMILY,
		       NLM_F_REQUEST | NLM_F_DUMP, 5, 0 },
		.r = { .sdiag_family = AF_INET, .sdiag_protocol = IPPROTO_TCP,
		       .idiag_ext = 1 << (INET_DIAG_INFO - 1),
		       .idiag_states = 1 << 10 | 1 << 1 },
	};
	struct {
		struct nlmsghdr h;
		struct unix_diag_req r;
	} ux = {
		.h = { sizeof(ux), SOCK_DIAG_BY_FAMILY,
		       NLM_F_REQUEST | NLM_F_DUMP, 6, 0 },
		.r = { .sdiag_family = AF_UNIX, .udiag_states = ~0U,
		       .udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
		       .udiag_cookie = { INET_DIAG_NOCOOKIE,
					 INET_DIAG_NOCOOKIE } },
	};
	struct {
		struct nlmsghdr h;
		struct netlink_diag_req r;
	} nl = {
		.h = { sizeof(nl), SOCK_DIAG_BY_FAMILY,
		       NLM_F_REQUEST | NLM_F_DUMP, 7, 0 },
		.r = { .sdiag_family = AF_NETLINK,
		       .sdiag_protocol = NDIAG_PROTO_ALL,
		       .ndiag_show = NDIAG_SHOW_GROUPS },
	};
	struct {
		struct nlmsghdr h;
		struct inet_diag_msg m;
		struct nlattr a;
		char cong[8];
	} answer = {
		.h = { sizeof(answer), SOCK_DIAG_BY_FAMILY, NLM_F_MULTI, 8, 0 },
		.m = { .idiag_family = AF_INET6, .idiag_state = 10,
		       .idiag_uid = 1000, .idiag_inode = 1234,
		       .id = { .idiag_sport = htons(22) } },
		.a = { 9, INET_DIAG_CONG },
		.cong = "cubic",
	};

	send_buf(fd, &inet, sizeof(inet));
	inet.r.sdiag_family = AF_INET6;
	send_buf(fd, &inet, sizeof(inet));
	send_buf(fd, &ux, sizeof(ux));
	send_buf(fd, &nl, sizeof(nl));
	send_buf(fd, &answer, sizeof(answer));
	/* family only, and a short struct */
	send_buf(fd, &ux, sizeof(struct nlmsghdr) + 1);
	ux.h.nlmsg_len = sizeof(struct nlmsghdr) + 6;
	send_buf(fd, &ux, sizeof(struct nlmsghdr) + 6);
	close(fd);
}

int main(void)
{
	lo_index = if_nametoindex("lo");
	marker("decode-begin");
	route();
	diag();
	marker("decode-end");
	return 0;
}
