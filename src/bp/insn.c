/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * x86 instruction length decoder, emulation classes and out-of-line
 * relocation (see insn.h).  The opcode tables are written from the Intel
 * SDM vol. 2, appendix A ("Opcode Map"); where the SDM leaves a length to
 * the vendor, AMD's APM vol. 3 and objdump agree and are followed.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "bp/insn.h"

/*
 * One opcode's shape, low bits: the kind of immediate that follows the
 * ModRM/SIB/displacement.
 */
enum {
	I_NONE,
	I_B,		/* 8 bits */
	I_W,		/* 16 bits: ret $n, retf $n */
	I_Z,		/* 16 with a 66 prefix (and no REX.W), else 32 */
	I_V,		/* mov $imm, reg (B8+r): 64 with REX.W, else as I_Z */
	I_WB,		/* enter: 16 + 8 */
	I_MO,		/* moffs of A0-A3: the address size */
	I_P,		/* ptr16:16/32 of far call/jmp (32-bit mode) */
	I_G3,		/* F6/F7: test (ModRM.reg 0 or 1) takes Ib/Iz */
	I_BB,		/* SSE4a extrq/insertq: two 8-bit immediates */
};

#define I_MASK	0x00f
#define F_M	0x010	/* a ModRM byte follows the opcode */
#define F_X64	0x020	/* invalid in 64-bit mode */
#define F_BAD	0x040	/* undefined in both modes */
#define F_REL	0x080	/* the immediate is a branch displacement */
#define F_NOOOL	0x100	/* must not run out of line (trap, I/O, privileged) */
#define F_MREG	0x200	/* ModRM always names registers (mov cr/dr/tr) */
#define F_KSHIFT 10	/* bits 10-13: enum insn_kind */
#define KIND(k)	((uint16_t)(INSN_K_##k) << F_KSHIFT)

/* Shorthands that keep a table row on one line. */
#define M	F_M
#define MB	(F_M | I_B)
#define MZ	(F_M | I_Z)
#define B	I_B
#define Z	I_Z
#define V	I_V
#define RB	(F_REL | I_B)
#define RZ	(F_REL | I_Z)
#define X64	F_X64
#define BAD	F_BAD
#define N	F_NOOOL
#define MO	I_MO
#define CRX	(F_M | F_MREG | F_NOOOL)
#define JCC8	(RB | KIND(JCC))
#define JCCZ	(RZ | KIND(JCC))
#define LOOP	(RB | KIND(LOOP))
#define RET	KIND(RET)
#define FAR	KIND(FAR)
#define TRAP	KIND(TRAP)
#define SYS	KIND(SYSCALL)

/*
 * The one-byte map.  Prefix bytes (26 2E 36 3E 64-67 F0 F2 F3), REX
 * (40-4F in 64-bit mode) and the escapes 0F, C4, C5, 62 (VEX/EVEX) are
 * taken before this table is read; their rows hold their 32-bit meaning.
 */
static const uint16_t map0[256] = {
	/* 00 */ M, M, M, M, B, Z, X64, X64, M, M, M, M, B, Z, X64, 0,
	/* 10 */ M, M, M, M, B, Z, X64, X64, M, M, M, M, B, Z, X64, X64,
	/* 20 */ M, M, M, M, B, Z, 0, X64, M, M, M, M, B, Z, 0, X64,
	/* 30 */ M, M, M, M, B, Z, 0, X64, M, M, M, M, B, Z, 0, X64,
	/* 40 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 50 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 60 */ X64, X64, M | X64, M, 0, 0, 0, 0, Z, MZ, B, MB, N, N, N, N,
	/* 70 */ JCC8, JCC8, JCC8, JCC8, JCC8, JCC8, JCC8, JCC8,
		 JCC8, JCC8, JCC8, JCC8, JCC8, JCC8, JCC8, JCC8,
	/* 80 */ MB, MZ, MB | X64, MB, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 90 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, I_P | X64 | FAR, 0, 0, 0, 0, 0,
	/* A0 */ MO, MO, MO, MO, 0, 0, 0, 0, B, Z, 0, 0, 0, 0, 0, 0,
	/* B0 */ B, B, B, B, B, B, B, B, V, V, V, V, V, V, V, V,
	/* C0 */ MB, MB, I_W | RET, RET, M | X64, M | X64, MB, MZ,
		 I_WB, 0, I_W | FAR, FAR, TRAP, B | TRAP, X64 | TRAP, FAR,
	/* D0 */ M, M, M, M, B | X64, B | X64, BAD, 0, M, M, M, M, M, M, M, M,
	/* E0 */ LOOP, LOOP, LOOP, LOOP, B | N, B | N, B | N, B | N,
		 RZ | KIND(CALL), RZ | KIND(JMP), I_P | X64 | FAR,
		 RB | KIND(JMP), N, N, N, N,
	/* F0 */ 0, TRAP, 0, 0, TRAP, 0, F_M | I_G3, F_M | I_G3,
		 0, 0, N, N, 0, 0, M, M,
};

