/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * USDT (SystemTap SDT) points of an ELF object: the notes of its
 * .note.stapsdt section (owner "stapsdt", type 3), as <sys/sdt.h> writes
 * them: the probe's pc, the link-time address of .stapsdt.base, the
 * semaphore's address (0: none), then provider, name and argument spec
 * ("-4@%eax 8@-16(%rbp)"), each NUL-terminated.  The file is untrusted: a
 * malformed note is skipped.
 */
#ifndef SLTRACE_PROBE_USDT_H
#define SLTRACE_PROBE_USDT_H

#include <stdint.h>
#include <sys/types.h>

struct usdt_note {
	uint64_t pc;		/* link-time, .stapsdt.base's move applied */
	uint64_t semaphore;	/* link-time address of a uint16_t, or 0 */
	char *provider;
	char *name;
	char *args;		/* "" when the point has none */
};

/*
 * Reads path's USDT points.  *notes is a malloc'ed array the caller
 * frees with usdt_free().  Returns their number (0 when there is no
 * note), or -errno (-ENOEXEC: not ELF).
 */
ssize_t usdt_read_file(const char *path, struct usdt_note **notes);

/*
 * Decodes one note's descriptor of an object of addr_size (4 or 8) byte
 * addresses, in the byte order big_endian says; base_addr is
 * .stapsdt.base's address in the file (0 if absent).  Returns 0 and fills
 * *note (strings malloc'ed), or -EINVAL.  For the fuzz target too.
 */
int usdt_parse_desc(const void *desc, size_t len, unsigned int addr_size,
		    int big_endian, uint64_t base_addr, struct usdt_note *note);

void usdt_free(struct usdt_note *notes, ssize_t n);

#endif
