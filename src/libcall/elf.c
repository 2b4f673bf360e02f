/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ELF object reader (see elf.h).  The whole file is read into memory and
 * handed to libelf, which bounds-checks section data against the image
 * size; everything else (string offsets, symbol indexes, version chains,
 * PLT bytes) is checked here before use.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libcall/elf.h"

/* Larger objects are refused rather than read whole. */
#define ELFOBJ_MAX_SIZE (1UL << 30)

/* An IRELATIVE slot of any relocation section, for elfobj_ifunc_slots(). */
struct irel {
	uint64_t got;
	uint64_t addend;
};

struct elfobj {
	bool dyn;
	int cls;
	unsigned int machine;
	struct elfobj_sym *syms;
	size_t nsyms, syms_cap;
	struct elfobj_plt *plts;
	size_t nplts, plts_cap;
	/* Data objects (STT_OBJECT), for elfobj_lookup() only. */
	struct elfobj_sym *dsyms;
	size_t ndsyms, dsyms_cap;
	struct irel *irel;
	size_t nirel, irel_cap;
	struct elfobj_layout layout;
	struct elfobj_load *loads;
	size_t loads_cap;
	bool bind_now;
	/* i386: _GLOBAL_OFFSET_TABLE_ (.got.plt), the base of a PIC PLT
	 * entry's `jmp *disp(%ebx)`. */
	uint64_t got_base;
};

/* Version names by .gnu.version index, from verdef and verneed. */
struct vertab {
	const char **name;	/* into libelf's string data; NULL: none */
	size_t n;
};

static int read_file(const char *path, char **buf, size_t *len)
{
	struct stat st;
	size_t got = 0;
	char *p;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		err = -errno;
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > ELFOBJ_MAX_SIZE) {
		err = -ENOEXEC;
		goto out;
	}
	p = malloc(st.st_size);
	if (!p) {
		err = -ENOMEM;
		goto out;
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, p + got, st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = -errno;
			free(p);
			goto out;
		}
		if (r == 0)
			break;	/* shrank under us: parse what we have */
		got += r;
	}
	*buf = p;
	*len = got;
	err = 0;
out:
	close(fd);
	return err;
}

static char *xstrdup_ver(const char *name, const char *sep, const char *ver)
{
	size_t a = strlen(name), b, c;
	char *s;

	if (!ver)
		return strdup(name);
	b = strlen(sep);
	c = strlen(ver);
	s = malloc(a + b + c + 1);
	if (!s)
		return NULL;
	memcpy(s, name, a);
	memcpy(s + a, sep, b);
	memcpy(s + a + b, ver, c + 1);
	return s;
}

static Elf_Scn *find_section(Elf *elf, size_t shstrndx, const char *want,
			     GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		const char *name;

		if (!gelf_getshdr(scn, shdr))
			continue;
		name = elf_strptr(elf, shstrndx, shdr->sh_name);
		if (name && !strcmp(name, want))
			return scn;
	}
	return NULL;
}

/* Section data that really holds sh_size bytes of the file. */
static Elf_Data *section_data(Elf_Scn *scn, const GElf_Shdr *shdr)
{
	Elf_Data *d;

	if (shdr->sh_type == SHT_NOBITS)
		return NULL;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || d->d_size == 0)
		return NULL;
	return d;
}

static int vertab_set(struct vertab *vt, size_t idx, const char *name)
{
	if (idx >= 0x8000 || !name)
		return 0;
	if (idx >= vt->n) {
		size_t n = idx + 16;
		const char **p = realloc(vt->name, n * sizeof(*p));

		if (!p)
			return -ENOMEM;
		memset(p + vt->n, 0, (n - vt->n) * sizeof(*p));
		vt->name = p;
		vt->n = n;
	}
	vt->name[idx] = name;
	return 0;
}

static const char *vertab_get(const struct vertab *vt, unsigned int idx)
{
	idx &= 0x7fff;
	/* 0 is local, 1 the unversioned global base: no name to show. */
	if (idx < 2 || idx >= vt->n)
		return NULL;
	return vt->name[idx];
}

/*
 * Both chains are walked by byte offsets that come from the file; each loop
 * is capped by the section size so a cycle (vd_next pointing back) ends.
 */
static int load_verdef(Elf *elf, Elf_Scn *scn, const GElf_Shdr *shdr,
		       struct vertab *vt)
{
	Elf_Data *d = section_data(scn, shdr);
	size_t off = 0, steps;
	int err;

