#!/usr/bin/env python3
"""Checks the wrong/right examples of the language reference against plc.

Every fenced code block preceded by a marker comment

    <!-- plc-check: error "PHRASE" -->   plc must exit 1 and print PHRASE
    <!-- plc-check: ok -->               plc must exit 0

is compiled with `plc FILE --passes=default --emit=ir`. A block that starts
with `import` is a whole program; any other block is the statement list of
`main` in the program the page opens with (its first code block). When several pages are
given (the translations), their marked blocks must be identical, in the same
order, so the translations cannot drift from the tested text.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

MARK = re.compile(r'<!-- plc-check: (ok|error "(.*?)") -->\n```python\n(.*?)```',
                  re.S)
FIRST_BLOCK = re.compile(r'```python\n(.*?)```', re.S)
PLACEHOLDER = '        # <statements of the example>\n'


def checks_of(page):
    with open(page, encoding='utf-8') as f:
        text = f.read()
    skeleton = FIRST_BLOCK.search(text).group(1)
    if PLACEHOLDER not in skeleton:
        sys.exit(f'{page}: the first code block has no "{PLACEHOLDER.strip()}" line')
    found = [(m.group(2) if m.group(1) != 'ok' else None, m.group(3))
             for m in MARK.finditer(text)]
    if not found:
        sys.exit(f'{page}: no plc-check blocks')
    return skeleton, found


def program(skeleton, block):
    if block.startswith('import') or block.startswith('#'):
        return block
    body = ''.join('        ' + line if line.strip() else line
                   for line in block.splitlines(keepends=True))
    return skeleton.replace(PLACEHOLDER, body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--plc', required=True)
    ap.add_argument('pages', nargs='+')
    args = ap.parse_args()

    pages = [(p, *checks_of(p)) for p in args.pages]
    first, skeleton, checks = pages[0]
    for other, other_skeleton, other_checks in pages[1:]:
        if other_skeleton != skeleton or other_checks != checks:
            sys.exit(f'{other}: the checked examples differ from {first}')

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, (phrase, block) in enumerate(checks):
            path = os.path.join(tmp, f'example{n}.pl')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(program(skeleton, block))
            r = subprocess.run([args.plc, path, '--passes=default', '--emit=ir'],
                               capture_output=True, text=True)
            if phrase is None:
                ok = r.returncode == 0
                want = 'exit 0'
            else:
                ok = r.returncode == 1 and phrase in r.stderr
                want = f'exit 1 with "{phrase}"'
            if not ok:
                failures += 1
                print(f'FAIL example {n} (want {want}, got exit {r.returncode}):')
                print(block.rstrip())
                print('--- stderr:')
                print(r.stderr.rstrip())
                print()
    print(f'{len(checks) - failures} of {len(checks)} examples behave as documented'
          f' ({len(pages)} page(s))')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
