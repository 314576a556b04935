#!/usr/bin/env python3
"""Checks the two documentation trees against each other and themselves.

* docs/en and docs/zh-cn hold the same files, and each pair of pages holds
  the same code blocks in the same order (only the prose is translated);
* every relative link in every page names an existing file and, with a
  #fragment, an existing heading of that page (GitHub's anchor rules).
"""
import os
import re
import sys

LINK = re.compile(r'\]\(([^)\s]+)\)')
HEADING = re.compile(r'^#{1,6} (.*)$', re.M)
FENCE = re.compile(r'```.*?```', re.S)


def anchor(heading):
    text = re.sub(r'`|\*\*', '', heading).strip().lower()
    text = ''.join(c for c in text if c.isalnum() or c in ' -_')
    return text.replace(' ', '-')


def files(tree):
    out = set()
    for dirpath, _, names in os.walk(tree):
        for n in names:
            out.add(os.path.relpath(os.path.join(dirpath, n), tree))
    return out


def main():
    docs = sys.argv[1]
    trees = [os.path.join(docs, t) for t in ('en', 'zh-cn')]
    problems = []
    en, zh = files(trees[0]), files(trees[1])
    for f in sorted(en - zh):
        problems.append(f'zh-cn lacks {f}')
    for f in sorted(zh - en):
        problems.append(f'en lacks {f}')
    for rel in sorted(en & zh):
        if rel.endswith('.md'):
            blocks = [FENCE.findall(open(os.path.join(t, rel), encoding='utf-8').read())
                      for t in trees]
            if blocks[0] != blocks[1]:
                problems.append(f'{rel}: the code blocks of en and zh-cn differ')
    links = 0
    for tree in trees:
        for rel in sorted(files(tree)):
            if not rel.endswith('.md'):
                continue
            page = os.path.join(tree, rel)
            text = FENCE.sub('', open(page, encoding='utf-8').read())
            for target in LINK.findall(text):
                if re.match(r'[a-z]+:', target):
                    continue
                links += 1
                path, _, frag = target.partition('#')
                dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                if not os.path.exists(dest):
                    problems.append(f'{page}: broken link {target}')
                    continue
                if frag and dest.endswith('.md'):
                    body = FENCE.sub('', open(dest, encoding='utf-8').read())
                    if frag not in {anchor(h) for h in HEADING.findall(body)}:
                        problems.append(f'{page}: no heading for #{frag} in {path or rel}')
    for p in problems:
        print(p)
    print(f'{len(en)} files per tree, {links} relative links checked, '
          f'{len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
