#!/usr/bin/env python3
"""Classify node:test results of Fastify v5.12.1's test files run against the framework.
usage: classify5.py OUTDIR [V5DIR] [--list]
Each failing leaf test is put in one category from its test body (source from its location) and
its diagnostic: internal (Fastify's lib/ or symbols), decision (API.md), upstream (fails against
Fastify itself), or fair (ours to pass)."""
import json, os, re, subprocess, sys, collections
out = sys.argv[1]
v5 = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith('--') else '/tmp/ft/v5'
LIST = '--list' in sys.argv
src_cache = {}
def source(path):
    if path not in src_cache:
        try: src_cache[path] = open(path).read().split('\n')
        except Exception: src_cache[path] = []
    return src_cache[path]
def lib_names(path):
    text = '\n'.join(source(path))
    names = set()
    for m in re.finditer(r"(?:const|let|var)\s+(\{[^}]*\}|\w+)\s*=\s*require\(['\"](\.\./)+(lib|build)/[^'\"]*['\"]\)", text):
        for n in re.findall(r'(\w+)(?:\s*:\s*(\w+))?', m.group(1)):
            names.add(n[1] or n[0])
    for m in re.finditer(r"import\s+(\{[^}]*\}|\w+)\s+from\s+['\"](\.\./)+lib/", text):
        names.update(re.findall(r'\w+', m.group(1)))
    names.discard('require')
    return names
def body(path, line):
    lines = source(path)
    if not lines: return ''
    start = line - 1
    ind = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        l = lines[end]
        if l.strip() and (len(l) - len(l.lstrip())) <= ind and re.match(r'\s*(\}\)|test\(|describe\(|it\()', l):
            if l.strip().startswith('})'): end += 1
            break
        end += 1
    return '\n'.join(lines[start:end])
