#!/usr/bin/env python3
"""Extract the manual's example program from a header's top comment.

    extract_example.py HEADER OUTPUT

The example sits between two marker lines inside the header's comment:
     *   [example:begin]
     *   #include "sa.h"
     *   ...
     *   [example:end]
The comment prefix (' * ' or ' *') is stripped from each line, then the smallest common
indentation of the non-empty lines. Exits 1 (with a message) if there is not exactly one
example, so a header cannot silently lose its tested example.
"""
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: extract_example.py HEADER OUTPUT")
    header, output = sys.argv[1], sys.argv[2]
    with open(header, encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks, cur, first = [], None, []
    for lineno, line in enumerate(lines, 1):
        body = re.sub(r"^\s*\*( |$)", "", line, count=1)
        marker = body.strip()
        if marker == "[example:begin]":
            if cur is not None:
                sys.exit(f"{header}: nested [example:begin]")
            cur = []
            first.append(lineno + 1)
        elif marker == "[example:end]":
            if cur is None:
                sys.exit(f"{header}: [example:end] without [example:begin]")
            blocks.append(cur)
            cur = None
        elif cur is not None:
            if "*/" in body:
                sys.exit(f"{header}: the example may not contain '*/'")
            cur.append(body.rstrip())
    if cur is not None:
        sys.exit(f"{header}: [example:begin] without [example:end]")
    if len(blocks) != 1:
        sys.exit(f"{header}: expected one example, found {len(blocks)}")
    code = blocks[0]
    while code and not code[0].strip():  # keep #line exact: drop leading blank lines
        code.pop(0)
        first[0] += 1
    indents = [len(l) - len(l.lstrip(" ")) for l in code if l.strip()]
    cut = min(indents) if indents else 0
    text = "\n".join(l[cut:] for l in code).rstrip("\n") + "\n"
    with open(output, "w", encoding="utf-8") as f:
        f.write(f"/* extracted from {header.split('/')[-1]}'s manual by tests/extract_example.py */\n")
        # errors point at the header's own lines
        f.write(f'#line {first[0]} "{header}"\n')
        f.write(text)


if __name__ == "__main__":
    main()
