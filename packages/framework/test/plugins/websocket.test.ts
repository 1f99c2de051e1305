import websocket4 from '@fastify/websocket'
import websocket5 from '@fastify/websocket-5'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { makeApp, portOf } from '../spec/helpers'

/**
 * @fastify/websocket 10 (the last Fastify-4 line) and 11 (the Fastify-5 line), each case on both,
 * registered as their README says. It rewrites
 * every GET handler in `onRoute`, answers upgrades from `app.server`'s `upgrade` event through
 * `app.routing(req, res)` (so hooks run before the upgrade), hijacks the reply, and closes its
 * sockets in a `preClose` hook.
 */

/** Opens a client socket; resolves once open, rejects with the refusal (`Unexpected server response: 401`). */
function open(url: string, headers?: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

function nextMessage(socket: WebSocket): Promise<string> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(String(data))))
}

/** The plugin's two release lines: every case below runs on each. */
const lines = [
  ['Fastify 4', websocket4],
  ['Fastify 5', websocket5],
] as const

describe.each(lines)('[plugin] @fastify/websocket (%s)', (_line, websocket) => {
  it('echoes messages on a { websocket: true } route, over a real socket', async () => {
    const app = makeApp()
    await app.register(websocket)
    app.get('/echo', { websocket: true }, (socket: WebSocket, request: any) => {
      socket.on('message', (message) => socket.send(`${request.query.name}: ${message}`))
    })
    const port = await portOf(app)
    const client = await open(`ws://127.0.0.1:${port}/echo?name=ada`)
    const first = nextMessage(client)
    client.send('hello')
    expect(await first).toBe('ada: hello')
    const second = nextMessage(client)
    client.send('again')
    expect(await second).toBe('ada: again')
    client.close()
  })

  it('answers a plain HTTP request to a websocket-only route with 404 (inject and socket)', async () => {
    const app = makeApp()
    await app.register(websocket)
    app.get('/echo', { websocket: true }, (socket: WebSocket) => socket.close())
    expect((await app.inject('/echo')).statusCode).toBe(404)
    const port = await portOf(app)
    expect((await fetch(`http://127.0.0.1:${port}/echo`)).status).toBe(404)
  })

  it('serves HTTP and websocket on one route with handler + wsHandler', async () => {
    const app = makeApp()
    await app.register(websocket)
    app.route({
      method: 'GET',
      url: '/both',
      handler: (_request: any, reply: any) => {
        reply.send({ hello: 'http' })
      },
      wsHandler: (socket: WebSocket) => {
        socket.send('hello websocket')
      },
    })
    expect((await app.inject('/both')).json()).toEqual({ hello: 'http' })
    const port = await portOf(app)
    expect(await (await fetch(`http://127.0.0.1:${port}/both`)).json()).toEqual({ hello: 'http' })
    const client = new WebSocket(`ws://127.0.0.1:${port}/both`)
    expect(await nextMessage(client)).toBe('hello websocket')
    client.close()
  })

  it('runs the hooks before the upgrade: an onRequest / preValidation hook may refuse it', async () => {
    const app = makeApp()
    await app.register(websocket)
    const seen: string[] = []
    app.register(async (scoped: any) => {
      scoped.addHook('onRequest', async (request: any) => {
        seen.push(`onRequest ws=${request.ws}`)
      })
      scoped.addHook('preValidation', async (request: any, reply: any) => {
        if (request.headers['x-token'] !== 'secret') {
          await reply.code(401).send({ error: 'no token' })
        }
      })
      scoped.get('/private', { websocket: true }, (socket: WebSocket) => {
        socket.send('welcome')
      })
    })
    const port = await portOf(app)
    await expect(open(`ws://127.0.0.1:${port}/private`)).rejects.toThrow(
      'Unexpected server response: 401',
    )
    const client = new WebSocket(`ws://127.0.0.1:${port}/private`, {
      headers: { 'x-token': 'secret' },
    })
    expect(await nextMessage(client)).toBe('welcome')
    expect(seen).toEqual(['onRequest ws=true', 'onRequest ws=true'])
    client.close()
  })

  it('closes the open sockets when the application closes (its preClose hook)', async () => {
    const app = makeApp()
    await app.register(websocket)
    app.get('/stay', { websocket: true }, (socket: WebSocket) => socket.send('ready'))
    const port = await portOf(app)
    const client = new WebSocket(`ws://127.0.0.1:${port}/stay`)
    expect(await nextMessage(client)).toBe('ready')
    const closed = new Promise<number>((resolve) => client.once('close', resolve))
    await app.close()
    expect(await closed).toBe(1005)
    expect(app.server.listening).toBe(false)
  })

  it('injectWS tests a websocket route without a socket', async () => {
    const app = makeApp()
    await app.register(websocket)
    app.get('/echo', { websocket: true }, (socket: WebSocket) => {
      socket.on('message', (message) => socket.send(`echo ${message}`))
    })
    await app.ready()
    const client = await app.injectWS('/echo')
    const reply = nextMessage(client)
    client.send('inside')
    expect(await reply).toBe('echo inside')
    client.terminate()
  })

  it('sends an error thrown by the websocket handler to the errorHandler option', async () => {
    const app = makeApp()
    const errors: string[] = []
    await app.register(websocket, {
      errorHandler: (error: Error, socket: WebSocket) => {
        errors.push(error.message)
        socket.close(4000, 'handler failed')
      },
    })
    app.get('/fails', { websocket: true }, async () => {
      throw new Error('ws handler broke')
    })
    const port = await portOf(app)
    const client = new WebSocket(`ws://127.0.0.1:${port}/fails`)
    const code = await new Promise<number>((resolve) => client.once('close', resolve))
    expect(code).toBe(4000)
    expect(errors).toEqual(['ws handler broke'])
  })
})
