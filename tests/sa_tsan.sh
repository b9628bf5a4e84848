#!/usr/bin/env bash
# tests/sa_tsan.sh - sa.h's OpenMP code under ThreadSanitizer (not part of `meson test`: it needs
# clang and an OpenMP runtime that tells TSan about its barriers). libgomp is not instrumented,
# so gcc -fsanitize=thread reports false races at every barrier; LLVM's libomp with its Archer
# tool (libarcher.so, Debian package libomp-dev) does not. Exit 0 clean, 1 a race or a wrong
# result, 77 when clang -fopenmp -fsanitize=thread or libarcher is missing.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLANG=${CLANG:-clang}
archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | tail -1)
command -v "$CLANG" >/dev/null && [ -n "$archer" ] || { echo "skipped: needs clang and libarcher.so"; exit 77; }
exe=$(mktemp /tmp/sa_tsan.XXXXXX)
trap 'rm -f "$exe" "$exe.log"' EXIT
"$CLANG" -std=c11 -O1 -g -fopenmp -fsanitize=thread -I"$ROOT" "$ROOT/tests/sa_tsan.c" -o "$exe" ||
    { echo "skipped: clang cannot build with -fopenmp -fsanitize=thread"; exit 77; }
OMP_TOOL_LIBRARIES=$archer TSAN_OPTIONS="ignore_noninstrumented_modules=1 ${TSAN_OPTIONS:-}" "$exe" "${1:-100000}" 2>&1 | tee "$exe.log"
rc=${PIPESTATUS[0]}
races=$(grep -c 'WARNING: ThreadSanitizer' "$exe.log")
echo "sa_tsan: exit $rc, $races ThreadSanitizer reports"
[ "$rc" = 0 ] && [ "$races" = 0 ]
