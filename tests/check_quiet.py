#!/usr/bin/env python3
"""Quiet libraries (issue 22): no header prints, reads the environment or ends the process.
Fails when fprintf, printf, puts, fputs, perror, getenv, exit, _Exit, abort (or their
std:: spellings) are called anywhere in a header outside comments and string literals.
usage: check_quiet.py HEADER...
       check_quiet.py --self-test    (the checker itself: flags calls, ignores comments and strings)"""
import re
import sys

BANNED = ('fprintf', 'printf', 'vfprintf', 'vprintf', 'puts', 'fputs', 'perror', 'getenv', 'secure_getenv',
          'exit', '_Exit', 'quick_exit', 'abort')
CALL = re.compile(r'\b(' + '|'.join(BANNED) + r')\s*\(')


def strip(src):
    """The source with comments and string/char literals blanked (newlines kept)."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j]))
            i = j
        elif src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            out.append(c + ' ' * (min(j, n) - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def calls(src):
    """(line, name) of every banned call in src."""
    return [(lineno, m.group(1)) for lineno, line in enumerate(strip(src).split('\n'), 1) for m in CALL.finditer(line)]


def self_test():
    loud = ('static void f(void) { fprintf(stderr, "x"); }\n'
            'static const char *g(void) { return getenv("HOME"); }\n'
            'static void h(int e) { if (e) std::abort (); }\n')
    quiet = ('/* fprintf(stderr, ...) in a comment; getenv("X") */\n'
             '// printf("%d", 1);\n'
             'static const char *s = "exit(1) and puts(\\"x\\") in a string";\n'
             'static int my_printf_count(void) { return sa_exit_code(0) + myabort; }\n')
    got = calls(loud)
    ok = got == [(1, 'fprintf'), (2, 'getenv'), (3, 'abort')]
    ok &= calls(quiet) == []
    print(f'self-test: loud {got}, quiet {calls(quiet)}: {"ok" if ok else "FAILED"}')
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ['--self-test']:
        return self_test()
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bad = 0
    for path in sys.argv[1:]:
        src = open(path, encoding='utf-8').read()
        for lineno, line in enumerate(strip(src).split('\n'), 1):
            for m in CALL.finditer(line):
                print(f'{path}:{lineno}: {m.group(1)}( in a library header: report through the info '
                      f'structs, take settings through the options/config')
                bad += 1
    print(f'{len(sys.argv) - 1} headers, {bad} calls that print, read the environment or exit')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
