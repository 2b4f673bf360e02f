/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -P PATH and -e trace-fds=SET.  Which arguments are paths and which
 * are descriptors comes from the syscall row's argfmt ('s' path, 'f'
 * fd, 'a' dirfd); the few syscalls that carry descriptors in memory
 * (poll, select and the i386 forms that pass one pointer to their
 * arguments) are read here.
 *
 * Observed from strace 6.1: a path argument matches only when it is
 * written exactly as given to -P or as its realpath ("f.txt" does not
 * match "-P ./f.txt"); a descriptor matches when /proc/PID/fd/N links
 * to either; syscalls with neither kind of argument never match.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "select/path.h"
#include "pidns/pidns.h"
#include "sysent/sysent.h"

bool pathfilter_on;

static char **paths;
static size_t npaths;
static size_t longest;		/* strlen of the longest path in the set */

static struct numset fds;
static bool fds_given;

static int add_one(const char *p)
{
	char **v;
	char *copy;

	for (size_t i = 0; i < npaths; i++)
		if (!strcmp(paths[i], p))
			return 0;
	copy = strdup(p);
	v = realloc(paths, (npaths + 1) * sizeof(*v));
	if (!copy || !v) {
		free(copy);
		if (v)
			paths = v;
		return -ENOMEM;
	}
	paths = v;
	paths[npaths++] = copy;
	if (strlen(p) > longest)
		longest = strlen(p);
	return 0;
}

int pathfilter_add_path(const char *path, char **resolved)
{
	char *real = realpath(path, NULL);
	int rc;

	*resolved = NULL;
	pathfilter_on = true;
	rc = add_one(path);
	if (rc || !real)
		goto out;
	if (strcmp(real, path)) {
		rc = add_one(real);
		if (!rc) {
			*resolved = real;
			real = NULL;
		}
	}
out:
	free(real);
	return rc;
}

int pathfilter_set_fds(const char *value, struct qual_error *err)
{
	struct qualifiers q;

	/* The same syntax and messages as -e read=. */
	qualifiers_init(&q);
	if (qual_parse_value(&q, QK_READ, value, err) < 0) {
		qualifiers_release(&q);
		return -1;
	}
	numset_release(&fds);
	fds = q.read;
	numset_init(&q.read);
	qualifiers_release(&q);
	fds_given = true;
	pathfilter_on = true;
	return 0;
}

static bool path_in_set(const char *p)
{
	for (size_t i = 0; i < npaths; i++)
		if (!strcmp(paths[i], p))
			return true;
	return false;
}

static bool fd_matches(struct tcb *tcp, int fd)
{
	char link[64], target[PATH_MAX];
	ssize_t n;

	if (fd < 0)
		return false;
	if (fds_given && numset_has(&fds, fd))
		return true;
	if (!npaths)
		return false;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", pidns_proc_pid(tcp->pid),
		 fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	return path_in_set(target);
}

static bool path_matches(struct tcb *tcp, uint64_t addr)
{
	char buf[PATH_MAX + 1];
	size_t max = longest < PATH_MAX ? longest : PATH_MAX;
	ssize_t n;

	if (!npaths || !addr)
		return false;
	/* A string longer than every path in the set cannot match. */
	n = tracee_read_str(tcp, addr, buf, max);
	if (n < 0 || (size_t)n > max)
		return false;
	return path_in_set(buf);
}

static uint64_t word(const struct tcb *tcp, uint64_t v)
{
	return tcp->sc.pers == PERS_COMPAT ? (uint32_t)v : v;
}

/* struct pollfd: int fd; short events, revents — the same in both ABIs. */
static bool poll_matches(struct tcb *tcp, uint64_t addr, uint64_t nfds)
{
	int32_t chunk[2 * 64];

	while (nfds && addr) {
		size_t n = nfds < 64 ? (size_t)nfds : 64;
		/* The elements before an unmapped page still count. */
		ssize_t got = tracee_read_partial(tcp, addr, chunk, n * 8);

		if (got < 8)
			return false;
		for (size_t i = 0; i < (size_t)got / 8; i++)
			if (fd_matches(tcp, chunk[2 * i]))
				return true;
		if ((size_t)got < n * 8)
			return false;
		nfds -= n;
		addr += n * 8;
	}
	return false;
}

/*
 * fd_set: bit n of the array is descriptor n in both ABIs (little
 * endian), so reading it as bytes serves 32- and 64-bit tracees.
 */
