#!/usr/bin/env bash
# tests/setup.sh as the offline GPU machine uses it (issue 22): SETUP_NO_INSTALL=1 and no
# setup_deps call (demos/bench/sa_libsais_bench.sh), under `set -u`. setup_build must find meson
# on its own (it failed with "MESON: unbound variable") and configure with werror on.
# The project configured is a two-line stand-in, so the test takes a second.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src"
printf "project('setup_sh_probe', 'c')\nexecutable('probe', 'probe.c')\n" >"$tmp/src/meson.build"
printf 'int main(void) { return 0; }\n' >"$tmp/src/probe.c"

fail=0
out=$(env -u MESON SETUP_NO_INSTALL=1 bash -c '
    set -euo pipefail
    . "$1/setup.sh"
    ROOT=$2/src                                  # configure the stand-in, not this project
    setup_build "$2/b" -Dbuildtype=release >/dev/null
    $MESON introspect --buildoptions "$2/b"' _ "$here" "$tmp" 2>&1) || {
    echo "FAIL: setup_build without setup_deps under set -u:"; echo "$out"; fail=1; }
if [ $fail -eq 0 ]; then
    werror=$(printf '%s' "$out" | python3 -c 'import json,sys
print([o["value"] for o in json.load(sys.stdin) if o["name"] == "werror"][0])')
    [ "$werror" = "True" ] || { echo "FAIL: setup_build configured werror=$werror, want True"; fail=1; }
fi
# reuse of a configured directory, also without setup_deps
env -u MESON SETUP_NO_INSTALL=1 bash -c 'set -euo pipefail; . "$1/setup.sh"; ROOT=$2/src
    setup_build "$2/b" -Dbuildtype=debug' _ "$here" "$tmp" >/dev/null 2>&1 \
    || { echo "FAIL: setup_build reusing a directory"; fail=1; }
[ $fail -eq 0 ] && echo "ok: setup_build works with SETUP_NO_INSTALL=1 and set -u, werror on"
exit $fail
