import { describe, expectTypeOf, it } from 'vitest'
import framework, { type FetchHandler, toFetchHandler } from './index.js'

/** The hosts' own handler types, as they declare them (Bun's and Workers' allow either answer). */
type BunFetch = (
  request: Request,
  server: { requestIP(request: Request): unknown },
) => Response | Promise<Response>
type WorkersFetch = (request: Request, env: unknown, ctx: unknown) => Response | Promise<Response>
type DenoHandler = (
  request: Request,
  info: { remoteAddr: { hostname: string } },
) => Response | Promise<Response>

describe('toFetchHandler types', () => {
  it('returns a FetchHandler that answers a promise of a Response', () => {
    const handler = toFetchHandler(framework())
    expectTypeOf(handler).toEqualTypeOf<FetchHandler>()
    expectTypeOf(handler).returns.toEqualTypeOf<Promise<Response>>()
    expectTypeOf(handler).parameter(0).toEqualTypeOf<Request>()
  })

  it("fits Bun.serve's, Workers' and Deno.serve's handler types", () => {
    const handler = toFetchHandler(framework())
    expectTypeOf(handler).toExtend<BunFetch>()
    expectTypeOf(handler).toExtend<WorkersFetch>()
    expectTypeOf(handler).toExtend<DenoHandler>()
  })

  it('is awaited, or chained with then, to a Response', async () => {
    const response = await toFetchHandler(framework())(new Request('http://localhost/'))
    expectTypeOf(response).toEqualTypeOf<Response>()
    const status = toFetchHandler(framework())(new Request('http://localhost/')).then(
      (answer) => answer.status,
    )
    expectTypeOf(status).toEqualTypeOf<Promise<number>>()
    // @ts-expect-error a promise, not the Response itself
    toFetchHandler(framework())(new Request('http://localhost/')).status
  })
})
