#!/usr/bin/env python3
"""Classify the tests of Fastify v4.29.1's test files run against the framework.
usage: classify.py RUN.tap [V4DIR] [--ref REF.tap] [--list] [--markdown [--v5 FASTIFY5_PAGE.md]]

RUN.tap is tap's output (`tap -R tap`), V4DIR the Fastify copy (default /tmp/ft/v4). Only the files
Fastify's .taprc runs count (test/**/*.test.js and *.test.mjs). With --ref (the same files run
against Fastify itself), a test Fastify has but the run lacks (its file stopped before it) counts as
cancelled (and is re-run alone by isolate.py).
Each test that does not pass is put in one category from its test body (found by its name in its
file) and its diagnostic: internal (Fastify's lib/ or symbols), decision (API.md), or fair (ours)."""
import collections, json, os, re, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import importlib.util
spec = importlib.util.spec_from_file_location('tap4', os.path.join(here, 'tap.py'))
tap4 = importlib.util.module_from_spec(spec); spec.loader.exec_module(tap4)

args = [a for a in sys.argv[1:] if not a.startswith('--')]
run = args[0]
v4 = args[1] if len(args) > 1 else '/tmp/ft/v4'
ref = sys.argv[sys.argv.index('--ref') + 1] if '--ref' in sys.argv else None
if ref in args: args.remove(ref)
COUNTED = re.compile(r'^test/.*\.test\.m?js$')


def load(path, prefix='test/'):
    res = tap4.tests(tap4.parse(open(path, errors='replace').read()))
    return [(f.replace(prefix, 'test/', 1), n, st, d) for f, n, st, d in res if COUNTED.match(f.replace(prefix, 'test/', 1))]


src_cache = {}
def source(path):
    if path not in src_cache:
        try: src_cache[path] = open(os.path.join(v4, path)).read().split('\n')
        except Exception: src_cache[path] = []
    return src_cache[path]


def lib_names(path):
    text = '\n'.join(source(path))
    names = set()
    for m in re.finditer(r"(?:const|let|var)\s+(\{[^}]*\}|\w+)\s*=\s*require\(['\"](\.\./)+(lib|build)/[^'\"]*['\"]\)", text):
        for n in re.findall(r'(\w+)(?:\s*:\s*(\w+))?', m.group(1)):
            names.add(n[1] or n[0])
    names.discard('require')
    return names


def body(path, name):
    """The source of the test named `name` (the last part of its path) in `path`."""
    lines = source(path)
    leaf = name.split(' > ')[-1].replace(' (own assertions)', '').replace('\\#', '#')
    for start, l in enumerate(lines):
        if leaf and (f"'{leaf}'" in l or f'"{leaf}"' in l or f'`{leaf}`' in l) and re.search(r'\btest\(|\.test\(|\bt\.test|describe\(|\bit\(', l):
            break
    else:
        return ''
    ind = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        l = lines[end]
        if l.strip() and (len(l) - len(l.lstrip())) <= ind and re.match(r'\s*(\}\)|test\(|t\.test\()', l):
            if l.strip().startswith('})'): end += 1
            break
        end += 1
    return '\n'.join(lines[start:end])


