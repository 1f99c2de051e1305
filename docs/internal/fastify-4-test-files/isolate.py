#!/usr/bin/env python3
"""Re-runs alone each test that tap never ran because an earlier test of its file left the file
(tap reports it as "child test left in queue"; with --ref, also the tests Fastify's own run has and
this run lacks), so it is judged on its own.
usage: isolate.py RUN.tap [V4DIR] [--ref REF.tap]   (env FRAMEWORK_DIST / FRAMEWORK_PLUGIN as for the run)
Writes RUN.tap.isolated.json: {"<file> :: <test path>": true|false|null (not found)}."""
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
import importlib.util
here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('tap4', os.path.join(here, 'tap.py'))
tap4 = importlib.util.module_from_spec(spec); spec.loader.exec_module(tap4)
args = [a for a in sys.argv[1:] if not a.startswith('--')]
ref = sys.argv[sys.argv.index('--ref') + 1] if '--ref' in sys.argv else None
if ref in args: args.remove(ref)
run = args[0]
v4 = args[1] if len(args) > 1 else os.environ.get('V4DIR', '/tmp/ft/v4')
COUNTED = re.compile(r'^test/.*\.test\.m?js$')
res = tap4.tests(tap4.parse(open(run, errors='replace').read()))
jobs = {(f, n) for f, n, st, _ in res if st == 'cancelled' and COUNTED.match(f)}
if ref:
    have = {(f, n) for f, n, _, _ in res}
    for f, n, st, _ in tap4.tests(tap4.parse(open(ref, errors='replace').read())):
        f, n = f.replace('test-orig/', 'test/', 1), n.replace('FST_ERR', 'FRM_ERR')
        if n != '(the file)' and COUNTED.match(f) and (f, n) not in have:
            jobs.add((f, n))


def one(job):
    file, name = job
    names = name.replace(' (own assertions)', '').split(' > ')
    greps = ['--grep=^' + re.escape(n.replace('\\#', '#')) + '$' for n in names]
    try:
        p = subprocess.run([os.path.join(v4, 'node_modules/.bin/tap'), '--no-coverage', '-R', 'tap', *greps, file],
                           cwd=v4, capture_output=True, text=True, timeout=120)
        out = p.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or '')
    mine = [r for r in tap4.tests(tap4.parse(out)) if r[1] == name or r[1].startswith(name + ' > ')]
    # None: no test of that name ran (its name is built at run time, or it is skipped here).
    return f'{file} :: {name}', (all(r[2] == 'ok' for r in mine) if mine else None)


with ThreadPoolExecutor(2) as pool:
    result = dict(pool.map(one, sorted(jobs)))
json.dump(result, open(run + '.isolated.json', 'w'), indent=1)
print(f'{len(result)} re-run alone: {sum(v is True for v in result.values())} pass,'
      f' {sum(v is None for v in result.values())} not found')
