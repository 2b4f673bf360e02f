/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sltrace built without libbpf or clang: the BPF back end is not in
 * it, and -c counts through ptrace.  configure said so.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "kbpf/kbpf.h"

const char *kbpf_unsupported(void)
{
	return NULL;
}

const char *kbpf_beside_unsupported(void)
{
	return NULL;
}

int kbpf_load(char *why, size_t size)
{
	snprintf(why, size,
		 "sltrace was built without it (libbpf-dev and clang were "
		 "missing)");
	return -1;
}

int kbpf_run(int *killed_by)
{
	*killed_by = 0;
	return 1;
}

void kbpf_finish(void)
{
}

int kbpf_script_set(const struct kbpf_sstmt *st, unsigned int n)
{
	return -1;
}

void kbpf_script_collect(kbpf_script_fn fn, void *ctx)
{
}

int kbpf_ustack(int64_t id, uint64_t *frames, unsigned int max)
{
	return -1;
}

const char *kbpf_uw_path(unsigned int id)
{
	return NULL;
}

void kbpf_beside_ptrace(void)
{
}

bool kbpf_exec_gate(void)
{
	return false;
}

void kbpf_gate_execs(void)
{
}

void kbpf_engine_hooks(void)
{
}

void kbpf_exec(pid_t pid)
{
}

int kbpf_watch(pid_t pid, bool launched)
{
	return -ENOSYS;
}

int kbpf_calls_prepare(const struct lc_ruleset *rules, char *why, size_t size)
{
	snprintf(why, size, "no BPF back end");
	return -1;
}

void kbpf_calls_match(kbpf_call_mask_fn fn)
{
}

const char *kbpf_call_name(unsigned int row)
{
	return NULL;
}

void kbpf_collect(bool last)
{
}

void kbpf_check_lost(void)
{
}