	if (!d)
		return 0;
	for (steps = 0; steps < d->d_size / sizeof(GElf_Verdef) + 1; steps++) {
		GElf_Verdef vd;
		GElf_Verdaux va;

		if (!gelf_getverdef(d, off, &vd))
			break;
		if (vd.vd_cnt && vd.vd_aux &&
		    off + vd.vd_aux < d->d_size &&
		    gelf_getverdaux(d, off + vd.vd_aux, &va)) {
			err = vertab_set(vt, vd.vd_ndx & 0x7fff,
					 elf_strptr(elf, shdr->sh_link,
						    va.vda_name));
			if (err)
				return err;
		}
		if (!vd.vd_next || vd.vd_next > d->d_size - off)
			break;
		off += vd.vd_next;
	}
	return 0;
}

static int load_verneed(Elf *elf, Elf_Scn *scn, const GElf_Shdr *shdr,
			struct vertab *vt)
{
	Elf_Data *d = section_data(scn, shdr);
	size_t off = 0, cap, steps, asteps;
	int err;

	if (!d)
		return 0;
	cap = d->d_size / sizeof(GElf_Vernaux) + 1;
	for (steps = 0; steps < cap; steps++) {
		GElf_Verneed vn;
		size_t aoff;

		if (!gelf_getverneed(d, off, &vn))
			break;
		aoff = off;
		if (vn.vn_aux > d->d_size - aoff)
			break;
		aoff += vn.vn_aux;
		for (asteps = 0; asteps < vn.vn_cnt && asteps < cap; asteps++) {
			GElf_Vernaux va;

			if (!gelf_getvernaux(d, aoff, &va))
				break;
			err = vertab_set(vt, va.vna_other & 0x7fff,
					 elf_strptr(elf, shdr->sh_link,
						    va.vna_name));
			if (err)
				return err;
			if (!va.vna_next || va.vna_next > d->d_size - aoff)
				break;
			aoff += va.vna_next;
		}
		if (!vn.vn_next || vn.vn_next > d->d_size - off)
			break;
		off += vn.vn_next;
	}
	return 0;
}

static int grow(void **arr, size_t *cap, size_t n, size_t elsize)
{
	size_t ncap;
	void *p;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 64;
	p = realloc(*arr, ncap * elsize);
	if (!p)
		return -ENOMEM;
	*arr = p;
	*cap = ncap;
	return 0;
}

