/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Socket address helpers shared by sockaddr.c (the common families) and
 * sockaddr_fam.c (the rarer ones); buf is the tracee's sockaddr as read,
 * len the bytes of it the call passes (at most 128).
 */
#ifndef SLTRACE_SYSCALL_SOCKADDR_FAM_H
#define SLTRACE_SYSCALL_SOCKADDR_FAM_H

#include <stddef.h>
#include <stdint.h>

struct tcb;

static inline uint16_t get16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

void print_net_expr(struct tcb *tcp, const char *field,
		    const unsigned char *bytes, size_t n, const char *expr);
void print_port(struct tcb *tcp, const char *field, const unsigned char *p);
void print_sa_data(struct tcb *tcp, const unsigned char *buf, size_t len);
void print_sockaddr_in(struct tcb *tcp, const unsigned char *buf);
void print_sockaddr_in6(struct tcb *tcp, const unsigned char *buf,
			size_t len);
void print_ifindex(struct tcb *tcp, uint32_t idx);
/* The 16 bytes of an IPv6 address as the field named field. */
void print_in6_field(struct tcb *tcp, const char *field,
		     const unsigned char *a);

/* The family's fields after sa_family; false: not a family known here. */
int print_sockaddr_family(struct tcb *tcp, const unsigned char *buf,
			  size_t len);

#endif
