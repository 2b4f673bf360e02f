/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink messages sent on NETLINK_ROUTE and NETLINK_SOCK_DIAG sockets:
 * valid ones with attributes, truncated ones, several in one buffer,
 * errors carrying the request, and buffers that run into an unmapped
 * page.  tests/cases/decode-netlink.sh compares the lines with strace's.
 * The kernel's answers are not read: they change from run to run.
 */
#include <linux/filter.h>
#include <linux/if_packet.h>
#include <linux/inet_diag.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/packet_diag.h>
#include <linux/selinux_netlink.h>
#include <linux/smc_diag.h>
#include <linux/netlink.h>
#include <linux/gen_stats.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/tcp.h>
#include <linux/tls.h>
#include <linux/netlink_diag.h>
#include <linux/nexthop.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
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

/* A message built attribute by attribute in buf. */
static unsigned char mb[1024];
static size_t mlen;

static void msg_begin(uint16_t type, const void *body, size_t len)
{
	struct nlmsghdr h = { 0, type, NLM_F_REQUEST | NLM_F_DUMP, 7, 0 };

	memset(mb, 0, sizeof(mb));
	memcpy(mb, &h, sizeof(h));
	memcpy(mb + NLMSG_HDRLEN, body, len);
	mlen = NLMSG_HDRLEN + NLMSG_ALIGN(len);
}

/* An attribute; nested ones end with attr_end(offset returned). */
static size_t attr(uint16_t type, const void *data, size_t len)
{
	struct nlattr a = { (uint16_t)(NLA_HDRLEN + len), type };
	size_t at = mlen;

	memcpy(mb + mlen, &a, sizeof(a));
	if (data)
		memcpy(mb + mlen + NLA_HDRLEN, data, len);
	mlen += NLA_HDRLEN + NLA_ALIGN(len);
	return at;
}

static void attr_end(size_t at)
{
	struct nlattr *a = (struct nlattr *)(mb + at);

	a->nla_len = (uint16_t)(mlen - at);
}

static void msg_send(int fd)
{
	((struct nlmsghdr *)mb)->nlmsg_len = (uint32_t)mlen;
	send_buf(fd, mb, mlen);
}

/* Statistics, nexthops, multipath routes, tc stats, bridge ports. */
static void route_attrs(void)
{
	int fd = nl_socket(NETLINK_ROUTE);
	struct if_stats_msg ism = { .family = AF_UNSPEC, .ifindex = lo_index,
				    .filter_mask = 1 << IFLA_STATS_LINK_64 };
	struct rtnl_link_stats64 st;
	struct nhmsg nhm = { .nh_family = AF_INET, .nh_scope = RT_SCOPE_LINK,
			     .nh_protocol = RTPROT_STATIC };
	struct nexthop_grp grp[2] = { { 1, 2, 0, 0 }, { 3, 4, 5, 6 } };
	uint64_t idle = 250;
	uint32_t u32 = 1500;
	struct rtmsg rtm = { .rtm_family = AF_INET, .rtm_table = RT_TABLE_MAIN,
			     .rtm_protocol = RTPROT_BOOT,
			     .rtm_type = RTN_UNICAST };
	struct rtnexthop nh = { sizeof(nh) + 8, RTNH_F_ONLINK, 1, lo_index };
	struct in_addr gw;
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC, .tcm_ifindex = lo_index };
	struct gnet_stats_basic bs = { 1000, 10 };
	struct ifinfomsg ifi = { .ifi_family = AF_BRIDGE,
				 .ifi_index = lo_index };
	uint8_t state = 3, id[8] = { 0x80, 0, 1, 2, 3, 4, 5, 6 };
	int32_t conf[3] = { 1, 64, -1 };
	size_t n, n2;

	for (unsigned int i = 0; i < sizeof(st) / 8; i++)
		((uint64_t *)&st)[i] = 1000 + i;
	msg_begin(RTM_GETSTATS, &ism, sizeof(ism));
	attr(IFLA_STATS_LINK_64, &st, sizeof(st));
	msg_send(fd);
	/* the older, shorter struct */
	msg_begin(RTM_GETSTATS, &ism, sizeof(ism));
	attr(IFLA_STATS_LINK_64, &st, offsetof(struct rtnl_link_stats64,
					       rx_nohandler));
	msg_send(fd);

	msg_begin(RTM_NEWNEXTHOP, &nhm, sizeof(nhm));
	attr(NHA_GROUP, grp, sizeof(grp));
	n = attr(NHA_RES_GROUP, NULL, 0);
	attr(NHA_RES_GROUP_IDLE_TIMER, &idle, sizeof(idle));
	attr(NHA_RES_GROUP_BUCKETS, &u32, 2);
	attr_end(n);
	msg_send(fd);

	inet_pton(AF_INET, "127.0.0.2", &gw);
	msg_begin(RTM_NEWROUTE, &rtm, sizeof(rtm));
	n = attr(RTA_METRICS, NULL, 0);
	attr(RTAX_MTU, &u32, sizeof(u32));
	attr_end(n);
	n = attr(RTA_MULTIPATH, NULL, 0);
	memcpy(mb + mlen, &nh, sizeof(nh));
	mlen += sizeof(nh);
	attr(RTA_GATEWAY, &gw, sizeof(gw));
	attr_end(n);
	msg_send(fd);

	msg_begin(RTM_GETQDISC, &tcm, sizeof(tcm));
	n = attr(TCA_STATS2, NULL, 0);
	attr(TCA_STATS_BASIC, &bs, 12);
	attr_end(n);
	msg_send(fd);

	msg_begin(RTM_SETLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_PROTINFO | NLA_F_NESTED, NULL, 0);
	attr(IFLA_BRPORT_STATE, &state, 1);
	attr(IFLA_BRPORT_ROOT_ID, id, sizeof(id));
	attr_end(n);
	msg_send(fd);

	ifi.ifi_family = AF_INET6;
	msg_begin(RTM_SETLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_PROTINFO, NULL, 0);
	n2 = attr(IFLA_INET6_CONF, conf, sizeof(conf));
	(void)n2;
	attr_end(n);
	msg_send(fd);
	/* the same, cut by an unmapped page inside the array */
	{
		char *t = tail_of(mlen - 4);

		memcpy(t, mb, mlen - 4);
		send_buf(fd, t, mlen);
	}
	close(fd);
}