static bool fdset_matches(struct tcb *tcp, uint64_t addr, int nfds)
{
	unsigned char bits[1024 / 8];
	size_t len;

	if (!addr || nfds <= 0)
		return false;
	if (nfds > 1024)
		nfds = 1024;	/* FD_SETSIZE: select cannot use more */
	len = ((size_t)nfds + 7) / 8;
	if (tracee_read(tcp, addr, bits, len) < 0)
		return false;
	for (int fd = 0; fd < nfds; fd++)
		if ((bits[fd / 8] >> (fd % 8) & 1) && fd_matches(tcp, fd))
			return true;
	return false;
}

static bool select_matches(struct tcb *tcp, const uint64_t *a)
{
	for (unsigned int i = 1; i <= 3; i++)
		if (fdset_matches(tcp, word(tcp, a[i]), (int)a[0]))
			return true;
	return false;
}

/*
 * fsconfig: its value is a path (FSCONFIG_SET_PATH, _PATH_EMPTY) with
 * aux its dirfd, or aux is a descriptor (FSCONFIG_SET_FD); strace 6.1
 * matches those alone, never the fs_fd of the first argument.
 */
static bool fsconfig_matches(struct tcb *tcp, const uint64_t *a)
{
	switch ((uint32_t)a[1]) {
	case 3:	/* FSCONFIG_SET_PATH */
	case 4:	/* FSCONFIG_SET_PATH_EMPTY */
		return path_matches(tcp, a[3]) ||
		       fd_matches(tcp, (int32_t)a[4]);
	case 5:	/* FSCONFIG_SET_FD */
		return fd_matches(tcp, (int32_t)a[4]);
	default:
		return false;
	}
}

/*
 * Syscalls whose rows name a path or descriptor that strace 6.1 does not
 * match (observed): fsopen's name is a filesystem type, the fs_fd of
 * fsmount a filesystem context, the landlock descriptors rulesets, and
 * the strings of add_key and request_key key types and descriptions.
 */
static const char *const never_match[] = {
	"fsopen", "fsmount", "landlock_add_rule", "landlock_restrict_self",
	"add_key", "request_key",
};

/*
 * Syscalls whose descriptors are not plain arguments.  Returns 1 or 0
 * when it decided, -1 to go by argfmt.
 */
static int special_match(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;
	const char *name = ent->name;
	uint64_t a[MAX_ARGS];
	uint32_t block[6];

	for (unsigned int i = 0; i < MAX_ARGS; i++)
		a[i] = word(tcp, tcp->sc.args[i]);
	for (size_t i = 0; i < sizeof(never_match) / sizeof(*never_match); i++)
		if (!strcmp(name, never_match[i]))
			return 0;
	if (!strcmp(name, "fsconfig"))
		return fsconfig_matches(tcp, a);
	if (!strncmp(name, "poll", 4) || !strncmp(name, "ppoll", 5))
		/* nfds is an unsigned int: the upper half is ignored. */
		return poll_matches(tcp, a[0], (uint32_t)a[1]);
	if (!strncmp(name, "pselect6", 8) || !strcmp(name, "_newselect") ||
	    (!strcmp(name, "select") && ent->nargs == 5))
		return select_matches(tcp, a);
	/* i386 old_select and old_mmap: one pointer to their arguments. */
	if (tcp->sc.pers == PERS_COMPAT && ent->nargs == 1 &&
	    (!strcmp(name, "select") || !strcmp(name, "mmap"))) {
		/*
		 * Read only the block's own words (old_mmap 6, old_select
		 * 5): a block that ends at an unmapped page is whole.
		 */
		if (name[0] == 'm')
			return tracee_read(tcp, a[0], block,
					   6 * sizeof(block[0])) >= 0 &&
			       fd_matches(tcp, (int32_t)block[4]);
		if (tracee_read(tcp, a[0], block, 5 * sizeof(block[0])) < 0)
			return 0;
		for (unsigned int i = 0; i < 4; i++)
			a[i] = block[i];
		return select_matches(tcp, a);
	}
	return -1;
}

bool pathfilter_match(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;
	const char *fmt;
	int r;

	if (!ent)
		return false;
	r = special_match(tcp);
	if (r >= 0)
		return r;
	fmt = ent->argfmt;
	for (unsigned int i = 0; i < MAX_ARGS && fmt[i]; i++) {
		switch (fmt[i]) {
		case 'f':
		case 'a':
			if (fd_matches(tcp, (int32_t)tcp->sc.args[i]))
				return true;
			break;
		case 's':
			if (path_matches(tcp, word(tcp, tcp->sc.args[i])))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}