/* versym: .gnu.version data parallel to .dynsym, or NULL. */
static int load_syms(struct elfobj *obj, Elf *elf, Elf_Scn *scn,
		     const GElf_Shdr *shdr, Elf_Data *versym,
		     const struct vertab *vt)
{
	Elf_Data *d = section_data(scn, shdr);
	bool dynamic = shdr->sh_type == SHT_DYNSYM;
	size_t i, n;

	if (!d)
		return 0;
	n = d->d_size / gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	for (i = 1; i < n; i++) {
		struct elfobj_sym *s;
		const char *name, *ver = NULL, *sep = "@@";
		GElf_Versym vs;
		GElf_Sym sym;
		int type;

		if (!gelf_getsym(d, i, &sym))
			break;
		type = GELF_ST_TYPE(sym.st_info);
		if (type != STT_FUNC && type != STT_GNU_IFUNC &&
		    type != STT_OBJECT)
			continue;
		if (sym.st_shndx == SHN_UNDEF || sym.st_shndx == SHN_ABS)
			continue;
		name = elf_strptr(elf, shdr->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (versym && gelf_getversym(versym, i, &vs)) {
			ver = vertab_get(vt, vs);
			if (vs & 0x8000)
				sep = "@";
		}
		if (type == STT_OBJECT) {
			if (grow((void **)&obj->dsyms, &obj->dsyms_cap,
				 obj->ndsyms, sizeof(*obj->dsyms)))
				return -ENOMEM;
			s = &obj->dsyms[obj->ndsyms];
		} else {
			if (grow((void **)&obj->syms, &obj->syms_cap,
				 obj->nsyms, sizeof(*obj->syms)))
				return -ENOMEM;
			s = &obj->syms[obj->nsyms];
		}
		memset(s, 0, sizeof(*s));
		s->name = strdup(name);
		s->vname = ver ? xstrdup_ver(name, sep, ver) : s->name;
		if (!s->name || !s->vname) {
			if (s->vname != s->name)
				free((char *)s->vname);
			free((char *)s->name);
			return -ENOMEM;
		}
		s->value = sym.st_value;
		s->size = sym.st_size;
		s->dynamic = dynamic;
		s->ifunc = type == STT_GNU_IFUNC;
		if (type == STT_OBJECT)
			obj->ndsyms++;
		else
			obj->nsyms++;
	}
	return 0;
}

/* i386 has no addend in its relocations (SHT_REL): taken as 0. */
static bool get_rel(Elf_Data *d, size_t i, GElf_Rela *out)
{
	GElf_Rel r;

	if (!gelf_getrel(d, i, &r))
		return false;
	out->r_offset = r.r_offset;
	out->r_info = r.r_info;
	out->r_addend = 0;
	return true;
}

/* A relocation type of interest, by machine; -1 for the others. */
static int reloc_kind(const struct elfobj *obj, unsigned int type)
{
	if (obj->machine == EM_386) {
		switch (type) {
		case R_386_JMP_SLOT:
			return ELFOBJ_JUMP_SLOT;
		case R_386_IRELATIVE:
			return ELFOBJ_IRELATIVE;
		case R_386_GLOB_DAT:
			return ELFOBJ_GLOB_DAT;
		}
		return -1;
	}
	switch (type) {
	case R_X86_64_JUMP_SLOT:
		return ELFOBJ_JUMP_SLOT;
	case R_X86_64_IRELATIVE:
		return ELFOBJ_IRELATIVE;
	case R_X86_64_GLOB_DAT:
		return ELFOBJ_GLOB_DAT;
	}
	return -1;
}

/*
 * One relocation section's entries of interest.  globdat selects .rela.dyn's
 * GLOB_DAT slots of functions instead of .rela.plt's JUMP_SLOT/IRELATIVE.
 */
static int load_relocs(struct elfobj *obj, Elf *elf, Elf_Scn *scn,
		       const GElf_Shdr *shdr, bool globdat)
{
	Elf_Data *d = section_data(scn, shdr), *symd = NULL;
	GElf_Shdr symsh;
	Elf_Scn *symscn;
	size_t i, n;

	bool rela = obj->machine == EM_X86_64;
	size_t entsz;

	if (!d || shdr->sh_type != (rela ? SHT_RELA : SHT_REL))
		return 0;
	entsz = gelf_fsize(elf, rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
	if (!entsz)
		return 0;
	symscn = elf_getscn(elf, shdr->sh_link);
	if (symscn && gelf_getshdr(symscn, &symsh) &&
	    (symsh.sh_type == SHT_DYNSYM || symsh.sh_type == SHT_SYMTAB))
		symd = section_data(symscn, &symsh);

	n = d->d_size / entsz;
	for (i = 0; i < n; i++) {
		struct elfobj_plt *p;
		enum elfobj_reloc kind;
		const char *name = NULL;
		GElf_Rela r;
		GElf_Sym sym;
		size_t symi;
		int k;

		if (rela ? !gelf_getrela(d, i, &r) : !get_rel(d, i, &r))
			break;
		k = reloc_kind(obj, GELF_R_TYPE(r.r_info));
		if (k < 0)
			continue;
		kind = (enum elfobj_reloc)k;
		if (globdat != (kind == ELFOBJ_GLOB_DAT))
			continue;
		symi = GELF_R_SYM(r.r_info);
		if (kind != ELFOBJ_IRELATIVE) {
			int type;

			if (!symd || !gelf_getsym(symd, symi, &sym))
				continue;
			type = GELF_ST_TYPE(sym.st_info);
			if (kind == ELFOBJ_GLOB_DAT && type != STT_FUNC &&
			    type != STT_GNU_IFUNC)
				continue;
			name = elf_strptr(elf, symsh.sh_link, sym.st_name);
			if (!name || !*name)
				continue;
		}
		if (grow((void **)&obj->plts, &obj->plts_cap, obj->nplts,
			 sizeof(*obj->plts)))
			return -ENOMEM;
		p = &obj->plts[obj->nplts];
		memset(p, 0, sizeof(*p));
		if (name) {
			p->name = strdup(name);
			if (!p->name)
				return -ENOMEM;
			p->vname = p->name;
		}
		p->got = r.r_offset;
		p->addend = r.r_addend;
		p->reloc = kind;
		obj->nplts++;
		/* Versions are filled later by symbol index; keep it here. */
		p->plt = symi;
	}
	return 0;
}

static struct elfobj_plt *plt_by_got(struct elfobj *obj, uint64_t got)
{
	size_t i;

	for (i = 0; i < obj->nplts; i++)
		if (obj->plts[i].got == got)
			return &obj->plts[i];
	return NULL;
}

/*
 * x86_64 PLT entries jump through their GOT slot with `jmp *disp32(%rip)`
 * (ff 25), possibly after endbr64 (f3 0f 1e fa) and with a bnd (f2) or
 * notrack (3e) prefix.  Decoding it, rather than trusting that entry i+1
 * belongs to relocation i, also covers .plt.sec, .plt.bnd and .plt.got,
 * whose order follows no relocation table.  Returns the GOT address or 0.
 */
static uint64_t x86_64_entry_got(const unsigned char *b, size_t len,
				 uint64_t addr)
{
	size_t o = 0;
	int32_t disp;

	if (len >= 4 && b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e &&
	    b[3] == 0xfa)
		o = 4;
	if (o < len && (b[o] == 0xf2 || b[o] == 0x3e))
		o++;
	if (len < o + 6 || b[o] != 0xff || b[o + 1] != 0x25)
		return 0;
	/* PROGBITS bytes come untranslated; x86_64 is little-endian. */
	disp = (int32_t)((uint32_t)b[o + 2] | (uint32_t)b[o + 3] << 8 |
			 (uint32_t)b[o + 4] << 16 | (uint32_t)b[o + 5] << 24);
	return addr + o + 6 + (int64_t)disp;
}

/*
 * i386 PLT entries: `jmp *disp32(%ebx)` (ff a3) in PIC code, where ebx
 * holds _GLOBAL_OFFSET_TABLE_, or `jmp *abs32` (ff 25) in non-PIC code,
 * possibly after endbr32 (f3 0f 1e fb) and a notrack or bnd prefix.
 * Returns the GOT slot's address or 0.
 */
static uint64_t i386_entry_got(const struct elfobj *obj,
			       const unsigned char *b, size_t len)
{
	size_t o = 0;
	uint32_t w;

	if (len >= 4 && b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e &&
	    b[3] == 0xfb)
		o = 4;
	if (o < len && (b[o] == 0xf2 || b[o] == 0x3e))
		o++;
	if (len < o + 6 || b[o] != 0xff ||
	    (b[o + 1] != 0x25 && b[o + 1] != 0xa3))
		return 0;
	w = (uint32_t)b[o + 2] | (uint32_t)b[o + 3] << 8 |
	    (uint32_t)b[o + 4] << 16 | (uint32_t)b[o + 5] << 24;
	if (b[o + 1] == 0x25)
		return w;
	return obj->got_base ? (uint32_t)(obj->got_base + w) : 0;
}

static void scan_plt(struct elfobj *obj, Elf *elf, size_t shstrndx,
		     const char *secname, enum elfobj_plt_kind kind)
{
	const unsigned char *b;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	Elf_Data *d;
	size_t ent, off;

	scn = find_section(elf, shstrndx, secname, &shdr);
	if (!scn || !(d = section_data(scn, &shdr)))
		return;
	b = d->d_buf;
	ent = shdr.sh_entsize;
	if (ent != 8 && ent != 16) {
		/* .plt.got entries are 8 bytes unless IBT adds endbr64. */
		if (kind == ELFOBJ_PLT_GOT && !(d->d_size >= 4 && b[0] == 0xf3))
			ent = 8;
		else
			ent = 16;
	}
	/* .plt's entry 0 pushes the link map and jumps to the resolver. */
	for (off = kind == ELFOBJ_PLT_PLT ? ent : 0; off + ent <= d->d_size;
	     off += ent) {
		uint64_t addr = shdr.sh_addr + off;
		uint64_t got = obj->machine == EM_386 ?
			       i386_entry_got(obj, b + off, ent) :
			       x86_64_entry_got(b + off, ent, addr);
		struct elfobj_plt *p;

		if (!got || !(p = plt_by_got(obj, got)) ||
		    p->kind != ELFOBJ_PLT_NONE)
			continue;
		p->plt = addr;
		p->kind = kind;
	}
}

/* Sets vname from .gnu.version; p->plt holds the symbol index until now. */
static int name_versions(struct elfobj *obj, Elf_Data *versym,
			 const struct vertab *vt)
{
	size_t i;

	for (i = 0; i < obj->nplts; i++) {
		struct elfobj_plt *p = &obj->plts[i];
		const char *ver = NULL;
		GElf_Versym vs;

		if (p->name && versym && gelf_getversym(versym, p->plt, &vs))
			ver = vertab_get(vt, vs);
		p->plt = 0;
		if (ver) {
			p->vname = xstrdup_ver(p->name, "@", ver);
			if (!p->vname) {
				p->vname = p->name;
				return -ENOMEM;
			}
		}
	}
	return 0;
}

/*
 * libelf accepts an image whose section headers or contents lie past its
 * end (it then reports fewer sections, or fails later, per call); a loader
 * would not map such a file the way its headers say, so refuse it whole.
 */
static bool image_fits(Elf *elf, const GElf_Ehdr *eh, size_t len)
{
	size_t shnum, phnum;
	GElf_Shdr shdr;
	Elf_Scn *scn;

	if (elf_getshdrnum(elf, &shnum) < 0 || elf_getphdrnum(elf, &phnum) < 0)
		return false;
	if (shnum == 0 || eh->e_shoff > len ||
	    (len - eh->e_shoff) / (eh->e_shentsize ? eh->e_shentsize : 1) <
		    shnum || !eh->e_shentsize)
		return false;
	if (phnum && (eh->e_phoff > len || !eh->e_phentsize ||
		      (len - eh->e_phoff) / eh->e_phentsize < phnum))
		return false;
	scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			return false;
		if (shdr.sh_type == SHT_NOBITS || shdr.sh_type == SHT_NULL)
			continue;
		if (shdr.sh_offset > len || shdr.sh_size > len - shdr.sh_offset)
			return false;
	}
	return true;
}

/*
 * Program headers.  Bounds were checked by image_fits(); p_offset and
 * p_filesz of PT_INTERP are checked here, against the image.
 */
static int load_phdrs(struct elfobj *obj, Elf *elf, const GElf_Ehdr *eh,
		      const char *img, size_t len)
{
	struct elfobj_layout *lo = &obj->layout;
	size_t phnum, i, tabsz;
	char *interp = NULL;

	lo->type = eh->e_type;
	lo->entry = eh->e_entry;
	lo->phoff = eh->e_phoff;
	lo->phentsize = eh->e_phentsize;
	if (elf_getphdrnum(elf, &phnum) < 0)
		return 0;
	lo->phnum = phnum;
	for (i = 0; i < phnum; i++) {
		struct elfobj_load *l;
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, i, &ph))
			break;
		switch (ph.p_type) {
		case PT_LOAD:
			if (grow((void **)&obj->loads, &obj->loads_cap,
				 lo->nloads, sizeof(*obj->loads)))
				return -ENOMEM;
			l = &obj->loads[lo->nloads++];
			l->vaddr = ph.p_vaddr;
			l->memsz = ph.p_memsz;
			l->offset = ph.p_offset;
			l->filesz = ph.p_filesz;
			l->align = ph.p_align;
			l->flags = ph.p_flags;
			break;
		case PT_PHDR:
			if (!lo->phdr_from_pt_phdr) {
				lo->has_phdr = true;
				lo->phdr_from_pt_phdr = true;
				lo->phdr_vaddr = ph.p_vaddr;
			}
			break;
		case PT_DYNAMIC:
			if (!lo->has_dynamic) {
				lo->has_dynamic = true;
				lo->dynamic_vaddr = ph.p_vaddr;
				lo->dynamic_size = ph.p_memsz;
			}
			break;
		case PT_INTERP:
			if (interp || !ph.p_filesz || ph.p_offset >= len ||
			    ph.p_filesz > len - ph.p_offset)
				break;
			interp = strndup(img + ph.p_offset, ph.p_filesz);
			if (!interp)
				return -ENOMEM;
			lo->interp = interp;
			break;
		}
	}
	lo->loads = obj->loads;
	if (lo->has_phdr || !phnum)
		return 0;
	/* The kernel's rule for AT_PHDR: the PT_LOAD whose file range holds
	 * e_phoff maps the table (fs/binfmt_elf.c, Linux 5.18 and later). */
	tabsz = (size_t)phnum * eh->e_phentsize;
	for (i = 0; i < lo->nloads; i++) {
		const struct elfobj_load *l = &obj->loads[i];

		if (l->offset <= eh->e_phoff &&
		    eh->e_phoff - l->offset < l->filesz &&
		    tabsz <= l->filesz - (eh->e_phoff - l->offset)) {
			lo->has_phdr = true;
			lo->phdr_vaddr = l->vaddr + (eh->e_phoff - l->offset);
			break;
		}
	}
	return 0;
}

