#!/usr/bin/env python3
"""Parse the TAP output of tap 16 (`tap -R tap test/`) into tests.
usage: tap.py FILE.tap [files|fails [NAME]|json]

A test is a `t.test()` / `test()` subtest. It counts once when it has no subtests of its own (its
status is tap's `ok` / `not ok` line for it), or, when it has subtests, only if it also makes
assertions of its own (its status is then those assertions'). A test that tap never ran because an
earlier one left the file ("child test left in queue: t.test NAME") is counted as `cancelled`.
A file that produced no test at all (it crashed while loading) counts as one failing test.
json: a list of [file, test path (' > '-joined), status ('ok'|'fail'|'cancelled'), diagnostic]."""
import json, re, sys

SUB = re.compile(r'^( *)# Subtest: (.*)$')
RES = re.compile(r'^( *)(not ok|ok) \d+ - (.*?)(?: # (?:time=[\d.]+m?s|SKIP|TODO).*)?$')
SKIP = re.compile(r' # (SKIP|TODO)')
QUEUED = re.compile(r'^child test left in queue: t\.test (.*)$')


class Node:
    def __init__(self, name, indent, parent):
        self.name, self.indent, self.parent = name, indent, parent
        self.children, self.asserts, self.ok, self.diag, self.skip = [], [], None, '', False

    def path(self):
        names, n = [], self
        while n.parent is not None and n.parent.parent is not None:
            names.append(n.name)
            n = n.parent
        return ' > '.join(reversed(names))

    def file(self):
        n = self
        while n.parent.parent is not None:
            n = n.parent
        return n.name


def read_diag(lines, i):
    """The YAML block after a result line, if any: (text, next line index)."""
    if i < len(lines) and lines[i].strip() == '---':
        j, out = i + 1, []
        while j < len(lines) and lines[j].strip() != '...':
            out.append(lines[j])
            j += 1
        return '\n'.join(out), j + 1
    return '', i


def parse(text):
    lines = text.split('\n')
    root = Node('', -4, None)
    open_ = [root]  # the open subtests, innermost last
    i = 0
    while i < len(lines):
        line = lines[i]
        m = SUB.match(line)
        if m:
            ind = len(m.group(1))
            while open_[-1].indent >= ind:
                open_.pop()
            node = Node(m.group(2), ind, open_[-1])
            open_[-1].children.append(node)
            open_.append(node)
            i += 1
            continue
        m = RES.match(line)
        if not m:
            i += 1
            continue
        ind, ok, name = len(m.group(1)), m.group(2) == 'ok', m.group(3)
        diag, i = read_diag(lines, i + 1)
        while len(open_) > 1 and open_[-1].indent > ind:
            open_.pop()
        top = open_[-1]
        if top.indent == ind and top.name == name and top.ok is None:
            top.ok, top.diag, top.skip = ok, diag, bool(SKIP.search(line))
            open_.pop()
            continue
        owner = top if top.indent == ind - 4 else top.parent if top.indent == ind else top
        q = QUEUED.match(name)
        if q:
            node = Node(q.group(1), ind, owner)
            node.ok, node.diag, node.cancelled = False, 'cancelled: ' + name, True
            owner.children.append(node)
        else:
            owner.asserts.append((ok, name, diag, bool(SKIP.search(line))))
    return root


def tests(root):
    out = []

    def walk(node):
        for c in node.children:
            walk(c)
        if node.parent is None:
            return
        if node.parent.parent is None:  # a file
            if not node.children:
                fails = [a for a in node.asserts if not a[0]]
                out.append((node.name, '(the file)', 'fail' if fails or node.ok is False else 'ok',
                            '\n'.join(f'{a[1]}\n{a[2]}' for a in fails) or node.diag))
            return
        if getattr(node, 'cancelled', False):
            out.append((node.file(), node.path(), 'cancelled', node.diag))
        elif not node.children:
            if node.skip:
                return
            fails = [a for a in node.asserts if not a[0] and not a[3]]
            diag = '\n'.join(f'{a[1]}\n{a[2]}' for a in fails) or node.diag
            out.append((node.file(), node.path(), 'ok' if node.ok is not False and not fails else 'fail', diag))
        else:
            own = [a for a in node.asserts if not a[3]]
            if own:
                fails = [a for a in own if not a[0]]
                out.append((node.file(), node.path() + ' (own assertions)', 'fail' if fails else 'ok',
                            '\n'.join(f'{a[1]}\n{a[2]}' for a in fails)))

    walk(root)
    return out


if __name__ == '__main__':
    res = tests(parse(open(sys.argv[1], errors='replace').read()))
    mode = sys.argv[2] if len(sys.argv) > 2 else 'files'
    if mode == 'json':
        json.dump(res, sys.stdout)
    elif mode == 'files':
        files = {}
        for f, _, st, _ in res:
            files.setdefault(f, {'ok': 0, 'fail': 0, 'cancelled': 0})[st] += 1
        for f in sorted(files, key=lambda f: -files[f]['fail'] - files[f]['cancelled']):
            k = files[f]
            if k['fail'] or k['cancelled']:
                print(f"{k['fail']:4d} fail {k['cancelled']:4d} cancelled {k['ok']:4d} pass  {f}")
        total = {s: sum(k[s] for k in files.values()) for s in ('ok', 'fail', 'cancelled')}
        n = sum(total.values())
        print(f"TOTAL pass {total['ok']} fail {total['fail']} cancelled {total['cancelled']} ({100 * total['ok'] / max(1, n):.1f}%)")
    elif mode == 'fails':
        filt = sys.argv[3] if len(sys.argv) > 3 else ''
        for f, t, st, d in res:
            if st != 'ok' and filt in f:
                print(f'--- [{st}] {f} :: {t}')
                print('\n'.join(['    ' + x[:200] for x in d.split('\n') if x.strip()][:16]))
