/**
 * find-my-way builds a few small functions from source text while routes are added (a static
 * prefix matcher, a route's params object, constraint lookups): code generation, which Cloudflare
 * Workers forbid. Where the host forbids it, the router is built with `Function` standing for a
 * builder that knows those sources' shapes and returns closures doing the same, and only while the
 * router is built (synchronously): nothing else can run meanwhile. A source of another shape (route
 * constraints on such a host) fails; buildRouter names the route (FRM_ERR_ROUTE_INVALID).
 */
export function withoutCodeGeneration<T>(build: () => T): T {
  const global = globalThis as { Function: FunctionConstructor }
  const original = global.Function
  global.Function = closureBuilder as unknown as FunctionConstructor
  try {
    return build()
  } finally {
    global.Function = original
  }
}

const prefixCheck = /path\.charCodeAt\(i \+ (\d+)\) === (\d+)/g
const paramAssignment = /params\[("(?:[^"\\]|\\.)*")\] = (param(\d)|extraParams\[(\d+)\])/g

/** `new Function(...args, body)` for the sources find-my-way writes. */
function closureBuilder(...args: string[]): (...values: any[]) => unknown {
  const body = args[args.length - 1] ?? ''
  const parameters = args.slice(0, -1).join(',')
  if (parameters === 'path,i') return prefixMatcher(body)
  if (parameters === 'NullObject' && body.includes('_createParamsObject')) {
    return (NullObject: new () => Record<string, unknown>) => paramsBuilder(body, NullObject)
  }
  // buildRouter turns this into FRM_ERR_ROUTE_INVALID naming the route.
  throw new Error(
    'route constraints (version, host or custom) need code generation, which this host forbids',
  )
}

/** `path.charCodeAt(i + 1) === 97 && ...`: the characters after the first of a static prefix. */
function prefixMatcher(body: string): (path: string, i: number) => boolean {
  const checks: Array<[number, number]> = []
  for (const match of body.matchAll(prefixCheck)) checks.push([Number(match[1]), Number(match[2])])
  return (path, i) => {
    for (const [offset, code] of checks) if (path.charCodeAt(i + offset) !== code) return false
    return true
  }
}

/** `params["id"] = param0 ...`: a route's params object from the values matched by position. */
function paramsBuilder(body: string, NullObject: new () => Record<string, unknown>) {
  const names: string[] = []
  const positions: number[] = []
  for (const match of body.matchAll(paramAssignment)) {
    names.push(JSON.parse(match[1]!) as string)
    positions.push(match[3] === undefined ? 4 + Number(match[4]) : Number(match[3]))
  }
  return function createParamsObject(...values: unknown[]) {
    const extra = values[4] as unknown[] | undefined
    const params = new NullObject()
    for (let index = 0; index < names.length; index++) {
      const position = positions[index]!
      params[names[index]!] = position < 4 ? values[position] : extra?.[position - 4]
    }
    return params
  }
}
