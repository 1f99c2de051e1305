import { request as httpRequest } from 'node:http'
import { it } from 'vitest'
import { type App, addressOf, type TransportName, transports } from '../spec/helpers'

/**
 * Byte-exact requests for the plugin suites: compressed, ranged or multipart bodies must be
 * compared as sent, so the socket side uses node:http (fetch would decode them) and the inject
 * side reads `rawPayload`.
 */

/** What a plugin test sends. */
export interface RawRequest {
  method?: string
  url: string
  headers?: Record<string, string>
  payload?: string | Buffer
}

/** What it reads back: lower-cased headers, the body as bytes. */
export interface RawResponse {
  statusCode: number
  headers: Record<string, string>
  body: Buffer
  text(): string
  json(): any
}

function normalize(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return out
}

function response(statusCode: number, headers: Record<string, unknown>, body: Buffer): RawResponse {
  return {
    statusCode,
    headers: normalize(headers),
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')),
  }
}

/** Sends one request through `transport`, reading the body as bytes. */
export async function sendRaw(
  app: App,
  transport: TransportName,
  request: RawRequest,
): Promise<RawResponse> {
  const method = request.method ?? 'GET'
  const headers = { ...(request.headers ?? {}) }
  if (transport === 'inject') {
    const res = await app.inject({ method, url: request.url, headers, payload: request.payload })
    return response(res.statusCode, res.headers, res.rawPayload)
  }
  const address = new URL(await addressOf(app))
  if (request.payload !== undefined) {
    headers['content-length'] ??= String(Buffer.byteLength(request.payload))
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: address.hostname, port: address.port, method, path: request.url, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(response(res.statusCode!, res.headers, Buffer.concat(chunks))))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(request.payload)
  })
}

/** A test body that receives a `send(app, request)` bound to one transport. */
export type RawBody = (ctx: {
  transport: TransportName
  send: (app: App, request: RawRequest) => Promise<RawResponse>
}) => Promise<void>

/** Declares the test once per transport (inject, then a real socket). */
export function itBothRaw(name: string, body: RawBody, timeout?: number): void {
  for (const transport of transports) {
    it(
      `${name} (${transport})`,
      () => body({ transport, send: (app, request) => sendRaw(app, transport, request) }),
      timeout,
    )
  }
}