/* .dynamic: DT_SONAME, the DT_DEBUG slot, and -z now. */
static int load_dynamic(struct elfobj *obj, Elf *elf)
{
	struct elfobj_layout *lo = &obj->layout;
	size_t i, n, entsz, ptroff;
	GElf_Shdr shdr;
	Elf_Scn *scn = NULL;
	Elf_Data *d;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_DYNAMIC)
			break;
	if (!scn || !(d = section_data(scn, &shdr)))
		return 0;
	entsz = gelf_fsize(elf, ELF_T_DYN, 1, EV_CURRENT);
	/* d_un follows d_tag, one word each. */
	ptroff = entsz / 2;
	if (!entsz)
		return 0;
	n = d->d_size / entsz;
	for (i = 0; i < n; i++) {
		const char *name;
		GElf_Dyn dyn;

		if (!gelf_getdyn(d, i, &dyn) || dyn.d_tag == DT_NULL)
			break;
		switch (dyn.d_tag) {
		case DT_SONAME:
			if (lo->soname)
				break;
			name = elf_strptr(elf, shdr.sh_link, dyn.d_un.d_val);
			if (!name || !*name)
				break;
			lo->soname = strdup(name);
			if (!lo->soname)
				return -ENOMEM;
			break;
		case DT_DEBUG:
			if (lo->has_debug)
				break;
			lo->has_debug = true;
			lo->debug_slot = shdr.sh_addr + i * entsz + ptroff;
			break;
		case DT_BIND_NOW:
			obj->bind_now = true;
			break;
		case DT_FLAGS:
			if (dyn.d_un.d_val & DF_BIND_NOW)
				obj->bind_now = true;
			break;
		case DT_FLAGS_1:
			if (dyn.d_un.d_val & DF_1_NOW)
				obj->bind_now = true;
			break;
		}
	}
	return 0;
}

