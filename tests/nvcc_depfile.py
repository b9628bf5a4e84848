#!/usr/bin/env python3
"""nvcc header dependencies under Meson < 1.4.

Meson before 1.4 (mesonbuild/meson#11969, fixed by #12665) writes the CUDA compile rule as
`nvcc $ARGS -o $out -c $in` with `deps = gcc` and a depfile, but never passes nvcc the flags that
write the depfile. Ninja then records no headers for any .cu object, and a changed sa_cuda.cuh,
homcomp.cuh or ccoll_mpi.h leaves every CUDA program stale.

Two modes:
  nvcc_depfile.py                 (postconf script, run by `meson setup` and every regeneration)
      adds `-MD -MF $DEPFILE` to each `rule cuda_COMPILER*` command of $MESON_BUILD_ROOT/build.ninja
      that has no -MD yet. nvcc names the depfile's target after -o, which is ninja's $out. A Meson
      that already passes -MD (1.4 and later) is left as it is.
  nvcc_depfile.py check NINJA BUILD_ROOT OBJECT HEADER...   (the test nvcc_deps)
      `NINJA -n -C BUILD_ROOT -t deps OBJECT` must list every HEADER (matched by file name); exit 1
      and a message naming what is missing otherwise (or that OBJECT was not built yet); exit 77
      (SKIP) where NINJA has no deps tool (samurai).
"""
import os
import subprocess
import sys


def patch(build_root):
    path = os.path.join(build_root, 'build.ninja')
    if not os.path.isfile(path):  # another backend (vs, xcode): nothing to patch, never fail the setup
        return 0
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    in_cuda_rule = False
    changed = 0
    for i, line in enumerate(lines):
        if line.startswith('rule '):
            in_cuda_rule = line.split()[1].startswith('cuda_COMPILER')
            continue
        if not line.startswith(' '):
            in_cuda_rule = False
            continue
        if in_cuda_rule and line.startswith(' command = '):
            if ' -MD' in line or ' $ARGS ' not in line:
                continue
            lines[i] = line.replace(' $ARGS ', ' $ARGS -MD -MF $DEPFILE ', 1)
            changed += 1
    if changed:
        tmp = path + '.nvcc_depfile.tmp'
        with open(tmp, 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines))
        os.replace(tmp, path)
    return 0


def check(ninja, build_root, obj, headers):
    # -n: ninja's tools open .ninja_log / .ninja_deps for writing (and may recompact them) unless dry-run
    res = subprocess.run([ninja, '-n', '-C', build_root, '-t', 'deps', obj],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if 'unknown tool' in res.stdout:  # samurai installed as ninja: no deps tool, nothing to check
        print('nvcc_deps: SKIP: %s has no -t deps (%s)' % (ninja, res.stdout.strip()[:200]))
        return 77
    first = res.stdout.splitlines()[0] if res.stdout.strip() else ''
    if res.returncode == 0 and 'deps not found' in first:
        print('nvcc_deps: FAIL: ninja has no record of %s: not built yet by this build folder\'s ninja'
              ' (meson test builds it first through depends:)' % obj)
        return 1
    names = set(os.path.basename(l.strip()) for l in res.stdout.splitlines()[1:] if l.strip())
    missing = [h for h in headers if h not in names]
    if res.returncode != 0 or missing:
        print('nvcc_deps: ninja records for %s: %s' % (obj, res.stdout.splitlines()[:1]))
        print('nvcc_deps: FAIL: headers not recorded: %s (a changed header would not rebuild it)'
              % ', '.join(missing))
        return 1
    print('nvcc_deps: %s depends on %s (%d files recorded)' % (obj, ', '.join(headers), len(names)))
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == 'check':
        if len(argv) < 6:
            print('usage: nvcc_depfile.py check NINJA BUILD_ROOT OBJECT HEADER...')
            return 2
        return check(argv[2], argv[3], argv[4], argv[5:])
    build_root = os.environ.get('MESON_BUILD_ROOT')
    if not build_root:
        print('nvcc_depfile.py: MESON_BUILD_ROOT is not set (run as a Meson postconf script)')
        return 2
    return patch(build_root)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