/*
 * The two-byte map (0F xx).  0F 38 and 0F 3A lead to three-byte maps whose
 * entries all have a ModRM (and, for 0F 3A, an 8-bit immediate): every
 * opcode assigned there so far has that shape, so an unassigned one is
 * given the same length rather than refused.
 */
static const uint16_t map1[256] = {
	/* 00 */ M | N, M | N, M, M, BAD, SYS, N, SYS,
		 N, N, BAD, TRAP, BAD, M, 0, MB,
	/* 10 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 20 */ CRX, CRX, CRX, CRX, CRX | X64, BAD, CRX | X64, BAD,
		 M, M, M, M, M, M, M, M,
	/* 30 */ N, 0, N, 0, SYS, SYS, BAD, N,
		 0, BAD, 0, BAD, BAD, BAD, BAD, BAD,
	/* 40 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 50 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 60 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 70 */ MB, MB, MB, MB, M, M, M, 0, M, M, BAD, BAD, M, M, M, M,
	/* 80 */ JCCZ, JCCZ, JCCZ, JCCZ, JCCZ, JCCZ, JCCZ, JCCZ,
		 JCCZ, JCCZ, JCCZ, JCCZ, JCCZ, JCCZ, JCCZ, JCCZ,
	/* 90 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* A0 */ 0, 0, 0, M, MB, M, M, M, 0, 0, N, M, MB, M, M, M,
	/* B0 */ M, M, M, M, M, M, M, M, M, M | TRAP, MB, M, M, M, M, M,
	/* C0 */ M, M, MB, M, MB, MB, MB, M, 0, 0, 0, 0, 0, 0, 0, 0,
	/* D0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* E0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* F0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M | TRAP,
};

#undef M
#undef MB
#undef MZ
#undef B
#undef Z
#undef V
#undef RB
#undef RZ
#undef X64
#undef BAD
#undef N
#undef MO
#undef CRX
#undef JCC8
#undef JCCZ
#undef LOOP
#undef RET
#undef FAR
#undef TRAP
#undef SYS

static uint16_t prefix_bit(uint8_t b)
{
	switch (b) {
	case 0xf0:
		return INSN_P_LOCK;
	case 0xf2:
		return INSN_P_REPNE;
	case 0xf3:
		return INSN_P_REP;
	case 0x66:
		return INSN_P_OPSIZE;
	case 0x67:
		return INSN_P_ADSIZE;
	case 0x2e:
		return INSN_P_CS;
	case 0x36:
		return INSN_P_SS;
	case 0x3e:
		return INSN_P_DS;
	case 0x26:
		return INSN_P_ES;
	case 0x64:
		return INSN_P_FS;
	case 0x65:
		return INSN_P_GS;
	}
	return 0;
}

/*
 * fwait (9B) before an x87 instruction: the SDM lists the pair as one
 * instruction (fstcw is 9B D9 /7, fclex 9B DB E2...) and objdump joins
 * 9B to any x87 opcode, prefixes allowed in between; so do we.  When the
 * bytes run out first, 9B stands alone.
 */
static bool fwait_joins(const uint8_t *p, size_t avail, bool is64)
{
	size_t i;

	for (i = 0; i < avail && i < INSN_MAX_LEN; i++) {
		if (p[i] >= 0xd8 && p[i] <= 0xdf)
			return true;
		if (!prefix_bit(p[i]) && !(is64 && (p[i] & 0xf0) == 0x40))
			return false;
	}
	return false;
}

/*
 * VEX and EVEX opcodes with an 8-bit immediate: all of map 3 (0F3A) and,
 * in map 1, the shuffles, shifts by immediate, compares and pinsrw/pextrw,
 * the same opcodes as in legacy map 1.  Maps 2, 5 and 6 have none.
 */
static bool vex_has_imm8(unsigned int map, uint8_t op)
{
	if (map == 3)
		return true;
	if (map != 1)
		return false;
	return (op >= 0x70 && op <= 0x73) || op == 0xc2 ||
	       (op >= 0xc4 && op <= 0xc6);
}

/* 0: enough bytes; else the error for an instruction that needs n bytes. */
static int need(size_t n, size_t avail)
{
	if (n > INSN_MAX_LEN)
		return -EINVAL;
	if (n > avail)
		return -ENODATA;
	return 0;
}

#define NEED(k)                            \
	do {                               \
		int e_ = need((k), avail); \
		if (e_)                    \
			return e_;         \
	} while (0)

static int64_t read_signed(const uint8_t *p, unsigned int size)
{
	switch (size) {
	case 1:
		return (int8_t)p[0];
	case 2:
		return (int16_t)(p[0] | p[1] << 8);
	case 4:
		return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
				 (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
	}
	return 0;
}

static uint64_t read_unsigned(const uint8_t *p, unsigned int size)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < size; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* Register-extension bits from REX, VEX or EVEX, as 0 or 8. */
struct ext {
	unsigned int w, r, x, b;
};

static void classify(struct insn *in, uint16_t fl)
{
	unsigned int reg = (in->modrm >> 3) & 7;

	in->kind = in->vex ? INSN_K_OTHER : (enum insn_kind)(fl >> F_KSHIFT);
	in->no_ool = fl & F_NOOOL;
	/* Group 5 (FF) and group 11 (C7) are told apart by ModRM.reg. */
	if (!in->vex && in->map == 0 && in->opcode == 0xff) {
		if (reg == 2)
			in->kind = INSN_K_CALL_IND;
		else if (reg == 4)
			in->kind = INSN_K_JMP_IND;
		else if (reg == 3 || reg == 5)
			in->kind = INSN_K_FAR;
	}
	if (!in->vex && in->map == 0 && in->opcode == 0xc7 && in->modrm == 0xf8)
		in->kind = INSN_K_XBEGIN;

	switch (in->kind) {
	case INSN_K_FAR:
	case INSN_K_XBEGIN:
	case INSN_K_SYSCALL:
	case INSN_K_TRAP:
		in->no_ool = true;
		break;
	case INSN_K_JMP:
	case INSN_K_JCC:
	case INSN_K_LOOP:
	case INSN_K_CALL:
	case INSN_K_JMP_IND:
	case INSN_K_CALL_IND:
		/*
		 * A 66 prefix makes a near branch 16-bit on AMD (the new rip
		 * is truncated to 16 bits) and is ignored by Intel in 64-bit
		 * mode: no single meaning to reproduce.
		 */
		if (in->pfx & INSN_P_OPSIZE)
			in->no_ool = true;
		break;
	default:
		break;
	}
}

static enum insn_emu emu_class(const struct insn *in)
{
	unsigned int op = in->opcode, reg = (in->modrm >> 3) & 7;
	bool osz = in->pfx & INSN_P_OPSIZE;

	if (in->vex)
		return INSN_EMU_NO;
	if (in->map == 0) {
		/* 90 with REX.B is xchg %r8,%rax, not a nop. */
		if (op == 0x90 && !(in->rex & 1) &&
		    !(in->pfx & ~(INSN_P_OPSIZE | INSN_P_REP)))
			return INSN_EMU_NONE;
		if (op >= 0x50 && op <= 0x57 && !osz)
			return INSN_EMU_PUSH_REG;
		if (op == 0xe8 && !osz)
			return INSN_EMU_CALL_REL;
		if ((op == 0xe9 || op == 0xeb) && !osz)
			return INSN_EMU_JMP_REL;
		if (op == 0xff && (reg == 2 || reg == 4) && !osz &&
		    !(in->pfx & (INSN_P_FS | INSN_P_GS))) {
			bool call = reg == 2;

			if ((in->modrm >> 6) == 3)
				return call ? INSN_EMU_CALL_REG :
					      INSN_EMU_JMP_REG;
			if (in->rip_rel)
				return call ? INSN_EMU_CALL_MEM_RIP :
					      INSN_EMU_JMP_MEM_RIP;
			if (!in->addr16)
				return call ? INSN_EMU_CALL_MEM :
					      INSN_EMU_JMP_MEM;
		}
	} else if (in->map == 1) {
		/* nopl/nopw r/m: the operand is never accessed. */
		if (op == 0x1f && reg == 0)
			return INSN_EMU_NONE;
		/*
		 * endbr64 (F3 0F 1E FA) and endbr32 (FB) only; the rest of
		 * F3 0F 1E holds rdsspd/q, which write a register.
		 */
		if (op == 0x1e && in->rep == 0xf3 && !(in->rex & 8) &&
		    (in->modrm == 0xfa || in->modrm == 0xfb))
			return INSN_EMU_NONE;
	}
	return INSN_EMU_NO;
}

/*
 * VEX (C4/C5) and EVEX (62) after the legacy prefixes at code[n]: sets the
 * map, the extension bits and *n past the opcode byte.
 */
static int decode_vex(const uint8_t *code, size_t avail, size_t *n,
		      struct insn *in, struct ext *x)
{
	size_t i = *n;
	uint8_t b1 = code[i + 1];

	/* Any of these before a VEX or EVEX prefix is #UD (SDM 2.3.2). */
	if (in->rex || (in->pfx & (INSN_P_LOCK | INSN_P_REPNE | INSN_P_REP |
				   INSN_P_OPSIZE)))
		return -EINVAL;
	in->vex = code[i];
	if (in->vex == 0xc5) {
		x->r = b1 & 0x80 ? 0 : 8;
		in->map = 1;
		i += 2;
	} else if (in->vex == 0xc4) {
		NEED(i + 3);
		x->r = b1 & 0x80 ? 0 : 8;
		x->x = b1 & 0x40 ? 0 : 8;
		x->b = b1 & 0x20 ? 0 : 8;
		x->w = code[i + 2] & 0x80 ? 8 : 0;
		in->map = b1 & 0x1f;
		if (in->map < 1 || in->map > 3)
			return -EINVAL;
		i += 3;
	} else {
		NEED(i + 4);
		x->r = b1 & 0x80 ? 0 : 8;
		x->x = b1 & 0x40 ? 0 : 8;
		x->b = b1 & 0x20 ? 0 : 8;
		x->w = code[i + 2] & 0x80 ? 8 : 0;
		in->map = b1 & 7;
		/* P0 bit 3 is reserved 0 and P1 bit 2 fixed 1 in AVX-512. */
		if ((b1 & 0x08) || !(code[i + 2] & 0x04))
			return -EINVAL;
		if (in->map == 0 || in->map == 4 || in->map == 7)
			return -EINVAL;
		i += 4;
	}
	if (!in->is64)
		x->x = x->b = 0;
	NEED(i + 1);
	in->opc_off = i;
	in->opcode = code[i];
	*n = i + 1;
	return 0;
}

/* ModRM, SIB and displacement at code[*n]. */
static int decode_modrm(const uint8_t *code, size_t avail, size_t *n,
			struct insn *in, const struct ext *x, uint16_t fl)
{
	size_t i = *n;
	unsigned int mod, rm, dsz = 0;

	NEED(i + 1);
	in->modrm_off = i;
	in->modrm = code[i++];
	mod = in->modrm >> 6;
	rm = in->modrm & 7;
	/* mov to/from control and debug registers ignores mod (SDM MOV CR). */
	if (fl & F_MREG)
		mod = 3;

	if (mod == 3) {
		in->rm_reg = rm | x->b;
	} else if (!in->is64 && (in->pfx & INSN_P_ADSIZE)) {
		in->addr16 = true;
		if (mod == 1)
			dsz = 1;
		else if (mod == 2 || (mod == 0 && rm == 6))
			dsz = 2;
	} else {
		if (rm == 4) {
			unsigned int sib, base, index;

			NEED(i + 1);
			sib = code[i++];
			base = sib & 7;
			/* Index 4 means none, but with REX.X it is r12. */
			index = ((sib >> 3) & 7) | x->x;
			if (index != 4)
				in->index = index;
			in->scale = 1 << (sib >> 6);
			if (base == 5 && mod == 0)
				dsz = 4;
			else
				in->base = base | x->b;
		} else if (rm == 5 && mod == 0) {
			dsz = 4;
			if (in->is64) {
				in->base = INSN_REG_RIP;
				in->rip_rel = true;
			}
		} else {
			in->base = rm | x->b;
		}
		if (mod == 1)
			dsz = 1;
		else if (mod == 2)
			dsz = 4;
	}
	if (dsz) {
		NEED(i + dsz);
		in->disp_off = i;
		in->disp_size = dsz;
		in->disp = read_signed(code + i, dsz);
		i += dsz;
	}
	*n = i;
	return 0;
}

static unsigned int imm_size(const struct insn *in, const struct ext *x,
			     uint16_t fl)
{
	bool osz16 = (in->pfx & INSN_P_OPSIZE) && !x->w;
	bool asz = in->pfx & INSN_P_ADSIZE;
	unsigned int z = osz16 ? 2 : 4;

	switch (fl & I_MASK) {
	case I_B:
		return 1;
	case I_W:
		return 2;
	case I_Z:
		return z;
	case I_V:
		return x->w ? 8 : z;
	case I_WB:
		return 3;
	case I_MO:
		if (in->is64)
			return asz ? 4 : 8;
		return asz ? 2 : 4;
	case I_P:
		return z + 2;
	case I_G3:
		if (((in->modrm >> 3) & 7) >= 2)
			return 0;
		return (in->opcode & 1) ? z : 1;
	case I_BB:
		return 2;
	}
	return 0;
}

int insn_decode(const uint8_t *code, size_t avail, bool is64, struct insn *out)
{
	struct insn in;
	struct ext x = { 0, 0, 0, 0 };
	size_t n = 0;
	uint16_t fl;
	unsigned int isz;
	uint8_t b;
	int err;

	memset(&in, 0, sizeof(in));
	in.is64 = is64;
	in.base = in.index = in.rm_reg = INSN_REG_NONE;
	in.scale = 1;

	for (;;) {
		uint16_t p;

		NEED(n + 1);
		b = code[n];
		p = prefix_bit(b);
		if (!p && b == 0x9b &&
		    fwait_joins(code + n + 1, avail - n - 1, is64))
			p = INSN_P_FWAIT;
		if (p) {
			in.pfx |= p;
			if (b == 0xf2 || b == 0xf3)
				in.rep = b;
			/* A REX counts only right before the opcode. */
			in.rex = 0;
			n++;
		} else if (is64 && (b & 0xf0) == 0x40) {
			in.rex = b;
			n++;
		} else {
			break;
		}
	}
	x.w = in.rex & 8;
	x.r = (in.rex & 4) << 1;
	x.x = (in.rex & 2) << 2;
	x.b = (in.rex & 1) << 3;

	/*
	 * C4, C5 and 62 are les, lds and bound in 32-bit mode unless the
	 * next byte has mod == 3, which those cannot take: that is how VEX
	 * and EVEX fit in the old map.
	 */
	if (b == 0xc4 || b == 0xc5 || b == 0x62) {
		NEED(n + 2);
		if (is64 || (code[n + 1] & 0xc0) == 0xc0) {
			err = decode_vex(code, avail, &n, &in, &x);
			if (err)
				return err;
			fl = F_M;
			if (in.map == 1 && in.opcode == 0x77 && in.vex != 0x62)
				fl = 0; /* vzeroupper, vzeroall */
			if (vex_has_imm8(in.map, in.opcode))
				fl |= I_B;
			goto operands;
		}
	}

	n++;
	fl = map0[b];
	if (b == 0x0f) {
		NEED(n + 1);
		b = code[n++];
		in.map = 1;
		fl = map1[b];
		if (b == 0x38 || b == 0x3a) {
			in.map = b == 0x38 ? 2 : 3;
			NEED(n + 1);
			b = code[n++];
			fl = in.map == 2 ? F_M : F_M | I_B;
		}
	}
	in.opc_off = n - 1;
	in.opcode = b;
	/* 66/F2 0F 78 are SSE4a extrq/insertq $i,$l; bare 0F 78 is vmread. */
	if (in.map == 1 && b == 0x78 &&
	    (in.rep == 0xf2 || (!in.rep && (in.pfx & INSN_P_OPSIZE))))
		fl |= I_BB;

operands:
	if ((fl & F_BAD) || (is64 && (fl & F_X64)))
		return -EINVAL;
	if (fl & F_M) {
		err = decode_modrm(code, avail, &n, &in, &x, fl);
		if (err)
			return err;
	}
	isz = imm_size(&in, &x, fl);
	if ((fl & I_MASK) == I_MO) {
		/* The moffs is an address: keep it as the displacement. */
		NEED(n + isz);
		in.disp_off = n;
		in.disp_size = isz;
		in.disp = (int64_t)read_unsigned(code + n, isz);
		n += isz;
	} else if (isz) {
		NEED(n + isz);
		in.imm_off = n;
		in.imm_size = isz;
		if (fl & F_REL)
			in.rel = read_signed(code + n, isz);
		n += isz;
	}
	if (in.map == 0 && in.opcode == 0xc7 && in.modrm == 0xf8)
		in.rel = read_signed(code + in.imm_off, in.imm_size);
	if (in.map == 0 && in.opcode >= 0x50 && in.opcode <= 0x57)
		in.rm_reg = (in.opcode & 7) | x.b;

	in.len = n;
	classify(&in, fl);
	in.emu = emu_class(&in);
	*out = in;
	return 0;
}

uint64_t insn_next(const struct insn *in, uint64_t addr)
{
	uint64_t next = addr + in->len;

	return in->is64 ? next : (uint32_t)next;
}

uint64_t insn_branch_target(const struct insn *in, uint64_t addr)
{
	uint64_t t = insn_next(in, addr) + (uint64_t)in->rel;

	if (in->pfx & INSN_P_OPSIZE)
		return (uint16_t)t;
	return in->is64 ? t : (uint32_t)t;
}

uint64_t insn_rip_addr(const struct insn *in, uint64_t addr)
{
	uint64_t t = insn_next(in, addr) + (uint64_t)in->disp;

	/* With a 67 prefix the operand is eip-relative. */
	return (in->pfx & INSN_P_ADSIZE) ? (uint32_t)t : t;
}

int insn_mem_addr(const struct insn *in, uint64_t addr, const uint64_t regs[16],
		  uint64_t *ea)
{
	uint64_t a = (uint64_t)in->disp;

	if (!in->modrm_off || (in->modrm >> 6) == 3 || in->addr16 ||
	    (in->pfx & (INSN_P_FS | INSN_P_GS)))
		return -EINVAL;
	if (in->base == INSN_REG_RIP)
		a += insn_next(in, addr);
	else if (in->base != INSN_REG_NONE)
		a += regs[in->base];
	if (in->index != INSN_REG_NONE)
		a += regs[in->index] * in->scale;
	if (!in->is64 || (in->pfx & INSN_P_ADSIZE))
		a = (uint32_t)a;
	*ea = a;
	return 0;
}

/* --- out-of-line copies ------------------------------------------------- */

/*
 * The copy being built: buf has slack beyond INSN_OOL_MAX so that the
 * emitters need not check; the total is checked once at the end.
 */
struct ool {
	uint8_t buf[INSN_OOL_MAX + 32];
	size_t n;
	uint64_t at; /* slot address of buf[0] */
	bool is64;
};

static void put8(struct ool *o, uint8_t v)
{
	if (o->n < sizeof(o->buf))
		o->buf[o->n] = v;
	o->n++;
}

static void put32(struct ool *o, uint32_t v)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		put8(o, v >> (8 * i));
}

static void put64(struct ool *o, uint64_t v)
{
	put32(o, (uint32_t)v);
	put32(o, (uint32_t)(v >> 32));
}

static bool fits32(int64_t d)
{
	return d >= INT32_MIN && d <= INT32_MAX;
}

/*
 * jmp to target from the current position: rel32 when it reaches (always
 * in 32-bit mode, where addresses wrap), else `jmp *0(%rip)` followed by
 * the 8-byte target, which needs no register.
 */
static void emit_jmp(struct ool *o, uint64_t target)
{
	uint64_t here = o->at + o->n;
	int64_t d = (int64_t)(target - (here + 5));

	if (!o->is64 || fits32(d)) {
		put8(o, 0xe9);
		put32(o, (uint32_t)d);
		return;
	}
	put8(o, 0xff);
	put8(o, 0x25);
	put32(o, 0);
	put64(o, target);
}

/*
 * Push a 64-bit constant without a scratch register and without touching
 * the flags: push $imm32 sign-extends, movl then fixes the high half.
 */
static void emit_push_imm(struct ool *o, uint64_t v)
{
	put8(o, 0x68);
	put32(o, (uint32_t)v);
	if (!o->is64 || (int64_t)(int32_t)v == (int64_t)v)
		return;
	put8(o, 0xc7); /* movl $hi, 4(%rsp) */
	put8(o, 0x44);
	put8(o, 0x24);
	put8(o, 0x04);
	put32(o, (uint32_t)(v >> 32));
}

/* The instruction's own bytes, with a rip-relative operand re-based. */
static int emit_copy(struct ool *o, const uint8_t *code, const struct insn *in,
		     uint64_t orig_addr)
{
	size_t start = o->n, i;

	for (i = 0; i < in->len; i++)
		put8(o, code[i]);
	if (in->rip_rel) {
		uint64_t target = insn_rip_addr(in, orig_addr);
		int64_t d = (int64_t)(target - (o->at + start + in->len));
		uint32_t u = (uint32_t)d;

		if (!fits32(d))
			return -ERANGE;
		for (i = 0; i < 4; i++)
			o->buf[start + in->disp_off + i] = u >> (8 * i);
	}
	return 0;
}

/*
 * A rip-relative load whose data is beyond +-2 GiB of the slot: when the
 * destination is a general register written whole, it can hold the
 * address first.  lea becomes a mov of the address itself; mov, movsxd,
 * movzx and movsx load through (%dst).  Any other prefix than REX would
 * change the operand size and break the "written whole" premise.
 */
static int emit_far_load(struct ool *o, const uint8_t *code,
			 const struct insn *in, uint64_t orig_addr)
{
	uint64_t target = insn_rip_addr(in, orig_addr);
	unsigned int op = in->opcode, reg = (in->modrm >> 3) & 7;
	unsigned int dst = reg | ((in->rex & 4) << 1);
	bool w = in->rex & 8;
	uint8_t rex;

	(void)code;
	if (in->vex || in->pfx || !in->is64)
		return -ERANGE;
	if (!((in->map == 0 &&
	       (op == 0x8b || op == 0x8d || (op == 0x63 && w))) ||
	      (in->map == 1 &&
	       (op == 0xb6 || op == 0xb7 || op == 0xbe || op == 0xbf))))
		return -ERANGE;

	if (in->map == 0 && op == 0x8d && !w) {
		/* 32-bit lea keeps the low half of the address. */
		if (dst & 8)
			put8(o, 0x41);
		put8(o, 0xb8 + (dst & 7));
		put32(o, (uint32_t)target);
		return 0;
	}
	put8(o, 0x48 | (dst >> 3)); /* movabs $target, %dst */
	put8(o, 0xb8 + (dst & 7));
	put64(o, target);
	if (in->map == 0 && op == 0x8d)
		return 0;

	rex = (in->rex & 0x0c) | (dst >> 3);
	if (rex)
		put8(o, 0x40 | rex);
	if (in->map == 1)
		put8(o, 0x0f);
	put8(o, op);
	/* (%dst): rsp/r12 need a SIB, rbp/r13 a zero disp8. */
	if ((dst & 7) == 4) {
		put8(o, (reg << 3) | 4);
		put8(o, 0x24);
	} else if ((dst & 7) == 5) {
		put8(o, 0x40 | (reg << 3) | 5);
		put8(o, 0);
	} else {
		put8(o, (reg << 3) | (dst & 7));
	}
	return 0;
}

/*
 * jcc and loop: the condition stays in the instruction, with a short
 * displacement to a jump to the target placed after the jump back:
 *	jcc/loop taken; jmp orig_next; taken: jmp target
 */
static void emit_cond(struct ool *o, const struct insn *in, uint64_t target,
		      uint64_t next)
{
	size_t rel8;

	if (in->kind == INSN_K_JCC) {
		uint8_t cc = in->opcode & 0x0f;
		int64_t d = (int64_t)(target - (o->at + o->n + 6));

		/* jcc rel32 straight to the target when it reaches. */
		if (!o->is64 || fits32(d)) {
			put8(o, 0x0f);
			put8(o, 0x80 | cc);
			put32(o, (uint32_t)d);
			emit_jmp(o, next);
			return;
		}
		put8(o, 0x70 | cc);
	} else {
		/* 67: loop on ecx/cx instead of rcx/ecx. */
		if (in->pfx & INSN_P_ADSIZE)
			put8(o, 0x67);
		put8(o, in->opcode);
	}
	rel8 = o->n;
	put8(o, 0);
	emit_jmp(o, next);
	o->buf[rel8] = o->n - (rel8 + 1);
	emit_jmp(o, target);
}

int insn_make_ool(const uint8_t *code, const struct insn *in,
		  uint64_t orig_addr, uint64_t slot_addr, uint8_t *out,
		  size_t outsz)
{
	struct ool o;
	uint64_t next = insn_next(in, orig_addr);
	size_t start;
	int err = 0;

	o.n = 0;
	o.at = slot_addr;
	o.is64 = in->is64;
	if (in->no_ool)
		return -ENOTSUP;
	/* eip-relative (67 + rip) wraps at 4 GiB: not worth the care. */
	if (in->rip_rel && (in->pfx & INSN_P_ADSIZE))
		return -ENOTSUP;

	switch (in->kind) {
	case INSN_K_JMP:
		emit_jmp(&o, insn_branch_target(in, orig_addr));
		break;
	case INSN_K_JCC:
	case INSN_K_LOOP:
		emit_cond(&o, in, insn_branch_target(in, orig_addr), next);
		break;
	case INSN_K_CALL:
		emit_push_imm(&o, next);
		emit_jmp(&o, insn_branch_target(in, orig_addr));
		break;
	case INSN_K_CALL_IND:
		/*
		 * push the original return address, then the same operand
		 * as a jmp (ModRM.reg 2 -> 4).  An operand based on the
		 * stack pointer would be read after the push moved it.
		 */
		if (in->base == 4 || in->index == 4 ||
		    ((in->modrm >> 6) == 3 && in->rm_reg == 4))
			return -ENOTSUP;
		emit_push_imm(&o, next);
		start = o.n;
		err = emit_copy(&o, code, in, orig_addr);
		o.buf[start + in->modrm_off] = (in->modrm & ~0x38) | 0x20;
		break;
	case INSN_K_JMP_IND:
	case INSN_K_RET:
		err = emit_copy(&o, code, in, orig_addr);
		break;
	default:
		err = emit_copy(&o, code, in, orig_addr);
		if (err == -ERANGE) {
			o.n = 0;
			err = emit_far_load(&o, code, in, orig_addr);
		}
		if (!err)
			emit_jmp(&o, next);
		break;
	}
	if (err)
		return err;
	if (o.n > outsz)
		return -ENOSPC;
	memcpy(out, o.buf, o.n);
	return (int)o.n;
}