/* The first NT_GNU_BUILD_ID note of any SHT_NOTE section. */
static int load_build_id(struct elfobj *obj, Elf *elf)
{
	struct elfobj_layout *lo = &obj->layout;
	GElf_Shdr shdr;
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		size_t off = 0, next, name_off, desc_off;
		GElf_Nhdr nh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE ||
		    !(d = section_data(scn, &shdr)))
			continue;
		/* gelf_getnote() bounds each note by d_size and moves on. */
		while (off < d->d_size &&
		       (next = gelf_getnote(d, off, &nh, &name_off,
					    &desc_off)) > off) {
			const char *nb = (const char *)d->d_buf;
			unsigned char *id;

			off = next;
			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    name_off > d->d_size - 4 ||
			    memcmp(nb + name_off, "GNU", 4) || !nh.n_descsz ||
			    desc_off > d->d_size ||
			    nh.n_descsz > d->d_size - desc_off)
				continue;
			id = malloc(nh.n_descsz);
			if (!id)
				return -ENOMEM;
			memcpy(id, nb + desc_off, nh.n_descsz);
			lo->build_id = id;
			lo->build_id_len = nh.n_descsz;
			return 0;
		}
	}
	return 0;
}

/*
 * The 4-byte word the file holds at vaddr (i386: an SHT_REL relocation's
 * implicit addend is in the slot it relocates); 0 if none.
 */
