/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printers of the file and directory family (src/syscall/file.c and
 * stat.c) that other families use too: open(2) flags (fcntl F_GETFL,
 * open_by_handle_at), modes, device numbers, and the time comments of
 * struct stat and friends.
 */
#ifndef SLTRACE_SYSCALL_FILE_H
#define SLTRACE_SYSCALL_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xlat/xlat.h"

struct tcb;

/* open(2) flags: "O_RDWR|O_CREAT|O_CLOEXEC" (access mode first). */
void print_open_flags(struct tcb *tcp, uint64_t flags);
const char *sprint_open_flags(char *buf, size_t size, uint64_t flags);

/* A mode_t as a number: "0644", "000"; the kernel's umode_t is 16 bits. */
void print_numeric_mode(struct tcb *tcp, uint64_t mode);
/* A mode with its file type: "S_IFREG|S_ISUID|0755". */
void print_symbolic_mode(struct tcb *tcp, unsigned int mode);
/* A device number: "makedev(0x8, 0x1)" (major/minor of glibc). */
void print_dev(struct tcb *tcp, uint64_t dev);

/*
 * The calendar time strace shows in comments, in local time:
 * "2023-11-14T22:13:20.123456789+0000".  frac has digits decimal
 * digits (9 for nanoseconds, 6 for microseconds) and is left out when
 * 0.  Returns false when the time cannot be converted.
 */
bool sprint_time(char *buf, size_t size, int64_t sec, uint64_t frac,
		 unsigned int digits);
/* The same as a comment after the value just printed; none for 0. */
void print_time_comment(struct tcb *tcp, int64_t sec, uint64_t frac,
			unsigned int digits);

/*
 * The bytes from..size-1 of a struct at addr bigger than the one we know
 * (openat2's open_how, mount_attr): nothing when they are all zero, else
 * strace's ", /\* bytes 24..31 *\/ "\x01..."" as one more field, and
 * ", ???" when they cannot be read.  Like strace it looks at the first
 * STRUCT_TAIL_MAX bytes of the struct only, whatever the size says.
 */
#define STRUCT_TAIL_MAX 4096
void print_struct_tail(struct tcb *tcp, uint64_t addr, uint64_t from,
		       uint64_t size);

#endif
