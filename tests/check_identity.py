#!/usr/bin/env python3
"""Identity of the five headers (issue 22), independent of any compiler:
  - each header ends with its license block: "/*\\n" + LICENSE (byte for byte) + "*/\\n";
  - each header's X_VERSION_MAJOR/MINOR/PATCH equal meson.build's project version (argv[2]);
  - each header's link macro is X_DEF, overridable (#ifndef X_DEF), static + unused under X_STATIC.
usage: check_identity.py SOURCE_ROOT VERSION"""
import re
import sys

HEADERS = {  # file: prefix of its IMPLEMENTATION switch
    'sa.h': 'SA', 'sa_cuda.cuh': 'SA_CUDA', 'spiral.h': 'SPIRAL', 'homcomp.cuh': 'HOMCOMP', 'ccoll_mpi.h': 'CCOLL',
}


def main():
    root, version = sys.argv[1], sys.argv[2]
    want = tuple(int(x) for x in version.split('.'))
    license_text = open(f'{root}/LICENSE', encoding='utf-8').read()
    fails = []
    for name, x in HEADERS.items():
        src = open(f'{root}/{name}', encoding='utf-8').read()
        if not src.endswith('/*\n' + license_text + '*/\n'):
            fails.append(f'{name}: does not end with "/*", the text of LICENSE exactly, "*/"')
        got = []
        for part in ('MAJOR', 'MINOR', 'PATCH'):
            m = re.findall(rf'^#define {x}_VERSION_{part} (\d+)\s*$', src, re.M)
            got.append(int(m[0]) if len(m) == 1 else None)
        if tuple(got) != want:
            fails.append(f'{name}: {x}_VERSION_MAJOR/MINOR/PATCH = {got}, meson.build says {version}')
        link = (f'#ifndef {x}_DEF\n#ifdef {x}_STATIC\n#define {x}_DEF static {x}__UNUSED\n#else\n'
                f'#define {x}_DEF extern\n#endif\n#endif\n')
        if link not in src:
            fails.append(f'{name}: no overridable {x}_DEF (static {x}__UNUSED under {x}_STATIC, else extern)')
        if not re.search(rf'#define {x}__UNUSED __attribute__\(\(unused\)\)', src):
            fails.append(f'{name}: {x}__UNUSED is not __attribute__((unused)) under gcc/clang')
    for f in fails:
        print('FAIL', f)
    print(f'{len(HEADERS)} headers, {len(fails)} failures')
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
