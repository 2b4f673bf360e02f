/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * DWARF location expressions evaluated at a hit (dwval_int.h): the ops
 * gcc and clang emit for x86_64 and i386 at -O0 and -O2, DWARF 2 to 5.
 * Typed ops other than a register's value, TLS and DWARF procedures
 * are not evaluated: the value is then "<unreadable>".
 */
#include "config.h"

#include <dwarf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probe/dwval_int.h"

/*
 * The DWARF register numbers of the SysV psABIs (x86_64: "DWARF Register
 * Number Mapping"; i386: the i386 supplement), as slots of
 * user_regs_struct.  An i386 tracee's registers sit in the 64-bit slots
 * of their x86_64 namesakes.
 */
static const size_t regs64[] = {
	offsetof(struct user_regs_struct, rax),
	offsetof(struct user_regs_struct, rdx),
	offsetof(struct user_regs_struct, rcx),
	offsetof(struct user_regs_struct, rbx),
	offsetof(struct user_regs_struct, rsi),
	offsetof(struct user_regs_struct, rdi),
	offsetof(struct user_regs_struct, rbp),
	offsetof(struct user_regs_struct, rsp),
	offsetof(struct user_regs_struct, r8),
	offsetof(struct user_regs_struct, r9),
	offsetof(struct user_regs_struct, r10),
	offsetof(struct user_regs_struct, r11),
	offsetof(struct user_regs_struct, r12),
	offsetof(struct user_regs_struct, r13),
	offsetof(struct user_regs_struct, r14),
	offsetof(struct user_regs_struct, r15),
	offsetof(struct user_regs_struct, rip),
};

static const size_t regs32[] = {
	offsetof(struct user_regs_struct, rax),
	offsetof(struct user_regs_struct, rcx),
	offsetof(struct user_regs_struct, rdx),
	offsetof(struct user_regs_struct, rbx),
	offsetof(struct user_regs_struct, rsp),
	offsetof(struct user_regs_struct, rbp),
	offsetof(struct user_regs_struct, rsi),
	offsetof(struct user_regs_struct, rdi),
	offsetof(struct user_regs_struct, rip),
};

int dv_reg(const struct dv_frame *f, unsigned int regno, uint64_t *v)
{
	const size_t *map = f->is64 ? regs64 : regs32;
	size_t n = f->is64 ? sizeof(regs64) / sizeof(regs64[0]) :
			     sizeof(regs32) / sizeof(regs32[0]);
	unsigned long long r;

	/* The vector and x87 registers are not in a dv_frame. */
	if (regno >= n || !f->regs)
		return -1;
	memcpy(&r, (const char *)f->regs + map[regno], sizeof(r));
	*v = f->is64 ? r : (uint32_t)r;
	return 0;
}

int dv_read(const struct dv_frame *f, uint64_t addr, void *buf, size_t len)
{
	if (!f->read)
		return -EFAULT;
	return f->read(f->ctx, addr, buf, len);
}

/* What the expression evaluated so far describes. */
enum lk {
	LK_MEM, /* the address on top of the stack */
	LK_REG, /* register regno */
	LK_VAL, /* DW_OP_stack_value: the top is the value */
	LK_IMPL, /* DW_OP_implicit_value: impl[0..impllen) */
	LK_NONE, /* no location: optimized out */
	LK_SYNTH, /* DW_OP_implicit_pointer */
};

#define STACK_MAX 64
#define MAX_DEPTH 4 /* frame base in entry value in ... */

struct ev {
	struct dv_evalctx *c;
	Dwarf_Attribute *attr; /* the ops' attribute, for their blocks */
	uint64_t st[STACK_MAX];
	int sp;
	enum lk lk;
	unsigned int regno;
	const unsigned char *impl;
	size_t impllen;
	uint64_t mask; /* the address size's */
	int depth;
};

/* Errors while evaluating: the value cannot be known. */
#define E_OPT 1 /* optimized out */
#define E_UNREAD 2 /* cannot be evaluated */
#define E_SYNTH 3 /* a synthetic pointer */