static uint32_t word32_at(Elf *elf, uint64_t vaddr)
{
	GElf_Shdr shdr;
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		uint32_t w;

		if (!gelf_getshdr(scn, &shdr) || !(shdr.sh_flags & SHF_ALLOC) ||
		    vaddr < shdr.sh_addr || vaddr - shdr.sh_addr + 4 > shdr.sh_size ||
		    !(d = section_data(scn, &shdr)) ||
		    vaddr - shdr.sh_addr + 4 > d->d_size)
			continue;
		memcpy(&w, (const char *)d->d_buf + (vaddr - shdr.sh_addr), 4);
		return w;	/* i386 is little-endian, as the host */
	}
	return 0;
}

/* Every IRELATIVE of every relocation section (SHT_RELA, i386's SHT_REL). */
static int load_irelative(struct elfobj *obj, Elf *elf)
{
	bool rela = obj->machine != EM_386;
	GElf_Shdr shdr;
	Elf_Scn *scn = NULL;
	size_t entsz = gelf_fsize(elf, rela ? ELF_T_RELA : ELF_T_REL, 1,
				  EV_CURRENT);

	if (!entsz)
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		size_t i, n;

		if (!gelf_getshdr(scn, &shdr) ||
		    shdr.sh_type != (rela ? SHT_RELA : SHT_REL) ||
		    !(d = section_data(scn, &shdr)))
			continue;
		n = d->d_size / entsz;
		for (i = 0; i < n; i++) {
			GElf_Rela r;

			if (rela ? !gelf_getrela(d, i, &r) : !get_rel(d, i, &r))
				break;
			if (reloc_kind(obj, GELF_R_TYPE(r.r_info)) !=
			    ELFOBJ_IRELATIVE)
				continue;
			if (!rela)
				r.r_addend = word32_at(elf, r.r_offset);
			if (grow((void **)&obj->irel, &obj->irel_cap,
				 obj->nirel, sizeof(*obj->irel)))
				return -ENOMEM;
			obj->irel[obj->nirel].got = r.r_offset;
			obj->irel[obj->nirel].addend = r.r_addend;
			obj->nirel++;
		}
	}
	return 0;
}

