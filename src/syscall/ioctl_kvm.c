/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * KVM ioctls (linux/kvm.h) as strace 6.1 shows them on x86: the
 * capability of KVM_CHECK_EXTENSION, the descriptors KVM_CREATE_VM and
 * KVM_CREATE_VCPU return, the memory region, CPUID, segment and general
 * registers; with -e kvm=vcpu, KVM_RUN's exit reason, read from the
 * vcpu's kvm_run area that the tracee mapped.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <linux/kvm.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "syscall/printers.h"
#include "xlat/tables/kvm_cap.h"
#include "xlat/tables/kvm_exit_reason.h"

static const struct xlat kvm_mem_flags[] = {
	{ KVM_MEM_LOG_DIRTY_PAGES, "KVM_MEM_LOG_DIRTY_PAGES" },
	{ KVM_MEM_READONLY, "KVM_MEM_READONLY" },
	{ 0, NULL },
};

static const struct xlat kvm_cpuid_flags[] = {
	/* The kernel header's spelling. */
	{ KVM_CPUID_FLAG_SIGNIFCANT_INDEX, "KVM_CPUID_FLAG_SIGNIFCANT_INDEX" },
	{ KVM_CPUID_FLAG_STATEFUL_FUNC, "KVM_CPUID_FLAG_STATEFUL_FUNC" },
	{ KVM_CPUID_FLAG_STATE_READ_NEXT, "KVM_CPUID_FLAG_STATE_READ_NEXT" },
	{ 0, NULL },
};

static void print_mem_region(struct tcb *tcp, uint64_t addr)
{
	struct kvm_userspace_memory_region r;

	if (!ioctl_fetch(tcp, addr, &r, sizeof(r)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "slot", r.slot);
	emit_field(tcp, "flags");
	print_flags(tcp, kvm_mem_flags, r.flags, "KVM_MEM_???");
	ioctl_field_x(tcp, "guest_phys_addr", r.guest_phys_addr);
	ioctl_field_u(tcp, "memory_size", r.memory_size);
	ioctl_field_x(tcp, "userspace_addr", r.userspace_addr);
	emit_struct_end(tcp);
}

/* "{nent=75, entries=[...]}": the entries unless abbreviated (-v). */
static void print_cpuid2(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	struct kvm_cpuid2 c;
	struct kvm_cpuid_entry2 e;
	uint64_t p = addr + sizeof(c);

	(void)code;
	if (!ioctl_fetch(tcp, addr, &c, sizeof(c)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "nent", c.nent);
	emit_field(tcp, "entries");
	emit_array_begin(tcp);
	for (uint32_t i = 0; i < c.nent; i++, p += sizeof(e)) {
		if (qual_abbrev(tcp)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		if (tracee_read(tcp, p, &e, sizeof(e))) {
			emit_ptr(tcp, p);
			break;
		}
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "function", e.function);
		ioctl_field_x(tcp, "index", e.index);
		emit_field(tcp, "flags");
		print_flags(tcp, kvm_cpuid_flags, e.flags,
			    "KVM_CPUID_FLAG_???");
		ioctl_field_x(tcp, "eax", e.eax);
		ioctl_field_x(tcp, "ebx", e.ebx);
		ioctl_field_x(tcp, "ecx", e.ecx);
		ioctl_field_x(tcp, "edx", e.edx);
		emit_struct_end(tcp);
	}
	emit_array_end(tcp);
	emit_struct_end(tcp);
}

static void print_segment(struct tcb *tcp, const char *name,
			  const struct kvm_segment *s)
{
	emit_field(tcp, name);
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "base", s->base);
	ioctl_field_u(tcp, "limit", s->limit);
	ioctl_field_u(tcp, "selector", s->selector);
	ioctl_field_u(tcp, "type", s->type);
	ioctl_field_u(tcp, "present", s->present);
	ioctl_field_u(tcp, "dpl", s->dpl);
	ioctl_field_u(tcp, "db", s->db);
	ioctl_field_u(tcp, "s", s->s);
	ioctl_field_u(tcp, "l", s->l);
	ioctl_field_u(tcp, "g", s->g);
	ioctl_field_u(tcp, "avl", s->avl);
	emit_struct_end(tcp);
}

static void print_dtable(struct tcb *tcp, const char *name,
			 const struct kvm_dtable *d)
{
	emit_field(tcp, name);
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "base", d->base);
	ioctl_field_u(tcp, "limit", d->limit);
	emit_struct_end(tcp);
}

