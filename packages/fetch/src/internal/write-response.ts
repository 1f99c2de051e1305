import type { OutgoingHeaders } from '@framework/core'
import type { FetchRawReply } from './raw-reply.js'

type ResponseBody = NonNullable<ConstructorParameters<typeof Response>[0]>

/** A Node Readable, as far as turning it into a web stream goes. */
interface NodeLikeStream {
  pipe: unknown
  on(event: string, listener: (...args: any[]) => void): unknown
  pause?(): void
  resume?(): void
  destroy?(error?: Error): void
}

/** True for the statuses whose responses never have a body (1xx, 204, 304). */
function hasNoBody(statusCode: number): boolean {
  return statusCode < 200 || statusCode === 204 || statusCode === 304
}

/**
 * Makes the `Response` of a reply, as the node:http transport frames it: a string or bytes get
 * their exact `content-length` (1xx and 204 neither that nor `content-type`), an empty body
 * `content-length: 0` (not for HEAD, 1xx, 204, 304), a stream (Node Readable, ReadableStream or
 * a `Response`'s body) is streamed. Headers set on `reply.raw` come first, the reply's own win.
 * Hands the `Response` to the reply (`res.respond`); the reply's listeners run once the body went
 * out in full (at once for a fixed body) or failed.
 */
export function writeResponse(
  res: FetchRawReply,
  method: string,
  statusCode: number,
  headers: OutgoingHeaders,
  payload: unknown,
): void {
  res.statusCode = statusCode
  res.headersSent = true
  let body: ResponseBody | null = null
  let stream = false
  if (typeof payload === 'string' || payload instanceof Uint8Array) {
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength
    if (statusCode < 200 || statusCode === 204) {
      delete headers['content-type']
      delete headers['content-length']
    } else {
      headers['content-length'] = length
    }
    if (!hasNoBody(statusCode) && length > 0) body = payload as ResponseBody
  } else if (payload === null || payload === undefined) {
    if (!hasNoBody(statusCode) && method !== 'HEAD') headers['content-length'] = 0
  } else if (payload instanceof Response) {
    body = hasNoBody(statusCode) ? null : payload.body
    stream = body !== null
  } else if (typeof (payload as ReadableStream).getReader === 'function') {
    body = hasNoBody(statusCode) ? null : (payload as ReadableStream)
    stream = body !== null
  } else if (typeof (payload as NodeLikeStream).pipe === 'function') {
    if (hasNoBody(statusCode)) (payload as NodeLikeStream).destroy?.()
    else body = fromNodeStream(payload as NodeLikeStream, res)
    stream = body !== null
  }
  if (stream && body instanceof ReadableStream) body = watchEnd(body, res)
  res.respond(new Response(body, { status: statusCode, headers: outgoingHeaders(res, headers) }))
  if (!stream) res.finish()
}

/**
 * The response's headers: those set on `reply.raw` first, the reply's own win. A plain object
 * (the host makes its `Headers` from it natively, in one call) unless a header has several
 * values (`set-cookie`), which only `Headers#append` keeps apart: the reply's own object itself
 * when it is all there is and holds only strings and numbers (the host converts a number as
 * `String` does), else a copy.
 */
function outgoingHeaders(
  res: FetchRawReply,
  headers: OutgoingHeaders,
): ConstructorParameters<typeof Headers>[0] {
  if (!res.hasOwnHeaders && onlyScalars(headers)) return headers as Record<string, string>
  const init: Record<string, string> = {}
  if (res.hasOwnHeaders) {
    const raw = res.getHeaders()
    for (const name of Object.keys(raw)) {
      const value = raw[name]!
      if (headers[name] !== undefined) continue
      if (Array.isArray(value)) return appendAll(res, headers)
      init[name] = String(value)
    }
  }
  for (const name of Object.keys(headers)) {
    const value = headers[name]!
    if (Array.isArray(value)) return appendAll(res, headers)
    init[name] = String(value)
  }
  return init
}

function onlyScalars(headers: OutgoingHeaders): boolean {
  for (const name in headers) {
    const kind = typeof headers[name]
    if (kind !== 'string' && kind !== 'number') return false
  }
  return true
}

/** The response's headers, one `append` per value. */
function appendAll(res: FetchRawReply, headers: OutgoingHeaders): Headers {
  const outgoing = new Headers()
  const raw = res.getHeaders()
  for (const name of Object.keys(raw))
    if (headers[name] === undefined) append(outgoing, name, raw[name]!)
  for (const name of Object.keys(headers)) append(outgoing, name, headers[name]!)
  return outgoing
}

function append(headers: Headers, name: string, value: string | number | readonly string[]): void {
  if (Array.isArray(value)) for (const item of value) headers.append(name, String(item))
  else headers.set(name, String(value))
}

/** A web stream of a Node Readable, paused while the host's consumer does not pull. */
function fromNodeStream(source: NodeLikeStream, res: FetchRawReply): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.on('data', (chunk: Uint8Array | string) => {
        controller.enqueue(
          typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk),
        )
        if ((controller.desiredSize ?? 1) <= 0) source.pause?.()
      })
      source.on('end', () => {
        controller.close()
        res.finish()
      })
      source.on('error', (error: Error) => {
        controller.error(error)
        res.finish(error)
      })
    },
    pull() {
      source.resume?.()
    },
    cancel() {
      source.destroy?.()
      res.finish()
    },
  })
}

/** `body`, passed through, finishing the reply when it ends, fails or is cancelled. */
function watchEnd(
  body: ReadableStream<Uint8Array>,
  res: FetchRawReply,
): ReadableStream<Uint8Array> {
  if (res.finished === null) return body
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          controller.close()
          res.finish()
        } else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
        res.finish(error as Error)
      }
    },
    cancel(reason) {
      res.finish()
      return reader.cancel(reason)
    },
  })
}