/*
 * IFLA_LINKINFO: the data of each kind of link strace decodes (bridge,
 * its ports as slave data, tun, can's xstats), the data of other kinds,
 * data that no kind or the other kind attribute precedes, and two link
 * infos in one message.
 */
static void linkinfo(void)
{
	int fd = nl_socket(NETLINK_ROUTE);
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC,
				 .ifi_index = lo_index };
	uint64_t clk = 1500;
	uint32_t u32 = 7, owner = 0xffffffff, group = 1000;
	uint16_t prio = 0x8000, proto = htons(0x8100), fwd = 0x4008;
	uint8_t u8 = 1, type = 2, id[8] = { 0x80, 0, 2, 0, 0, 0, 0, 1 };
	uint8_t mac[6] = { 1, 0x80, 0xc2, 0, 0, 0 };
	struct br_boolopt_multi bo = { 1 << BR_BOOLOPT_NO_LL_LEARN | 0x100,
				       3 };
	uint32_t can[6] = { 1, 2, 3, 4, 5, 6 };
	unsigned char in6[16] = { 0xfe, 0x80, [15] = 1 };
	struct in_addr ip;
	size_t n, n2, n3;

	inet_pton(AF_INET, "192.0.2.1", &ip);
	msg_begin(RTM_NEWLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_LINKINFO, NULL, 0);
	attr(IFLA_INFO_KIND, "bridge", 7);
	n2 = attr(IFLA_INFO_DATA, NULL, 0);
	attr(IFLA_BR_FORWARD_DELAY, &clk, sizeof(clk));
	attr(IFLA_BR_STP_STATE, &u32, sizeof(u32));
	attr(IFLA_BR_PRIORITY, &prio, sizeof(prio));
	attr(IFLA_BR_VLAN_PROTOCOL, &proto, sizeof(proto));
	attr(IFLA_BR_GROUP_FWD_MASK, &fwd, sizeof(fwd));
	attr(IFLA_BR_BRIDGE_ID, id, sizeof(id));
	attr(IFLA_BR_GROUP_ADDR, mac, sizeof(mac));
	attr(IFLA_BR_MCAST_SNOOPING, &u8, 1);
	attr(IFLA_BR_MULTI_BOOLOPT, &bo, sizeof(bo));
	n3 = attr(IFLA_BR_MCAST_QUERIER_STATE, NULL, 0);
	attr(BRIDGE_QUERIER_IP_ADDRESS, &ip, sizeof(ip));
	attr(BRIDGE_QUERIER_IP_PORT, &lo_index, sizeof(lo_index));
	attr(BRIDGE_QUERIER_IP_OTHER_TIMER, &clk, sizeof(clk));
	attr(BRIDGE_QUERIER_IPV6_ADDRESS, in6, sizeof(in6));
	attr(99, &u8, 1);
	attr_end(n3);
	attr(IFLA_BR_FDB_FLUSH, NULL, 0);
	attr(IFLA_BR_PRIORITY, &u8, 1);
	attr(0x7f, &u32, sizeof(u32));
	attr_end(n2);
	attr(IFLA_INFO_XSTATS, &u32, sizeof(u32));
	attr_end(n);
	msg_send(fd);

	msg_begin(RTM_NEWLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_LINKINFO, NULL, 0);
	attr(IFLA_INFO_KIND, "tun", 4);
	n2 = attr(IFLA_INFO_DATA, NULL, 0);
	attr(IFLA_TUN_OWNER, &owner, sizeof(owner));
	attr(IFLA_TUN_GROUP, &group, sizeof(group));
	attr(IFLA_TUN_TYPE, &type, 1);
	attr(IFLA_TUN_PI, &u8, 1);
	attr(IFLA_TUN_NUM_QUEUES, &u32, sizeof(u32));
	attr(0x77, &u32, sizeof(u32));
	attr_end(n2);
	attr(IFLA_INFO_SLAVE_KIND, "bridge", 7);
	n2 = attr(IFLA_INFO_SLAVE_DATA, NULL, 0);
	attr(IFLA_BRPORT_STATE, &u8, 1);
	attr(IFLA_BRPORT_COST, &u32, sizeof(u32));
	attr(IFLA_BRPORT_BACKUP_PORT, &lo_index, sizeof(lo_index));
	attr_end(n2);
	attr_end(n);
	/* a second link info: the first one's kinds do not hold */
	n = attr(IFLA_LINKINFO, NULL, 0);
	n2 = attr(IFLA_INFO_DATA, NULL, 0);
	attr(IFLA_TUN_PI, &u8, 1);
	attr_end(n2);
	attr_end(n);
	msg_send(fd);

	msg_begin(RTM_NEWLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_LINKINFO, NULL, 0);
	attr(IFLA_INFO_KIND, "can", 4);
	attr(IFLA_INFO_XSTATS, can, sizeof(can));
	attr(IFLA_INFO_XSTATS, can, sizeof(can) - 1);
	attr(IFLA_INFO_DATA, can, sizeof(can));
	/* the kind of a link is not the kind of its master */
	attr(IFLA_INFO_SLAVE_DATA, can, 8);
	attr_end(n);
	msg_send(fd);

	msg_begin(RTM_NEWLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_LINKINFO, NULL, 0);
	attr(IFLA_INFO_SLAVE_KIND, "bridge", 7);
	attr(IFLA_INFO_DATA, can, 8);
	attr(IFLA_INFO_KIND, "veth", 5);
	attr(IFLA_INFO_DATA, can, 8);
	attr(IFLA_INFO_KIND, "bridge", 7);
	n2 = attr(IFLA_INFO_DATA, NULL, 0);
	attr(IFLA_BR_STP_STATE, &u32, sizeof(u32));
	attr_end(n2);
	attr_end(n);
	msg_send(fd);
	/* the same, cut by an unmapped page inside the bridge's data */
	{
		char *t = tail_of(mlen - 6);

		memcpy(t, mb, mlen - 6);
		send_buf(fd, t, mlen);
	}
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
	/*
	 * Requests and an answer whose struct runs into an unmapped page
	 * after its family, with and without room for attributes after it:
	 * strace shows the struct's address and nothing of the rest.
	 */
	for (size_t extra = 0; extra <= 8; extra += 8) {
		char *t = tail_of(NLMSG_HDRLEN + 4);

		inet.h.nlmsg_len = (uint32_t)(sizeof(inet) + extra);
		inet.r.sdiag_family = AF_INET;
		memcpy(t, &inet, NLMSG_HDRLEN + 4);
		send_buf(fd, t, sizeof(inet) + extra);
		t = tail_of(NLMSG_HDRLEN + 24);
		memcpy(t, &inet, NLMSG_HDRLEN + 24);
		send_buf(fd, t, sizeof(inet) + extra);
		t = tail_of(NLMSG_HDRLEN + 4);
		ux.h.nlmsg_len = (uint32_t)(sizeof(ux) + extra);
		memcpy(t, &ux, NLMSG_HDRLEN + 4);
		send_buf(fd, t, sizeof(ux) + extra);
		t = tail_of(NLMSG_HDRLEN + 4);
		answer.h.nlmsg_len = (uint32_t)(sizeof(answer) + extra);
		memcpy(t, &answer, NLMSG_HDRLEN + 4);
		send_buf(fd, t, sizeof(answer) + extra);
	}
	/* The struct whole, its attributes in the unmapped page. */
	{
		char *t = tail_of(sizeof(inet) + 2);

		inet.h.nlmsg_len = (uint32_t)(sizeof(inet) + 8);
		memcpy(t, &inet, sizeof(inet));
		send_buf(fd, t, sizeof(inet) + 8);
	}
	close(fd);
}

