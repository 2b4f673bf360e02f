/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The objects of a program, from its files (objects.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <glob.h>
#include <libelf.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe/objects.h"

/* What a loaded object tells the search for its own DT_NEEDED. */
struct dyninfo {
	int class;
	unsigned int machine;
	char *interp;
	char *rpath;
	char *runpath;
	char **needed;
	size_t n_needed;
};

static void dyninfo_release(struct dyninfo *d)
{
	free(d->interp);
	free(d->rpath);
	free(d->runpath);
	for (size_t i = 0; i < d->n_needed; i++)
		free(d->needed[i]);
	free(d->needed);
	memset(d, 0, sizeof(*d));
}

static int add_str(char ***v, size_t *n, const char *s)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (!nv)
		return -ENOMEM;
	*v = nv;
	nv[*n] = strdup(s);
	if (!nv[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

static int read_dynamic(Elf *elf, struct dyninfo *d)
{
	size_t phnum;
	Elf_Scn *scn = NULL;

	if (elf_getphdrnum(elf, &phnum) == 0) {
		for (size_t i = 0; i < phnum; i++) {
			GElf_Phdr ph;
			size_t len;
			char *img;

			if (!gelf_getphdr(elf, i, &ph) ||
			    ph.p_type != PT_INTERP)
				continue;
			img = elf_rawfile(elf, &len);
			if (img && ph.p_offset < len && ph.p_filesz &&
			    ph.p_filesz <= len - ph.p_offset)
				d->interp =
					strndup(img + ph.p_offset, ph.p_filesz);
		}
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Dyn dyn;
			const char *s;

			if (!gelf_getdyn(data, i, &dyn) || dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag != DT_NEEDED && dyn.d_tag != DT_RPATH &&
			    dyn.d_tag != DT_RUNPATH)
				continue;
			s = elf_strptr(elf, sh.sh_link, dyn.d_un.d_val);
			if (!s)
				continue;
			if (dyn.d_tag == DT_NEEDED) {
				if (add_str(&d->needed, &d->n_needed, s))
					return -ENOMEM;
			} else {
				char **slot = dyn.d_tag == DT_RPATH ?
						      &d->rpath :
						      &d->runpath;

				free(*slot);
				*slot = strdup(s);
				if (!*slot)
					return -ENOMEM;
			}
		}
	}
	return 0;
}

static int read_object(const char *path, struct dyninfo *d)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;
	GElf_Ehdr eh;
	int rc = 0;

	memset(d, 0, sizeof(*d));
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		rc = -ENOEXEC;
	} else {
		d->class = gelf_getclass(elf);
		d->machine = eh.e_machine;
		rc = read_dynamic(elf, d);
	}
	elf_end(elf);
	close(fd);
	if (rc)
		dyninfo_release(d);
	return rc;
}

/* A library of the wrong class or machine is skipped, as ld.so skips it. */
static bool object_fits(const char *path, const struct dyninfo *want)
{
	struct dyninfo d;
	bool ok;

	if (read_object(path, &d))
		return false;
	ok = d.class == want->class && d.machine == want->machine;
	dyninfo_release(&d);
	return ok;
}

/* ld.so(8): $ORIGIN (or ${ORIGIN}) is the loading object's directory. */
static void expand_origin(const char *dir, const char *origin, char *out,
			  size_t size)
{
	size_t n = 0;

	while (*dir && n + 1 < size) {
		size_t skip = 0;

		if (!strncmp(dir, "$ORIGIN", 7))
			skip = 7;
		else if (!strncmp(dir, "${ORIGIN}", 9))
			skip = 9;
		if (skip) {
			n += snprintf(out + n, size - n, "%s", origin);
			if (n >= size)
				n = size - 1;
			dir += skip;
		} else {
			out[n++] = *dir++;
		}
	}
	out[n] = '\0';
}

/* Tries each ':'-separated directory of list for name. */
static bool search_list(const char *list, const char *name, const char *origin,
			const struct dyninfo *want, char *out, size_t size)
{
	char *copy, *save = NULL;
	bool found = false;

	if (!list || !(copy = strdup(list)))
		return false;
	for (char *dir = strtok_r(copy, ":;", &save); dir && !found;
	     dir = strtok_r(NULL, ":;", &save)) {
		char exp[PATH_MAX];

		expand_origin(dir, origin, exp, sizeof(exp));
		if (snprintf(out, size, "%s/%s", exp, name) < (int)size &&
		    object_fits(out, want))
			found = true;
	}
	free(copy);
	return found;
}

/*
 * ldconfig(8): /etc/ld.so.conf names directories, one a line, and
 * "include GLOB" lines name more such files.
 */
static void conf_read(const char *file, char **list, int depth)
{
	FILE *f = depth < 8 ? fopen(file, "re") : NULL;
	char line[PATH_MAX + 16];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *s = line, *e;
		size_t n;

		line[strcspn(line, "#\n")] = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		for (e = s + strlen(s);
		     e > s && (e[-1] == ' ' || e[-1] == '\t');)
			*--e = '\0';
		if (!*s)
			continue;
		if (!strncmp(s, "include", 7) &&
		    (s[7] == ' ' || s[7] == '\t')) {
			glob_t g;

			s += 8;
			while (*s == ' ' || *s == '\t')
				s++;
			if (glob(s, 0, NULL, &g) == 0)
				for (size_t i = 0; i < g.gl_pathc; i++)
					conf_read(g.gl_pathv[i], list,
						  depth + 1);
			globfree(&g);
			continue;
		}
		n = (*list ? strlen(*list) + 1 : 0) + strlen(s) + 1;
		e = realloc(*list, n);
		if (!e)
			break;
		if (!*list)
			e[0] = '\0';
		else
			strcat(e, ":");
		strcat(e, s);
		*list = e;
	}
	fclose(f);
}

