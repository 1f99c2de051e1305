import type { TypedClient } from './client-types.js'
import { createCaller } from './internal/caller.js'

/** The part of an application `typedInject` uses: `inject` as light-my-request answers it. */
export interface Injectable {
  inject(options: {
    method: string
    url: string
    headers: Record<string, string>
    payload?: string
  }): PromiseLike<{
    statusCode: number
    headers: Record<string, string | string[] | number | undefined>
    payload: string
  }>
}

/**
 * The typed client of {@link createClient}, answering through `app.inject` (no socket): the same
 * calls and the same `{ status, headers, data }` answers, for tests.
 *
 * @example
 * import { typedInject } from '@framework/client'
 * import type { Routes } from './routes.generated.js'
 *
 * const api = typedInject<Routes>(app)
 * const res = await api.post('/users', { body: { name: 'Ada' } })
 * expect(res.status).toBe(201)
 */
export function typedInject<Routes>(
  app: Injectable,
  options: { headers?: Record<string, string> } = {},
): TypedClient<Routes> {
  return createCaller<Routes>(async (method, url, headers, body) => {
    const response = await app.inject({
      method,
      url,
      headers: Object.fromEntries(headers),
      ...(body === undefined ? {} : { payload: body }),
    })
    const answerHeaders = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of ([] as unknown[]).concat(value)) {
        if (item !== undefined) answerHeaders.append(name, String(item))
      }
    }
    return { status: response.statusCode, headers: answerHeaders, text: response.payload }
  }, options.headers)
}