/* Without -v, the code segment alone. */
static void print_sregs(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	struct kvm_sregs s;

	(void)code;
	if (!ioctl_fetch(tcp, addr, &s, sizeof(s)))
		return;
	emit_struct_begin(tcp);
	print_segment(tcp, "cs", &s.cs);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	print_segment(tcp, "ds", &s.ds);
	print_segment(tcp, "es", &s.es);
	print_segment(tcp, "fs", &s.fs);
	print_segment(tcp, "gs", &s.gs);
	print_segment(tcp, "ss", &s.ss);
	print_segment(tcp, "tr", &s.tr);
	print_segment(tcp, "ldt", &s.ldt);
	print_dtable(tcp, "gdt", &s.gdt);
	print_dtable(tcp, "idt", &s.idt);
	ioctl_field_u(tcp, "cr0", s.cr0);
	ioctl_field_u(tcp, "cr2", s.cr2);
	ioctl_field_u(tcp, "cr3", s.cr3);
	ioctl_field_u(tcp, "cr4", s.cr4);
	ioctl_field_u(tcp, "cr8", s.cr8);
	ioctl_field_u(tcp, "efer", s.efer);
	ioctl_field_x(tcp, "apic_base", s.apic_base);
	emit_field(tcp, "interrupt_bitmap");
	emit_array_begin(tcp);
	for (size_t i = 0; i < sizeof(s.interrupt_bitmap) /
			       sizeof(s.interrupt_bitmap[0]); i++) {
		emit_next(tcp);
		emit_hex(tcp, s.interrupt_bitmap[i]);
	}
	emit_array_end(tcp);
	emit_struct_end(tcp);
}

/* Without -v: rax, rsp, rbp, rip and rflags, the gaps elided. */
static void print_regs(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	static const char *const names[] = {
		"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rsp", "rbp",
		"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
		"rip", "rflags",
	};
	static const bool brief[] = {
		[0] = true, [6] = true, [7] = true, [16] = true, [17] = true,
	};
	uint64_t r[18];
	bool gap = false;

	(void)code;
	if (!ioctl_fetch(tcp, addr, r, sizeof(r)))
		return;
	emit_struct_begin(tcp);
	for (size_t i = 0; i < 18; i++) {
		if (qual_abbrev(tcp) && !brief[i]) {
			if (!gap)
				emit_more(tcp);
			gap = true;
			continue;
		}
		gap = false;
		ioctl_field_x(tcp, names[i], r[i]);
	}
	emit_struct_end(tcp);
}

/*
 * The vcpu's kvm_run area: the tracee's mapping of the vcpu descriptor,
 * found by the descriptor's name in /proc/PID/maps.
 */
static bool kvm_run_area(struct tcb *tcp, int fd, uint64_t *start)
{
	char name[256], line[512], path[64];
	ssize_t n = fd_path(tcp->pid, fd, name, sizeof(name));
	bool found = false;
	FILE *f;

	if (n <= 0 || strncmp(name, "anon_inode:kvm-vcpu:", 20))
		return false;
	snprintf(path, sizeof(path), "/proc/%d/maps", tcp->pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		size_t len = strcspn(line, "\n");
		size_t nl = strlen(name);

		line[len] = '\0';
		if (len > nl && line[len - nl - 1] == ' ' &&
		    !strcmp(line + len - nl, name))
			found = sscanf(line, "%" SCNx64, start) == 1;
	}
	fclose(f);
	return found;
}

static int kvm_run(struct tcb *tcp, uint64_t arg)
{
	static char aux[64];
	uint64_t start;
	uint32_t reason;
	const char *name;

	if (entering(tcp)) {
		emit_next(tcp);
		emit_hex(tcp, arg);
		return qual_kvm_vcpu() ? 0 : RVAL_DECODED;
	}
	if (syserror(tcp) || !kvm_run_area(tcp, tcp_iarg(tcp, 0), &start) ||
	    tracee_read(tcp, start + offsetof(struct kvm_run, exit_reason),
			&reason, sizeof(reason)))
		return RVAL_DECIMAL;
	name = xlat_name(kvm_exit_reason, reason);
	if (name)
		snprintf(aux, sizeof(aux), "%s", name);
	else
		snprintf(aux, sizeof(aux), "%#x /* KVM_EXIT_??? */", reason);
	tcp->sc.auxstr = aux;
	return RVAL_DECIMAL | RVAL_STR;
}

int ioctl_kvm(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case KVM_CREATE_VM:
	case KVM_CREATE_VCPU:
		/* The result is a descriptor: "= 4<anon_inode:kvm-vm>". */
		if (exiting(tcp))
			return RVAL_FD;
		emit_next(tcp);
		emit_uint(tcp, (uint32_t)arg);
		return 0;
	case KVM_CHECK_EXTENSION:
		emit_next(tcp);
		print_xval(tcp, kvm_cap, arg, "KVM_CAP_???");
		return RVAL_DECODED;
	case KVM_RUN:
		return kvm_run(tcp, arg);
	case KVM_SET_USER_MEMORY_REGION:
		emit_next(tcp);
		print_mem_region(tcp, arg);
		return RVAL_DECODED;
	case KVM_SET_CPUID2:
		emit_next(tcp);
		print_cpuid2(tcp, code, arg);
		return RVAL_DECODED;
	case KVM_GET_SUPPORTED_CPUID:
	/* The vcpu's KVM_GET_CPUID2 strace leaves undecoded: a number. */
	case KVM_GET_EMULATED_CPUID:
		return ioctl_getter(tcp, arg, print_cpuid2, code);
	case KVM_SET_SREGS:
		emit_next(tcp);
		print_sregs(tcp, code, arg);
		return RVAL_DECODED;
	case KVM_GET_SREGS:
		return ioctl_getter(tcp, arg, print_sregs, code);
	case KVM_SET_REGS:
		emit_next(tcp);
		print_regs(tcp, code, arg);
		return RVAL_DECODED;
	case KVM_GET_REGS:
		return ioctl_getter(tcp, arg, print_regs, code);
	}
	return IOCTL_UNKNOWN;
}
