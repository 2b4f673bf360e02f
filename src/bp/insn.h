/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * x86 instruction decoding for the breakpoint core: how long the
 * instruction under an int3 is, whether the tracer can emulate it, and how
 * to run a relocated copy of it out of line.  Pure: no tracee, no ptrace.
 *
 * sltrace puts an int3 on the first byte of a function entry or PLT slot and
 * never lifts it (lifting races with the other threads of the tracee).  At a
 * hit the tracer either emulates the displaced instruction (INSN_EMU_*),
 * or points rip at a "slot" in a page it mapped in the tracee, holding what
 * insn_make_ool() built: the instruction re-encoded to run there, then a
 * jump back to the instruction after the original.
 *
 * The decoder follows the Intel SDM opcode maps (vol. 2, appendix A) for
 * 64-bit mode and for 32-bit protected mode: legacy prefixes, REX, VEX,
 * EVEX, the 0F, 0F38 and 0F3A maps, ModRM/SIB/displacement and
 * immediates.  Where AMD and Intel disagree on a length (a 66 prefix on a
 * near branch in 64-bit mode) it takes AMD's, as objdump does, and refuses
 * to emulate or relocate the instruction.  fwait (9B) before an x87
 * instruction is one instruction with it, as the SDM lists fstcw & co.
 * A REX followed by a legacy prefix is ignored by the CPU and decoded as
 * part of the instruction (objdump shows it on its own).  Opcodes not yet
 * assigned in the 0F38 and 0F3A maps get the length every opcode there
 * has (ModRM, and an imm8 in 0F3A) rather than -EINVAL.  Not decoded: AMD
 * XOP (8F with an XOP map), APX (REX2, EVEX map 4), Knights Corner MVEX.
 */
#ifndef SLTRACE_BP_INSN_H
#define SLTRACE_BP_INSN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The architectural limit: a longer instruction raises #GP. */
#define INSN_MAX_LEN 15

/*
 * Room insn_make_ool() needs at most: a conditional branch whose target
 * and fall-through are both beyond +-2 GiB of the slot takes
 * 3 + 14 + 14 bytes (see insn.c).  Slots may be rounded up by the caller.
 */
#define INSN_OOL_MAX 32

/* Legacy prefixes seen (struct insn.pfx). */
#define INSN_P_LOCK	0x001	/* F0 */
#define INSN_P_REPNE	0x002	/* F2 (also BND on branches) */
#define INSN_P_REP	0x004	/* F3 */
#define INSN_P_OPSIZE	0x008	/* 66 */
#define INSN_P_ADSIZE	0x010	/* 67 */
#define INSN_P_CS	0x020	/* 2E (branch hint "not taken") */
#define INSN_P_SS	0x040	/* 36 */
#define INSN_P_DS	0x080	/* 3E (branch hint, NOTRACK) */
#define INSN_P_ES	0x100	/* 26 */
#define INSN_P_FS	0x200	/* 64 */
#define INSN_P_GS	0x400	/* 65 */
#define INSN_P_FWAIT	0x800	/* 9B joined to the x87 instruction after it */

/* Register numbers as the encoding has them: rax=0 ... rdi=7, r8=8 ... */
#define INSN_REG_NONE	(-1)
#define INSN_REG_RIP	16	/* struct insn.base of a rip-relative operand */

/* What an instruction does to the flow of control. */
enum insn_kind {
	INSN_K_OTHER,		/* falls through to the next instruction */
	INSN_K_JMP,		/* jmp rel8/rel32 */
	INSN_K_JCC,		/* jcc rel8/rel32 */
	INSN_K_LOOP,		/* loop, loope, loopne, jrcxz: rel8 */
	INSN_K_CALL,		/* call rel32 */
	INSN_K_JMP_IND,		/* jmp *r/m */
	INSN_K_CALL_IND,	/* call *r/m */
	INSN_K_RET,		/* ret, ret $imm16 */
	INSN_K_FAR,		/* far call/jmp/ret, iret */
	INSN_K_XBEGIN,		/* xbegin rel: the abort path is relative */
	INSN_K_SYSCALL,		/* syscall, sysenter, sysexit, sysret */
	INSN_K_TRAP,		/* int3, int n, into, int1, ud0/1/2, hlt */
};

/*
 * How the tracer can step over the instruction without running it in the
 * tracee.  Every class but INSN_EMU_NO is free of side effects other than
 * the ones named, and none of them changes the flags.
 */
enum insn_emu {
	INSN_EMU_NO,		/* run it out of line (insn_make_ool) */
	INSN_EMU_NONE,		/* nop, pause, endbr64/32: rip = next */
	INSN_EMU_JMP_REL,	/* rip = insn_branch_target() */
	INSN_EMU_CALL_REL,	/* push next; rip = insn_branch_target() */
	INSN_EMU_JMP_MEM_RIP,	/* rip = [insn_rip_addr()]: jmp *GOT(%rip) */
	INSN_EMU_CALL_MEM_RIP,	/* push next; rip = [insn_rip_addr()] */
	INSN_EMU_JMP_MEM,	/* rip = [insn_mem_addr()]: i386 jmp *n(%ebx) */
	INSN_EMU_CALL_MEM,	/* push next; rip = [insn_mem_addr()] */
	INSN_EMU_JMP_REG,	/* rip = reg[insn.rm_reg] */
	INSN_EMU_CALL_REG,	/* push next; rip = reg[insn.rm_reg] */
	INSN_EMU_PUSH_REG,	/* push reg[insn.rm_reg]; rip = next */
};