static int parse(struct elfobj *obj, Elf *elf, const char *img, size_t len)
{
	Elf_Data *versym = NULL;
	struct vertab vt = { 0 };
	const char *rel_plt, *rel_dyn;
	size_t shstrndx;
	GElf_Ehdr eh;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	int err = 0;

	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
		return -ENOEXEC;
	obj->cls = gelf_getclass(elf) == ELFCLASS64 ? 64 : 32;
	obj->machine = eh.e_machine;
	obj->dyn = eh.e_type == ET_DYN;
	if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
		return -ENOEXEC;
	if (elf_getshdrstrndx(elf, &shstrndx) < 0 || !image_fits(elf, &eh, len))
		return -ENOEXEC;
	err = load_phdrs(obj, elf, &eh, img, len);
	if (!err)
		err = load_dynamic(obj, elf);
	if (!err)
		err = load_build_id(obj, elf);
	if (err)
		return err;

	scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			return -ENOEXEC;
		if (shdr.sh_type == SHT_GNU_verdef)
			err = load_verdef(elf, scn, &shdr, &vt);
		else if (shdr.sh_type == SHT_GNU_verneed)
			err = load_verneed(elf, scn, &shdr, &vt);
		else if (shdr.sh_type == SHT_GNU_versym)
			versym = section_data(scn, &shdr);
		if (err)
			goto out;
	}
	scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			continue;
		if (shdr.sh_type == SHT_DYNSYM)
			err = load_syms(obj, elf, scn, &shdr, versym, &vt);
		if (err)
			goto out;
	}
	scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			continue;
		if (shdr.sh_type == SHT_SYMTAB)
			err = load_syms(obj, elf, scn, &shdr, NULL, &vt);
		if (err)
			goto out;
	}

	if (obj->machine == EM_386 && obj->cls == 32) {
		/* i386: .rel sections, and the PLT's GOT base. */
		scn = find_section(elf, shstrndx, ".got.plt", &shdr);
		if (!scn)
			scn = find_section(elf, shstrndx, ".got", &shdr);
		if (scn)
			obj->got_base = shdr.sh_addr;
		rel_plt = ".rel.plt";
		rel_dyn = ".rel.dyn";
	} else if (obj->machine == EM_X86_64 && obj->cls == 64) {
		rel_plt = ".rela.plt";
		rel_dyn = ".rela.dyn";
	} else {
		goto out;
	}
	scn = find_section(elf, shstrndx, rel_plt, &shdr);
	if (scn && (err = load_relocs(obj, elf, scn, &shdr, false)))
		goto out;
	scn = find_section(elf, shstrndx, rel_dyn, &shdr);
	if (scn && (err = load_relocs(obj, elf, scn, &shdr, true)))
		goto out;
	err = name_versions(obj, versym, &vt);
	if (err)
		goto out;
	scan_plt(obj, elf, shstrndx, ".plt.sec", ELFOBJ_PLT_SEC);
	/* MPX's PLT: x86-64 only. */
	if (obj->machine == EM_X86_64)
		scan_plt(obj, elf, shstrndx, ".plt.bnd", ELFOBJ_PLT_SEC);
	scan_plt(obj, elf, shstrndx, ".plt", ELFOBJ_PLT_PLT);
	scan_plt(obj, elf, shstrndx, ".plt.got", ELFOBJ_PLT_GOT);
	err = load_irelative(obj, elf);
out:
	free(vt.name);
	return err;
}

/* Parses the image in buf, which it frees. */
static int open_image(char *buf, size_t len, struct elfobj **out)
{
	struct elfobj *obj;
	Elf *elf;
	int err;

	obj = calloc(1, sizeof(*obj));
	if (!obj) {
		free(buf);
		return -ENOMEM;
	}
	elf = elf_memory(buf, len);
	if (!elf) {
		err = -ENOEXEC;
	} else {
		err = parse(obj, elf, buf, len);
		elf_end(elf);
	}
	free(buf);
	if (err) {
		elfobj_close(obj);
		return err;
	}
	*out = obj;
	return 0;
}

int elfobj_open(const char *path, struct elfobj **out)
{
	size_t len = 0;
	char *buf = NULL;
	int err;

	*out = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	err = read_file(path, &buf, &len);
	if (err)
		return err;
	return open_image(buf, len, out);
}

int elfobj_open_mem(const void *data, size_t len, struct elfobj **out)
{
	char *buf;

	*out = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	if (!len || len > ELFOBJ_MAX_SIZE)
		return -ENOEXEC;
	buf = malloc(len);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, data, len);
	return open_image(buf, len, out);
}