INTERNAL = re.compile(r"symbols\.|\bk[A-Z]\w+\]|require\(['\"](\.\./)+lib/|proxyquire\(|%HaveSameMap|AVV_ERR")
# Tests the generic rules below misjudge, read one by one: (file, test name pattern, category, reason).
F5 = 'the framework follows Fastify 5 here (API.md, "Plugins from the Fastify ecosystem")'
BY_NAME = [
    (r'test/esm/', r'', 'internal', "Fastify's ESM entry and lib/errors"),
    (r'test/context-config\.test\.js', r'', 'internal', "its handler reads reply[kRouteContext] (Fastify's symbol)"),
    (r'test/content-parser\.test\.js', r'match parameters - (string 2|regexp)|allow partial content-type',
     'decision', 'a parser is matched by its media type and normalized parameters (no substring, no reordering): ' + F5),
    (r'test/http2/plain\.test\.js', r'^http hostname$', 'decision', 'request.hostname has no port: ' + F5),
    (r'test/listen\.1\.test\.js', r'listen with arguments', 'decision',
     "listen({ host: '0.0.0.0' }) resolves a reachable address (127.0.0.1), not 0.0.0.0: " + F5),
    (r'test/internals/logger\.test\.js', r'reuse request id header', 'decision', 'requestIdHeader defaults to false: ' + F5),
    (r'test/internals/initialConfig\.test\.js', r'without options passed|stream options to Pino', 'decision',
     'initialConfig: requestTimeout 30000 (API.md, Security defaults) and requestIdHeader false (Fastify 5)'),
    (r'test/requestTimeout\.test\.js|test/client-timeout\.test\.js', r'', 'decision', 'requestTimeout defaults to 30000 (API.md, Security defaults)'),
    (r'test/skip-reply-send\.test\.js', r'reply\.sent = true', 'decision', 'reply.sent is read-only (assigning it throws): ' + F5),
    (r'test/internals/reply\.test\.js', r"custom json's content-type", 'decision',
     'a Content-Type parameter value is written quoted (version="2"): ' + F5),
    (r'test/schema-special-usage\.test\.js', r'^Ajv plugins array parameter$', 'internal',
     "the test folder's own Ajv copy (ajv-merge-patch) against the framework's Ajv"),
    (r'test/schema-special-usage\.test\.js', r'async AJV|hooks and attachValidation work with AJV', 'decision',
     'a schema with $async is refused when the instance becomes ready (API.md Validation)'),
    (r'test/internals/reply\.test\.js', r'set reply\.sent', 'decision', 'reply.sent is read-only (assigning it throws): ' + F5),
    (r'test/plugin\.4\.test\.js', r'^hasPlugin returns true if the specified plugin has been registered$', 'decision',
     "hasPlugin('fastify'): the root plugin is named framework (API.md)"),
    (r'test/useSemicolonDelimiter\.test\.js', r'default true', 'decision',
     '`;` is part of the path unless useSemicolonDelimiter: true: ' + F5),
    (r'test/http2/missing-http2-module\.test\.js', r'', 'internal', "mocks Fastify's own modules with proxyquire"),
    (r'test/internals/request-validate\.test\.js', r'WeakMap', 'internal', "reads Fastify's private cache (kRouteContext, kRequestCacheValidateFns)"),
    (r'test/internals/initialConfig\.test\.js', r'deprecated versioning option', 'decision',
     "a Fastify deprecation warning code (FSTDEP009): Fastify's code strings, as FST_ERR"),
    (r'test/plugin\.4\.test\.js', r'mixed style should return a warning', 'decision',
     "Fastify's warning code and class (FSTWRN002, FastifyWarning): Fastify's code strings, as FST_ERR"),
    (r'test/reply-trailers\.test\.js', r'deprecation warning when using direct return', 'decision',
     "a Fastify deprecation warning code (FSTDEP013): Fastify's code strings, as FST_ERR"),    (r'test/close\.test\.js', r'^Current opened connection should not accept new incoming connections$', 'decision',
     'close(): the request in flight is answered with Connection: close, forceCloseConnections false waits (API.md Servers)'),
    (r'test/close-pipelining\.test\.js', r'return503OnClosing: false', 'decision',
     'a request pipelined behind the one in flight at close() is never started (API.md Servers)'),
    (r'test/internals/initialConfig\.test\.js', r'^pluginTimeout should be parsed correctly$', 'decision',
     "an integer option given text ('0') throws FRM_ERR_INIT_OPTS_INVALID (API.md)"),
    (r'test/internals/reply\.test\.js', r'^invalid response headers|^redirect to an invalid URL', 'decision',
     'reply.header refuses an invalid header value at once, answered 500 FRM_ERR_REPLY_INVALID_HEADER (API.md Security defaults)'),
    (r'test/plugin\.2\.test\.js', r'^approximate a plugin name also when fastify-plugin has no meta data$', 'internal',
     "fastify-plugin names an anonymous plugin after its caller's file, here the harness's shim"),
    (r'test/pretty-print\.test\.js', r'^pretty print - empty plugins$', 'internal', "expects avvio's own tree node `bound _after`"),    (r'test/schema-feature\.test\.js', r'^Should throw of the schema does not exists in input$|^Encapsulation should intervene$', 'decision',
     'an unresolvable $ref fails ready() naming the route, the part and the reference (API.md Validation)'),
    (r'test/schema-validation\.test\.js', r'^Schema validation will not be bypass by different content type$', 'decision',
     'validation 400 body has no code (API.md Validation)'),
    (r'test/schema-serialization\.test\.js', r'^Custom setSerializerCompiler returns bad serialized output$', 'decision',
     'every error body is { statusCode, error, message } plus code (API.md Errors)'),
    (r'test/delete\.test\.js', r'delete with application/json Content-Type header and without body$', 'decision',
     'a DELETE or OPTIONS body is parsed as a POST body, an empty JSON one is a 400: ' + F5),
    (r'test/internals/handleRequest\.test\.js', r'on options request with content type application/x-www-form-urlencoded$', 'decision',
     'a DELETE or OPTIONS body is parsed as a POST body, a type no parser takes is a 415: ' + F5),
    (r'test/content-parser\.test\.js', r'^edge case content-type - ;$', 'decision',
     'addContentTypeParser refuses a string that is not a media type (FRM_ERR_CTP_INVALID_TYPE): ' + F5),
]
# Points where the framework follows Fastify 5 (API.md, "Plugins from the Fastify ecosystem"; the
# framework README's table "Fastify 4.29 and Fastify 5"): (test body pattern, diagnostic pattern, reason).
FASTIFY5 = [
    (r'\.hostname\b', r'localhost:\d+|127\.0\.0\.1:\d+|\[::1\]:\d+|:\d{2,5}', 'request.hostname has no port (Fastify 5; API.md)'),
    (r"useSemicolonDelimiter|url: '[^']*;|\?foo=bar;", r'', '`;` is a query delimiter only with useSemicolonDelimiter: true (Fastify 5; API.md)'),
    (r'trustProxy', r'', 'trustProxy: forwarded host and protocol only from a trusted peer, a hop count trusts no proxy (Fastify 5.12; API.md)'),
    (r'maxParamLength', r'414|404', 'a parameter over maxParamLength is a 414 (Fastify 5; framework README)'),
    (r'date-time|format: .time', r'', 'time and date-time need a timezone (ajv-formats 3, Fastify 5; framework README)'),
    (r'decorate(Request|Reply)?\(.*(\[\]|\{\s*\})|decorate(Request|Reply)?\([^)]*, *\{|decorate(Request|Reply)?\([^)]*, *\[', r'DEC_REFERENCE_TYPE|reference', 'an object or array decorator value is refused (Fastify 5; framework README)'),
    (r'hasRoute', r'', 'hasRoute matches the route as declared (Fastify 5; framework README)'),
    (r'supportedMethods', r'', 'supportedMethods is Fastify 5\'s list (framework README)'),
]