INTERNAL = re.compile(r"symbols\.|\bk[A-Z]\w+\]|require\(['\"](\.\./)+lib/|kRouteContext|%HaveSameMap|\[kRequest\]|\[kReply\]|AVV_ERR")
# Tests whose substance the rules below cannot see (the internal read sits outside the test's
# body, or the decision is not in the diagnostic), set aside by name, each with its reason.
# Keys: (file, the start of the test's name).
BY_NAME = {
    ('test/build/version.test.js', 'should be the same as package.json'):
        ('decision', "instance.version is the framework's own version, not Fastify's package.json (API.md)"),
    ('test/context-config.test.js', 'config'):
        ('internal', 'the shared handler reads reply[kRouteContext] from lib/symbols'),
    ('test/conditional-pino.test.js', 'pino is require'):
        ('internal', "looks for the test folder's own pino in require.cache"),
    ('test/validation-error-handling.test.js', 'should handle response validation error'):
        ('decision', "a response-schema failure keeps this project's message (API.md Serialization)"),
    ('test/schema-serialization.test.js', 'Errors in serializer send to errorHandler'):
        ('decision', "a response-schema failure keeps this project's message (API.md Serialization)"),
    ('test/schema-serialization.test.js', 'do not crash if status code serializer errors'):
        ('decision', "a response-schema failure keeps this project's message (API.md Serialization)"),
    ('test/output-validation.test.js', 'shorthand - wrong-object-for-schema'):
        ('decision', "a response-schema failure keeps this project's message (API.md Serialization)"),
    ('test/schema-special-usage.test.js', 'Check all the async AJV validation paths'):
        ('decision', '$async schemas are refused at ready (API.md Validation)'),
    ('test/schema-special-usage.test.js', 'Check mixed sync and async AJV validations'):
        ('decision', '$async schemas are refused at ready (API.md Validation)'),
    ('test/schema-special-usage.test.js', 'Check if hooks and attachValidation work with AJV validations'):
        ('decision', 'async keywords ($async schemas) are refused at ready (API.md Validation)'),
    ('test/logger/options.test.js', 'Should throw an error if logger instance is passed to `logger`'):
        ('decision', '`logger: pinoInstance` (4.29) keeps working beside `loggerInstance`: both can hold (API.md)'),
    ('test/schema-special-usage.test.js', 'Ajv plugins array parameter'):
        ('internal', "the test folder's ajv-errors generates code with its own copy of Ajv's codegen, not the framework's Ajv (one copy in an application)"),
    ('test/server.test.js', '/'):
        ('internal', "its 'aborted during dns.lookup' test stubs ./lib/server.js with proxyquire and waits for an abort that stub makes"),
    ('test/diagnostics-channel/init.test.js', 'diagnostics_channel when present'):
        ('internal', 'proxyquire stubs node:diagnostics_channel for fastify.js alone'),
    ('test/custom-http-server.test.js', 'Should not make an extra closeIdleConnections call'):
        ('internal', "counts the calls Fastify's close makes to server.closeIdleConnections"),
    ('test/custom-http-server.test.js', 'Should preserve the extra closeIdleConnections call'):
        ('internal', "counts the calls Fastify's close makes to server.closeIdleConnections"),
    ('test/plugin.2.test.js', 'approximate a plugin name also when fastify-plugin has no meta data'):
        ('internal', "fastify-plugin names an anonymous plugin after its caller's file, here the harness's shim"),
    ('test/pretty-print.test.js', 'pretty print - empty plugins'):
        ('internal', "expects avvio's own tree node `bound _after`"),
    ('test/plugin.4.test.js', 'hasPlugin returns true if the specified plugin has been registered'):
        ('decision', "its last check is hasPlugin('fastify'): the root plugin is named framework (API.md)"),
    ('test/close.test.js', 'Current opened connection should not accept new incoming connections'):
        ('decision', 'close(): the request in flight is answered with Connection: close, forceCloseConnections false waits (API.md Servers)'),
    ('test/close.test.js', 'rejected incoming connections should be logged'):
        ('decision', 'close(): the request in flight is answered with Connection: close, so no second request reaches the 503 (API.md Servers)'),
    ('test/close-pipelining.test.js', 'Should close the socket abruptly - pipelining - return503OnClosing: false'):
        ('decision', 'a request pipelined behind the one in flight at close() is never started (API.md Servers)'),
    ('test/internals/initial-config.test.js', 'without options passed to Fastify'):
        ('decision', 'requestTimeout default 30000 (API.md)'),
    ('test/internals/initial-config.test.js', 'Should not have issues when passing stream options to Pino.js'):
        ('decision', 'requestTimeout default 30000 (API.md)'),
    ('test/internals/initial-config.test.js', 'pluginTimeout should be parsed correctly'):
        ('decision', "an integer option given text ('0') throws FRM_ERR_INIT_OPTS_INVALID (API.md)"),
    ('test/internals/reply.test.js', 'invalid response headers'):
        ('decision', 'reply.header refuses an invalid header value at once, answered 500 FRM_ERR_REPLY_INVALID_HEADER (API.md Security defaults)'),
    ('test/internals/reply.test.js', 'redirect to an invalid URL should not crash the server'):
        ('decision', 'reply.header refuses an invalid Location at once, answered 500 FRM_ERR_REPLY_INVALID_HEADER (API.md Security defaults)'),
    ('test/reply-error.test.js', 'should catch error when setting invalid header on async preSerializeation hook'):
        ('decision', 'reply.header refuses the invalid value when it is set, so the head never fails a second time (API.md Security defaults)'),
    ('test/stream.2.test.js', 'onSend hook stream should work'):
        ('internal', "proxyquire replaces Fastify's lib/reply, lib/handle-request and lib/route"),
    ('test/stream.5.test.js', 'should mark reply as sent before pumping the payload stream'):
        ('internal', "proxyquire replaces Fastify's lib/reply, lib/handle-request and lib/route"),
    ('test/hooks.test.js', 'socket timeout listener is removed when socket._meta is cleared'):
        ('internal', "asserts Fastify's private socket._meta"),
    ('test/constrained-routes.test.js', 'Should allow registering a constrained GET route after a constrained HEAD route'):
        ('upstream', 'fails against Fastify 5.12.1 itself: the installed light-my-request (6.8.1) drops a HEAD body'),
    ('test/internals/all.test.js', 'fastify.all should add all the methods to the same url'):
        ('upstream', 'fails against Fastify 5.12.1 itself: the installed light-my-request (6.8.1) drops a HEAD body'),
    ('test/schema-feature.test.js', 'Should throw of the schema does not exists in input'):
        ('decision', 'an unresolvable $ref fails ready() naming the route, the part and the reference (API.md Validation)'),
    ('test/schema-feature.test.js', 'Encapsulation should intervene'):
        ('decision', 'an unresolvable $ref fails ready() naming the route, the part and the reference (API.md Validation)'),
    ('test/schema-validation.test.js', 'Schema validation will not be bypass by different content type'):
        ('decision', 'validation 400 body has no code (API.md Validation)'),
    ('test/schema-serialization.test.js', 'Custom setSerializerCompiler returns bad serialized output'):
        ('decision', 'every error body is { statusCode, error, message } plus code (API.md Errors)'),
    ('test/internals/schema-controller-perf.test.js', 'SchemaController are loaded when the controllers are not custom'):
        ('internal', "looks for @fastify/ajv-compiler and @fastify/fast-json-stringify-compiler in require.cache"),
    ('test/route.3.test.js', 'does not mutate joi schemas'):
        ('decision', "the schema shorthand stays accepted, so a custom compiler sees `properties` (API.md)"),
}
def by_name(file, name):
    for (f, prefix), verdict in BY_NAME.items():
        if f == file and name.startswith(prefix): return verdict
    return None
