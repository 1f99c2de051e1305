import re,sys,json
def parse(path):
    lines=open(path,errors='replace').read().split('\n')
    out=[];stack=[];cur=None
    i=0
    while i<len(lines):
        l=lines[i]
        m=re.match(r'^(\s*)# Subtest: (.*)$',l)
        if m:
            ind=len(m.group(1))
            while stack and stack[-1][0]>=ind: stack.pop()
            stack.append((ind,m.group(2)))
        m=re.match(r'^(\s*)(not ok|ok) \d+ - (.*)$',l)
        if m and m.group(2)=='not ok':
            ind=len(m.group(1))
            nxt=lines[i+1] if i+1<len(lines) else ''
            if nxt.strip()=='---':
                # yaml block
                j=i+2; y=[]
                while j<len(lines) and lines[j].strip()!='...':
                    y.append(lines[j][ind+2:]); j+=1
                path_=[s for (k,s) in stack if k<ind]
                out.append(dict(file=path_[0] if path_ else '?',path=path_[1:],name=m.group(3),yaml='\n'.join(y)))
                i=j
        i+=1
    return out
if __name__=='__main__':
    r=parse(sys.argv[1])
    json.dump(r,open(sys.argv[2],'w'),indent=1)
    print(len(r))
