import type { QueryObject, RouteParams, RouteTable } from '@framework/core'
import FindMyWay from 'find-my-way'
import { describe, expect, it } from 'vitest'
import { parseQuery } from '../parse-query.js'
import { buildRouter, type RouterOptions } from './router.js'
import { routeStatic, staticRoutes } from './static-routes.js'

type Route = { method: string; url: string; constraints?: Record<string, unknown> }

/** What a route's handle received, as a string per request. */
interface Seen {
  route: string
  params: RouteParams
  query: QueryObject
  /** Whether the params inherit from Object.prototype (find-my-way's never do). */
  inherits: boolean
}

const defaults: RouterOptions = {
  caseSensitive: true,
  ignoreTrailingSlash: false,
  maxParamLength: 100,
  useSemicolonDelimiter: true,
}

function tableOf(routes: Route[], seen: Seen[]): RouteTable<any, any> {
  return {
    routes: routes.map((route) => ({
      ...route,
      handle: (_raw: unknown, _res: unknown, params: RouteParams, query: QueryObject) =>
        seen.push({
          route: `${route.method} ${route.url}`,
          params: { ...params },
          query: { ...query },
          inherits: 'toString' in params,
        }),
    })),
    notFound: [
      {
        prefix: '',
        handle: () => seen.push({ route: 'not found', params: {}, query: {}, inherits: false }),
      },
    ],
    fail: () => seen.push({ route: 'bad url', params: {}, query: {}, inherits: false }),
  } as unknown as RouteTable<any, any>
}

/** find-my-way alone, as the table's router was before the static lookup. */
function plainRouter(routes: Route[], seen: Seen[], options: RouterOptions) {
  const table = tableOf(routes, seen)
  const router = FindMyWay({
    ...({ useSemicolonDelimiter: options.useSemicolonDelimiter } as object),
    caseSensitive: options.caseSensitive,
    ignoreTrailingSlash: options.ignoreTrailingSlash,
    querystringParser: parseQuery,
    defaultRoute: (raw, res) => table.notFound[0]!.handle(raw, res, {}, {}),
    onBadUrl: (path, raw, res) => table.fail(raw, res, new Error(`bad url ${path}`)),
  })
  for (const route of table.routes)
    router.on(route.method as 'GET', route.url, (raw, res, params, _store, query) =>
      route.handle(raw, res, params as RouteParams, query as QueryObject),
    )
  return router
}

const routes: Route[] = [
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/hello' },
  { method: 'HEAD', url: '/hello' },
  { method: 'GET', url: '/hello/' },
  { method: 'POST', url: '/hello' },
  { method: 'GET', url: '/users/:id' },
  { method: 'GET', url: '/users/me' },
  { method: 'GET', url: '/files/*' },
  { method: 'GET', url: '/a-b.c~d' },
]

const requests = [
  ['GET', '/'],
  ['GET', '/?a=1'],
  ['GET', '/hello'],
  ['HEAD', '/hello'],
  ['POST', '/hello'],
  ['PUT', '/hello'],
  ['GET', '/hello/'],
  ['GET', '/hello?name=Ada&name=Grace'],
  ['GET', '/hello;jsessionid=42'],
  ['GET', '/hello#top'],
  ['GET', '/hello?'],
  ['GET', '/HELLO'],
  ['GET', '/h%65llo'],
  ['GET', '/hello%'],
  ['GET', '//hello'],
  ['GET', '/users/me'],
  ['GET', '/users/me?x=1'],
  ['GET', '/users/ada'],
  ['GET', '/files/a/b'],
  ['GET', '/a-b.c~d'],
  ['GET', 'http://example.com/hello?x=1'],
  ['GET', '/nowhere'],
] as const

function routeAll(
  lookup: (raw: { method: string; url: string }) => void,
  seen: Seen[],
): Array<[string, Seen | undefined]> {
  return requests.map(([method, url]) => {
    seen.length = 0
    lookup({ method, url })
    return [`${method} ${url}`, seen[0]]
  })
}

