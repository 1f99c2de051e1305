import type { TypedClient } from './client-types.js'
import { createCaller } from './internal/caller.js'

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Where the application listens, e.g. `http://localhost:3000` (a path prefix may follow). */
  baseUrl: string
  /** The fetch to use (default: the global `fetch`, read at each call). */
  fetch?: typeof fetch
  /** Headers sent with every request; a call's own `headers` override them. */
  headers?: Record<string, string>
}

/**
 * A typed client for the routes of a generated `Routes` type, over `fetch`. Paths are checked,
 * params substituted and encoded, the query serialized with arrays as repeated keys, a `body` sent
 * as JSON; each call resolves to `{ status, headers, data }`, narrowed by `status`. It rejects only
 * when fetch does (network errors), never for an error status.
 *
 * @example
 * import { createClient } from '@framework/client'
 * import type { Routes } from './routes.generated.js'
 *
 * const client = createClient<Routes>({ baseUrl: 'http://localhost:3000' })
 * const res = await client.get('/users/:id', { params: { id: 1 } })
 * if (res.status === 200) console.log(res.data.name)
 */
export function createClient<Routes>(options: ClientOptions): TypedClient<Routes> {
  const base = options.baseUrl.replace(/\/+$/, '')
  return createCaller<Routes>(async (method, url, headers, body, signal) => {
    const response = await (options.fetch ?? fetch)(base + url, { method, headers, body, signal })
    return { status: response.status, headers: response.headers, text: await response.text() }
  }, options.headers)
}
