import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ConstraintStrategy, RouteParams, RouteTable } from '@framework/core'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeTable } from '../test/fake-table.js'
import { bodyOf, rawExchange, statusOf } from '../test/raw-socket.js'
import { createHttpTransport, type HttpTransportOptions } from './index.js'

// How find-my-way routes a request whose path is, or nearly is, a route path without parameters,
// under each router option: what any shortcut for such paths (a table of exact paths tried before
// the router, say) has to keep. Every case is asked through inject and over a socket.

type Route = RouteTable<IncomingMessage, ServerResponse>['routes'][number]

/** What a route answers: its name, its params (keys and prototype chain) and its query. */
function named(
  method: string,
  url: string,
  name: string,
  constraints?: Record<string, unknown>,
): Route {
  return {
    method,
    url,
    constraints,
    handle: (_raw, res, params: RouteParams, query) => {
      const body = JSON.stringify({
        route: name,
        params: { ...params },
        // find-my-way's params: an object whose prototype has a null prototype, no own keys here
        paramsChain: chainLength(params),
        query: Object.entries(query),
      })
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-route': name,
      })
      res.end(body)
    },
  }
}

function chainLength(value: object): number {
  let length = 0
  for (let at = Object.getPrototypeOf(value); at !== null; at = Object.getPrototypeOf(at)) {
    length += 1
  }
  return length
}

const ROUTES: Route[] = [
  named('GET', '/a/b', 'static-ab'),
  named('POST', '/a/b', 'post-ab'),
  named('HEAD', '/a/b', 'head-ab'),
  named('GET', '/a/:id', 'param'),
  named('GET', '/docs/list', 'docs-list'),
  named('GET', '/docs/*', 'docs-wildcard'),
  named('GET', '/Mixed/Case', 'mixed'),
  named('GET', '/trail/', 'trail'),
  named('GET', '/semi;colon', 'semicolon'),
  named('GET', '/colon::x', 'escaped-colon'),
]

interface Answer {
  status: number
  route: string | null
  body: any
}

const opened: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of opened.splice(0)) await close()
})

