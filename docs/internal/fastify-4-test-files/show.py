import json,sys,re
r=json.load(open(sys.argv[1]))
filt=sys.argv[2] if len(sys.argv)>2 else ''
for x in r:
    if x["file"]=="?" or not x["path"]: continue
    if filt and filt not in x['file']: continue
    y=x['yaml']
    diff=[l.strip() for l in y.split('\n') if re.match(r'^\s*[-+][^-+]',l)]
    keys=[]
    for k in ['found','wanted','message','code','statusCode','errorMessage']:
        m=re.search(r'^\s{0,4}'+k+r':\s*(.*)$',y,re.M)
        if m and m.group(1).strip() and m.group(1).strip() not in ('>-','|-','>','|'): keys.append(k+'='+m.group(1).strip()[:150])
    src=re.search(r'source: .*?\n(.*?)\n\s*-+\^',y,re.S)
    srcl=src.group(1).strip().split('\n')[-1].strip()[:140] if src else ''
    print('##',x['file'].replace('test/',''),'|',' > '.join(x['path'])[:100],'|',x['name'][:80])
    if srcl: print('   src:',srcl)
    for k in keys: print('   ',k)
    for d in diff[:6]: print('   ',d[:200])
