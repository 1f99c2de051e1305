import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeTable } from '../test/fake-table.js'
import { type Served, serve } from '../test/serve.js'
import { createHttpTransport } from './http-transport.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let served: Served | undefined
afterEach(async () => {
  await served?.close()
  served = undefined
})

/** A route whose answer comes after `delayMs`, reporting aborts and finishes into `events`. */
function slowRoute(
  transport: ReturnType<typeof createHttpTransport>,
  url: string,
  delayMs: number,
  events: string[],
) {
  return {
    method: 'GET',
    url,
    handle: (raw: IncomingMessage, res: ServerResponse) => {
      transport.onAbort(raw, res, () => events.push(`abort ${raw.url}`))
      transport.whenFinished(res, (error) => events.push(`finished ${raw.url} ${error ?? 'ok'}`))
      setTimeout(() => transport.send(res, 200, {}, 'late'), delayMs)
    },
  }
}

describe('onAbort, whenFinished, routing', () => {
  it('onAbort fires when the client leaves before the response; whenFinished reports no error', async () => {
    const events: string[] = []
    const transport = createHttpTransport()
    const { table } = fakeTable(transport, {
      extraRoutes: [slowRoute(transport, '/slow-abort', 100, events)],
    })
    transport.mount(table)
    const base = await transport.listen({ port: 0, host: '127.0.0.1' })
    served = {
      transport,
      base,
      port: Number(new URL(base).port),
      log: null as never,
      close: () => transport.close(),
    }
    await new Promise<void>((resolve) => {
      const socket = net.connect(served!.port, '127.0.0.1', () => {
        socket.write('GET /slow-abort HTTP/1.1\r\nHost: x\r\n\r\n')
        setTimeout(() => {
          socket.destroy()
          resolve()
        }, 20)
      })
    })
    await sleep(150)
    // The client leaving ends the response: not an error for whoever awaits it.
    expect([...events].sort()).toEqual(['abort /slow-abort', 'finished /slow-abort ok'])
  })

  it('onAbort does not fire for a response that completed; whenFinished fires once it is written', async () => {
    const events: string[] = []
    const transport = createHttpTransport()
    const { table } = fakeTable(transport, {
      extraRoutes: [slowRoute(transport, '/quick', 5, events)],
    })
    transport.mount(table)
    const base = await transport.listen({ port: 0, host: '127.0.0.1' })
    served = {
      transport,
      base,
      port: Number(new URL(base).port),
      log: null as never,
      close: () => transport.close(),
    }
    expect(await (await fetch(`${base}/quick`)).text()).toBe('late')
    await sleep(20)
    expect(events).toEqual(['finished /quick ok'])
  })

  it('routing is the request listener: another server routes through the mounted table', async () => {
    served = await serve()
    const other = createServer(served.transport.routing)
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = other.address() as { port: number }
      const response = await fetch(`http://127.0.0.1:${port}/users/7`)
      expect(response.status).toBe(200)
      expect(((await response.json()) as any).params).toEqual({ id: '7' })
    } finally {
      await new Promise((resolve) => other.close(resolve))
    }
  })
})
