#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ustack keys in the kernel (issue 14): a syscall clause keyed by ustack
# runs on the BPF back end, which walks the stack by the unwind rows of
# each file's .eh_frame, and its map is the ptrace back end's (libunwind)
# frame for frame: programs without frame pointers, 40 levels deep, a
# thread, a signal handler, a library dlopen'd, a fork child that execs
# another program, threads dlopen'ing at once;
# at syscalls and at library calls (call: clauses).
# The launched command's tasks are held (a SIGSTOP that ptrace takes)
# where they map code of a file not yet read, and never noticed.  A -p
# process's code mapped before the attach is named; code it maps later
# is read when first met, and the stacks through it until then are said
# to be cut short.
. "$SRCDIR/tests/lib.sh"
command -v gcc > /dev/null || skip "no gcc"
need_kbpf

cat > ustk.c <<'C'
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) int leaf(void) { return getppid(); }

/* Not a tail call: every level is a frame of its own. */
__attribute__((noinline)) int deep(int n)
{
	int r = n ? deep(n - 1) : leaf();

	__asm__ volatile("" ::: "memory");
	return r + 1;
}

/* Through the signal's frame, back into the code it interrupted. */
__attribute__((noinline)) static void on_usr1(int sig)
{
	getppid();
	__asm__ volatile("" ::: "memory");
}

static void *thread_main(void *arg)
{
	for (int i = 0; i < 5; i++)
		deep(3);
	return arg;
}

int main(int argc, char **argv)
{
	int (*through)(int (*)(void));
	int status;
	pthread_t t;
	pid_t pid;
	void *lib;
	char c;

	/* "wait": until a byte comes, for -p */
	if (argc > 1 && read(0, &c, 1) != 1)
		return 1;
	deep(40);
	deep(40);
	signal(SIGUSR1, on_usr1);
	raise(SIGUSR1);
	pthread_create(&t, NULL, thread_main, NULL);
	pthread_join(t, NULL);
	lib = dlopen("./libthrough.so", RTLD_NOW);
	through = lib ? (int (*)(int (*)(void)))dlsym(lib, "through") : NULL;
	if (!through)
		return 2;
	for (int i = 0; i < 4; i++)
		through(leaf);
	if (argc > 1)
		return 0;
	pid = fork();
	if (pid == 0) {
		deep(5);
		execl("./other", "other", (char *)NULL);
		_exit(127);
	}
	/* The child is held while its files are read: never stopped. */
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return 3;
	return 0;
}
C
cat > through.c <<'C'
__attribute__((noinline)) int through(int (*f)(void))
{
	int r = f();

	__asm__ volatile("" ::: "memory");
	return r + 1;
}
C
cat > other.c <<'C'
#include <unistd.h>
__attribute__((noinline)) int other_fn(void)
{
	int r = getppid();

	__asm__ volatile("" ::: "memory");
	return r + 1;
}
int main(void) { return other_fn() < 0; }
C
# Threads mapping libraries all at once: each holds the process's mmap
# lock in turn, where the kernel's bpf_find_vma gives up; the walk reads
# the process's mappings sltrace read instead.
cat > mt.c <<'C'
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) int leaf(void) { return getppid(); }

static void *run(void *arg)
{
	int (*through)(int (*)(void)) = NULL;
	char name[32];
	void *lib;

	snprintf(name, sizeof(name), "./libt%ld.so", (long)arg);
	lib = dlopen(name, RTLD_NOW);
	if (lib)
		through = (int (*)(int (*)(void)))dlsym(lib, "through");
	for (int i = 0; through && i < 100; i++)
		through(leaf);
	return through ? NULL : arg;
}

int main(void)
{
	pthread_t t[8];
	void *r;
	int bad = 0;

	for (long i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, run, (void *)(i + 1));
	for (int i = 0; i < 8; i++) {
		pthread_join(t[i], &r);
		bad |= r != NULL;
	}
	return bad;
}
C
cflags="-O2 -g -fomit-frame-pointer"
gcc $cflags -fPIC -shared -o libthrough.so through.c &&
	gcc $cflags -o ustk ustk.c -ldl -lpthread &&
	gcc $cflags -o other other.c &&
	gcc $cflags -o mt mt.c -ldl -lpthread || fail "cannot build the programs"
for i in 1 2 3 4 5 6 7 8; do cp libthrough.so "libt$i.so" || fail "cp"; done

script='syscall:getppid { @[ustack] = count(); @n[comm] = count(); }'
for b in ptrace bpf; do
	"$SLTRACE" -d --backend=$b -f -o "out.$b" --script "$script" ./ustk 2> "err.$b"
	expect_rc 0 $? "tracer, $b"
done
grep -q 'clause 1 .* runs in the kernel' err.bpf || { show err.bpf; fail "-d: not in the kernel"; }
expect_no_match err.bpf 'cut short'
# Held only where it maps new code: no syscall stops.
expect_match err.bpf 'syscall stops: none'
# Keys of one count print in an order of their own: each key one line.
# A frame no symbol covers is its address on ptrace, its file and
# offset in the kernel: "?" in both.
keys() {
	awk '/^@[a-z]*\[$/ { k = substr($1, 2, 1); first = 1; inkey = 1; next }
	     inkey && /^\]: / { print k " " $2; inkey = 0; next }
	     inkey && first && k == "e" { k = k "|PLT"; first = 0; next }
	     inkey && /^    (0x[0-9a-f]+|[^ +]+\+0x[0-9a-f]+)$/ { k = k "|?"; next }
	     inkey { k = k "|" $1; next }
	     NF { print }' "$1" | sort
}
for b in ptrace bpf; do
	keys "out.$b" > "keys.$b"