/** A listening transport of the fake table plus `routes`; `ask` answers through both paths. */
async function serveWith(
  options: HttpTransportOptions = {},
  routes: Route[] = ROUTES,
  constraintStrategies: ConstraintStrategy<IncomingMessage>[] = [],
) {
  const transport = createHttpTransport(options)
  const { table } = fakeTable(transport, { extraRoutes: routes })
  transport.mount({ ...table, constraintStrategies })
  const base = await transport.listen({ port: 0, host: '127.0.0.1' })
  const port = Number(new URL(base).port)
  opened.push(async () => {
    transport.server.closeAllConnections()
    await transport.close()
  })
  /** The answer to `method target`, the same through inject and over a socket. */
  const ask = async (
    target: string,
    method = 'GET',
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const injected = await transport.inject({ method: method as 'GET', url: target, headers })
    const fromInject: Answer = {
      status: injected.statusCode,
      route: (injected.headers['x-route'] as string | undefined) ?? null,
      body: injected.body === '' ? null : injected.json(),
    }
    const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}`)
    const { response } = await rawExchange(port, [
      `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\nconnection: close\r\n\r\n`,
    ])
    const text = bodyOf(response)
    const fromSocket: Answer = {
      status: statusOf(response),
      route: /\r\nx-route: ([^\r]*)\r\n/i.exec(response)?.[1] ?? null,
      body: text === '' ? null : JSON.parse(text),
    }
    expect(fromSocket).toEqual(fromInject)
    return fromInject
  }
  return { ask, port }
}

const notFound = (url: string, query: Array<[string, unknown]> = []): Answer => ({
  status: 404,
  route: null,
  body: { notFound: 'root', url, query: { entries: query, nullPrototype: true } },
})
const found = (route: string, query: Array<[string, unknown]> = []): Answer => ({
  status: 200,
  route,
  body: { route, params: {}, paramsChain: 1, query },
})

describe('static paths under the default options', () => {
  it('routes the exact path with empty params (one prototype, itself without one) and query', async () => {
    const { ask } = await serveWith()
    expect(await ask('/a/b')).toEqual(found('static-ab'))
    expect(await ask('/docs/list')).toEqual(found('docs-list'))
  })

  it('splits the query at the first ?, and an empty query is an empty object', async () => {
    const { ask } = await serveWith()
    expect(await ask('/a/b?')).toEqual(found('static-ab'))
    expect(await ask('/a/b?x=1&x=2&y')).toEqual(
      found('static-ab', [
        ['x', ['1', '2']],
        ['y', ''],
      ]),
    )
    expect(await ask('/a/b??x=1')).toEqual(found('static-ab', [['?x', '1']]))
  })

  it('ends the path at # over a socket, and reads what follows as the query', async () => {
    // inject drops the fragment, as a client would; a raw request line can still carry one
    const { port } = await serveWith()
    const answer = async (target: string) => {
      const { response } = await rawExchange(port, [
        `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`,
      ])
      return { status: statusOf(response), body: JSON.parse(bodyOf(response)) }
    }
    expect(await answer('/a/b#frag')).toEqual({
      status: 200,
      body: found('static-ab', [['frag', '']]).body,
    })
    expect(await answer('/a/b?x=1#y')).toEqual({
      status: 200,
      body: found('static-ab', [['x', '1#y']]).body,
    })
  })

  it('takes a static path over a parametric or wildcard one sharing its prefix', async () => {
    const { ask } = await serveWith()
    expect(await ask('/a/c')).toEqual({
      status: 200,
      route: 'param',
      body: { route: 'param', params: { id: 'c' }, paramsChain: 1, query: [] },
    })
    expect((await ask('/docs/list/x')).body.params).toEqual({ '*': 'list/x' })
    expect((await ask('/docs/lis')).body.params).toEqual({ '*': 'lis' })
  })

  it('routes each method of one path to its own route, and a missing method to not-found', async () => {
    const { ask } = await serveWith()
    expect(await ask('/a/b', 'POST', { 'content-length': '0' })).toEqual(found('post-ab'))
    expect(await ask('/a/b', 'HEAD')).toEqual({ status: 200, route: 'head-ab', body: null })
    expect(await ask('/a/b', 'DELETE')).toEqual(notFound('/a/b'))
  })

  it('decodes a percent-encoded path before matching it', async () => {
    const { ask } = await serveWith()
    expect(await ask('/a/%62')).toEqual(found('static-ab'))
    expect(await ask('/%61/b?x=%31')).toEqual(found('static-ab', [['x', '1']]))
    // %2F stays an escaped character inside one segment
    expect(await ask('/a%2Fb')).toEqual(notFound('/a%2Fb'))
  })

  it('reads an escaped colon as a literal one, and ; as part of the path', async () => {
    const { ask } = await serveWith()
    expect(await ask('/colon:x')).toEqual(found('escaped-colon'))
    expect(await ask('/semi;colon')).toEqual(found('semicolon'))
    // `b;x=1` is one segment: the parametric sibling takes it
    expect((await ask('/a/b;x=1')).body).toMatchObject({ route: 'param', params: { id: 'b;x=1' } })
  })

  it('matches case, trailing slash and slashes exactly', async () => {
    const { ask } = await serveWith()
    expect(await ask('/Mixed/Case')).toEqual(found('mixed'))
    expect(await ask('/mixed/case')).toEqual(notFound('/mixed/case'))
    expect(await ask('/trail/')).toEqual(found('trail'))
    expect(await ask('/trail')).toEqual(notFound('/trail'))
    expect(await ask('/a/b/')).toEqual(notFound('/a/b/'))
    expect(await ask('//a/b')).toEqual(notFound('//a/b'))
  })
})

describe('static paths under each router option', () => {
  it('caseSensitive: false matches any case of the path', async () => {
    const { ask } = await serveWith({ caseSensitive: false })
    expect(await ask('/mixed/case')).toEqual(found('mixed'))
    expect(await ask('/MIXED/CASE')).toEqual(found('mixed'))
    expect(await ask('/A/B?X=1')).toEqual(found('static-ab', [['X', '1']]))
  })

  it('ignoreTrailingSlash: true matches with and without the trailing slash', async () => {
    const { ask } = await serveWith({ ignoreTrailingSlash: true })
    expect(await ask('/trail')).toEqual(found('trail'))
    expect(await ask('/trail/')).toEqual(found('trail'))
    expect(await ask('/a/b/')).toEqual(found('static-ab'))
    expect(await ask('/a/b/?x=1')).toEqual(found('static-ab', [['x', '1']]))
  })

  it('ignoreDuplicateSlashes: true reads // as /, in the path only', async () => {
    const { ask } = await serveWith({ ignoreDuplicateSlashes: true })
    expect(await ask('//a//b')).toEqual(found('static-ab'))
    expect(await ask('/a/b?next=//x')).toEqual(found('static-ab', [['next', '//x']]))
  })

  it('useSemicolonDelimiter: true ends the path at ;', async () => {
    const { ask } = await serveWith({ useSemicolonDelimiter: true })
    expect(await ask('/a/b;x=1')).toEqual(found('static-ab', [['x', '1']]))
    expect(await ask('/a/b?y=2;x=1')).toEqual(found('static-ab', [['y', '2;x=1']]))
    // not-found reads its query from `?` only
    expect(await ask('/semi;colon')).toEqual(notFound('/semi;colon'))
  })

  it('maxParamLength does not apply to static paths', async () => {
    const { ask } = await serveWith({ maxParamLength: 1 })
    expect(await ask('/docs/list')).toEqual(found('docs-list'))
    expect((await ask('/a/cd')).status).toBe(414)
  })

  it('rewriteUrl runs before routing', async () => {
    const { ask } = await serveWith({
      rewriteUrl: (raw) => (raw.url === '/old?x=1' ? '/a/b?x=2' : raw.url!),
    })
    expect(await ask('/old?x=1')).toEqual(found('static-ab', [['x', '2']]))
  })

  it('a custom querystringParser is called once per request, with "" without a query', async () => {
    const calls: string[] = []
    const { ask } = await serveWith({
      querystringParser: (text) => {
        calls.push(text)
        return { text }
      },
    })
    // none at mount
    expect(calls).toEqual([])
    expect(await ask('/a/b')).toEqual(found('static-ab', [['text', '']]))
    expect(await ask('/a/b?q=1')).toEqual(found('static-ab', [['text', 'q=1']]))
    // inject, then the socket, for each request
    expect(calls).toEqual(['', '', 'q=1', 'q=1'])
  })
})

describe('static paths next to constrained routes', () => {
  it('an Accept-Version header keeps a request from an unversioned route on any path', async () => {
    const { ask } = await serveWith({}, [
      ...ROUTES,
      named('GET', '/versioned', 'versioned', { version: '1.0.0' }),
    ])
    expect(await ask('/a/b')).toEqual(found('static-ab'))
    expect(await ask('/a/b', 'GET', { 'accept-version': '1.x' })).toEqual(notFound('/a/b'))
    expect(await ask('/versioned', 'GET', { 'accept-version': '1.x' })).toEqual(found('versioned'))
  })

  it('a host-constrained route on the same path wins for its host only', async () => {
    const { ask } = await serveWith({}, [
      ...ROUTES,
      named('GET', '/a/b', 'static-ab-example', { host: 'example.com' }),
    ])
    expect(await ask('/a/b', 'GET', { host: 'example.com' })).toEqual(found('static-ab-example'))
    expect(await ask('/a/b', 'GET', { host: 'other.com' })).toEqual(found('static-ab'))
  })
  it('a custom strategy that must match when derived keeps a request from every unconstrained route, used or not', async () => {
    const tenant: ConstraintStrategy<IncomingMessage> = {
      name: 'tenant',
      storage() {
        const byValue = new Map<unknown, unknown>()
        return {
          get: (value) => byValue.get(value) ?? null,
          set: (v, store) => byValue.set(v, store),
        }
      },
      deriveConstraint: (raw) => raw.headers['x-tenant'],
      mustMatchWhenDerived: true,
    }
    const { ask } = await serveWith({}, ROUTES, [tenant])
    expect(await ask('/a/b')).toEqual(found('static-ab'))
    expect(await ask('/a/b', 'GET', { 'x-tenant': 'acme' })).toEqual(notFound('/a/b'))
  })
})