void elfobj_close(struct elfobj *obj)
{
	size_t i;

	if (!obj)
		return;
	for (i = 0; i < obj->nsyms; i++) {
		if (obj->syms[i].vname != obj->syms[i].name)
			free((char *)obj->syms[i].vname);
		free((char *)obj->syms[i].name);
	}
	for (i = 0; i < obj->nplts; i++) {
		if (obj->plts[i].vname != obj->plts[i].name)
			free((char *)obj->plts[i].vname);
		free((char *)obj->plts[i].name);
	}
	for (i = 0; i < obj->ndsyms; i++) {
		if (obj->dsyms[i].vname != obj->dsyms[i].name)
			free((char *)obj->dsyms[i].vname);
		free((char *)obj->dsyms[i].name);
	}
	free(obj->syms);
	free(obj->plts);
	free(obj->dsyms);
	free(obj->irel);
	free(obj->loads);
	free((char *)obj->layout.interp);
	free((char *)obj->layout.soname);
	free((unsigned char *)obj->layout.build_id);
	free(obj);
}

bool elfobj_is_dyn(const struct elfobj *obj)
{
	return obj->dyn;
}

int elfobj_class(const struct elfobj *obj)
{
	return obj->cls;
}

unsigned int elfobj_machine(const struct elfobj *obj)
{
	return obj->machine;
}

size_t elfobj_syms(const struct elfobj *obj, const struct elfobj_sym **syms)
{
	*syms = obj->syms;
	return obj->nsyms;
}

size_t elfobj_plts(const struct elfobj *obj, const struct elfobj_plt **plts)
{
	*plts = obj->plts;
	return obj->nplts;
}

const struct elfobj_layout *elfobj_layout(const struct elfobj *obj)
{
	return &obj->layout;
}

int elfobj_first_load(const struct elfobj *obj, uint64_t pagesz,
		      uint64_t *vaddr, uint64_t *offset)
{
	const struct elfobj_load *best = NULL;
	size_t i;

	for (i = 0; i < obj->layout.nloads; i++)
		if (!best || obj->loads[i].vaddr < best->vaddr)
			best = &obj->loads[i];
	if (!best)
		return -ENOENT;
	*vaddr = best->vaddr & ~(pagesz - 1);
	if (offset)
		*offset = best->offset & ~(pagesz - 1);
	return 0;
}

/* "name@VER" is a hidden version, "name@@VER" the default one. */
static bool hidden_version(const struct elfobj_sym *s)
{
	const char *at = strchr(s->vname, '@');

	return at && at[1] != '@';
}

static const struct elfobj_sym *lookup_in(const struct elfobj_sym *v,
					  size_t n, const char *name,
					  bool versioned, int *rank)
{
	const struct elfobj_sym *best = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		int r;

		if (versioned) {
			if (strcmp(v[i].vname, name))
				continue;
			*rank = 3;
			return &v[i];
		}
		if (strcmp(v[i].name, name))
			continue;
		r = v[i].dynamic ? (hidden_version(&v[i]) ? 1 : 2) : 0;
		if (!best || r > *rank) {
			best = &v[i];
			*rank = r;
		}
	}
	return best;
}

const struct elfobj_sym *elfobj_lookup(const struct elfobj *obj,
				       const char *name)
{
	const struct elfobj_sym *f, *d;
	bool versioned = strchr(name, '@') != NULL;
	int rf = -1, rd = -1;

	f = lookup_in(obj->syms, obj->nsyms, name, versioned, &rf);
	d = lookup_in(obj->dsyms, obj->ndsyms, name, versioned, &rd);
	/* .symtab may hold names with '@' in them (.symver aliases). */
	if (!f && !d && versioned) {
		f = lookup_in(obj->syms, obj->nsyms, name, false, &rf);
		d = lookup_in(obj->dsyms, obj->ndsyms, name, false, &rd);
	}
	if (f && (!d || rf >= rd))
		return f;
	return d;
}

size_t elfobj_ifunc_slots(const struct elfobj *obj, const char *name,
			  uint64_t resolver, uint64_t *got, size_t max)
{
	size_t i, n = 0;

	if (resolver)
		for (i = 0; i < obj->nirel; i++)
			if (obj->irel[i].addend == resolver) {
				if (n < max)
					got[n] = obj->irel[i].got;
				n++;
			}
	if (name)
		for (i = 0; i < obj->nplts; i++) {
			const struct elfobj_plt *p = &obj->plts[i];

			if (!p->name || strcmp(p->name, name) ||
			    p->reloc == ELFOBJ_IRELATIVE)
				continue;
			if (resolver && p->reloc == ELFOBJ_JUMP_SLOT &&
			    !obj->bind_now)
				continue;
			if (n < max)
				got[n] = p->got;
			n++;
		}
	return n;
}

bool elfobj_bind_now(const struct elfobj *obj)
{
	return obj->bind_now;
}