done
[ -s keys.bpf ] || fail "no map"
diff -u keys.ptrace keys.bpf >&2 || fail "the back ends' stacks differ"
# What the program knows it did, frame by frame.
expect_line out.bpf '@n[ustk]: 13'
expect_line out.bpf '@n[other]: 1'
awk '/^@\[$/ { n = 0 } /^    deep\+/ { n++ } /^\]: 1$/ && n > m { m = n }
     END { print m }' out.bpf > depth
expect_line depth 41
expect_count 1 out.bpf '^    thread_main\+'
expect_count 1 out.bpf '^    through\+'
expect_count 1 out.bpf '^    other_fn\+'
expect_match out.bpf '^    start_thread\+'
# The handler's stack goes on past the signal frame into main.
awk '/^@\[$/ { s = "" } /^    / { s = s $1 " " } /^\]: / { print s }' out.bpf |
	grep -E '^getppid\+[0-9]+ on_usr1\+[0-9]+ .* main\+[0-9]+ ' > sigstack ||
	{ show out.bpf; fail "no stack through the signal frame"; }
expect_match out.bpf '^    _start\+'

for i in 1 2 3; do
	"$SLTRACE" --backend=bpf -f -o mt.out --script "$script" ./mt 2> mt.err
	expect_rc 0 $? "tracer, threads mapping libraries"
	expect_no_match mt.err 'cut short'
	expect_count 8 mt.out '^    through\+'
	expect_line mt.out '@n[mt]: 800'
done

# call: clauses (uprobes in the kernel): at the return, the caller's
# stack; at the entry, the PLT entry's frame (no symbol: its address on
# ptrace, its file offset in the kernel) and then the caller's.
script2='call:getppid { @r[ustack] = count(); } call:getppid:entry { @e[ustack] = count(); }'
for b in ptrace bpf; do
	"$SLTRACE" -d --backend=$b -f -o "call.$b" --script "$script2" ./ustk 2> "cerr.$b"
	expect_rc 0 $? "tracer, call:, $b"
	keys "call.$b" > "ckeys.$b"
done
grep -q 'clause 2 .* runs in the kernel' cerr.bpf || { show cerr.bpf; fail "-d: call: not in the kernel"; }
[ -s ckeys.bpf ] || { show call.bpf; fail "call: no map"; }
diff -u ckeys.ptrace ckeys.bpf >&2 || fail "the back ends' call: stacks differ"
expect_match ckeys.bpf '^r\|through\+[0-9]+\|main\+[0-9]+\|.* 4$'
expect_count 7 ckeys.bpf '^e\|PLT\|(deep|through|other_fn|on_usr1)\+'
awk '/^@e\[$/ { getline f0; print f0 }' call.bpf > entries
expect_count 7 entries '^    (ustk|other)\+0x[0-9a-f]+$'
expect_no_match cerr.bpf 'cut short'

# A program on overlayfs (a container's): /proc/PID/maps shows the
# overlay's inode, the mapping is of the file beneath; the kernel's own
# view finds its rows.
mkdir -p ov/lower ov/upper ov/work ov/merged && cp other ov/lower/ || fail "cp"
if mount -t overlay overlay -o lowerdir=ov/lower,upperdir=ov/upper,workdir=ov/work ov/merged 2> /dev/null; then
	(cd ov/merged && "$SLTRACE" --backend=bpf -o ../../ov.out --script "$script" ./other) 2> ov.err
	rc=$?
	umount ov/merged
	expect_rc 0 $rc "tracer, overlayfs"
	expect_count 1 ov.out '^    other_fn\+'
	expect_no_match ov.err 'cut short'
else
	note "no overlayfs here: that part not run"
fi

# -p: attached while it waits, before it dlopens.
rm -f fifo
mkfifo fifo || fail "mkfifo"
./ustk wait < fifo &
wpid=$!
exec 7> fifo
"$SLTRACE" -d --backend=bpf -f -p "$wpid" -o outp --script "$script" 2> errp &
spid=$!
wait_for_match errp "pid $wpid: [0-9]+ threads watched"
echo go >&7
exec 7>&-
wait "$spid"
expect_rc 0 $? "tracer -p"
wait "$wpid"
expect_rc 0 $? "program under -p"
awk '/^@\[$/ { n = 0 } /^    deep\+/ { n++ } /^\]: 1$/ && n > m { m = n }
     END { print m }' outp > depth
expect_line depth 41
expect_count 1 outp '^    thread_main\+'
expect_line outp '@n[ustk]: 12'
# The library's first calls may come before its file is read.
cut=$(sed -n 's/.*: \([0-9]*\) stacks cut short.*/\1/p' errp)
named=$(awk '/^@\[$/ { t = 0 } /^    through\+/ { t = 1 } /^\]: / && t { n += $2 }
	     END { print n + 0 }' outp)
[ $((named + ${cut:-0})) = 4 ] ||
	{ show outp; show errp; fail "-p: $named stacks through the library, ${cut:-0} cut short"; }
check_no_stopped
exit 0