def classify(file, name, diag, b, libn):
    d = diag
    for fp, np, cat, why in BY_NAME:
        if re.search(fp, file) and re.search(np, name):
            return cat, why
    if file.endswith('error-handler.test.js'):
        return 'internal', "helper.js's error handler asserts request instanceof fastify[symbols.kRequest].parent"
    if file.startswith('test/types/') or file == 'test/build/version.test.js':
        return 'internal', 'Fastify\'s own version / build'
    if re.search(r"^\s*-.*FRM_ERR_VALIDATION|^\s*code: FRM_ERR_VALIDATION", d, re.M):
        return 'decision', 'validation 400 body has no code (API.md Validation)'
    if re.search(r"^\s*-.*\bmust\b", d, re.M) and re.search(r"^\s*\+.*\bshould\b", d, re.M):
        return 'decision', '"must" spoken as "should" (API.md Validation)'
    if re.search(r'test/(options|search|lock|unlock|mkcol|mkcalendar|copy|move|propfind|proppatch|report|trace)\.test\.js', file):
        return 'decision', 'body validated for POST, PUT and PATCH only (API.md Validation)'
    if INTERNAL.search(b) or any(re.search(r'\b' + re.escape(n) + r'\b', b) for n in libn):
        return 'internal', "uses Fastify's lib/ or symbols"
    if re.search(r"FRM_ERR_VALIDATION", b) and re.search(r"statusCode: 400", b):
        return 'decision', 'validation 400 body has no code (API.md Validation)'
    if re.search(r"(body|querystring|params|headers)(/[\w/]*)? must ", b) and re.search(r'must|should', d):
        return 'decision', '"must" spoken as "should" (API.md Validation)'
    if re.search(r"'fastify'|\"fastify\"|fastify -> |fastify\.display-name", b) and re.search(r'framework', d):
        return 'decision', 'root plugin named framework (API.md)'
    if 'FastifyError' in d or ('FastifyError' in b and 'FrameworkError' in d):
        return 'decision', 'error class name (rename)'
    if re.search(r'does not match its response schema', d):
        return 'decision', 'response-schema failure keeps our message (API.md Serialization)'
    for bp, dp, why in FASTIFY5:
        if re.search(bp, b) and (not dp or re.search(dp, d)):
            return 'decision', why
    if 'cancelled:' in d:
        return 'hang', 'cancelled: an earlier test of the file left it'
    return 'fair', ''


