#!/usr/bin/env python3
"""Parse node:test TAP (multiple files). Prints per-file leaf pass/fail and failing tests with their error."""
import re, sys, json
path = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else 'files'
lines = open(path, errors='replace').read().split('\n')
# Build tree: lines "# Subtest: name" at indent; results "ok N - name" / "not ok N - name" at indent
stack = []  # (indent, name, children_count)
results = []  # (file, testpath, ok, diag)
cur_file = None
i = 0
res_re = re.compile(r'^( *)(not ok|ok) \d+ - (.*?)( # SKIP.*| # TODO.*)?$')
sub_re = re.compile(r'^( *)# Subtest: (.*)$')
open_subs = []  # list of (indent, name, had_child)
while i < len(lines):
    l = lines[i]
    m = sub_re.match(l)
    if m:
        ind = len(m.group(1))
        while open_subs and open_subs[-1][0] >= ind:
            open_subs.pop()
        if open_subs:
            open_subs[-1][2] = True
        open_subs.append([ind, m.group(2), False])
        i += 1; continue
    m = res_re.match(l)
    if m:
        ind = len(m.group(1)); ok = m.group(2) == 'ok'; name = m.group(3)
        skip = bool(m.group(4))
        # find matching subtest
        while open_subs and open_subs[-1][0] > ind:
            open_subs.pop()
        had_child = False
        names = [s[1] for s in open_subs]
        if open_subs and open_subs[-1][0] == ind:
            had_child = open_subs[-1][2]
            open_subs.pop()
        # diag
        diag = []
        j = i + 1
        if j < len(lines) and lines[j].strip() == '---':
            j += 1
            while j < len(lines) and lines[j].strip() != '...':
                diag.append(lines[j]); j += 1
        top = names[0] if names else name
        if not had_child and not skip:
            results.append((top, ' > '.join(names[1:] + [name]) if names else name, ok, '\n'.join(diag)))
        i = j if diag else i + 1
        continue
    i += 1
if mode == 'json':
    json.dump(results, sys.stdout); sys.exit()
files = {}
for f, t, ok, d in results:
    a = files.setdefault(f, [0, 0]); a[0 if ok else 1] += 1
if mode == 'files':
    P = sum(a[0] for a in files.values()); F = sum(a[1] for a in files.values())
    for f in sorted(files, key=lambda f: -files[f][1]):
        if files[f][1]: print(f'{files[f][1]:4d} fail {files[f][0]:4d} pass  {f}')
    print(f'TOTAL pass {P} fail {F}  ({100*P/(P+F):.1f}%)')
elif mode == 'fails':
    filt = sys.argv[3] if len(sys.argv) > 3 else ''
    for f, t, ok, d in results:
        if not ok and filt in f:
            err = re.findall(r"error: ['|>-]?(.*)", d)
            exp = re.findall(r"(expected|actual): (.*)", d)
            print(f'--- {f} :: {t}')
            dl = [x for x in d.split('\n') if x.strip()][:14]
            print('\n'.join('    ' + x[:200] for x in dl))
