import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { Plugin } from './index.js'

describe('close()', () => {
  it('closes the transport, then runs onClose hooks, children before parents', async () => {
    const { app, transport } = createApp()
    const events: string[] = []
    app.addHook('onClose', async (instance) => {
      events.push(`root (transport closed: ${transport.closed})`)
      expect(instance).toBe(app)
    })
    app.register(async (child) => {
      child.addHook('onClose', (_instance, done) => {
        events.push('child')
        done()
      })
      child.register(async (grand) => {
        grand.addHook('onClose', async () => {
          events.push('grandchild')
        })
      })
    })
    app.register(async (sibling) => {
      sibling.addHook('onClose', async () => {
        events.push('sibling')
      })
    })
    await app.ready()
    const closing = app.close()
    expect(app.close()).toBe(closing)
    await closing
    expect(events).toEqual(['sibling', 'grandchild', 'child', 'root (transport closed: 1)'])
  })

  it('supports a callback, runs onClose hooks last added first (avvio), and reports a failing one after running the others', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.addHook('onClose', async () => {
      events.push('first')
      throw new Error('close failed')
    })
    app.addHook('onClose', async () => {
      events.push('second')
    })
    const error = await new Promise((resolve) => app.close(resolve))
    expect((error as Error).message).toBe('close failed')
    expect(events).toEqual(['second', 'first'])
  })
})

describe('closing', () => {
  it("refuses inject() and listen() once close() was called, with Fastify's FRM_ERR_REOPENED_CLOSE_SERVER", async () => {
    const { app } = createApp()
    app.get('/', async () => 'ok')
    expect((await app.inject('/')).body).toBe('ok')
    const closing = app.close()
    await expect(app.inject('/')).rejects.toMatchObject({
      code: 'FRM_ERR_REOPENED_CLOSE_SERVER',
      message: 'Fastify has already been closed and cannot be reopened',
    })
    const viaCallback = await new Promise((resolve) => app.inject('/', (error) => resolve(error)))
    expect(viaCallback).toMatchObject({ code: 'FRM_ERR_REOPENED_CLOSE_SERVER' })
    await closing
    await expect(app.listen({ port: 0 })).rejects.toMatchObject({
      code: 'FRM_ERR_REOPENED_CLOSE_SERVER',
    })
  })
})

describe('onReady and onRegister', () => {
  it('runs onReady hooks once everything loaded, with this bound to their context', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.addHook('onReady', async function () {
      events.push(`root ready, child decorator visible here: ${this.hasDecorator('childOnly')}`)
    })
    app.register(async (child) => {
      child.decorate('childOnly', 1)
      child.addHook('onReady', function (done) {
        events.push(`child ready: ${this.hasDecorator('childOnly')}`)
        done()
      })
    })
    await app.ready()
    expect(events).toEqual(['root ready, child decorator visible here: false', 'child ready: true'])
  })

  it('fails ready() when an onReady hook fails or is too slow', async () => {
    const failing = createApp().app
    failing.addHook('onReady', async () => {
      throw new Error('not ready')
    })
    await expect(failing.ready()).rejects.toThrow('not ready')
    const slow = createApp({ pluginTimeout: 20 }).app
    slow.addHook('onReady', async function warmCache() {
      await new Promise(() => {})
    })
    await expect(slow.ready()).rejects.toThrow(
      `A callback for 'onReady' hook "warmCache" timed out. You may have forgotten to call 'done' function or to resolve a Promise`,
    )
    const anonymous = createApp({ pluginTimeout: 20 }).app
    anonymous.addHook('onReady', (_done: () => void) => {})
    await expect(anonymous.ready()).rejects.toThrow(
      "A callback for 'onReady' hook timed out. You may have forgotten to call 'done' function or to resolve a Promise",
    )
  })

  it('calls onRegister for every new child context (not for framework-plugin plugins), with its options', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.addHook('onRegister', (instance, opts) => {
      seen.push([instance.prefix, opts])
    })
    app.register(
      async (child) => {
        child.register(async () => {}, { prefix: '/grand' })
      },
      { prefix: '/child', extra: true },
    )
    app.register(fp(async () => {}))
    await app.ready()
    expect(seen).toEqual([
      ['/child', { prefix: '/child', extra: true }],
      ['/child/grand', { prefix: '/grand' }],
    ])
  })
})

describe('listen, inject and server', () => {
  it('listen() readies the instance and listens on localhost by default', async () => {
    const { app, transport } = createApp()
    let ready = false
    app.addHook('onReady', async () => {
      ready = true
    })
    const address = await app.listen({ port: 3000 })
    expect([ready, address, transport.listenOptions]).toEqual([
      true,
      'http://localhost:3000',
      { host: 'localhost', port: 3000 },
    ])
    await expect(app.listen({ port: 3000 })).rejects.toThrow('Fastify is already listening')
  })

  it('listen() with a callback', async () => {
    const { app } = createApp()
    const result = await new Promise((resolve) =>
      app.listen({ port: 1, host: '0.0.0.0' }, (error, address) => resolve([error, address])),
    )
    expect(result).toEqual([null, 'http://0.0.0.0:1'])
  })

  it('inject() readies the instance first, and server is the transport server', async () => {
    const { app, transport } = createApp()
    const plugin: Plugin = async (instance) => {
      instance.get('/', async () => 'hi')
    }
    app.register(plugin)
    expect((await app.inject('/')).body).toBe('hi')
    expect(app.server).toBe(transport.server)
  })
})