/*
 * One decoded instruction.  Offsets are from its first byte; a zero
 * modrm_off, disp_size or imm_size means there is none.  The memory read
 * and pushed by the emulation classes are 8 bytes wide on a 64-bit tracee
 * and 4 on a 32-bit one (is64).
 */
struct insn {
	uint8_t len;
	bool is64;		/* decoded with 64-bit mode rules */
	uint16_t pfx;		/* INSN_P_* */
	uint8_t rep;		/* the F2 or F3 that counts (the last), or 0 */
	uint8_t rex;		/* 0x40..0x4f, or 0 (none, or cancelled) */
	uint8_t vex;		/* 0xc4, 0xc5 (VEX) or 0x62 (EVEX); 0: legacy */
	uint8_t map;		/* 0: one-byte, 1: 0F, 2: 0F38, 3: 0F3A, 5, 6 */
	uint8_t opc_off;	/* the opcode byte (after any 0F 38/3A) */
	uint8_t opcode;
	uint8_t modrm_off;
	uint8_t modrm;
	uint8_t disp_off;
	uint8_t disp_size;	/* 0, 1, 2 or 4 (8 for moffs A0-A3) */
	uint8_t imm_off;
	uint8_t imm_size;	/* all immediate bytes (enter: 3) */
	bool rip_rel;		/* memory operand is disp(%rip) */
	bool addr16;		/* 16-bit addressing (67 in 32-bit mode) */
	bool no_ool;		/* insn_make_ool() would refuse it */
	enum insn_kind kind;
	enum insn_emu emu;
	/* Memory operand of ModRM (mod != 3), except with addr16. */
	int8_t base;		/* register, INSN_REG_RIP, or INSN_REG_NONE */
	int8_t index;		/* register or INSN_REG_NONE */
	uint8_t scale;		/* 1, 2, 4 or 8 */
	/* ModRM.rm register (mod == 3) or push's +r: for INSN_EMU_*_REG */
	int8_t rm_reg;
	int64_t disp;		/* sign-extended; moffs zero-extended */
	int64_t rel;		/* displacement of a relative branch */
};

/*
 * Decodes the instruction at code[0..avail) for a 64-bit (is64) or 32-bit
 * tracee into *out.  Reads no byte at or after code[avail].  Returns 0,
 * -EINVAL for an invalid or undefined encoding (including longer than 15
 * bytes), or -ENODATA when avail ends inside an instruction that could
 * still be valid (read more bytes and retry).
 */
int insn_decode(const uint8_t *code, size_t avail, bool is64,
		struct insn *out);

/* Address of the next instruction (wraps to 32 bits unless is64). */
uint64_t insn_next(const struct insn *in, uint64_t addr);

/* Target of a relative jmp/jcc/loop/call/xbegin decoded at addr. */
uint64_t insn_branch_target(const struct insn *in, uint64_t addr);

/* Address a rip-relative memory operand of the instruction at addr names. */
uint64_t insn_rip_addr(const struct insn *in, uint64_t addr);

/*
 * Effective address of the ModRM memory operand of the instruction at addr,
 * given the 16 general registers (rax..r15 in encoding order; eax..edi on a
 * 32-bit tracee).  Returns 0, or -EINVAL when there is no memory operand,
 * it uses 16-bit addressing or an FS/GS base (not in the registers given).
 */
int insn_mem_addr(const struct insn *in, uint64_t addr,
		  const uint64_t regs[16], uint64_t *ea);

/*
 * Writes into out[0..outsz) the out-of-line copy of the instruction `in`
 * decoded from code, which lives at orig_addr in the tracee, for execution
 * at slot_addr: the instruction re-encoded so that it does there what it
 * does at orig_addr, then (unless it never falls through) a jump to
 * orig_addr + len.  Rip-relative operands are re-based; relative
 * jmp/jcc/loop/call become their absolute equivalents; call pushes the
 * original return address, so a return or an unwinder sees the original
 * caller.  Returns the number of bytes written (at most INSN_OOL_MAX), or:
 *   -ERANGE   a rip-relative operand is beyond +-2 GiB of the slot and the
 *             instruction is not one of the loads that can be rewritten
 *             (mov, movzx/movsx, movsxd, lea into a general register);
 *   -ENOTSUP  what cannot run elsewhere: syscall, int3 and other traps,
 *             privileged and I/O instructions, far transfers, xbegin,
 *             66-prefixed branches, call through a stack-based operand;
 *   -ENOSPC   outsz too small.
 * Under a CET shadow stack the relocated call (push + jmp) would make the
 * callee's ret fault: such tracees need emulation of calls (the tracer
 * can update the shadow stack) rather than this path.
 */
int insn_make_ool(const uint8_t *code, const struct insn *in,
		  uint64_t orig_addr, uint64_t slot_addr, uint8_t *out,
		  size_t outsz);

#endif /* SLTRACE_BP_INSN_H */
