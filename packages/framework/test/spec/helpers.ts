import net from 'node:net'
import AjvModule from 'ajv'
import framework from 'framework'
import { afterEach, expect, it } from 'vitest'

/**
 * Shared machinery of the acceptance suite: apps that are always closed, one request function that
 * goes either through `inject` or over a real socket, and raw-socket exchanges for hostile clients.
 */

/** An application instance. Typed loosely on purpose: the suite checks runtime behaviour. */
export type App = any

/** The two ways a request reaches an app. */
export const transports = ['inject', 'socket'] as const
export type TransportName = (typeof transports)[number]

/** What a test sends. `payload` objects are sent as JSON (content-type set unless given). */
export interface SpecRequest {
  method?: string
  url: string
  headers?: Record<string, string>
  payload?: unknown
}

/** What a test reads back, the same for both transports. */
export interface SpecResponse {
  statusCode: number
  /** Lower-cased names, values joined with ', '. */
  headers: Record<string, string>
  body: string
  json(): any
}

/** Ajv, for tests that build their own validator instance (spec 4.2.5, 4.2.8). */
export const Ajv: any = (AjvModule as any).default ?? AjvModule

const created: App[] = []

/** Creates an app that is closed after the current test. */
export function makeApp(options?: Record<string, unknown>): App {
  const app = framework(options as any)
  created.push(app)
  return app
}

afterEach(async () => {
  const apps = created.splice(0)
  await Promise.all(
    apps.map((app) =>
      // A close that hangs (a request stuck in flight) must not hide the test's own failure.
      Promise.race([Promise.resolve().then(() => app.close()), sleep(3000)]).catch(() => undefined),
    ),
  )
})

const addresses = new WeakMap<object, Promise<string>>()

/** The app's address, listening on 127.0.0.1 with a free port on first use. */
export function addressOf(app: App): Promise<string> {
  let address = addresses.get(app)
  if (!address) {
    address = app.listen({ port: 0, host: '127.0.0.1' }) as Promise<string>
    addresses.set(app, address)
  }
  return address
}

/** The port the app listens on (listening first if needed). */
export async function portOf(app: App): Promise<number> {
  const address = await addressOf(app)
  return Number(new URL(address).port)
}

function normalizeHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return out
}

function encode(request: SpecRequest): { headers: Record<string, string>; body?: string | Buffer } {
  const headers = { ...(request.headers ?? {}) }
  const payload = request.payload
  if (payload === undefined) return { headers }
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return { headers, body: payload }
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
  if (!hasType) headers['content-type'] = 'application/json'
  return { headers, body: JSON.stringify(payload) }
}

function toResponse(statusCode: number, headers: Record<string, unknown>, body: string) {
  return {
    statusCode,
    headers: normalizeHeaders(headers),
    body,
    json: () => JSON.parse(body),
  }
}

/** Sends one request to `app` through `transport`. */
export async function send(
  app: App,
  transport: TransportName,
  request: SpecRequest,
): Promise<SpecResponse> {
  const { headers, body } = encode(request)
  const method = request.method ?? 'GET'
  if (transport === 'inject') {
    const response = await app.inject({ method, url: request.url, headers, payload: body })
    return toResponse(response.statusCode, response.headers, response.body)
  }
  const address = await addressOf(app)
  const response = await fetch(address + request.url, {
    method,
    headers,
    redirect: 'manual',
    body: body === undefined ? undefined : new Uint8Array(Buffer.from(body)),
  })
  const text = await response.text()
  const raw: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    raw[name] = value
  })
  return toResponse(response.status, raw, text)
}

/** A test body that receives a `send(app, request)` bound to one transport. */
export type BothBody = (ctx: {
  transport: TransportName
  send: (app: App, request: SpecRequest) => Promise<SpecResponse>
}) => Promise<void>

/**
 * Declares the test twice, once per transport: `[4.2.2] ... (inject)` and `[4.2.2] ... (socket)`.
 * The same body asserts for both.
 */
export function itBoth(name: string, body: BothBody, timeout?: number): void {
  for (const transport of transports) {
    it(
      `${name} (${transport})`,
      () => body({ transport, send: (app, request) => send(app, transport, request) }),
      timeout,
    )
  }
}

/** What a raw-socket exchange observed. */
export interface RawExchange {
  /** Everything the server wrote, as latin1 text. */
  data: string
  /** True when the server closed (or reset) the connection before `waitMs` ran out. */
  closed: boolean
  /** Milliseconds from connect until the server closed the connection (or the wait ended). */
  elapsed: number
  /** The status code of the first response, or 0 when none arrived. */
  status: number
}

/**
 * Writes `chunks` to a raw TCP connection (pausing `pauseMs` between them), never ends the client
 * side, and collects what the server writes until it closes the connection or `waitMs` passes.
 */
export async function rawExchange(
  port: number,
  chunks: Array<string | Buffer>,
  options: { waitMs?: number; pauseMs?: number } = {},
): Promise<RawExchange> {
  const waitMs = options.waitMs ?? 3000
  const started = Date.now()
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    let settled = false
    const finish = (closed: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(data)
      resolve({ data, closed, elapsed: Date.now() - started, status: match ? Number(match[1]) : 0 })
    }
    const timer = setTimeout(() => finish(false), waitMs)
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      data += chunk
    })
    socket.on('close', () => finish(true))
    socket.on('error', () => finish(true))
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (settled) return
        socket.write(chunk)
        if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs))
      }
    })
  })
}

/** The body of the first HTTP response in raw socket data (Content-Length framed). */
export function rawBody(data: string): string {
  const start = data.indexOf('\r\n\r\n')
  if (start < 0) return ''
  const head = data.slice(0, start)
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  const rest = data.slice(start + 4)
  return length ? rest.slice(0, Number(length[1])) : rest
}

/** The headers of the first HTTP response in raw socket data, lower-cased names. */
export function rawHeaders(data: string): Record<string, string> {
  const end = data.indexOf('\r\n\r\n')
  const lines = data
    .slice(0, end < 0 ? data.length : end)
    .split('\r\n')
    .slice(1)
  const out: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return out
}

/** The exact 400 body of a validation failure, per API.md. */
export function badRequest(message: string) {
  return { statusCode: 400, error: 'Bad Request', message }
}

/** Builds a raw HTTP/1.1 request text. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body = '',
): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return `${lines.join('\r\n')}\r\n\r\n${body}`
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * An error body without its `code`, after checking that a present `code` is the expected one.
 * API.md fixes statusCode, error and message; `code` is allowed ("plus `code` when the error has
 * one") but not required.
 */
export function withoutCode(body: Record<string, unknown>, expected: string) {
  const { code, ...rest } = body
  if (code !== undefined) expect(code).toBe(expected)
  return rest
}

/** Rejects when `promise` has not settled within `ms` milliseconds, saying what was awaited. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
