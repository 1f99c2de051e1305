import { createServer } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('[compat] reply.hijack() (Fastify 4)', () => {
  itBoth(
    'the handler writes reply.raw; onSend does not run, onResponse does once it ends (Fastify 4 and 5)',
    async ({ send }) => {
      const app = makeApp()
      const events: string[] = []
      app.addHook('onSend', async () => {
        events.push('onSend')
      })
      app.addHook('onResponse', async () => {
        events.push('onResponse')
      })
      app.get('/', async (_request: any, reply: any) => {
        reply.hijack()
        events.push(`sent=${reply.sent}`)
        reply.raw.writeHead(201, { 'content-type': 'text/plain', 'x-raw': 'yes' })
        reply.raw.end('written by hand')
      })
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(201)
      expect(response.headers['x-raw']).toBe('yes')
      expect(response.body).toBe('written by hand')
      await sleep(20)
      expect(events).toEqual(['sent=true', 'onResponse'])
    },
  )

  itBoth('a value returned after hijack() is not sent', async ({ send }) => {
    const app = makeApp()
    app.get('/', (_request: any, reply: any) => {
      reply.hijack()
      setTimeout(() => reply.raw.end('raw'), 5)
      return 'ignored'
    })
    expect((await send(app, { url: '/' })).body).toBe('raw')
  })
})

describe('[compat] reply.then() (Fastify 4: await reply)', () => {
  itBoth('await reply in a handler resolves once the response has finished', async ({ send }) => {
    const app = makeApp()
    const events: string[] = []
    app.get('/', async (_request: any, reply: any) => {
      reply.send(Readable.from(['a', 'b', 'c']))
      await reply
      events.push(`ended=${reply.raw.writableEnded}`)
      return reply
    })
    const response = await send(app, { url: '/' })
    expect(response.body).toBe('abc')
    await sleep(20)
    expect(events).toEqual(['ended=true'])
  })

  itBoth('an async handler may return reply and send later', async ({ send }) => {
    const app = makeApp()
    app.get('/', async (_request: any, reply: any) => {
      setTimeout(() => reply.send({ later: true }), 10)
      return reply
    })
    expect((await send(app, { url: '/' })).json()).toEqual({ later: true })
  })

  it('resolves at once for a hijacked reply, and then(fulfilled) is called with no value', async () => {
    const app = makeApp()
    let value: unknown = 'unset'
    app.get('/', (_request: any, reply: any) => {
      reply.hijack()
      reply.then((result: unknown) => {
        value = result
        reply.raw.end('done')
      })
    })
    expect((await app.inject('/')).body).toBe('done')
    expect(value).toBeUndefined()
  })
})

describe('[compat] instance.routing(req, res) (Fastify 4)', () => {
  it('routes requests of a server of its own through the application', async () => {
    const app = makeApp()
    app.addHook('onRequest', async (_request: any, reply: any) => {
      reply.header('x-hook', 'ran')
    })
    app.get('/hello/:name', async (request: any) => ({ hello: request.params.name }))
    await app.ready()
    const server = createServer((req, res) => app.routing(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as { port: number }
      const response = await fetch(`http://127.0.0.1:${port}/hello/ada`)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-hook')).toBe('ran')
      expect(await response.json()).toEqual({ hello: 'ada' })
      const missing = await fetch(`http://127.0.0.1:${port}/nope`)
      expect(missing.status).toBe(404)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('is the same function on every context, usable detached', async () => {
    const app = makeApp()
    let childRouting: unknown
    app.register(async (child: any) => {
      childRouting = child.routing
    })
    app.get('/', async () => 'root')
    await app.ready()
    expect(typeof childRouting).toBe('function')
    const server = createServer(childRouting as never)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as { port: number }
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('root')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('[compat] reply.callNotFound() (Fastify 4)', () => {
  itBoth('answers with the not-found handler that serves the URL', async ({ send }) => {
    const app = makeApp()
    app.setNotFoundHandler((request: any, reply: any) => {
      reply.code(404).send({ custom: true, url: request.url })
    })
    app.get('/maybe', (_request: any, reply: any) => {
      reply.callNotFound()
    })
    const response = await send(app, { url: '/maybe' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ custom: true, url: '/maybe' })
  })
})
