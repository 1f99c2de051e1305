import json,re,sys,collections
r=json.load(open(sys.argv[1]))
r=[x for x in r if x['file']!='?' and x['path']]
def diffl(y):
    return [l.strip() for l in y.split('\n') if re.match(r'^\s*[-+][^-+]',l)]
def src(y):
    m=re.search(r'source: .*?\n(.*?)\n\s*-+\^',y,re.S)
    return m.group(1) if m else ''
RULES=[
 # (a) code rename
 ('a','code rename only', lambda x,y,d,s: d and all(re.search(r'(FST|FRM)_ERR_',l) for l in d) and len({re.sub(r'(FST|FRM)_ERR_','X_ERR_',l[1:]) for l in d})==1 ),
 ('a','code rename only (found/wanted)', lambda x,y,d,s: re.search(r"wanted: FST_ERR_(\w+)",y) and re.search(r"found: FRM_ERR_(\w+)",y) and re.search(r"wanted: FST_ERR_(\w+)",y).group(1)==re.search(r"found: FRM_ERR_(\w+)",y).group(1)),
 ('a','error name FastifyError vs FrameworkError', lambda x,y,d,s: '-FastifyError' in d and '+FrameworkError' in d),
 # (c) internals
 ('c','internal symbols / private modules', lambda x,y,d,s: re.search(r'\[(symbols\.|keys\.)?k[A-Z]\w*\]|kRouteContext|kState|kContentTypeParser|contentTypeParser\.|%HaveSameMap|AVV_ERR|err\.cause|\.cause\.code|Reply\b.*type|schemaBucket|kSchemaController',s+y) ),
 ('c','internals/ test files', lambda x,y,d,s: x['file'].startswith('test/internals/')),
 ('c','build/version', lambda x,y,d,s: 'version' in x['file']),
 ('c','setErrorHandler helper reads fastify[kRequest].parent', lambda x,y,d,s: 'error-handler.test.js' in x['file'] and re.search(r'^[-]4\d\d$',"\n".join(d),re.M) and '+500' in d),
 # (b) API.md decisions
 ('b','validation message "must" spoken as "should" / no code in validation body (API.md 164-168)', lambda x,y,d,s: re.search(r'must', ' '.join(l for l in d if l.startswith('-'))) and re.search(r'should',' '.join(l for l in d if l.startswith('+'))) ),
 ('b','validation 400 body has no code (API.md 168)', lambda x,y,d,s: any('"code": "FST_ERR_VALIDATION"' in l for l in d) or 'FST_ERR_VALIDATION' in s),
 ('b','body validation for POST/PUT/PATCH only (API.md 141)', lambda x,y,d,s: re.search(r'options|search',x['file']) and ('+200' in d or 'hello' in y)),
 ('b','415 for body-schema route without a parser (API.md 141-147, 226)', lambda x,y,d,s: 'Skip validation if no content type' in ' '.join(x['path']) or 'bypass by different content type' in ' '.join(x['path'])),
 ('b','response-schema failure keeps our message (API.md 186)', lambda x,y,d,s: 'does not match its response schema' in y),
 ('b','json shorthand / deprecation warnings', lambda x,y,d,s: 'shorthand' in x['file'] or 'deprecation' in ' '.join(x['path']).lower()),
 ('c','kRouteContext / Reply class / lib internals', lambda x,y,d,s: 'context-config' in x['file'] or 'handler-context' in x['file'] or 'same-shape' in x['file'] or 'stream-serializers' in x['file'] or 'remotePort' in y or 'state.currentNode' in y),
 ('b','root plugin name "framework" (renamed product)', lambda x,y,d,s: any(l.startswith('+framework') for l in d)),
 ('b','validation body without code', lambda x,y,d,s: 'input-validation.js' in y and 'FST_ERR_VALIDATION' in y),
 ('e','developer-error message wording (same code)', lambda x,y,d,s: re.search(r'(err|e|error)\.message|t\.match\(err|message ===',s) and not re.search(r'must be integer|must have required',s)),
 ('e','FastifyError class/message in t.throws', lambda x,y,d,s: 'FastifyError' in y and ('t.throws' in s)),
 ('e','thrown message in body', lambda x,y,d,s: re.search(r'Undefined error has occurred|Called reply with an invalid status|Attempted to send payload|Reply was already sent|Root plugin has already booted',y)),
 ('d','frameworkErrors option not implemented', lambda x,y,d,s: 'frameworkErrors' in y),
 ('d','log message differs', lambda x,y,d,s: re.search(r'line\.msg|line\.level|line, lines',s)),

 ('c','setErrorHandler helper reads fastify[kRequest].parent', lambda x,y,d,s: 'error-handler.test.js' in x['file'] or '500s.test' in x['file'] or "reading 'parent'" in y),
 ('d','a different (generic) error code is thrown', lambda x,y,d,s: re.search(r'^-"?FST_ERR_(\w+)',"\n".join(d),re.M) and re.search(r'^\+"?FRM_ERR_',"\n".join(d),re.M)),
 ('d','option or API not honoured / refused', lambda x,y,d,s: re.search(r'Option .* is not valid|validator.plugins|Failed to build the validation schema of POST /, part body: Unexpected|forceCloseConnections',x['name']+y)),
 ('d','other behaviour difference (status, body, header, hook, error thrown or not)', lambda x,y,d,s: True),
]
out=collections.defaultdict(list)
for x in r:
    y=x['yaml'];d=diffl(y);s=src(y)
    cat=None
    for c,label,f in RULES:
        try:
            if f(x,y,d,s): cat=(c,label);break
        except Exception as e: pass
    out[cat or ('?','unclassified')].append(x)
for k,v in sorted(out.items(),key=lambda kv:(kv[0][0],-len(kv[1]))):
    print(len(v),k)
json.dump({f'{k[0]}|{k[1]}':v for k,v in out.items()},open('/tmp/ft/h4/classified.json','w'))
if len(sys.argv)>2:
    for x in out[('?','unclassified')]:
        y=x['yaml'];d=diffl(y);s=src(y).strip().split('\n')[-1].strip()
        print('##',x['file'][5:],'|',' > '.join(x['path'])[:90],'|',x['name'][:70]); print('   src:',s[:150])
        for l in d[:4]: print('   ',l[:160])