static int eval(struct ev *ev, const Dwarf_Op *ops, size_t n,
		unsigned char *out, size_t size, size_t *outlen);

static int push(struct ev *ev, uint64_t v)
{
	if (ev->sp >= STACK_MAX)
		return E_UNREAD;
	ev->st[ev->sp++] = v & ev->mask;
	return 0;
}

static uint64_t dwarf_pc(const struct dv_evalctx *c)
{
	return dv_file2dw(c->o, c->pc);
}

/*
 * A sub-expression reduced to a number (frame base, CFA, entry value):
 * a register's contents, or the value or address it left.
 */
static int eval_number(struct ev *parent, Dwarf_Attribute *attr,
		       const Dwarf_Op *ops, size_t n, uint64_t *v)
{
	struct ev sub = {
		.c = parent->c,
		.attr = attr,
		.mask = parent->mask,
		.depth = parent->depth + 1,
	};
	size_t len;
	int r;

	if (sub.depth > MAX_DEPTH)
		return E_UNREAD;
	r = eval(&sub, ops, n, NULL, 0, &len);
	if (r)
		return r;
	switch (sub.lk) {
	case LK_REG:
		return dv_reg(parent->c->f, sub.regno, v) ? E_UNREAD : 0;
	case LK_MEM:
	case LK_VAL:
		if (!sub.sp)
			return E_UNREAD;
		*v = sub.st[sub.sp - 1];
		return 0;
	default:
		return E_UNREAD;
	}
}

/* The CFA at pc, from .debug_frame, else .eh_frame. */
static int cfa_of(struct ev *ev, uint64_t *cfa)
{
	struct dv_obj *o = (struct dv_obj *)ev->c->o;
	Dwarf_CFI *cfis[2];
	Dwarf_Addr biases[2];
	int r = E_UNREAD;

	cfis[0] = dwfl_module_dwarf_cfi(o->mod, &biases[0]);
	cfis[1] = dwfl_module_eh_cfi(o->mod, &biases[1]);
	for (int i = 0; i < 2 && r; i++) {
		Dwarf_Frame *fr = NULL;
		Dwarf_Op *ops;
		size_t n;

		if (!cfis[i] ||
		    dwarf_cfi_addrframe(
			    cfis[i], ev->c->pc + o->elfbias - biases[i], &fr))
			continue;
		if (!dwarf_frame_cfa(fr, &ops, &n))
			r = eval_number(ev, NULL, ops, n, cfa);
		free(fr);
	}
	return r;
}

static int frame_base(struct ev *ev, uint64_t *fb)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t n;

	if (!ev->c->func ||
	    !dwarf_attr_integrate(ev->c->func, DW_AT_frame_base, &a) ||
	    dwarf_getlocation_addr(&a, dwarf_pc(ev->c), &ops, &n, 1) != 1)
		return E_UNREAD;
	return eval_number(ev, &a, ops, n, fb);
}

/*
 * DW_OP_entry_value: the value its block had when the function was
 * entered.  Known only when the hit is the function's first byte, where
 * the registers still hold it; elsewhere it would take the caller's
 * call-site parameters, as gdb does, which we do not read.
 */
static int entry_value(struct ev *ev, const Dwarf_Op *op, uint64_t *v)
{
	Dwarf_Addr low;
	Dwarf_Attribute blk;
	Dwarf_Op *ops;
	size_t n;

	if (!ev->c->func || dwarf_lowpc(ev->c->func, &low) ||
	    dv_dw2file(ev->c->o, low) != ev->c->pc)
		return E_OPT;
	if (!ev->attr || dwarf_getlocation_attr(ev->attr, op, &blk) ||
	    dwarf_getlocation(&blk, &ops, &n) != 0)
		return E_UNREAD;
	return eval_number(ev, &blk, ops, n, v);
}

static int read_word(struct ev *ev, uint64_t addr, size_t size, uint64_t *v)
{
	unsigned char b[8] = { 0 };

	if (size > 8 || dv_read(ev->c->f, addr, b, size))
		return E_UNREAD;
	*v = 0;
	for (size_t i = size; i-- > 0;)
		*v = (*v << 8) | b[i];
	return 0;
}