static bool find_lib(const char *name, const struct dyninfo *loader,
		     const char *origin, const char *conf,
		     const struct dyninfo *want, char *out, size_t size)
{
	if (strchr(name, '/')) {
		snprintf(out, size, "%s", name);
		return object_fits(out, want);
	}
	if (!loader->runpath &&
	    search_list(loader->rpath, name, origin, want, out, size))
		return true;
	if (search_list(getenv("LD_LIBRARY_PATH"), name, origin, want, out,
			size))
		return true;
	if (search_list(loader->runpath, name, origin, want, out, size))
		return true;
	if (search_list(conf, name, origin, want, out, size))
		return true;
	return search_list(want->class == ELFCLASS64 ?
				   "/lib64:/usr/lib64:/lib:/usr/lib" :
				   "/lib:/usr/lib",
			   name, origin, want, out, size);
}

static bool have(const struct probe_objects *objs, const char *path)
{
	char real[PATH_MAX];

	if (!realpath(path, real))
		return false;
	for (size_t i = 0; i < objs->n; i++) {
		char other[PATH_MAX];

		if (realpath(objs->paths[i], other) && !strcmp(real, other))
			return true;
	}
	return false;
}

static int find_prog(const char *prog, char *out, size_t size)
{
	const char *path = getenv("PATH");
	char *copy, *save = NULL;
	int rc = -ENOENT;

	if (strchr(prog, '/')) {
		snprintf(out, size, "%s", prog);
		return access(out, R_OK) ? -errno : 0;
	}
	copy = strdup(path ? path : "/usr/local/bin:/usr/bin:/bin");
	if (!copy)
		return -ENOMEM;
	for (char *dir = strtok_r(copy, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(out, size, "%s/%s", *dir ? dir : ".", prog);
		if (access(out, X_OK) == 0) {
			rc = 0;
			break;
		}
	}
	free(copy);
	return rc;
}

int probe_objects_find(const char *prog, struct probe_objects *objs)
{
	char path[PATH_MAX], *conf = NULL;
	struct dyninfo main_info;
	int rc;

	memset(objs, 0, sizeof(*objs));
	rc = find_prog(prog, path, sizeof(path));
	if (rc)
		return rc;
	rc = read_object(path, &main_info);
	if (rc)
		return rc;
	rc = add_str(&objs->paths, &objs->n, path);
	if (!rc && main_info.interp && access(main_info.interp, R_OK) == 0)
		rc = add_str(&objs->paths, &objs->n, main_info.interp);
	conf_read("/etc/ld.so.conf", &conf, 0);
	/* Breadth first, as ld.so loads them; objs->paths grows as we go. */
	for (size_t i = 0; !rc && i < objs->n; i++) {
		struct dyninfo d;
		char origin[PATH_MAX], *slash;

		if (read_object(objs->paths[i], &d))
			continue;
		snprintf(origin, sizeof(origin), "%s", objs->paths[i]);
		slash = strrchr(origin, '/');
		if (slash)
			*slash = '\0';
		/* ld.so(8): the program's DT_RPATH serves its libraries too. */
		if (!d.rpath && !d.runpath && main_info.rpath &&
		    !main_info.runpath)
			d.rpath = strdup(main_info.rpath);
		for (size_t k = 0; !rc && k < d.n_needed; k++) {
			char lib[PATH_MAX];

			if (find_lib(d.needed[k], &d, origin, conf, &main_info,
				     lib, sizeof(lib)) &&
			    !have(objs, lib))
				rc = add_str(&objs->paths, &objs->n, lib);
		}
		dyninfo_release(&d);
	}
	free(conf);
	dyninfo_release(&main_info);
	if (rc)
		probe_objects_release(objs);
	return rc;
}

int probe_objects_of_pid(pid_t pid, struct probe_objects *objs)
{
	char file[64], path[PATH_MAX], *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *maps;
	int rc = 0;

	memset(objs, 0, sizeof(*objs));
	snprintf(file, sizeof(file), "/proc/%d/exe", (int)pid);
	len = readlink(file, path, sizeof(path) - 1);
	if (len < 0)
		return -errno;
	path[len] = '\0';
	snprintf(file, sizeof(file), "/proc/%d/maps", (int)pid);
	maps = fopen(file, "re");
	if (!maps)
		return -errno;
	rc = add_str(&objs->paths, &objs->n, path);
	/* "start-end perms offset dev inode   path": an executable file. */
	while (!rc && getline(&line, &cap, maps) > 0) {
		char perms[8];
		int at = 0;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "%*s %7s %*s %*s %*s %n", perms, &at) != 1 ||
		    !at || !strchr(perms, 'x') || line[at] != '/')
			continue;
		/* A file deleted since it was mapped has no path to read. */
		len = (ssize_t)strlen(line + at);
		if (len > 10 && !strcmp(line + at + len - 10, " (deleted)"))
			continue;
		if (!have(objs, line + at))
			rc = add_str(&objs->paths, &objs->n, line + at);
	}
	free(line);
	fclose(maps);
	if (rc)
		probe_objects_release(objs);
	return rc;
}

void probe_objects_release(struct probe_objects *objs)
{
	for (size_t i = 0; i < objs->n; i++)
		free(objs->paths[i]);
	free(objs->paths);
	memset(objs, 0, sizeof(*objs));
}