/*
 * The attributes of an inet_diag answer: congestion control infos,
 * shutdown, protocol, socket options, MD5 keys, SCTP addresses, the ULP
 * (name, TLS, MPTCP) and BPF storage, whole, short and cut by an
 * unmapped page.
 */
/* An answer of the kernel (not a request): an inet_diag_msg. */
static void answer_begin(const void *body, size_t len)
{
	msg_begin(SOCK_DIAG_BY_FAMILY, body, len);
	((struct nlmsghdr *)mb)->nlmsg_flags = NLM_F_MULTI;
}

/* linux/mptcp.h, which clashes with <netinet/in.h> */
enum {
	MPTCP_SUBFLOW_ATTR_TOKEN_REM = 1,
	MPTCP_SUBFLOW_ATTR_MAP_SEQ = 4,
	MPTCP_SUBFLOW_ATTR_MAP_DATALEN = 7,
	MPTCP_SUBFLOW_ATTR_FLAGS = 8,
	MPTCP_SUBFLOW_ATTR_ID_LOC = 10,
	MPTCP_SUBFLOW_ATTR_PAD = 11,
	MPTCP_SUBFLOW_FLAG_MCAP_REM = 1 << 0,
	MPTCP_SUBFLOW_FLAG_CONNECTED = 1 << 7,
};

