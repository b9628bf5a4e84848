#!/usr/bin/env python3
"""Quiet libraries (issue 22): no header prints, reads the environment or ends the process.
Fails when fprintf, printf, puts, fputs, perror, getenv, exit, _Exit, abort (or their
std:: spellings) are called anywhere in a header outside comments and string literals.
usage: check_quiet.py HEADER..."""
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


def main():
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
