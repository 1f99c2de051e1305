import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeTable } from '../test/fake-table.js'
import { createHttpTransport, type HttpTransport } from './http-transport.js'

const transports: HttpTransport[] = []
afterEach(async () => {
  for (const transport of transports.splice(0)) {
    transport.server.closeAllConnections()
    await transport.close()
  }
})

function mounted(options = {}): HttpTransport {
  const transport = createHttpTransport(options)
  transport.mount(fakeTable(transport).table)
  transports.push(transport)
  return transport
}

describe('listen', () => {
  it('resolves with the address as a URL', async () => {
    const transport = mounted()
    const address = await transport.listen({ port: 0, host: '127.0.0.1' })
    const { port } = transport.server.address() as { port: number }
    expect(address).toBe(`http://127.0.0.1:${port}`)
    expect(await (await fetch(`${address}/hello`)).json()).toEqual({ hello: 'world' })
  })

  it('writes an IPv6 address in brackets', async () => {
    const transport = mounted()
    const address = await transport.listen({ port: 0, host: '::1' }).catch(() => null)
    if (address === null) return // no IPv6 loopback on this machine
    const { port } = transport.server.address() as { port: number }
    expect(address).toBe(`http://[::1]:${port}`)
  })

  it("listens on 'localhost' by default", async () => {
    const transport = mounted()
    const address = await transport.listen({ port: 0 })
    expect(address).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/)
  })

  it('listens on a Unix socket path, resolving with the path', async () => {
    if (process.platform === 'win32') return
    const directory = mkdtempSync(join(tmpdir(), 'framework-http-'))
    const path = join(directory, 'server.sock')
    const transport = mounted()
    expect(await transport.listen({ path })).toBe(path)
    const body = await new Promise<string>((resolve, reject) => {
      request({ socketPath: path, path: '/hello' }, (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve(text))
      })
        .on('error', reject)
        .end()
    })
    expect(body).toBe('{"hello":"world"}')
    await transport.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it('refuses to listen twice with FRM_ERR_REOPENED_SERVER', async () => {
    const transport = mounted()
    const first = transport.listen({ port: 0, host: '127.0.0.1' })
    // Even while the first listen() is still under way.
    await expect(transport.listen({ port: 0, host: '127.0.0.1' })).rejects.toMatchObject({
      code: 'FRM_ERR_REOPENED_SERVER',
      message: 'Fastify is already listening',
    })
    await first
    await expect(transport.listen({ port: 0, host: '127.0.0.1' })).rejects.toMatchObject({
      code: 'FRM_ERR_REOPENED_SERVER',
    })
  })

  it('rejects with the system error for a port in use, and can listen again after', async () => {
    const holder = mounted()
    const taken = new URL(await holder.listen({ port: 0, host: '127.0.0.1' })).port
    const transport = mounted()
    await expect(
      transport.listen({ port: Number(taken), host: '127.0.0.1' }),
    ).rejects.toMatchObject({
      code: 'EADDRINUSE',
    })
    expect(await transport.listen({ port: 0, host: '127.0.0.1' })).toMatch(
      /^http:\/\/127\.0\.0\.1:/,
    )
  })

  it('rejects a port given as text that is no number (ERR_SOCKET_BAD_PORT) each time, and can listen after', async () => {
    const transport = mounted()
    for (const port of ['hello-world', '1234hello']) {
      await expect(
        transport.listen({ port: port as never, host: '127.0.0.1' }),
      ).rejects.toMatchObject({ code: 'ERR_SOCKET_BAD_PORT' })
    }
    expect(transport.server.listenerCount('error')).toBe(0)
    expect(await transport.listen({ port: 0, host: '127.0.0.1' })).toMatch(
      /^http:\/\/127\.0\.0\.1:/,
    )
    await transport.close()
  })

  it("on 0.0.0.0 resolves with the first IPv4 interface, the internal ones first, and lists them all (Fastify's lines)", async () => {
    const transport = mounted()
    const address = await transport.listen({ port: 0, host: '0.0.0.0' })
    const port = (transport.server.address() as { port: number }).port
    const internal = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((info) => info.family === 'IPv4' && info.internal)
      .map((info) => `http://${info.address}:${port}`)
    expect(address).toBe(internal[0])
    const all = transport.listeningAddresses()
    expect(all[0]).toBe(address)
    expect(all.slice(0, internal.length)).toEqual(internal)
    await transport.close()
    expect(transport.listeningAddresses()).toEqual([])
  })

  it('stops listening when the signal aborts', async () => {
    const transport = mounted()
    const controller = new AbortController()
    await transport.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })
    expect(transport.server.listening).toBe(true)
    controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(transport.server.listening).toBe(false)
  })
})

describe('close', () => {
  it('resolves at once when not listening', async () => {
    await expect(createHttpTransport().close()).resolves.toBe(undefined)
  })

  it('lets an in-flight request finish before it resolves', async () => {
    const transport = createHttpTransport()
    const { table, log } = fakeTable(transport)
    transport.mount(table)
    const address = await transport.listen({ port: 0, host: '127.0.0.1' })
    const inFlight = fetch(`${address}/slow?ms=300`).then(async (response) => ({
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.json(),
    }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const closing = Date.now()
    await transport.close()
    // The response had been written in full when close() resolved.
    expect(log.sendDone).toEqual([{ url: '/slow?ms=300', error: null }])
    expect(Date.now() - closing).toBeGreaterThanOrEqual(200)
    // ...and asked the client to drop the connection.
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: { slow: true } })
    expect(transport.server.listening).toBe(false)
  })

  it('closes idle keep-alive connections instead of waiting for their timeout', async () => {
    const transport = mounted()
    const address = await transport.listen({ port: 0, host: '127.0.0.1' })
    // fetch keeps its connection alive after this response.
    expect((await fetch(`${address}/hello`)).status).toBe(200)
    const started = Date.now()
    await transport.close()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('stops accepting connections', async () => {
    const transport = mounted()
    const address = await transport.listen({ port: 0, host: '127.0.0.1' })
    await transport.close()
    await expect(fetch(`${address}/hello`)).rejects.toThrow()
  })

  it('can listen again after close', async () => {
    const transport = mounted()
    await transport.listen({ port: 0, host: '127.0.0.1' })
    await transport.close()
    const address = await transport.listen({ port: 0, host: '127.0.0.1' })
    expect((await fetch(`${address}/hello`)).status).toBe(200)
  })
})

describe('close during listen', () => {
  it('waits for a listen() under way, then closes the server it opened', async () => {
    const transport = mounted()
    const listening = transport.listen({ port: 0, host: '127.0.0.1' })
    await transport.close()
    expect(await listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(transport.server.listening).toBe(false)
  })
})