static void put_le(unsigned char *p, uint64_t v, size_t n)
{
	for (size_t i = 0; i < n; i++, v >>= 8)
		p[i] = i < 8 ? (unsigned char)v : 0;
}

/*
 * The bytes of the location described so far (a piece of size bytes, or
 * the whole value): written to out.
 */
static int take_bytes(struct ev *ev, unsigned char *out, size_t size)
{
	uint64_t v;

	switch (ev->lk) {
	case LK_MEM:
		if (!ev->sp)
			return E_UNREAD;
		return dv_read(ev->c->f, ev->st[ev->sp - 1], out, size) ?
			       E_UNREAD :
			       0;
	case LK_REG:
		if (dv_reg(ev->c->f, ev->regno, &v) || size > 8)
			return E_UNREAD;
		put_le(out, v, size);
		return 0;
	case LK_VAL:
		if (!ev->sp)
			return E_UNREAD;
		put_le(out, ev->st[ev->sp - 1], size);
		return 0;
	case LK_IMPL:
		memset(out, 0, size);
		memcpy(out, ev->impl, ev->impllen < size ? ev->impllen : size);
		return 0;
	case LK_SYNTH:
		return E_SYNTH;
	default:
		return E_OPT;
	}
}

static int find_offset(const Dwarf_Op *ops, size_t n, Dwarf_Word off, size_t *i)
{
	for (size_t k = 0; k < n; k++)
		if (ops[k].offset == off) {
			*i = k;
			return 0;
		}
	return E_UNREAD;
}

/*
 * DW_OP_piece, DW_OP_bit_piece: the location described since the last
 * piece (none: empty, optimized out) holds the next bytes of the value.
 * Bit pieces only at whole bytes.
 */
static int piece(struct ev *ev, const Dwarf_Op *op, bool empty,
		 unsigned char *out, size_t size, size_t *outlen)
{
	bool bits = op->atom == DW_OP_bit_piece;
	size_t psz = bits ? (size_t)op->number / 8 : (size_t)op->number;
	uint64_t v;
	int r = 0;

	if (!out || (bits && (op->number % 8 || op->number2 % 8)))
		return E_UNREAD;
	if (*outlen + psz > size)
		psz = size > *outlen ? size - *outlen : 0;
	if (!psz) {
		r = 0;
	} else if (empty) {
		r = E_OPT;
	} else if (bits && op->number2 && ev->lk == LK_REG) {
		/* Bits higher up in a register. */
		if (dv_reg(ev->c->f, ev->regno, &v))
			return E_UNREAD;
		put_le(out + *outlen, v >> op->number2, psz);
	} else if (bits && op->number2) {
		return E_UNREAD;
	} else {
		r = take_bytes(ev, out + *outlen, psz);
	}
	if (r)
		return r;
	*outlen += psz;
	/* Each piece starts afresh. */
	ev->sp = 0;
	ev->lk = LK_MEM;
	return 0;
}

static int64_t sx(uint64_t v, uint64_t mask)
{
	return mask == UINT32_MAX ? (int64_t)(int32_t)v : (int64_t)v;
}

/*
 * Evaluates ops.  With out, the pieces go to out[0..size) (*outlen says
 * how much was assembled); without, ev->lk and the stack tell the
 * result.
 */
