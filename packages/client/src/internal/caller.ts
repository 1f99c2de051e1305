import type { TypedClient, TypedResponse } from '../client-types.js'
import { buildUrl } from './build-url.js'

/** What a transport answers: status, headers and the body as text. */
export interface RawAnswer {
  status: number
  headers: Headers
  text: string
}

/** Sends one request (through fetch, or through `inject`). */
export type Send = (
  method: string,
  url: string,
  headers: Headers,
  body: string | undefined,
  signal: AbortSignal | undefined,
) => Promise<RawAnswer>

interface AnyOptions {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  headers?: Record<string, unknown>
  body?: unknown
  signal?: AbortSignal
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** A JSON body is parsed; any other body is text; an empty body is `undefined`. */
function readData(text: string, type: string | null): unknown {
  if (text === '') return undefined
  if (!/[/+]json(\s*;|$)/i.test(type ?? '')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The client object shared by `createClient` and `typedInject`: one function per method that
 * builds the URL, the headers (defaults, then the call's) and the JSON body, sends them, and
 * reads the answer.
 */
export function createCaller<Routes>(
  send: Send,
  defaults?: Record<string, string>,
): TypedClient<Routes> {
  const client: Record<string, unknown> = {}
  for (const method of methods) {
    client[method.toLowerCase()] = async (path: string, options: AnyOptions = {}) => {
      const headers = new Headers(defaults)
      const extra = options.headers ?? {}
      for (const name of Object.keys(extra)) {
        if (extra[name] !== undefined) headers.set(name, String(extra[name]))
      }
      let body: string | undefined
      if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      }
      const url = buildUrl(path, options.params, options.query)
      const answer = await send(method, url, headers, body, options.signal)
      return {
        status: answer.status,
        headers: answer.headers,
        data: readData(answer.text, answer.headers.get('content-type')),
      } satisfies TypedResponse
    }
  }
  return client as unknown as TypedClient<Routes>
}
