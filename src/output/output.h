/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Output streams and the structure of a trace line.
 *
 * A stream is stderr, a file (-o FILE), a pipe to a command (-o |cmd) or
 * one file per task (-ff).  Text is appended to a large buffer; streams
 * are flushed when the buffer fills, when sltrace exits, and — for
 * stderr, where trace lines interleave with the program's own output —
 * after every event.
 *
 * Lines: a syscall line is begun at the entry stop and ended at the exit
 * stop.  When another task prints in between, the open line is closed
 * with " <unfinished ...>" and the exit half is later printed as
 * "<... name resumed>".
 */
#ifndef SLTRACE_OUTPUT_H
#define SLTRACE_OUTPUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

struct tcb;

struct outstream {
	int fd;
	char *buf;
	size_t len, cap;
	unsigned int col;	/* column where the stream's last line ends */
	struct tcb *partial;	/* task whose line is open at the end */
	bool flush_each;	/* flush after every event (stderr) */
	pid_t pipe_pid;		/* -o |cmd: the command's pid, else 0 */
	char *path;		/* for error messages */
	bool failed;		/* a write failed: said once, output dropped */
	/*
	 * A held line (-e status=, -z, -Z): a task's syscall line is
	 * written here, in memory that grows and is never flushed, until
	 * its exit decides whether it goes to `behind` or is dropped.
	 */
	bool hold;
	struct outstream *behind;
	unsigned long records;	/* written by a record writer (timeline) */
};

/*
 * First thing at start: put /dev/null (close-on-exec) on whichever of
 * descriptors 0, 1 and 2 sltrace was started without, so that nothing
 * it opens lands there and the command still starts without them.
 */
void out_hold_std_fds(void);
/*
 * Once the command runs, sltrace's own stdin and stdout become /dev/null:
 * a pipe the command shares with us must see its end when the command
 * closes it, not stay open in the tracer ("cmd | reader" ends when cmd
 * closes stdout, as without a tracer).  The trace's stream is never one
 * of them: it is stderr or a descriptor of its own.
 */
void out_release_std_in_out(void);

/* sltrace was started with stderr closed. */
bool out_stderr_closed(void);

/*
 * The trace would go to a stderr that was closed at start: nobody can
 * read it (after out_init; a message goes to syslog).
 */
bool out_nowhere(void);

/*
 * Open the shared stream from cfg (stderr, -o FILE, -o |cmd).  Prints
 * strace's error and returns -errno when the file cannot be opened.
 */
int out_init(void);

/*
 * The shared stream (stderr, -o FILE or -o |cmd), never NULL: where the
 * -c table and the --hist histograms go.
 */
struct outstream *out_shared(void);

/*
 * Stream for a task: the shared one, or with -ff a new FILE.PID opened
 * on first use.  Never NULL (falls back to the shared stream).
 */
struct outstream *out_for_task(pid_t pid);

/*
 * True once out_for_task() could not create a -ff file.  strace gives
 * up then ("Can't fopen 'FILE.PID': ...", exit status 1): the caller
 * should end the trace the same way.
 */
bool out_fatal(void);

/* Close a -ff stream when its task is gone (flushes it first). */
void out_release(struct outstream *os);

