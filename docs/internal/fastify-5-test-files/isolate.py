#!/usr/bin/env python3
"""Re-runs alone each top-level test that an earlier test of its file cancelled (node:test cancels
what is still pending when a test hangs), so it is judged on its own.
usage: isolate.py OUTDIR [V5DIR]   (env FRAMEWORK_DIST / FRAMEWORK_PLUGIN as for run.sh)
Writes OUTDIR/isolated.json: {"<file> :: <name>": true|false}."""
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1]
v5 = sys.argv[2] if len(sys.argv) > 2 else os.environ.get('V5DIR', '/tmp/ft/v5')
jobs = []
for fn in sorted(os.listdir(out)):
    if not fn.endswith('.tap'): continue
    res = json.loads(subprocess.run(['python3', os.path.join(here, 'tap.py'), os.path.join(out, fn), 'json'], capture_output=True, text=True).stdout)
    for top, name, ok, diag in res:
        if ok or ' > ' in name: continue
        if 'cancelledByParent' not in diag and 'still pending but the event loop' not in diag: continue
        m = re.search(r"location: '([^']+):\d+:\d+'", diag)
        if m: jobs.append((os.path.relpath(m.group(1), v5), name))
def run(job):
    file, name = job
    # TAP escapes '#' in a test's name as '\#'; the pattern matches the name as written.
    pattern = '^' + re.escape(name.replace('\\#', '#')) + '$'
    p = subprocess.run(['node', '--test', '--test-reporter=tap', '--test-timeout=30000', '--test-name-pattern', pattern, file],
                       cwd=v5, capture_output=True, text=True, timeout=120)
    res = json.loads(subprocess.run(['python3', os.path.join(here, 'tap.py'), '/dev/stdin', 'json'], input=p.stdout, capture_output=True, text=True).stdout)
    mine = [r for r in res if r[1] == name or r[1].startswith(name + ' > ')]
    return f'{file} :: {name}', bool(mine) and all(r[2] for r in mine)
with ThreadPoolExecutor(2) as pool:
    result = dict(pool.map(run, jobs))
json.dump(result, open(os.path.join(out, 'isolated.json'), 'w'), indent=1)
print(f'{len(result)} re-run alone: {sum(result.values())} pass')
