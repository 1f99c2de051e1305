import net from 'node:net'
import { describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { makeApp, portOf } from '../spec/helpers'

/** Opens a client socket to `url` and resolves with it once open (rejects on a refused upgrade). */
function open(url: string, headers?: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Writes `request` on a raw connection; resolves with what came back by close (or 500 ms). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const client = net.connect(port, '127.0.0.1', () => client.write(request))
    let data = ''
    client.on('data', (chunk) => {
      data += chunk
    })
    const timer = setTimeout(() => client.destroy(), 500)
    client.on('close', () => {
      clearTimeout(timer)
      resolve(data)
    })
  })
}

function nextMessage(socket: WebSocket): Promise<string> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(String(data))))
}

describe('[compat] upgrade requests reach app.server (Fastify 4)', () => {
  it("a WebSocketServer({ noServer: true }) on app.server's upgrade event handles the handshake", async () => {
    const app = makeApp()
    app.get('/http', async () => 'plain http')
    const wss = new WebSocketServer({ noServer: true })
    wss.on('connection', (socket, request) => {
      socket.on('message', (data) => socket.send(`${request.url} echo ${data}`))
    })
    app.server.on('upgrade', (request: any, socket: any, head: Buffer) => {
      wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request))
    })
    app.addHook('preClose', (done: () => void) => {
      for (const client of wss.clients) client.close()
      wss.close(() => done())
    })
    const port = await portOf(app)
    const socket = await open(`ws://127.0.0.1:${port}/chat`)
    const reply = nextMessage(socket)
    socket.send('hi')
    expect(await reply).toBe('/chat echo hi')
    // Plain requests still go through the routes.
    expect(await (await fetch(`http://127.0.0.1:${port}/http`)).text()).toBe('plain http')
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await app.close()
    expect(await closed).toBe(1005)
  })

  it('without an upgrade listener, a request asking for an upgrade is served as a plain request (as Fastify 4 on Node 20)', async () => {
    const app = makeApp()
    app.get('/x', async () => 'normal')
    const injected = await app.inject({
      url: '/x',
      headers: { connection: 'Upgrade', upgrade: 'websocket' },
    })
    expect(injected.body).toBe('normal')
    const answer = await rawExchange(
      await portOf(app),
      'GET /x HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    )
    expect(answer.startsWith('HTTP/1.1 200 OK')).toBe(true)
    expect(answer.endsWith('\r\n\r\nnormal')).toBe(true)
  })

  it('the upgrade listener sees the raw socket and the request line untouched', async () => {
    const app = makeApp()
    const seen: string[] = []
    app.server.on('upgrade', (request: any, socket: net.Socket) => {
      seen.push(`${request.method} ${request.url} ${request.headers.upgrade}`)
      socket.end('HTTP/1.1 426 Upgrade Required\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
    })
    const answer = await rawExchange(
      await portOf(app),
      'GET /raw?q=1 HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: custom\r\n\r\n',
    )
    expect(answer.startsWith('HTTP/1.1 426 Upgrade Required')).toBe(true)
    expect(seen).toEqual(['GET /raw?q=1 custom'])
  })
})