describe('router: static routes by one lookup', () => {
  it('routes every request as find-my-way does: the route, its params and its query', () => {
    const seenStatic: Seen[] = []
    const router = buildRouter(tableOf(routes, seenStatic), { ...defaults, schedule: null })
    const seenPlain: Seen[] = []
    const plain = plainRouter(routes, seenPlain, defaults)
    const answers = routeAll((raw) => router.lookup(raw as never, {} as never), seenStatic)
    expect(answers).toEqual(routeAll((raw) => plain.lookup(raw as never, {} as never), seenPlain))
    // And what that is, for the static paths.
    const byRequest = Object.fromEntries(answers)
    expect(byRequest['GET /hello?name=Ada&name=Grace']).toEqual({
      route: 'GET /hello',
      params: {},
      query: { name: ['Ada', 'Grace'] },
      inherits: false,
    })
    expect(byRequest['GET /hello;jsessionid=42']?.query).toEqual({ jsessionid: '42' })
    expect(byRequest['GET /h%65llo']?.route).toBe('GET /hello')
    expect(byRequest['GET /HELLO']?.route).toBe('not found')
    expect(byRequest['GET /hello%']?.route).toBe('bad url')
    expect(byRequest['GET /users/me']?.route).toBe('GET /users/me')
    expect(byRequest['GET /users/ada']?.params).toEqual({ id: 'ada' })
  })

  it('gives each request a params object of its own, without a prototype', () => {
    const params: RouteParams[] = []
    const table = tableOf([{ method: 'GET', url: '/hello' }], [])
    ;(table.routes[0] as { handle: unknown }).handle = (
      _raw: unknown,
      _res: unknown,
      p: RouteParams,
    ) => params.push(p)
    const routes = staticRoutes(table, defaults)!
    for (let i = 0; i < 2; i++)
      expect(routeStatic(routes, { method: 'GET', url: '/hello' }, {}, parseQuery, true)).toBe(true)
    expect(params[0]).not.toBe(params[1])
    expect('toString' in params[0]!).toBe(false)
  })

  it('is not used where the router options or constraints change what a path matches', () => {
    const table = (list: Route[], strategies: unknown[] = []) =>
      ({ ...tableOf(list, []), constraintStrategies: strategies }) as RouteTable<any, any>
    const plainList: Route[] = [{ method: 'GET', url: '/hello' }]
    expect(staticRoutes(table(plainList), defaults)?.get('GET')?.has('/hello')).toBe(true)
    expect(staticRoutes(table(plainList), { ...defaults, caseSensitive: false })).toBeNull()
    expect(staticRoutes(table(plainList), { ...defaults, ignoreTrailingSlash: true })).toBeNull()
    expect(staticRoutes(table(plainList), { ...defaults, ignoreDuplicateSlashes: true })).toBeNull()
    // A versioned route on the same path takes requests that name a version.
    const versioned = [
      ...plainList,
      { method: 'GET', url: '/hello', constraints: { version: '1.0.0' } },
    ]
    expect(staticRoutes(table(versioned), defaults)).toBeNull()
    expect(staticRoutes(table(plainList, [{ name: 'tenant' }]), defaults)).toBeNull()
    // Only paths find-my-way matches as written.
    const patterns = ['/users/:id', '/files/*', '/n/(\\d+)', '/café', '/a b', '/a%20b']
    expect(
      staticRoutes(table(patterns.map((url) => ({ method: 'GET', url }))), defaults),
    ).toBeNull()
  })

  it('keeps `;` in the path when useSemicolonDelimiter is off', () => {
    const seenStatic: Seen[] = []
    const options = { ...defaults, useSemicolonDelimiter: false, schedule: null }
    const list: Route[] = [{ method: 'GET', url: '/hello' }]
    const router = buildRouter(tableOf(list, seenStatic), options)
    router.lookup({ method: 'GET', url: '/hello;a=1' } as never, {} as never)
    router.lookup({ method: 'GET', url: '/hello?a=1' } as never, {} as never)
    expect(seenStatic.map(({ route, query }) => [route, query])).toEqual([
      ['not found', {}],
      ['GET /hello', { a: '1' }],
    ])
  })
})
