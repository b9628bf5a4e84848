#!/usr/bin/env bash
# demos/bench/issue27_codec_ab.sh - the CPU codec of checkout A (REF) against this checkout's (B)
# in one process, alternated per repetition (issue27_codec_ab.c): the A/B for a loaded machine.
#   demos/bench/issue27_codec_ab.sh REF [COUNT=16777216] [REPS=10] [ISA=4 (avx512; 3 avx2, 2 sse2, 1 scalar)]
# exit 0: same bytes; 1: they differ or a call failed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
REF=${1:?usage: $0 REF [COUNT] [REPS] [ISA]}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
src=$ROOT/demos/bench/issue27_codec_ab.c
cc -O2 -DAB_ENTRY=a -I"$REF" -c "$src" -o "$T/a.o"
cc -O2 -DAB_ENTRY=b -I"$ROOT" -c "$src" -o "$T/b.o"
cc -O2 "$src" "$T/a.o" "$T/b.o" -lm -o "$T/ab"
echo "# $(date -u +%FT%TZ) A=$REF ($(git -C "$REF" rev-parse --short HEAD 2>/dev/null || echo ?)) B=$ROOT ($(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo ?)); $(uptime)"
"$T/ab" "${2:-16777216}" "${3:-10}" "${4:-4}"
