import { describe, expect, it } from 'vitest'
import { buildRouter } from './router.js'

/** Routes a request through a router built while `Function` refuses to compile, as on Workers. */
function routeWithoutEval(
  routes: Array<{ method: string; url: string; constraints?: Record<string, unknown> }>,
) {
  const seen: Array<{ route: string; params: unknown }> = []
  const table = {
    routes: routes.map((route) => ({
      ...route,
      handle: (_raw: unknown, _res: unknown, params: unknown) => {
        seen.push({
          route: `${route.method} ${route.url}${route.constraints ? ` ${JSON.stringify(route.constraints)}` : ''}`,
          params: { ...(params as object) },
        })
      },
    })),
    notFound: [{ prefix: '', handle: () => seen.push({ route: 'not found', params: {} }) }],
    fail: (_raw: unknown, _res: unknown, error: Error) =>
      seen.push({ route: `fail ${error.message}`, params: {} }),
  }
  const original = globalThis.Function
  const refuse = function refuse() {
    throw new EvalError('Code generation from strings disallowed for this context')
  } as unknown as FunctionConstructor
  globalThis.Function = refuse
  try {
    const router = buildRouter(table as never, {
      caseSensitive: true,
      ignoreTrailingSlash: false,
      maxParamLength: 100,
      codeGeneration: false,
    })
    return (method: string, url: string, headers: Record<string, string> = {}) => {
      router.lookup({ method, url, headers } as never, {} as never)
      return seen.pop()
    }
  } finally {
    globalThis.Function = original
  }
}

describe('the router where code generation is forbidden (Workers)', () => {
  it('routes static paths, parameters and wildcards without compiling code', () => {
    const lookup = routeWithoutEval([
      { method: 'GET', url: '/hello' },
      { method: 'GET', url: '/help' },
      { method: 'GET', url: '/users/:id/books/:book' },
      { method: 'GET', url: '/a/:p1/:p2/:p3/:p4/:p5/:p6' },
      { method: 'GET', url: '/files/*' },
    ])
    expect(lookup('GET', '/hello')).toEqual({ route: 'GET /hello', params: {} })
    expect(lookup('GET', '/help')).toEqual({ route: 'GET /help', params: {} })
    expect(lookup('GET', '/helo')).toEqual({ route: 'not found', params: {} })
    expect(lookup('GET', '/users/7/books/dune?x=1')).toEqual({
      route: 'GET /users/:id/books/:book',
      params: { id: '7', book: 'dune' },
    })
    expect(lookup('GET', '/a/1/2/3/4/5/6')).toEqual({
      route: 'GET /a/:p1/:p2/:p3/:p4/:p5/:p6',
      params: { p1: '1', p2: '2', p3: '3', p4: '4', p5: '5', p6: '6' },
    })
    expect(lookup('GET', '/files/x/y.txt')).toEqual({
      route: 'GET /files/*',
      params: { '*': 'x/y.txt' },
    })
  })

  it('applies version and host constraints', () => {
    const lookup = routeWithoutEval([
      { method: 'GET', url: '/v', constraints: { version: '1.2.0' } },
      { method: 'GET', url: '/v', constraints: { version: '2.0.0' } },
      { method: 'GET', url: '/v' },
      { method: 'GET', url: '/h', constraints: { host: 'a.example' } },
      { method: 'GET', url: '/h' },
    ])
    expect(lookup('GET', '/v', { 'accept-version': '1.x' })?.route).toBe(
      'GET /v {"version":"1.2.0"}',
    )
    expect(lookup('GET', '/v', { 'accept-version': '2.x' })?.route).toBe(
      'GET /v {"version":"2.0.0"}',
    )
    expect(lookup('GET', '/v')?.route).toBe('GET /v')
    expect(lookup('GET', '/v', { 'accept-version': '3.x' })?.route).toBe('not found')
    expect(lookup('GET', '/h', { host: 'a.example' })?.route).toBe('GET /h {"host":"a.example"}')
    expect(lookup('GET', '/h', { host: 'b.example' })?.route).toBe('GET /h')
  })
})
