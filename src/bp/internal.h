/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between the files of src/bp/; not for other modules. */
#ifndef SLTRACE_BP_INTERNAL_H
#define SLTRACE_BP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "bp/bp.h"

#define BP_HASH 4096

/* stub.c */
/* Fill a new page at addr (the first one also gets the return slots). */
int bp_stub_page_init(struct bp_space *s, uint64_t addr, bool first);
/* The page holding addr, or 0. */
uint64_t bp_stub_page_of(const struct bp_space *s, uint64_t addr);
void bp_stub_hash_add(struct bp_space *s, struct bp *bp);
void bp_stub_hash_del(struct bp_space *s, struct bp *bp);

#endif /* SLTRACE_BP_INTERNAL_H */