static int eval(struct ev *ev, const Dwarf_Op *ops, size_t n,
		unsigned char *out, size_t size, size_t *outlen)
{
	uint64_t a, b;
	size_t steps = 0, piece_start = 0;
	int r;

	*outlen = 0;
	ev->lk = LK_MEM;
	if (!n) {
		ev->lk = LK_NONE;
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		const Dwarf_Op *op = &ops[i];
		uint8_t atom = op->atom;

		/* DW_OP_bra can loop. */
		if (++steps > 10000)
			return E_UNREAD;
		if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) {
			r = push(ev, atom - DW_OP_lit0);
		} else if (atom >= DW_OP_reg0 && atom <= DW_OP_reg31) {
			ev->lk = LK_REG;
			ev->regno = atom - DW_OP_reg0;
			r = 0;
		} else if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31) {
			if (dv_reg(ev->c->f, atom - DW_OP_breg0, &a))
				return E_UNREAD;
			r = push(ev, a + op->number);
		} else {
			switch (atom) {
			case DW_OP_addr:
				/* A link-time address: relocate it. */
				r = push(ev, dv_dw2file(ev->c->o, op->number) +
						     ev->c->f->bias);
				break;
			case DW_OP_addrx:
			case DW_OP_GNU_addr_index:
			case DW_OP_constx:
			case DW_OP_GNU_const_index: {
				Dwarf_Attribute at;
				Dwarf_Addr ad;

				if (!ev->attr ||
				    dwarf_getlocation_attr(ev->attr, op, &at) ||
				    dwarf_formaddr(&at, &ad))
					return E_UNREAD;
				if (atom == DW_OP_addrx ||
				    atom == DW_OP_GNU_addr_index)
					ad = dv_dw2file(ev->c->o, ad) +
					     ev->c->f->bias;
				r = push(ev, ad);
				break;
			}
			case DW_OP_regx:
				ev->lk = LK_REG;
				ev->regno = (unsigned int)op->number;
				r = 0;
				break;
			case DW_OP_bregx:
				if (dv_reg(ev->c->f, (unsigned int)op->number,
					   &a))
					return E_UNREAD;
				r = push(ev, a + op->number2);
				break;
			case DW_OP_GNU_regval_type:
			case DW_OP_regval_type:
				if (dv_reg(ev->c->f, (unsigned int)op->number,
					   &a))
					return E_UNREAD;
				r = push(ev, a);
				break;
			case DW_OP_fbreg:
				r = frame_base(ev, &a);
				if (!r)
					r = push(ev, a + op->number);
				break;
			case DW_OP_call_frame_cfa:
				r = cfa_of(ev, &a);
				if (!r)
					r = push(ev, a);
				break;
			case DW_OP_const1u:
			case DW_OP_const2u:
			case DW_OP_const4u:
			case DW_OP_const8u:
			case DW_OP_constu:
			case DW_OP_const1s:
			case DW_OP_const2s:
			case DW_OP_const4s:
			case DW_OP_const8s:
			case DW_OP_consts:
				r = push(ev, op->number);
				break;
			case DW_OP_dup:
				if (ev->sp < 1)
					return E_UNREAD;
				r = push(ev, ev->st[ev->sp - 1]);
				break;
			case DW_OP_drop:
				if (ev->sp < 1)
					return E_UNREAD;
				ev->sp--;
				r = 0;
				break;
			case DW_OP_over:
				if (ev->sp < 2)
					return E_UNREAD;
				r = push(ev, ev->st[ev->sp - 2]);
				break;
			case DW_OP_pick:
				if (op->number >= (Dwarf_Word)ev->sp)
					return E_UNREAD;
				r = push(ev, ev->st[ev->sp - 1 - op->number]);
				break;
			case DW_OP_swap:
				if (ev->sp < 2)
					return E_UNREAD;
				a = ev->st[ev->sp - 1];
				ev->st[ev->sp - 1] = ev->st[ev->sp - 2];
				ev->st[ev->sp - 2] = a;
				r = 0;
				break;
			case DW_OP_rot:
				if (ev->sp < 3)
					return E_UNREAD;
				a = ev->st[ev->sp - 1];
				ev->st[ev->sp - 1] = ev->st[ev->sp - 2];
				ev->st[ev->sp - 2] = ev->st[ev->sp - 3];
				ev->st[ev->sp - 3] = a;
				r = 0;
				break;
			case DW_OP_deref:
			case DW_OP_deref_size:
			case DW_OP_GNU_deref_type:
			case DW_OP_deref_type: {
				size_t sz = atom == DW_OP_deref ?
						    (ev->mask == UINT32_MAX ?
							     4 :
							     8) :
						    (size_t)op->number;

				if (ev->sp < 1)
					return E_UNREAD;
				r = read_word(ev, ev->st[ev->sp - 1], sz, &a);
				if (!r)
					ev->st[ev->sp - 1] = a & ev->mask;
				break;
			}
			case DW_OP_neg:
			case DW_OP_not:
			case DW_OP_abs:
			case DW_OP_plus_uconst:
				if (ev->sp < 1)
					return E_UNREAD;
				a = ev->st[ev->sp - 1];
				if (atom == DW_OP_neg)
					a = -a;
				else if (atom == DW_OP_not)
					a = ~a;
				else if (atom == DW_OP_abs)
					a = sx(a, ev->mask) < 0 ? -a : a;
				else
					a += op->number;
				ev->st[ev->sp - 1] = a & ev->mask;
				r = 0;
				break;
			case DW_OP_plus:
			case DW_OP_minus:
			case DW_OP_mul:
			case DW_OP_div:
			case DW_OP_mod:
			case DW_OP_and:
			case DW_OP_or:
			case DW_OP_xor:
			case DW_OP_shl:
			case DW_OP_shr:
			case DW_OP_shra:
			case DW_OP_eq:
			case DW_OP_ne:
			case DW_OP_lt:
			case DW_OP_gt:
			case DW_OP_le:
			case DW_OP_ge:
				if (ev->sp < 2)
					return E_UNREAD;
				b = ev->st[--ev->sp];
				a = ev->st[ev->sp - 1];
				switch (atom) {
				case DW_OP_plus:
					a += b;
					break;
				case DW_OP_minus:
					a -= b;
					break;
				case DW_OP_mul:
					a *= b;
					break;
				case DW_OP_div:
					if (!b)
						return E_UNREAD;
					a = (uint64_t)(sx(a, ev->mask) /
						       sx(b, ev->mask));
					break;
				case DW_OP_mod:
					if (!b)
						return E_UNREAD;
					a %= b;
					break;
				case DW_OP_and:
					a &= b;
					break;
				case DW_OP_or:
					a |= b;
					break;
				case DW_OP_xor:
					a ^= b;
					break;
				case DW_OP_shl:
					a = b < 64 ? a << b : 0;
					break;
				case DW_OP_shr:
					a = b < 64 ? a >> b : 0;
					break;
				case DW_OP_shra:
					a = (uint64_t)(sx(a, ev->mask) >>
						       (b < 63 ? b : 63));
					break;
				case DW_OP_eq:
					a = a == b;
					break;
				case DW_OP_ne:
					a = a != b;
					break;
				case DW_OP_lt:
					a = sx(a, ev->mask) < sx(b, ev->mask);
					break;
				case DW_OP_gt:
					a = sx(a, ev->mask) > sx(b, ev->mask);
					break;
				case DW_OP_le:
					a = sx(a, ev->mask) <= sx(b, ev->mask);
					break;
				default:
					a = sx(a, ev->mask) >= sx(b, ev->mask);
					break;
				}
				ev->st[ev->sp - 1] = a & ev->mask;
				r = 0;
				break;
			case DW_OP_skip:
			case DW_OP_bra: {
				size_t k;

				if (atom == DW_OP_bra) {
					if (ev->sp < 1)
						return E_UNREAD;
					if (!ev->st[--ev->sp])
						break;
				}
				/* The target is relative to the next op. */
				if (find_offset(ops, n,
						op->offset + 3 +
							(int16_t)op->number,
						&k)) {
					if (op->offset + 3 +
						    (int16_t)op->number ==
					    ops[n - 1].offset + 1)
						k = n; /* to the end: rare */
					else
						return E_UNREAD;
				}
				i = k - 1;
				r = 0;
				break;
			}
			case DW_OP_nop:
			case DW_OP_GNU_convert:
			case DW_OP_convert:
			case DW_OP_GNU_reinterpret:
			case DW_OP_reinterpret:
				/* Our stack is untyped: integers stay as they are. */
				r = 0;
				break;
			case DW_OP_stack_value:
				ev->lk = LK_VAL;
				r = 0;
				break;
			case DW_OP_implicit_value: {
				Dwarf_Attribute at;
				Dwarf_Block blk;

				if (!ev->attr ||
				    dwarf_getlocation_attr(ev->attr, op, &at) ||
				    dwarf_formblock(&at, &blk))
					return E_UNREAD;
				ev->lk = LK_IMPL;
				ev->impl = blk.data;
				ev->impllen = blk.length;
				r = 0;
				break;
			}
			case DW_OP_implicit_pointer:
			case DW_OP_GNU_implicit_pointer:
				ev->lk = LK_SYNTH;
				r = 0;
				break;
			case DW_OP_entry_value:
			case DW_OP_GNU_entry_value:
				r = entry_value(ev, op, &a);
				if (!r)
					r = push(ev, a);
				break;
			case DW_OP_piece:
			case DW_OP_bit_piece:
				r = piece(ev, op, i == piece_start, out, size,
					  outlen);
				piece_start = i + 1;
				break;
			case DW_OP_GNU_parameter_ref:
				/* The caller's value: call sites not read. */
				return E_OPT;
			default:
				/* TLS, DWARF procedures, typed constants. */
				return E_UNREAD;
			}
		}
		if (r)
			return r;
	}
	return 0;
}

