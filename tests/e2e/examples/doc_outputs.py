#!/usr/bin/env python3
"""Keeps the plc output quoted in the documentation equal to what plc prints.

In a page, a fenced block preceded by

    <!-- plc-input: NAME.pl -->

is an input file called NAME.pl, and a fenced block preceded by

    <!-- plc-output: ARGS -->

holds the standard output of `plc ARGS`, where an argument naming an input
block of the same page stands for that file and any other path is relative
to the source tree. `--check` (the ctest mode) fails when a quoted output
differs from what plc prints now; `--update` rewrites the quoted outputs.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

BLOCK = re.compile(r'<!-- plc-(input|output): (.*?) -->\n(```[a-z]*\n)(.*?)(```)', re.S)


def process(page, plc, root, update):
    with open(page, encoding='utf-8') as f:
        text = f.read()
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        inputs = {}
        for m in BLOCK.finditer(text):
            if m.group(1) == 'input':
                path = os.path.join(tmp, m.group(2))
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(m.group(4))
                inputs[m.group(2)] = path

        def render(m):
            if m.group(1) == 'input':
                return m.group(0)
            args = [inputs.get(a, a if a.startswith('-') else os.path.join(root, a))
                    for a in shlex.split(m.group(2))]
            r = subprocess.run([plc] + args, capture_output=True, text=True)
            if r.returncode != 0:
                stale.append(f'plc {m.group(2)}: exit {r.returncode}\n{r.stderr}')
                return m.group(0)
            out = r.stdout if r.stdout.endswith('\n') or not r.stdout else r.stdout + '\n'
            if out != m.group(4):
                stale.append(f'plc {m.group(2)}: the quoted output is not current')
            return f'<!-- plc-output: {m.group(2)} -->\n{m.group(3)}{out}{m.group(5)}'

        new = BLOCK.sub(render, text)
    if update and new != text:
        with open(page, 'w', encoding='utf-8') as f:
            f.write(new)
    return stale


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--plc', required=True)
    ap.add_argument('--root', required=True, help='the source tree')
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument('--check', action='store_true')
    mode.add_argument('--update', action='store_true')
    ap.add_argument('pages', nargs='+')
    args = ap.parse_args()
    failures = 0
    blocks = 0
    for page in args.pages:
        with open(page, encoding='utf-8') as f:
            blocks += sum(1 for m in BLOCK.finditer(f.read()) if m.group(1) == 'output')
        for problem in process(page, args.plc, args.root, args.update):
            failures += 1
            print(f'{page}: {problem}')
    print(f'{blocks - failures} of {blocks} quoted outputs current')
    return 1 if failures and args.check else 0


if __name__ == '__main__':
    sys.exit(main())
