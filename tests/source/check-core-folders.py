#!/usr/bin/env python3
"""core/'s folders depend on each other without a loop.

A folder depends on another when one of its files includes a header of the other ("detect/X.h" or "core/detect/X.h").
The folders and those dependencies must form a directed acyclic graph, so that each folder can be read, tested and
changed knowing only the folders below it. On a loop the check prints one cycle and, for each step of it, the
includes that make it, then exits 1.

Usage: check-core-folders.py CORE_DIR        check the tree
       check-core-folders.py --self-test     prove the check finds a loop and accepts a DAG
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')


def folder_edges(core):
    """{folder: {other folder: [file -> include, ...]}} for every include that crosses folders."""
    folders = {name for name in os.listdir(core) if os.path.isdir(os.path.join(core, name))}
    edges = {name: {} for name in folders}
    for folder in folders:
        for directory, _, files in os.walk(os.path.join(core, folder)):
            for name in files:
                if not name.endswith(('.h', '.cpp', '.c', '.hpp')):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding='utf-8', errors='replace') as source:
                    for line in source:
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        parts = match.group(1).split('/')
                        if parts[0] == 'core':
                            parts = parts[1:]
                        if len(parts) < 2 or parts[0] not in folders or parts[0] == folder:
                            continue
                        where = os.path.relpath(path, core)
                        edges[folder].setdefault(parts[0], []).append(f'{where} -> {match.group(1)}')
    return edges


def find_cycle(edges):
    """One cycle as a list of folders (first == last), or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 'open'
        stack.append(node)
        for target in sorted(edges.get(node, {})):
            if state.get(target) == 'open':
                return stack[stack.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        stack.pop()
        state[node] = 'done'
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def check(core):
    edges = folder_edges(core)
    cycle = find_cycle(edges)
    if not cycle:
        order = topological(edges)
        print('core/ folders form a DAG, from the floor up: ' + ' < '.join(order))
        return 0
    print('core/ folders depend on each other in a loop: ' + ' -> '.join(cycle))
    for source, target in zip(cycle, cycle[1:]):
        print(f'  {source} -> {target}:')
        for why in edges[source][target][:5]:
            print(f'    {why}')
    print('Move what both need to a lower folder (host/, common/, cudnnfacts/), or the user of it up a floor.')
    return 1


def topological(edges):
    order, placed = [], set()
    while len(placed) < len(edges):
        ready = sorted(n for n in edges if n not in placed and all(t in placed for t in edges[n]))
        order.extend(ready)
        placed.update(ready)
    return order


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'w', encoding='utf-8') as out:
        out.write(text)


def self_test():
    with tempfile.TemporaryDirectory() as root:
        write(root, 'a/A.h', '#include "b/B.h"\n')
        write(root, 'b/B.cpp', '#include "core/c/C.h"\n#include "B.h"\n')
        write(root, 'c/C.h', '#include <QString>\n')
        if check(root) != 0:
            print('self-test: a DAG was refused')
            return 1
        write(root, 'c/C.cpp', '#include "a/A.h"\n')
        if check(root) != 1:
            print('self-test: the loop a -> b -> c -> a was not found')
            return 1
    print('self-test: passed')
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(check(sys.argv[1]))
