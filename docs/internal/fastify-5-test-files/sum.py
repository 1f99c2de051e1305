#!/usr/bin/env python3
import subprocess, sys, os, json
d = sys.argv[1]; mode = sys.argv[2] if len(sys.argv) > 2 else 'files'
filt = sys.argv[3] if len(sys.argv) > 3 else ''
P = F = 0; rows = []
for fn in sorted(os.listdir(d)):
    res = json.loads(subprocess.run(['python3', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tap.py'), os.path.join(d, fn), 'json'], capture_output=True, text=True).stdout)
    p = sum(1 for r in res if r[2]); f = len(res) - p
    P += p; F += f
    rows.append((f, p, fn))
    if mode == 'fails' and filt in fn:
        for r in res:
            if not r[2]:
                print(f'--- {fn} :: {r[1]}')
                dl = [x for x in r[3].split('\n') if x.strip()][:12]
                print('\n'.join('    ' + x[:220] for x in dl))
if mode == 'files':
    for f, p, fn in sorted(rows, reverse=True):
        if f: print(f'{f:4d} fail {p:4d} pass  {fn}')
print(f'TOTAL pass {P} fail {F} ({100*P/max(1,P+F):.1f}%)')
