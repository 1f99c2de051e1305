import { describe, expect, it } from 'vitest'
import { itBoth, makeApp, portOf } from '../spec/helpers'

// trustProxy: request.ip, ips, hostname and protocol believe X-Forwarded-* headers as far as the
// option allows, and only then. Fastify 5's rules: X-Forwarded-Host and -Proto count only when the
// socket's peer is trusted, and a hop count trusts no one (it cannot tell a proxy from a client).

function whoAmI(options?: Record<string, unknown>) {
  const app = makeApp(options)
  app.get('/', async (request: any) => ({
    ip: request.ip,
    ips: request.ips ?? null,
    hostname: request.hostname,
    protocol: request.protocol,
  }))
  return app
}

const forwarded = {
  'x-forwarded-for': '203.0.113.7, 10.0.0.2',
  'x-forwarded-host': 'api.example.com',
  'x-forwarded-proto': 'https',
}

describe('[compat] trustProxy', () => {
  it('without it, forwarded headers are ignored (over a real socket)', async () => {
    const app = whoAmI()
    const port = await portOf(app)
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: forwarded })
    expect(await response.json()).toEqual({
      ip: '127.0.0.1',
      ips: null,
      hostname: '127.0.0.1',
      protocol: 'http',
    })
  })

  itBoth('trustProxy: true believes every proxy', async ({ send }) => {
    const app = whoAmI({ trustProxy: true })
    const response = await send(app, { url: '/', headers: forwarded })
    const body = response.json()
    expect(body.ip).toBe('203.0.113.7')
    expect(body.ips.slice(1)).toEqual(['10.0.0.2', '203.0.113.7'])
    expect([body.hostname, body.protocol]).toEqual(['api.example.com', 'https'])
  })

  itBoth('a hop count believes no proxy (Fastify 5 fails closed)', async ({ send, transport }) => {
    const app = whoAmI({ trustProxy: 1 })
    const response = await send(app, {
      url: '/',
      headers: forwarded,
    })
    expect(response.json()).toEqual({
      ip: '127.0.0.1',
      ips: ['127.0.0.1'],
      // The Host the client sent: light-my-request's, or fetch's.
      hostname: transport === 'inject' ? 'localhost' : '127.0.0.1',
      protocol: 'http',
    })
  })

  itBoth(
    'a forwarded host and protocol from an untrusted peer are ignored',
    async ({ send, transport }) => {
      const app = whoAmI({ trustProxy: '10.0.0.0/8' })
      const response = await send(app, {
        url: '/',
        headers: forwarded,
      })
      expect(response.json()).toEqual({
        ip: '127.0.0.1',
        ips: ['127.0.0.1'],
        // The Host the client sent: light-my-request's, or fetch's.
        hostname: transport === 'inject' ? 'localhost' : '127.0.0.1',
        protocol: 'http',
      })
    },
  )

  itBoth(
    'hostname drops the port of a forwarded host; IPv6 keeps its brackets',
    async ({ send }) => {
      const app = whoAmI({ trustProxy: true })
      const named = await send(app, {
        url: '/',
        headers: { 'x-forwarded-host': 'api.example.com:8443' },
      })
      expect(named.json().hostname).toBe('api.example.com')
      const ipv6 = await send(app, {
        url: '/',
        headers: { 'x-forwarded-host': '[2001:db8::1]:8443' },
      })
      expect(ipv6.json().hostname).toBe('[2001:db8::1]')
    },
  )

  it('an address list believes only those proxies', async () => {
    const trusted = whoAmI({ trustProxy: '127.0.0.1' })
    const port = await portOf(trusted)
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: forwarded })
    // 127.0.0.1 (the socket) is trusted, 10.0.0.2 is not: it is the client.
    expect(((await response.json()) as any).ip).toBe('10.0.0.2')
    const untrusted = whoAmI({ trustProxy: ['10.1.0.0/16'] })
    const other = await fetch(`http://127.0.0.1:${await portOf(untrusted)}/`, {
      headers: forwarded,
    })
    expect(((await other.json()) as any).ip).toBe('127.0.0.1')
  })

  it('a bad value is refused at creation', () => {
    expect(() => makeApp({ trustProxy: 'not-an-address' })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
    expect(() => makeApp({ trustProxy: -1 })).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_INVALID_OPTION' }),
    )
  })
})
