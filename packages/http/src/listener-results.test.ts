import { EventEmitter } from 'node:events'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawExchange } from '../test/raw-socket.js'
import { type Served, serve } from '../test/serve.js'

// Every listener the transport gives node's emitters (servers, sockets, requests, responses)
// returns nothing. When a listener returns a value, node's `emit` passes it to its promise check
// along with the event's arguments. V8 then keeps those arguments as an array in every optimized
// `emit` of the process, and each listener call goes through a generic apply (about 600
// instructions a request on the simplest GET: node emits 'request', 'finish', 'end', 'close' and
// more for each request). One socket 'close' listener that returned `Set.prototype.delete`'s
// boolean did that to every request once the first connection had closed.

/** Listeners registered from the transport's own source (not from node, not from a test). */
const ours = new WeakSet<(...args: unknown[]) => unknown>()
/** Calls of our listeners, and those that returned a value. */
const calls: string[] = []
const valued: string[] = []

const originalOn = EventEmitter.prototype.on
const originalPrepend = EventEmitter.prototype.prependListener
const originalEmit = EventEmitter.prototype.emit

/** Records listeners registered from `packages/http/src/` outside its tests. */
function recording(register: typeof originalOn): typeof originalOn {
  return function (this: EventEmitter, type, listener) {
    // The frames below this function and the method it replaces.
    const callers = new Error().stack?.split('\n').slice(2) ?? []
    const fromTransport = callers.some(
      (frame) => frame.includes('/packages/http/src/') && !frame.includes('.test.'),
    )
    // once() registers a wrapper that names the listener it wraps
    if (fromTransport) ours.add((listener as { listener?: never }).listener ?? (listener as never))
    return register.call(this, type, listener)
  }
}

/** `emit` as node's, calling each listener itself to see what it returns. */
function observingEmit(this: EventEmitter, type: string | symbol, ...args: unknown[]): boolean {
  const events = (this as { _events?: Record<string | symbol, unknown> })._events
  const handler = events?.[type]
  if (handler === undefined) return originalEmit.call(this, type, ...args)
  type Listener = ((...args: unknown[]) => unknown) & { listener?: Listener }
  const listeners: Listener[] =
    typeof handler === 'function' ? [handler as Listener] : [...(handler as Listener[])]
  for (const listener of listeners) {
    const original = listener.listener ?? listener
    const result = Reflect.apply(listener, this, args)
    if (!ours.has(original)) continue
    const name = `${this.constructor.name} '${String(type)}': ${String(original).slice(0, 60)}`
    calls.push(name)
    if (result !== undefined && result !== null) valued.push(name)
  }
  return true
}

let served: Served
beforeAll(async () => {
  EventEmitter.prototype.on = EventEmitter.prototype.addListener = recording(originalOn)
  EventEmitter.prototype.prependListener = recording(originalPrepend)
  EventEmitter.prototype.emit = observingEmit
  served = await serve()
})
afterAll(async () => {
  await served.close()
  EventEmitter.prototype.on = EventEmitter.prototype.addListener = originalOn
  EventEmitter.prototype.prependListener = originalPrepend
  EventEmitter.prototype.emit = originalEmit
})

/** One request on a connection of its own, which closes after the answer. */
function once(method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${served.base}${path}`,
      { method, agent: false, headers: body ? { 'content-type': 'text/plain' } : {} },
      (res) => {
        res.resume()
        res.on('end', () => {
          resolve(res.statusCode!)
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('the listeners the transport gives node', () => {
  it('return nothing, for answers, bodies, streams, closed and aborted connections', async () => {
    expect(await once('GET', '/hello')).toBe(200)
    expect(await once('POST', '/echo', 'some text')).toBe(200)
    expect(await once('GET', '/stream')).toBe(200)
    expect(await once('GET', '/no/such/route')).toBe(404)
    // A body that never comes whole: the client leaves while the transport reads it.
    const aborted = await rawExchange(
      served.port,
      ['POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\npart', 50],
      200,
    )
    expect(aborted.ending).toBe('open')
    await new Promise((resolve) => setTimeout(resolve, 50))

    // The connections' 'close' (open connections kept for close()) and the responses' 'finish'
    // were among the calls, so the check saw the listeners it is about.
    expect(calls.some((call) => call.startsWith("Socket 'close'"))).toBe(true)
    expect(calls.some((call) => call.startsWith("ServerResponse 'finish'"))).toBe(true)
    expect(calls.some((call) => call.startsWith("IncomingMessage 'data'"))).toBe(true)
    expect(valued).toEqual([])
  })
})
