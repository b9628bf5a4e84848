# tests/setup.sh - shared set-up for tests/run.sh, demos/run_all.sh and the benchmarks.
# Sourced, not run. Provides:
#   setup_deps [extra debian packages...]  install what is missing (Debian/Ubuntu, apt-get)
#   setup_build DIR [meson setup options...] configure DIR, or reuse it if already configured;
#                  a fresh DIR gets -Dwerror=true (CI keeps warnings fatal; the project's
#                  default is off so a parent project is not forced); later options win
# Variables: ROOT (repository root), MESON (the meson command).

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

setup__have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

setup_deps() {
    local want=(meson ninja-build pkg-config gcc libc6-dev mpich libmpich-dev "$@")
    local missing=()
    if command -v dpkg-query >/dev/null 2>&1; then
        for p in "${want[@]}"; do setup__have_pkg "$p" || missing+=("$p"); done
    fi
    # Machines where tools come from elsewhere (pip meson, OpenMPI): trust what is on PATH.
    if [ ${#missing[@]} -gt 0 ] && command -v meson >/dev/null && command -v ninja >/dev/null \
       && command -v cc >/dev/null && ! command -v apt-get >/dev/null; then
        missing=()
    fi
    # SETUP_NO_INSTALL=1: never call apt-get (offline machines such as the GPU machine).
    [ -n "${SETUP_NO_INSTALL:-}" ] && missing=()
    if [ ${#missing[@]} -gt 0 ]; then
        local sudo=""
        [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo -n"
        echo "setup: installing ${missing[*]}" >&2
        SETUP_INSTALLED=1   # setup_build then re-runs meson's detection
        if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
               $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/setup-apt.log 2>&1; then
            echo "setup: could not install ${missing[*]} (see /tmp/setup-apt.log); continuing with what is here" >&2
        fi
    fi
    setup__find_meson
}

# MESON is set when this file is sourced, so callers that skip setup_deps (SETUP_NO_INSTALL=1
# on an offline machine) still have it; setup_deps sets it again after an install.
setup__find_meson() {
    MESON=meson
    if ! command -v meson >/dev/null 2>&1; then
        if python3 -c 'import mesonbuild' 2>/dev/null; then MESON="python3 -m mesonbuild.mesonmain"
        else echo "setup: meson not found" >&2; return 1; fi
    fi
}
setup__find_meson 2>/dev/null || MESON=""   # setup_deps installs it, or setup_build says so

setup_build() {
    local dir=$1; shift
    [ -n "${MESON:-}" ] || setup__find_meson || return 1
    if [ -f "$dir/build.ninja" ]; then
        # Reuse the directory; apply any options given (harmless when unchanged). After an
        # install, reconfigure so meson sees the new packages (e.g. a benchmark's peer).
        if [ -n "${SETUP_INSTALLED:-}" ]; then $MESON setup --reconfigure "$dir" "$ROOT" -Dwerror=true "$@" >/dev/null || return 1
        elif [ $# -gt 0 ]; then $MESON configure "$dir" "$@" >/dev/null || return 1; fi
    else
        rm -rf "$dir"
        $MESON setup "$dir" "$ROOT" -Dwerror=true "$@" || return 1
    fi
}
