#!/usr/bin/env python3
"""Checks that the docs' cross-references resolve.

Two kinds of reference are checked in the given files:
  - a section reference `docs/<name>.md "<Section>"` (also `README.md "<Section>"`):
    some heading of that file must start with <Section> (headings often go on
    with a date or the files they describe: "Persistent grid" finds
    "### Persistent grid (prefill, the default): ...");
    References into the task's spec (`shared/spec/x.md "..."`) are checked
    only where that folder is beside DIR (it is not in the repository);
  - a relative Markdown link `[text](path)` or `[text](path#anchor)` in a .md
    file: the path must exist (anchors are not checked).
Why: sections move (docs/paths.md's history goes to docs/paths-history.md each
few sessions) and references to them went stale unnoticed (session 82 found
27).

Usage: docs_references.py --root DIR FILE...   (FILE relative to DIR)
Exit status 0 when every reference resolves, 1 otherwise (each listed as
FILE:LINE: ...).
"""
import argparse
import os
import re
import sys

SECTION_REF = re.compile(r'([A-Za-z0-9_./-]*\.md) "([^"\n]+)"')
MD_LINK = re.compile(r'\[[^\]\n]*\]\(([^)\s#]+)(?:#[^)\s]*)?\)')
HEADING = re.compile(r'^#{1,6}\s+(?:\d+\.\s+)?(.*?)\s*$')  # "## 3. K-split" is "K-split"
# Placeholders in prose, not references: `"Measured (2026-11-30, session N)"`.
PLACEHOLDER = re.compile(r'\bsession N\b|\.\.\.|…')


def headings(path, cache):
    if path not in cache:
        found = []
        in_code = False
        with open(path, encoding='utf-8') as f:
            for line in f:
                if line.startswith('```'):
                    in_code = not in_code
                    continue
                m = None if in_code else HEADING.match(line)
                if m:
                    found.append(m.group(1).replace('**', '').replace('`', ''))
        cache[path] = found
    return cache[path]


def resolve_doc(root, source, name):
    """The file a reference names (docs/x.md or README.md from the root, a bare
    x.md beside the source or in docs/), or None."""
    for candidate in (os.path.join(root, name), os.path.join(root, os.path.dirname(source), name),
                      os.path.join(root, 'docs', name)):
        if os.path.isfile(candidate):
            return candidate
    return None


def check(root, files):
    problems = []
    cache = {}
    for rel in files:
        path = os.path.join(root, rel)
        with open(path, encoding='utf-8', errors='replace') as f:
            lines = f.read().split('\n')
        for number, line in enumerate(lines, 1):
            for m in SECTION_REF.finditer(line):
                name, section = m.group(1), m.group(2)
                if PLACEHOLDER.search(section):
                    continue
                if name.startswith('shared/'):
                    target = os.path.join(root, '..', name)
                    if not os.path.isfile(target):
                        continue  # the spec is not beside this checkout
                else:
                    target = resolve_doc(root, rel, name)
                if target is None:
                    problems.append(f'{rel}:{number}: {name} does not exist')
                    continue
                wanted = section.replace('`', '')
                if not any(h.startswith(wanted) for h in headings(target, cache)):
                    problems.append(f'{rel}:{number}: no heading of {name} starts with "{section}"')
            if rel.endswith('.md'):
                for m in MD_LINK.finditer(line):
                    link = m.group(1)
                    if re.match(r'^[a-z]+:', link):
                        continue  # a URL
                    if not os.path.exists(os.path.join(root, os.path.dirname(rel), link)):
                        problems.append(f'{rel}:{number}: link target {link} does not exist')
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--root', required=True)
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()
    problems = check(args.root, args.files)
    for p in problems:
        print(p)
    print(f'docs_references: {len(args.files)} files, {len(problems)} unresolved')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