/* Append raw text. */
void out_write(struct outstream *os, const char *s, size_t n);
void out_puts(struct outstream *os, const char *s);
void out_printf(struct outstream *os, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Flush one stream, or every stream; out_finish also waits for -o |cmd. */
void out_flush(struct outstream *os);
void out_flush_all(void);
void out_finish(void);

/*
 * The engine's waitpid was interrupted by a signal: flush the streams
 * whose flush timer (armed when a buffer goes from empty to non-empty)
 * has fired, so a long-blocked tracee does not leave lines unwritten.
 * The SIGALRM handler is installed without SA_RESTART on purpose: while
 * a file or pipe stream holds unwritten text, any blocking call of
 * sltrace may return EINTR.  out_event_done() also flushes after a tick.
 */
void out_tick(void);

/* Called by the consumer after handling each stop. */
void out_event_done(struct outstream *os);

/*
 * Line structure.  line_begin closes another task's open line with
 * " <unfinished ...>", then prints tcp's prefix ("[pid N] " or "N  ").
 */
void line_begin(struct tcb *tcp);
/*
 * Continue tcp's syscall line at exit: nothing if it is still the open
 * line of the stream, else a new line "PREFIX<... name resumed>".
 */
void line_resume(struct tcb *tcp, const char *name);
/* Pad to the -a column and print "= " ; then the caller prints the value. */
void line_pad_to_retval(struct tcb *tcp);
/* End the current line (newline); the stream has no open line after. */
void line_end(struct tcb *tcp);
/* Mark tcp's line as open at the end of the stream (after entry). */
void line_leave_open(struct tcb *tcp);
/*
 * Close tcp's open line if it has one (" <unfinished ...>\n").  Used when
 * the task is about to print something else, e.g. at exit.
 */
void line_close_unfinished(struct tcb *tcp);
/*
 * A thread's execve made it the leader @tcp: its execve line, still open
 * on @tcp's stream, ends " <pid changed to LEADER ...>" as strace ends it
 * (another task's line in between would have cut it "<unfinished ...>").
 */
void line_close_pid_changed(struct tcb *tcp, pid_t execer);
/*
 * tcp's struct is about to be freed (engine_consumer.forget).  A line it
 * left open stays open, to be cut " <unfinished ...>" by the next one,
 * but no longer names it: nothing reads the freed task through it, and
 * a new task at the same address does not take it for its own.
 */
void line_forget(struct tcb *tcp);

/*
 * Close tcp's open line because we detach from it mid-syscall
 * (" <detached ...>\n"), as strace does.
 */
void line_close_detached(struct tcb *tcp);

/* Whether lines carry a pid prefix now (-f with several tasks, -o -f). */
bool line_wants_pid(void);
/* Where the number of tasks traced now comes from (--replay's count). */
void line_set_task_count(unsigned int (*count)(void));
/*
 * --replay: -t and -r show the times of the record being written (wall
 * and monotonic, in ns since their epochs), not the time of the replay.
 */
void line_set_clock(uint64_t wall_ns, uint64_t mono_ns);

/*
 * A complete event line ("--- SIGCHLD {...} ---", "+++ exited with 0 +++"),
 * begun and ended here.  fmt has no newline.
 */
void line_event(struct tcb *tcp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * What the prefix shows after the pid (-t/-r time, -n syscall number,
 * -i instruction pointer) depends on what the line is about.
 * line_begin() is LINE_SYSCALL, line_event() LINE_EVENT.
 */
enum line_kind {
	LINE_SYSCALL,	/* a syscall's entry: its stop's time and address */
	LINE_EVENT,	/* signal, stop, personality: now, the task's pc */
	LINE_GONE,	/* exit, kill, takeover: now, no address ("[????]") */
	LINE_CALL,	/* a library call: its own time and address */
};
void line_begin_kind(struct tcb *tcp, enum line_kind kind);
void line_event_kind(struct tcb *tcp, enum line_kind kind, const char *fmt,
		     ...) __attribute__((format(printf, 3, 4)));

/* -T: " <0.000123>", the time between the syscall's entry and exit. */
void line_syscall_time(struct tcb *tcp);
/* -T for anything else: the time from a to b. */
void line_time_between(struct tcb *tcp, const struct timespec *a,
		       const struct timespec *b);

/*
 * Library-call lines (src/libcall): begun like a syscall's but with the
 * call's own time and address, indented by depth levels (ltrace -n);
 * resumed as "<... name resumed> " (with ltrace's space) on a new line;
 * closed early with any text.  depth counts from 0 (the outermost call).
 */
void line_begin_call(struct tcb *tcp, const struct timespec *when,
		     uint64_t ip, unsigned int depth);
void line_resume_call(struct tcb *tcp, const char *name,
		      const struct timespec *when, uint64_t ip,
		      unsigned int depth);
/*
 * What JSON records of a call say besides its name as text shows it:
 * the function, the object whose breakpoint caught the call (the
 * calling object for a PLT slot, -l; the defining one for an entry,
 * -L) and the object whose code made the call (NULL: unknown).
 * Nothing in text.
 */
void line_call_origin(struct tcb *tcp, const char *function,
		      const char *object, const char *caller);
void line_close_with(struct tcb *tcp, const char *text);
/* tcp's line is the open one at the end of its stream. */
bool line_is_open(struct tcb *tcp);

/*
 * Held lines, for -e status: line_hold() at entry, before line_begin(),
 * sends tcp's line to a private held stream; line_hold_end() after the
 * line ended (or when the task goes: the caller decides) writes it to
 * the task's stream when keep, else drops it.  No-op when not held.
 */
void line_hold(struct tcb *tcp);
void line_hold_end(struct tcb *tcp, bool keep);
bool line_is_held(const struct tcb *tcp);

/*
 * Stacks (-k): one frame, as the unwinder found it.  Text writes strace's
 * line under the event's (" > /lib/libc.so.6(__write+0x10) [0xf8350]");
 * JSON adds it to the record's "stack".
 */
struct out_frame {
	uint64_t pc;
	const char *module;	/* NULL: the pc is in no mapped file */
	const char *symbol;	/* NULL: no symbol covers it */
	uint64_t offset;	/* of the pc (of the call) from the symbol */
	uint64_t file_offset;	/* of the pc in module */
	const char *file;	/* -kk: the source file, or NULL */
	int line;
};
void line_frame(struct tcb *tcp, const struct out_frame *f);

/*
 * The unwinder registers how to write tcp's stack now (with
 * line_frame()): the output calls it for a signal's line (text), and
 * before a syscall's, a signal's or a call's return record ends (JSON),
 * where out_stack_inline() tells the unwinder not to print it after.
 */
void out_set_stack_hook(void (*hook)(struct tcb *tcp));
bool out_stack_inline(void);
/* Text: tcp's stack under the line just ended (the hook's, if any). */
void line_stack(struct tcb *tcp);

/*
 * Records that belong to no task (--output-format=json): the -c table
 * and --hist histograms at the end.  out_is_json() says whether to
 * write them instead of text; out_jrec_begin() writes {"type": type and
 * the times, out_jkey() ,"key": (then a value written with out_jstr(),
 * out_printf() or out_puts()), out_jrec_end() } and a newline.
 */
bool out_is_json(void);
void out_jrec_begin(struct outstream *os, const char *type);
void out_jkey(struct outstream *os, const char *key);
void out_jstr(struct outstream *os, const char *s);
void out_jint(struct outstream *os, int64_t v);
void out_jhex(struct outstream *os, uint64_t v);	/* "0x1f" */
void out_jrec_end(struct outstream *os);
/*
 * -e read=/write= under JSON: a record of tcp with n bytes of data at
 * offset of the syscall's buffer (of its buffer number buffer of an
 * iovec array, -1 for none, whose size is given with the first), in hex.
 */
/* A message of sendmmsg/recvmmsg: " = N buffers in vector I" as a record. */
void out_jdump_vector(struct tcb *tcp, uint64_t vector, uint64_t buffers);
void out_jdump(struct tcb *tcp, int buffer, uint64_t offset, uint64_t size,
	       const void *data, size_t n);

/*
 * The text of a dump: n bytes that were at offset of the data (total
 * bytes in all, or 0 when not known: it sets the offsets' width), in
 * lines of 16; and the line that heads each buffer of a vector (its
 * size).
 */
void out_hexdump(struct outstream *os, uint64_t total, uint64_t offset,
		 const void *data, size_t n);
void out_hexdump_head(struct outstream *os, uint64_t size, int buffer);

/*
 * sltrace's own messages on stderr ("sltrace: Process 42 attached"),
 * flushed at once, not part of the trace.
 */
void msg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "sltrace: what: strerror(errno)" */
void msg_perror(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