static void diag_attrs(void)
{
	int fd = nl_socket(NETLINK_SOCK_DIAG);
	struct inet_diag_msg m = { .idiag_family = AF_INET,
				   .idiag_state = 10, .idiag_uid = 1000,
				   .id = { .idiag_sport = htons(22) } };
	struct tcpvegas_info vegas = { 1, 2, 3, 4 };
	struct tcp_dctcp_info dctcp = { 1, 0, 1024, 5, 6 };
	struct tcp_bbr_info bbr = { 0x1000, 0, 20, 256, 512 };
	struct tcp_diag_md5sig md5[2] = {
		{ AF_INET, 32, 4, { htonl(0x7f000001) }, "abcd" },
		{ AF_INET6, 128, 3, { htonl(0x20010db8), 0, 0, htonl(1) },
		  "xyz" },
	};
	struct sockaddr_storage sa[3];
	struct sockaddr_in *sin = (struct sockaddr_in *)&sa[0];
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&sa[1];
	uint8_t u8;
	uint16_t u16 = TLS_1_3_VERSION, cipher = TLS_CIPHER_AES_GCM_256;
	uint16_t conf = TLS_CONF_SW;
	uint32_t u32 = 0xbeeffeed, flags = MPTCP_SUBFLOW_FLAG_MCAP_REM |
					    MPTCP_SUBFLOW_FLAG_CONNECTED |
					    0x10000;
	uint64_t u64 = 1ULL << 40;
	unsigned char sockopt[4] = { 0x11, 0x85, 0, 7 };
	size_t n, n2;

	memset(sa, 0, sizeof(sa));
	sin->sin_family = AF_INET;
	sin->sin_port = htons(9);
	sin->sin_addr.s_addr = htonl(0x7f000001);
	sin6->sin6_family = AF_INET6;
	sin6->sin6_port = htons(9);
	sin6->sin6_addr.s6_addr[15] = 1;
	sa[2].ss_family = AF_UNIX;
	memcpy((char *)&sa[2] + 2, "/run/sock", 10);
	answer_begin(&m, sizeof(m));
	attr(INET_DIAG_VEGASINFO, &vegas, sizeof(vegas));
	attr(INET_DIAG_DCTCPINFO, &dctcp, sizeof(dctcp));
	attr(INET_DIAG_BBRINFO, &bbr, sizeof(bbr));
	attr(INET_DIAG_BBRINFO, &bbr, sizeof(bbr) - 1);
	u8 = 3;
	attr(INET_DIAG_SHUTDOWN, &u8, 1);
	u8 = 0x15;
	attr(INET_DIAG_SHUTDOWN, &u8, 1);
	u8 = 0x40;
	attr(INET_DIAG_SHUTDOWN, &u8, 1);
	u8 = IPPROTO_SCTP;
	attr(INET_DIAG_PROTOCOL, &u8, 1);
	attr(INET_DIAG_SOCKOPT, sockopt, 2);
	attr(INET_DIAG_SOCKOPT, sockopt, 4);
	attr(INET_DIAG_SOCKOPT, sockopt, 1);
	sockopt[1] = 0x05;
	attr(INET_DIAG_SOCKOPT, sockopt, 2);
	attr(INET_DIAG_MD5SIG, md5, sizeof(md5));
	attr(INET_DIAG_MD5SIG, md5, sizeof(md5[0]) - 1);
	msg_send(fd);

	answer_begin(&m, sizeof(m));
	n = attr(INET_DIAG_ULP_INFO, NULL, 0);
	attr(INET_ULP_INFO_NAME, "tls", 4);
	attr(INET_ULP_INFO_NAME, "mptcp", 5);
	n2 = attr(INET_ULP_INFO_TLS, NULL, 0);
	attr(TLS_INFO_VERSION, &u16, 2);
	attr(TLS_INFO_CIPHER, &cipher, 2);
	attr(TLS_INFO_TXCONF, &conf, 2);
	attr(TLS_INFO_RXCONF, &u32, 2);
	attr(TLS_INFO_RX_NO_PAD, NULL, 0);
	attr_end(n2);
	n2 = attr(INET_ULP_INFO_MPTCP, NULL, 0);
	attr(MPTCP_SUBFLOW_ATTR_TOKEN_REM, &u32, 4);
	attr(MPTCP_SUBFLOW_ATTR_MAP_SEQ, &u64, 8);
	attr(MPTCP_SUBFLOW_ATTR_MAP_DATALEN, &u16, 2);
	attr(MPTCP_SUBFLOW_ATTR_FLAGS, &flags, 4);
	attr(MPTCP_SUBFLOW_ATTR_ID_LOC, &u16, 1);
	attr(MPTCP_SUBFLOW_ATTR_PAD, &u32, 4);
	attr_end(n2);
	attr(9, &u32, 4);
	attr_end(n);
	n = attr(INET_DIAG_SK_BPF_STORAGES, NULL, 0);
	n2 = attr(SK_DIAG_BPF_STORAGE, NULL, 0);
	attr(SK_DIAG_BPF_STORAGE_MAP_ID, &u32, 4);
	attr(SK_DIAG_BPF_STORAGE_MAP_VALUE, &u64, 8);
	attr(SK_DIAG_BPF_STORAGE_MAP_VALUE, &u32, 3);
	attr(SK_DIAG_BPF_STORAGE_MAP_VALUE, &u16, 2);
	attr_end(n2);
	attr_end(n);
	msg_send(fd);

	answer_begin(&m, sizeof(m));
	attr(INET_DIAG_LOCALS, sa, sizeof(sa[0]) + 5);
	attr(INET_DIAG_PEERS, sa, sizeof(sa));
	msg_send(fd);
	/* the addresses cut by an unmapped page */
	{
		char *t = tail_of(mlen - 64);

		memcpy(t, mb, mlen - 64);
		send_buf(fd, t, mlen);
	}
	close(fd);
}