struct vloc dv_locate(struct dv_evalctx *c, Dwarf_Die *var, size_t size)
{
	struct vloc v = { .kind = VL_UNREADABLE };
	struct ev ev = {
		.c = c,
		.mask = c->o->is64 ? UINT64_MAX : UINT32_MAX,
	};
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t n, len;
	bool pieces = false;
	int r;

	if (size > DV_MAX_BYTES)
		size = DV_MAX_BYTES;
	if (!dwarf_attr_integrate(var, DW_AT_location, &a)) {
		Dwarf_Block blk;
		Dwarf_Word w;

		/* A constant the compiler folded. */
		if (!dwarf_attr_integrate(var, DW_AT_const_value, &a)) {
			v.kind = VL_OPTIMIZED;
		} else if (!dwarf_formblock(&a, &blk)) {
			len = blk.length < size ? blk.length : size;
			memset(c->buf, 0, size);
			memcpy(c->buf, blk.data, len);
			v = (struct vloc){ VL_BYTES, 0, c->buf, size };
		} else if (!dwarf_formudata(&a, &w)) {
			put_le(c->buf, w, size);
			v = (struct vloc){ VL_BYTES, 0, c->buf, size };
		}
		return v;
	}
	r = dwarf_getlocation_addr(&a, dwarf_pc(c), &ops, &n, 1);
	if (r == 0) {
		v.kind = VL_OPTIMIZED;
		return v;
	}
	if (r < 0)
		return v;
	ev.attr = &a;
	for (size_t i = 0; i < n; i++)
		if (ops[i].atom == DW_OP_piece ||
		    ops[i].atom == DW_OP_bit_piece)
			pieces = true;
	memset(c->buf, 0, sizeof(c->buf));
	r = eval(&ev, ops, n, pieces ? c->buf : NULL, size, &len);
	if (r == E_OPT || (!r && !pieces && ev.lk == LK_NONE)) {
		v.kind = VL_OPTIMIZED;
	} else if (r == E_SYNTH || (!r && ev.lk == LK_SYNTH)) {
		v.kind = VL_SYNTHETIC;
	} else if (r) {
		v.kind = VL_UNREADABLE;
	} else if (pieces) {
		v = (struct vloc){ VL_BYTES, 0, c->buf, size };
	} else if (ev.lk == LK_MEM) {
		if (ev.sp)
			v = (struct vloc){ VL_MEM, ev.st[ev.sp - 1], NULL, 0 };
	} else {
		r = take_bytes(&ev, c->buf, size);
		if (!r)
			v = (struct vloc){ VL_BYTES, 0, c->buf, size };
		else
			v.kind = r == E_OPT ? VL_OPTIMIZED : VL_UNREADABLE;
	}
	return v;
}
