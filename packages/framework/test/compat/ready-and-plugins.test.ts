import { fp } from 'framework'
import { describe, expect, it } from 'vitest'
import { makeApp } from '../spec/helpers'

// Fastify 4.29's ready() and plugin loading as its own tests observe them (issue 31, items 9, 21,
// 26 and v4.6.0's configurable version).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('[compat] ready()', () => {
  it('ready(cb) inside a plugin only queues cb: nothing loads before ready(), cb runs after all loaded', async () => {
    const app = makeApp()
    const order: string[] = []
    app.register((instance: any, _opts: unknown, done: () => void) => {
      instance.ready((error: unknown) => order.push(`callback error=${error}`))
      order.push('first body')
      done()
    })
    app.register(async () => {
      order.push('second body')
    })
    await sleep(10)
    order.push('ready() called')
    await app.ready()
    expect(order).toEqual(['ready() called', 'first body', 'second body', 'callback error=null'])
  })

  it('ready callbacks of plugins run in call order before the onReady hooks', async () => {
    const app = makeApp()
    const order: string[] = []
    const mark = (what: string) => () => {
      order.push(what)
    }
    app.register((instance: any, _opts: unknown, done: () => void) => {
      instance.ready(mark('ready child'))
      instance.addHook('onReady', mark('onReady child'))
      instance.register((sub: any, _o: unknown, subDone: () => void) => {
        sub.ready(mark('ready grandchild'))
        sub.addHook('onReady', mark('onReady grandchild'))
        subDone()
      })
      done()
    })
    app.addHook('onReady', mark('onReady root'))
    await app.ready()
    expect(order).toEqual([
      'ready child',
      'ready grandchild',
      'onReady root',
      'onReady child',
      'onReady grandchild',
    ])
  })

  it('ready(cb) gets (null, instance)', async () => {
    const app = makeApp()
    const args = await new Promise<unknown[]>((resolve) =>
      app.ready((...a: unknown[]) => resolve(a)),
    )
    expect(args).toEqual([null, app])
  })

  it('mixed ready(cb) and ready().then() settle in call order, resolved or rejected', async () => {
    const ok = makeApp()
    const resolved: number[] = []
    for (const n of [1, 2, 3, 4, 5, 6]) {
      if (n % 2) ok.ready(() => resolved.push(n))
      else ok.ready().then(() => resolved.push(n))
    }
    await ok.ready()
    expect(resolved).toEqual([1, 2, 3, 4, 5, 6])

    const failing = makeApp()
    const rejected: number[] = []
    failing.register((_i: unknown, _o: unknown, done: (error: Error) => void) => {
      setTimeout(() => done(new Error('load failed')), 20)
    })
    for (const n of [1, 2, 3, 4]) {
      if (n % 2) failing.ready().then(null, () => rejected.push(n))
      else failing.ready((error: Error) => rejected.push(error ? n : -n))
    }
    await expect(failing.ready()).rejects.toThrow('load failed')
    expect(rejected).toEqual([1, 2, 3, 4])
  })

  it('decorate() and addHook(onReady) work inside onReady; the added onReady hook does not run', async () => {
    const app = makeApp()
    let lateRan = false
    app.addHook('onReady', function (this: any, done: () => void) {
      this.decorate('late', 42)
      this.addHook('onReady', async () => {
        lateRan = true
      })
      done()
    })
    app.addHook('onReady', function (this: any, done: () => void) {
      expect(this.hasDecorator('late')).toBe(true)
      done()
    })
    await app.ready()
    expect(app.late).toBe(42)
    expect(lateRan).toBe(false)
  })

  it('a route hook cannot be added inside onReady', async () => {
    const app = makeApp()
    let refused: any
    app.addHook('onReady', function (this: any, done: () => void) {
      try {
        this.addHook('onRequest', () => {})
      } catch (error) {
        refused = error
      }
      done()
    })
    await app.ready()
    expect(refused?.code).toBe('FRM_ERR_INSTANCE_ALREADY_LISTENING')
  })
})

describe('[compat] plugin loading', () => {
  it('register(fp(plugin), opts => ...): the options function receives the parent instance', async () => {
    const app = makeApp()
    app.decorate('answer', 42)
    let received: unknown
    app.register(
      fp(async (_instance: unknown, opts: unknown) => {
        received = opts
      }),
      (parent: any) => ({ fromParent: parent.answer }),
    )
    await app.ready()
    expect(received).toEqual({ fromParent: 42 })
  })

  it('after an awaited loading error, later plugins never load and after()/ready() fail with it', async () => {
    const app = makeApp()
    const loaded: string[] = []
    const failure = new Error('kaboom')
    await expect(
      (async () => {
        await app.register(async () => {
          throw failure
        })
      })(),
    ).rejects.toBe(failure)
    app.register(async () => {
      loaded.push('second')
    })
    await expect((async () => await app.after())()).rejects.toBe(failure)
    app.register(async () => {
      loaded.push('third')
    })
    await expect(app.ready()).rejects.toBe(failure)
    expect(loaded).toEqual([])
  })

  it('pluginTimeout: 0 means no timeout', async () => {
    const app = makeApp({ pluginTimeout: 0 })
    app.register((_i: unknown, _o: unknown, done: () => void) => {
      setTimeout(done, 30)
    })
    await expect(app.ready()).resolves.toBe(app)
  })

  it('instance.version is configurable; a release-candidate version set by the application loads plugins for it', async () => {
    const app = makeApp()
    expect(typeof app.version).toBe('string')
    Object.defineProperty(app, 'version', { value: '99.0.0-rc.1' })
    expect(app.version).toBe('99.0.0-rc.1')
    const plugin: any = (_i: unknown, _o: unknown, done: () => void) => done()
    plugin[Symbol.for('plugin-meta')] = { name: 'rc-plugin', fastify: '99.x' }
    const older: any = (_i: unknown, _o: unknown, done: () => void) => done()
    older[Symbol.for('plugin-meta')] = { name: 'older-plugin', fastify: '^98.1.0' }
    app.register(plugin)
    app.register(older)
    await expect(app.ready()).resolves.toBe(app)
  })

  it('a plugin range neither the API level nor the set version admits is still refused', async () => {
    const app = makeApp()
    Object.defineProperty(app, 'version', { value: '99.0.0' })
    const plugin: any = (_i: unknown, _o: unknown, done: () => void) => done()
    plugin[Symbol.for('plugin-meta')] = { name: 'future', fastify: '100.x' }
    app.register(plugin)
    await expect(app.ready()).rejects.toMatchObject({ code: 'FRM_ERR_PLUGIN_VERSION_MISMATCH' })
  })
})
