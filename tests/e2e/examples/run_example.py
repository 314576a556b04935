#!/usr/bin/env python3
"""Runs `plc run EXAMPLE ARGS... --print NAME...` and checks its summary lines.

Every --expect line (`NAME: shape=... sum=...`) must be printed exactly, and
plc must exit 0. The tensors printed are the NAMEs of the expected lines.
"""
import argparse
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--plc', required=True)
    ap.add_argument('--example', required=True)
    ap.add_argument('--expect', action='append', default=[])
    ap.add_argument('args', nargs='*')
    a = ap.parse_args()
    prints = []
    for e in a.expect:
        prints += ['--print', e.split(':', 1)[0]]
    cmd = [a.plc, 'run', a.example] + a.args + prints
    r = subprocess.run(cmd, capture_output=True, text=True)
    lines = r.stdout.splitlines()
    missing = [e for e in a.expect if e not in lines]
    if r.returncode != 0 or missing or not a.expect:
        print('command:', ' '.join(cmd))
        print(f'exit status {r.returncode}')
        print('--- stdout:\n' + r.stdout + '--- stderr:\n' + r.stderr)
        for e in missing:
            print('expected line not printed:', e)
        return 1
    print('\n'.join(lines))
    return 0


if __name__ == '__main__':
    sys.exit(main())