results = load(run)
if ref:
    # Fastify's own run names a test FST_ERR_* where the renamed copy says FRM_ERR_*.
    ref_res = [(f, n.replace('FST_ERR', 'FRM_ERR'), st, d) for f, n, st, d in load(ref, 'test-orig/')]
    have = {(f, n) for f, n, _, _ in results}
    for f, n, st, d in ref_res:
        if n != '(the file)' and (f, n) not in have:
            results.append((f, n, 'cancelled', 'cancelled: not reached (an earlier test of the file ended it)'))
            have.add((f, n))
    # A file that crashed counts as one failing "(the file)" entry; with a reference, its tests count instead.
    results = [r for r in results if not (r[1] == '(the file)' and any(x[0] == r[0] and x[1] != '(the file)' for x in results))]
iso_path = run + '.isolated.json'
isolated = json.load(open(iso_path)) if os.path.exists(iso_path) else {}

rows = []
for f, n, st, d in results:
    if st == 'ok':
        cat, why = 'pass', ''
    else:
        cat, why = classify(f, n, d if st != 'cancelled' else 'cancelled: ' + d, body(f, n), lib_names(f))
        if st == 'cancelled' and cat == 'fair':
            cat, why = 'hang', 'cancelled: an earlier test of the file left it'
    if cat == 'hang' and f'{f} :: {n}' in isolated and isolated[f'{f} :: {n}'] is None:
        continue  # not found run alone: a name Fastify's run gave that this copy does not have
    if cat == 'hang' and isolated.get(f'{f} :: {n}') is True: cat, why = 'alone', 'passes run alone'
    elif cat == 'hang' and f'{f} :: {n}' in isolated: cat, why = 'fair', 'fails run alone too'
    rows.append((f, n, cat, why, d))

c = collections.Counter(r[2] for r in rows)
fair = c['pass'] + c['alone'] + c['fair'] + c['hang']
print(dict(c))
print(f"ours to pass (pass+alone+fair+hang): {fair}; pass {c['pass']} = {100*c['pass']/max(1,fair):.1f}%;"
      f" with the cancelled ones run alone {c['pass'] + c['alone']} = {100*(c['pass'] + c['alone'])/max(1,fair):.1f}%")
if '--json' in sys.argv:
    json.dump(rows, open(run + '.classified.json', 'w'), indent=1)
if '--list' in sys.argv:
    for f, n, cat, why, d in rows:
        if cat != 'pass': print(f'{cat:9s} {f} :: {n} {("- " + why) if why else ""}')
if '--markdown' in sys.argv:
    by_file = collections.defaultdict(collections.Counter)
    for f, n, cat, why, d in rows:
        by_file[f][cat] += 1
    print('| file | pass | pass alone | fail (ours) | cancelled | internal | API.md |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for f in sorted(by_file):
        k = by_file[f]
        if k['fair'] or k['hang'] or k['internal'] or k['decision'] or k['alone']:
            print(f"| {f} | {k['pass']} | {k['alone']} | {k['fair']} | {k['hang']} | {k['internal']} | {k['decision']} |")
    # A failure whose test (same file, same name) also fails in Fastify 5's files is marked so.
    v5_failing = set()
    if '--v5' in sys.argv:
        page = open(sys.argv[sys.argv.index('--v5') + 1]).read()
        part = page[page.index('### Failing'):]
        for m in re.finditer(r'^- `test/([^`]+)` :: (.*?) \((?:fair|hang)', part, re.M):
            v5_failing.add((m.group(1).replace('-', '').replace('_', '').lower(), m.group(2).strip()))
    def also_v5(f, n):
        key = f[5:].replace('-', '').replace('_', '').lower()
        name = n.split(' > ')[0].strip()
        leaf = n.split(' > ')[-1].strip()
        return any(k == key and (name.startswith(v) or v.startswith(name) or leaf in v) for k, v in v5_failing)
    for title, cats in (('Set aside', ('internal', 'decision')), ('Failing', ('fair', 'hang'))):
        print(f'\n### {title}\n')
        for f, n, cat, why, d in rows:
            if cat in cats:
                first = next((l.strip() for l in d.split('\n') if l.strip() and not l.strip().startswith('---')), '')
                detail = why or first[:140]
                mark = ' [also failing in Fastify 5\'s files]' if cat in ('fair', 'hang') and also_v5(f, n) else ''
                print(f'- `{f}` :: {n.replace("|", "/")} ({cat}{": " + detail if detail else ""}){mark}')
