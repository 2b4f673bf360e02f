#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Checks of --output-format=json traces, for tests/cases/json-*.sh.

    json_check.py validate SCHEMA TRACE...
        every line of each TRACE is one JSON object that SCHEMA (JSON
        Schema 2020-12) accepts.
    json_check.py compare JSON TEXT [JSON TEXT]...
        each JSON and TEXT are traces of two runs of the same deterministic
        program, one per format, without -f: the syscall records of JSON
        are TEXT's syscall lines, one for one and in order, with the same
        name, the same number of arguments and the same result (the value
        where it does not vary between runs, the errno name).
    json_check.py join TEXT
        TEXT with each "<unfinished ...>" line joined to its "<... name
        resumed>" line (the text a --replay of a JSON trace writes),
        one task's lines after another's, each in its order.
    json_check.py chrome FILE
        FILE is a timeline: a JSON array of trace events, every "B" of
        a thread ended by an "E", every thread named; prints the count
        of events of each phase.
    json_check.py get JSON EXPR
        print EXPR (a Python expression over r, a record) for each record
        where it does not raise: a jq for the tests.

Exit status 1 with what differs on stderr, 2 for a usage error.
"""

import json
import re
import sys


def records(path):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        for n, line in enumerate(f, 1):
            yield n, line


def validate(schema_path, paths):
    try:
        import jsonschema
    except ImportError:
        sys.exit('json_check: python3-jsonschema is not installed '
                 '(apt-get install python3-jsonschema)')
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    bad = 0
    total = 0
    for path in paths:
        for n, line in records(path):
            total += 1
            if not line.endswith('\n'):
                print('%s:%d: no newline at the end' % (path, n),
                      file=sys.stderr)
                bad += 1
            try:
                r = json.loads(line)
            except ValueError as e:
                print('%s:%d: not JSON: %s\n  %s' % (path, n, e, line[:300]),
                      file=sys.stderr)
                bad += 1
                continue
            if not isinstance(r, dict):
                print('%s:%d: not an object' % (path, n), file=sys.stderr)
                bad += 1
                continue
            for e in v.iter_errors(r):
                print('%s:%d: %s at %s\n  %s' % (path, n, e.message[:300],
                                                 list(e.absolute_path),
                                                 line[:300]),
                      file=sys.stderr)
                bad += 1
    if not total:
        print('json_check: no records', file=sys.stderr)
        return 1
    print('%d records, %d errors' % (total, bad))
    return 1 if bad else 0


# A text line: name(args) = result, no pid prefix (no -f), whole.
LINE = re.compile(r'^(\w+)\((.*)\)\s+= (.*?)(?: <[0-9.]+>)?$')


def top_level_args(s):
    """Arguments of a text line: top-level commas outside quotes."""
    if not s:
        return 0
    depth, n, quoted, esc = 0, 1, False, False
    i = 0
    while i < len(s):
        c = s[i]
        if quoted:
            if esc:
                esc = False
            elif c == '\\':
                esc = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in '{[(':
            depth += 1
        elif c in '}])':
            depth -= 1
        elif c == '/' and s.startswith('/*', i):
            j = s.find('*/', i)
            i = j + 2 if j >= 0 else len(s)
            continue
        elif c == ',' and depth == 0:
            n += 1
        i += 1
    return n


def result_of_text(s):
    """(value, errno name) of a text result."""
    m = re.match(r'(-1|\?) (E\w+) ', s + ' ')
    if m:
        return (None, m.group(2))
    tok = s.split(' ')[0]
    tok = re.sub(r'<.*$', '', tok)
    return (tok, None)


def result_of_json(r):
    err = r.get('error')
    if err:
        return (None, err.get('name'))
    v = r.get('retval')
    while isinstance(v, dict) and 'value' in v:
        v = v.get('oct', v['value']) if 'oct' in v else v['value']
    if v is None:
        return ('?', None)
    if isinstance(v, int):
        return (str(v), None)
    return (v, None)


def varies(tok):
    """Results that differ between two runs: addresses, pids, times."""
    return tok is not None and bool(re.match(r'^0x[0-9a-f]{5,}$', tok))


def compare(json_path, text_path):
    lines = []
    for _, line in records(text_path):
        m = LINE.match(line.rstrip('\n'))
        if m:
            lines.append(m.groups())
    recs = []
    for n, line in records(json_path):
        r = json.loads(line)
        if r.get('type') == 'syscall':
            recs.append((n, r))
    bad = 0
    if len(lines) != len(recs):
        print('%d syscall lines, %d syscall records' % (len(lines), len(recs)),
              file=sys.stderr)
        bad += 1
    for (name, args, res), (n, r) in zip(lines, recs):
        what = '%s:%d: %s' % (json_path, n, name)
        if r['name'] != name:
            print('%s: the record is %s' % (what, r['name']), file=sys.stderr)
            bad += 1
            break
        nt = top_level_args(args)
        nj = len([k for k in r['args'] if k != '<unfinished>'])
        if nt != nj:
            print('%s: %d arguments in text (%s), %d in the record (%s)'
                  % (what, nt, args[:200], nj, list(r['args'])),
                  file=sys.stderr)
            bad += 1
        t, j = result_of_text(res), result_of_json(r)
        if t[1] != j[1] or (not varies(t[0]) and not varies(j[0]) and
                            t[0] != j[0] and name not in VARYING):
            print('%s: result %r in text, %r in the record'
                  % (what, res, r.get('retval')), file=sys.stderr)
            bad += 1
    print('%s: %d lines compared, %d differences'
          % (json_path, len(lines), bad))
    return 1 if bad else 0


# Syscalls whose result differs between two runs of the same program.
VARYING = {'getpid', 'gettid', 'getppid', 'clone', 'clone3', 'fork',
           'vfork', 'wait4', 'waitid', 'time', 'times', 'brk', 'mmap',
           'mremap', 'getrandom', 'set_tid_address', 'getpgid', 'getsid',
           'getpgrp', 'setsid', 'getrusage', 'timer_create',
           'pidfd_open', 'shmat', 'shmget', 'semget', 'msgget',
           'clock_gettime', 'gettimeofday', 'poll', 'select', 'pselect6',
           'epoll_wait', 'futex', 'sched_getaffinity', 'getcpu',
           # IPC_INFO & co return the highest index in use, system-wide
           'msgctl', 'semctl', 'shmctl'}


def get(json_path, expr):
    for _, line in records(json_path):
        r = json.loads(line)
        try:
            v = eval(expr, {}, {'r': r})
        except Exception:
            continue
        try:
            print(json.dumps(v) if not isinstance(v, str) else v)
        except BrokenPipeError:
            break
    return 0


PFX = re.compile(r'^(\[pid +(\d+)\] |(\d+) +)')


def join(text_path):
    """Lines joined across <unfinished ...>, grouped by task.  A line
    left unfinished for good (its task was let go inside the syscall:
    strace writes no more of it) is the whole line a record marked
    detached gives: "... <detached ...>"."""
    open_line = {}
    out = {}
    order = []
    for _, line in records(text_path):
        line = line.rstrip('\n')
        m = PFX.match(line)
        pid = (m.group(2) or m.group(3)) if m else ''
        body = line[m.end():] if m else line
        if pid not in out:
            out[pid] = []
            order.append(pid)
        if body.endswith(' <unfinished ...>'):
            open_line[pid] = body[:-len(' <unfinished ...>')]
            continue
        rm = re.match(r'^<\.\.\. \S+ resumed>', body)
        if rm and pid in open_line:
            body = open_line.pop(pid) + body[rm.end():]
        out[pid].append(body)
    for pid, body in open_line.items():
        out[pid].append(body + ' <detached ...>')
    for pid in order:
        for body in out[pid]:
            print('%s\t%s' % (pid, body))
    return 0


def chrome(path):
    with open(path) as f:
        events = json.load(f)
    if not isinstance(events, list):
        print('%s: not an array' % path, file=sys.stderr)
        return 1
    phases = {}
    depth = {}
    named = set()
    seen = set()
    bad = 0
    for e in events:
        ph = e.get('ph')
        phases[ph] = phases.get(ph, 0) + 1
        key = (e.get('pid'), e.get('tid'))
        if ph == 'M':
            if e.get('name') == 'thread_name':
                named.add(key)
            continue
        seen.add(key)
        for k in ('name', 'ts', 'pid', 'tid'):
            if k not in e:
                print('%s: event without %s: %s' % (path, k, e),
                      file=sys.stderr)
                bad += 1
        if ph == 'X' and not isinstance(e.get('dur'), (int, float)):
            print('%s: X without dur: %s' % (path, e), file=sys.stderr)
            bad += 1
        if ph == 'B':
            depth[key] = depth.get(key, 0) + 1
        elif ph == 'E':
            depth[key] = depth.get(key, 0) - 1
            if depth[key] < 0:
                print('%s: E without B on %s' % (path, key), file=sys.stderr)
                bad += 1
    for key, d in depth.items():
        if d:
            print('%s: %d B without E on %s' % (path, d, key), file=sys.stderr)
            bad += 1
    for key in seen - named:
        print('%s: thread %s has no name' % (path, key), file=sys.stderr)
        bad += 1
    print(' '.join('%s=%d' % (k, phases[k]) for k in sorted(phases)))
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == 'validate':
        return validate(argv[2], argv[3:])
    if len(argv) >= 4 and len(argv) % 2 == 0 and argv[1] == 'compare':
        rc = 0
        for i in range(2, len(argv), 2):
            rc |= compare(argv[i], argv[i + 1])
        return rc
    if len(argv) == 3 and argv[1] == 'join':
        return join(argv[2])
    if len(argv) == 3 and argv[1] == 'chrome':
        return chrome(argv[2])
    if len(argv) == 4 and argv[1] == 'get':
        return get(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    rc = main(sys.argv)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = None
    sys.exit(rc)