/*
 * Extended link statistics, a bridge's AF_SPEC, virtual functions, XDP;
 * packet, SMC, old inet and netlink diag messages with attributes,
 * bytecode; a capped error with a cookie; netfilter and SELinux bodies.
 */
static void more(void)
{
	int fd = nl_socket(NETLINK_ROUTE);
	struct if_stats_msg ism = { .family = AF_UNSPEC, .ifindex = lo_index,
				    .filter_mask = 1 << IFLA_STATS_LINK_XSTATS };
	struct bridge_vlan_xstats vx = { 1, 2, 3, 4, 10, BRIDGE_VLAN_INFO_PVID,
					 0 };
	uint64_t cnt = 42;
	struct ifinfomsg ifi = { .ifi_family = AF_BRIDGE };
	uint16_t bflags = BRIDGE_FLAGS_SELF;
	struct bridge_vlan_info bvi = { BRIDGE_VLAN_INFO_UNTAGGED, 100 };
	struct ifla_vf_mac vmac = { .vf = 1, .mac = { 0, 0x11, 0x22 } };
	struct ifla_vf_vlan_info vvi = { 1, 5, 0, htons(0x8100) };
	uint8_t attached = XDP_ATTACHED_SKB;
	uint32_t xflags = XDP_FLAGS_SKB_MODE;
	int32_t conf[2] = { 1, 0 };
	size_t n, n2, n3;

	msg_begin(RTM_GETSTATS, &ism, sizeof(ism));
	n = attr(IFLA_STATS_LINK_XSTATS, NULL, 0);
	n2 = attr(LINK_XSTATS_TYPE_BRIDGE, NULL, 0);
	attr(BRIDGE_XSTATS_VLAN, &vx, sizeof(vx));
	attr_end(n2);
	n2 = attr(LINK_XSTATS_TYPE_BOND, NULL, 0);
	n3 = attr(1 /* BOND_XSTATS_3AD, linux/if_bonding.h */, NULL, 0);
	attr(0, &cnt, sizeof(cnt));
	attr_end(n3);
	attr_end(n2);
	attr_end(n);
	msg_send(fd);

	msg_begin(RTM_SETLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_AF_SPEC, NULL, 0);
	attr(IFLA_BRIDGE_FLAGS, &bflags, sizeof(bflags));
	attr(IFLA_BRIDGE_VLAN_INFO, &bvi, sizeof(bvi));
	attr_end(n);
	msg_send(fd);

	ifi.ifi_family = AF_UNSPEC;
	msg_begin(RTM_NEWLINK, &ifi, sizeof(ifi));
	n = attr(IFLA_AF_SPEC, NULL, 0);
	n2 = attr(AF_INET, NULL, 0);
	attr(IFLA_INET_CONF, conf, sizeof(conf));
	attr_end(n2);
	attr_end(n);
	n = attr(IFLA_VFINFO_LIST, NULL, 0);
	n2 = attr(IFLA_VF_INFO, NULL, 0);
	attr(IFLA_VF_MAC, &vmac, sizeof(vmac));
	n3 = attr(IFLA_VF_VLAN_LIST, NULL, 0);
	attr(IFLA_VF_VLAN_INFO, &vvi, sizeof(vvi));
	attr_end(n3);
	attr_end(n2);
	attr_end(n);
	n = attr(IFLA_XDP, NULL, 0);
	attr(IFLA_XDP_ATTACHED, &attached, 1);
	attr(IFLA_XDP_FLAGS, &xflags, sizeof(xflags));
	attr_end(n);
	msg_send(fd);

	/* a capped error: what follows its header are attributes */
	{
		struct nlmsgerr e = { -13, { NLMSG_HDRLEN, NLMSG_NOOP,
					     NLM_F_REQUEST, 0, 0 } };
		uint8_t cookie[2] = { 0xab, 0xfe };

		msg_begin(NLMSG_ERROR, &e, sizeof(e));
		((struct nlmsghdr *)mb)->nlmsg_flags = NLM_F_CAPPED;
		attr(NLMSGERR_ATTR_COOKIE, cookie, sizeof(cookie));
		msg_send(fd);
	}
	close(fd);

	fd = nl_socket(NETLINK_SOCK_DIAG);
	{
		struct packet_diag_msg pm = { AF_PACKET, SOCK_RAW, 0x0300,
					      7, { 0, 0 } };
		struct packet_diag_info pi = { lo_index, TPACKET_V2, 0, 0, 0,
					       PDI_RUNNING | PDI_AUXDATA };
		struct sock_filter f[2] = {
			BPF_STMT(BPF_LD | BPF_B | BPF_ABS,
				 SKF_AD_OFF + SKF_AD_PKTTYPE),
			BPF_STMT(BPF_RET | BPF_K, 0x40),
		};
		struct smc_diag_msg sm = { .diag_family = AF_SMC,
					   .diag_state = 1 };
		struct smc_diag_fallback fb = { 0x03020000, 0x1234 };
		struct inet_diag_req_v2 rq = { .sdiag_family = AF_INET,
					       .sdiag_protocol = IPPROTO_TCP };
		/* op, hostcond and its address, laid end to end: hostcond
		 * ends in a flexible array, so no struct may hold all three. */
		struct inet_diag_bc_op op = { INET_DIAG_BC_S_COND, 4, 8 };
		struct inet_diag_hostcond hc = { AF_INET, 8, 22 };
		uint32_t a = htonl(0x7f000001);
		unsigned char bc[sizeof(op) + sizeof(hc) + sizeof(a)];
		struct inet_diag_req old = { .idiag_family = AF_INET,
					     .idiag_ext = 1,
					     .idiag_states = 1 << 10 };
		struct netlink_diag_msg ndm = { AF_NETLINK, SOCK_RAW, 0, 1,
						 0, 0, 0, 0, { 0, 0 } };
		unsigned long groups = 5;
		uint32_t ndflags = NDIAG_FLAG_CB_RUNNING;

		msg_begin(SOCK_DIAG_BY_FAMILY, &pm, sizeof(pm));
		((struct nlmsghdr *)mb)->nlmsg_flags = NLM_F_MULTI;
		attr(PACKET_DIAG_INFO, &pi, sizeof(pi));
		attr(PACKET_DIAG_FILTER, f, sizeof(f));
		msg_send(fd);

		msg_begin(SOCK_DIAG_BY_FAMILY, &sm, sizeof(sm));
		((struct nlmsghdr *)mb)->nlmsg_flags = NLM_F_MULTI;
		attr(SMC_DIAG_FALLBACK, &fb, sizeof(fb));
		msg_send(fd);

		memcpy(bc, &op, sizeof(op));
		memcpy(bc + sizeof(op), &hc, sizeof(hc));
		memcpy(bc + sizeof(op) + sizeof(hc), &a, sizeof(a));
		msg_begin(SOCK_DIAG_BY_FAMILY, &rq, sizeof(rq));
		attr(INET_DIAG_REQ_BYTECODE, bc, sizeof(bc));
		msg_send(fd);

		msg_begin(TCPDIAG_GETSOCK, &old, sizeof(old));
		((struct nlmsghdr *)mb)->nlmsg_flags = NLM_F_REQUEST;
		msg_send(fd);

		msg_begin(SOCK_DIAG_BY_FAMILY, &ndm, sizeof(ndm));
		((struct nlmsghdr *)mb)->nlmsg_flags = NLM_F_MULTI;
		attr(NETLINK_DIAG_GROUPS, &groups, sizeof(groups));
		attr(NETLINK_DIAG_FLAGS, &ndflags, sizeof(ndflags));
		msg_send(fd);
	}
	close(fd);

	fd = nl_socket(NETLINK_NETFILTER);
	{
		struct nfgenmsg g = { AF_INET, NFNETLINK_V0, htons(10) };
		uint32_t v = 7;

		msg_begin(NFNL_SUBSYS_NFTABLES << 8 | 0, &g, sizeof(g));
		attr(1, &v, sizeof(v));
		msg_send(fd);
		msg_begin(NFNL_MSG_BATCH_BEGIN, &g, sizeof(g));
		msg_send(fd);
	}
	close(fd);

	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_SELINUX);
	if (fd >= 0) {
		struct selnl_msg_setenforce se = { 1 };

		msg_begin(SELNL_MSG_SETENFORCE, &se, sizeof(se));
		msg_send(fd);
		close(fd);
	}
}

int main(void)
{
	lo_index = if_nametoindex("lo");
	marker("decode-begin");
	route();
	route_attrs();
	linkinfo();
	diag();
	diag_attrs();
	more();
	marker("decode-end");
	return 0;
}
