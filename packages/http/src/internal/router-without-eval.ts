/**
 * find-my-way builds a few small functions from source text while routes are added (a static
 * prefix matcher, a route's params object, constraint lookups): code generation, which Cloudflare
 * Workers forbid. Where the host forbids it, the router is built with `Function` standing for a
 * builder that knows those sources' shapes and returns closures doing the same, and only while the
 * router is built (synchronously): nothing else can run meanwhile. A source of another shape fails;
 * buildRouter names the route (FRM_ERR_ROUTE_INVALID).
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
  if (parameters === 'derivedConstraints') return constraintMatcher(body)
  if (parameters === 'req,ctx') return constraintDeriver(body)
  // buildRouter turns this into FRM_ERR_ROUTE_INVALID naming the route.
  throw new Error(
    `find-my-way generated code of an unknown shape (${parameters}), which this host cannot compile`,
  )
}

const constraintBlock =
  /mask = (-?\d+)\s+value = derivedConstraints\.(\w+)[\s\S]*?candidates &= (matches|\(matches \| mask\))/g
const mustNotDerive = /if \(derivedConstraints\.(\w+) !== undefined\) return null/g

/**
 * A handler storage's `_getHandlerMatchingConstraints`: candidates as a bitmap, narrowed by each
 * constraint's store, then the routes that must not match a derived value, then the best handler.
 */
function constraintMatcher(body: string) {
  const start = Number(/let candidates = (-?\d+)/.exec(body)?.[1] ?? 0)
  const blocks = [...body.matchAll(constraintBlock)].map((match) => ({
    mask: Number(match[1]),
    name: match[2]!,
    mustMatch: match[3] === 'matches',
  }))
  const excluded = [...body.matchAll(mustNotDerive)].map((match) => match[1]!)
  return function getHandlerMatchingConstraints(
    this: {
      constrainedHandlerStores: Record<string, { get(value: unknown): number | undefined }>
      handlers: unknown[]
    },
    derived: Record<string, unknown>,
  ) {
    let candidates = start
    for (const block of blocks) {
      const value = derived[block.name]
      if (value === undefined) candidates &= block.mask
      else {
        const matches = this.constrainedHandlerStores[block.name]!.get(value) || 0
        candidates &= block.mustMatch ? matches : matches | block.mask
      }
      if (candidates === 0) return null
    }
    for (const name of excluded) if (derived[name] !== undefined) return null
    return this.handlers[31 - Math.clz32(candidates)]
  }
}

const derivation =
  /^\s*(\w+): (?:(req\.headers\['accept-version'\])|(req\.headers\.host \|\| req\.headers\[':authority'\])|this\.strategies\.(\w+)\.deriveConstraint\(req, ctx\)),?$/gm

/** A constrainer's `deriveSyncConstraints`: the constraint values of a request. */
function constraintDeriver(body: string) {
  const entries = [...body.matchAll(derivation)].map((match) => ({
    name: match[1]!,
    kind: match[2] !== undefined ? 'version' : match[3] !== undefined ? 'host' : 'custom',
    strategy: match[4],
  }))
  return function deriveSyncConstraints(
    this: { strategies: Record<string, { deriveConstraint(req: unknown, ctx: unknown): unknown }> },
    req: { headers: Record<string, unknown> },
    ctx: unknown,
  ) {
    const values: Record<string, unknown> = {}
    for (const entry of entries) {
      values[entry.name] =
        entry.kind === 'version'
          ? req.headers['accept-version']
          : entry.kind === 'host'
            ? req.headers.host || req.headers[':authority']
            : this.strategies[entry.strategy!]!.deriveConstraint(req, ctx)
    }
    return values
  }
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