def classify(file, path, diag, loc_body, libn, tapfile=''):
    d = diag
    b = loc_body
    named = by_name(file, path)
    if named: return named
    if tapfile.endswith('error-handler.test.js.tap'):
        # helper.js's payloadMethod(method, t, true): its error handler asserts
        # `request instanceof fastify[symbols.kRequest].parent`, so every error answers 500.
        return 'internal', 'the shared error handler reads symbols.kRequest'
    if re.search(r"^\s*-\s+code: 'FRM_ERR_VALIDATION'", d, re.M) or '"code":"FRM_ERR_VALIDATION"' in d:
        return 'decision', 'validation 400 body has no code (API.md Validation)'
    if re.search(r"^\s*-.*\bmust\b", d, re.M) and re.search(r"^\s*\+.*\bshould\b", d, re.M):
        return 'decision', '"must" spoken as "should" (API.md Validation)'
    if tapfile.startswith('test_options') and path.startswith('OPTIONS'):
        return 'decision', 'body validated for POST, PUT and PATCH only (API.md Validation)'
    if INTERNAL.search(b) or any(re.search(r'\b' + re.escape(n) + r'\b', b) for n in libn):
        return 'internal', "uses Fastify's lib/ or symbols"
    if 'test/types' in file: return 'internal', 'type tests'
    if re.search(r"FRM_ERR_VALIDATION", b) and re.search(r"statusCode: 400", b):
        return 'decision', 'validation 400 body has no code (API.md Validation)'
    if re.search(r"(body|querystring|params|headers)(/[\w/]*)? must ", b) and 'must' in d:
        return 'decision', '"must" spoken as "should" (API.md Validation)'
    if re.search(r"'fastify'|\"fastify\"|fastify -> |fastify\.display-name", b) and 'framework' in d:
        return 'decision', 'root plugin named framework (API.md)'
    if 'FastifyError' in d or 'FastifyError' in b and 'FrameworkError' in d:
        return 'decision', 'error class name (rename)'
    if re.search(r'requestTimeout', b) and re.search(r'30000|0\b', d):
        return 'decision', 'requestTimeout default 30000 (API.md)'
    if 'cancelledByParent' in d or 'still pending but the event loop' in d:
        return 'hang', 'cancelled: an earlier test of the file hung or failed'
    return 'fair', ''
iso_path = os.path.join(out, 'isolated.json')
isolated = json.load(open(iso_path)) if os.path.exists(iso_path) else {}
res_all = []
for fn in sorted(os.listdir(out)):
    if not fn.endswith('.tap'): continue
    rel = None
    res = json.loads(subprocess.run(['python3', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tap.py'), os.path.join(out, fn), 'json'], capture_output=True, text=True).stdout)
    for top, name, ok, diag in res:
        m = re.search(r"location: '([^']+):(\d+):\d+'", diag)
        file = fn[:-4].replace('_', '/', 1)  # test_x -> test/x (approx)
        if m:
            p, line = m.group(1), int(m.group(2))
            file = os.path.relpath(p, v5)
            b = body(p, line); libn = lib_names(p)
        else:
            b = ''; libn = set()
        if ok: cat, why = 'pass', ''
        else: cat, why = classify(file, name, diag, b, libn, fn)
        # A test cancelled by an earlier one of its file, judged alone (isolate.py).
        if cat == 'hang' and isolated.get(f'{file} :: {name}') is True: cat, why = 'alone', 'passes run alone'
        elif cat == 'hang' and f'{file} :: {name}' in isolated: cat, why = 'fair', 'fails run alone too'
        res_all.append((file, name, cat, why, diag))
c = collections.Counter(r[2] for r in res_all)
fair = c['pass'] + c['alone'] + c['fair'] + c['hang']
print(dict(c))
print(f"ours to pass (pass+alone+fair+hang): {fair}; pass {c['pass']} = {100*c['pass']/max(1,fair):.1f}%;"
      f" with the cancelled ones run alone {c['pass'] + c['alone']} = {100*(c['pass'] + c['alone'])/max(1,fair):.1f}%")
if LIST:
    for f, n, cat, why, d in res_all:
        if cat != 'pass': print(f'{cat:9s} {f} :: {n} {("- " + why) if why else ""}')

if '--markdown' in sys.argv:
    # The triage as markdown: totals, per file, then every test set aside and every failure left.
    by_file = collections.defaultdict(collections.Counter)
    for f, n, cat, why, d in res_all:
        # A test that fails against Fastify itself counts with the internals: not ours to pass.
        by_file[f]['internal' if cat == 'upstream' else cat] += 1
    print('| file | pass | pass alone | fail (ours) | cancelled | internal | API.md |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for f in sorted(by_file):
        k = by_file[f]
        if k['fair'] or k['hang'] or k['internal'] or k['decision'] or k['alone']:
            print(f"| {f} | {k['pass']} | {k['alone']} | {k['fair']} | {k['hang']} | {k['internal']} | {k['decision']} |")
    for title, cats in (('Set aside', ('internal', 'decision', 'upstream')), ('Failing', ('fair', 'hang'))):
        print(f'\n### {title}\n')
        for f, n, cat, why, d in res_all:
            if cat in cats:
                first = re.search(r"error: ['|>-]?\s*(.*)", d)
                detail = why or (first.group(1).strip()[:140] if first else '')
                print(f'- `{f}` :: {n.replace("|", "/")} ({cat}{": " + detail if detail else ""})')
