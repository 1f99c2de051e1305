import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { Instance } from './index.js'

describe('register: load order', () => {
  it("loads a plugin's body, then the plugins it registered, before its next sibling", async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register(async function a(instance) {
      events.push('a')
      instance.register(async function a1(inner) {
        events.push('a1')
        inner.register(async function a1x() {
          events.push('a1x')
        })
      })
      instance.register(async function a2() {
        events.push('a2')
      })
      events.push('a end')
    })
    app.register(async function b() {
      events.push('b')
    })
    events.push('root body')
    await app.ready()
    expect(events).toEqual(['root body', 'a', 'a end', 'a1', 'a1x', 'a2', 'b'])
  })

  it('gives framework-plugin plugins the same order (their children before the next sibling)', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register(
      fp(async (instance: Instance) => {
        events.push('fp')
        instance.register(async () => {
          events.push('fp child')
        })
      }),
    )
    app.register(async () => {
      events.push('next')
    })
    await app.ready()
    expect(events).toEqual(['fp', 'fp child', 'next'])
  })

  it('does not load anything before ready(), listen(), inject() or an await', async () => {
    const { app } = createApp()
    let loaded = false
    app.register(async () => {
      loaded = true
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(loaded).toBe(false)
    await app.ready()
    expect(loaded).toBe(true)
  })

  it('waits on the promise of an async plugin that also declares done, never on done', async () => {
    const { app } = createApp()
    let loaded = false
    app.register(async (_instance: Instance, _opts: unknown, _done: unknown) => {
      await Promise.resolve()
      loaded = true
    })
    await app.ready()
    expect(loaded).toBe(true)
  })

  it('lets the options function of a plugin declare routes on the instance it receives', async () => {
    const { app } = createApp()
    app.register(
      (_instance: Instance, _opts: unknown, done: () => void) => done(),
      (child: Instance) => {
        child.get('/from-options', async () => 'declared by the options function')
        return {}
      },
    )
    const response = await app.inject('/from-options')
    expect([response.statusCode, response.body]).toEqual([200, 'declared by the options function'])
  })

  it('`await app.register(p)` resolves once p and its children have loaded', async () => {
    const { app } = createApp()
    const events: string[] = []
    await app.register(async (instance) => {
      instance.register(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        events.push('grandchild')
      })
      events.push('child')
    })
    events.push('after await')
    expect(events).toEqual(['child', 'grandchild', 'after await'])
  })

  it('lets an async plugin await its own children mid-body', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register(async (instance) => {
      await instance.register(
        fp(async (inner: Instance) => {
          inner.decorate('db', 'connected' as never)
          events.push('db')
        }),
      )
      events.push(`body sees ${(instance as any).db}`)
    })
    await app.ready()
    expect(events).toEqual(['db', 'body sees connected'])
  })

  it('resolves `await app.register(p)` with the instance itself; `after()` returns a real promise (avvio)', async () => {
    const { app } = createApp()
    const registered: unknown = await app.register(async () => {})
    const pending = app.after()
    expect(pending).toBeInstanceOf(Promise)
    expect([registered === app, await pending]).toEqual([true, undefined])
    const failure = new Error('kaboom')
    app.register(async () => {
      throw failure
    })
    await expect(app.after()).rejects.toBe(failure)
  })

  it('lets an async function return the instance: awaiting it loads the plugins and gives the instance', async () => {
    const build = async () => {
      const { app } = createApp()
      app.register(fp(async (instance: Instance) => instance.decorate('loaded', true)))
      return app
    }
    const app = await build()
    expect((app as any).loaded).toBe(true)
    app.register(fp(async (instance: Instance) => instance.decorate('second', true)))
    expect(await app).toBe(app)
    expect((app as any).second).toBe(true)
  })

  it('is no longer thenable once ready; ready() resolves with the instance', async () => {
    const { app } = createApp()
    expect(await app.ready()).toBe(app)
    expect((app as any).then).toBeUndefined()
    expect(await Promise.resolve(app)).toBe(app)
  })

  it('returns the instance, so calls chain', async () => {
    const { app } = createApp()
    const events: string[] = []
    const returned = app
      .register(async () => {
        events.push('1')
      })
      .register(async () => {
        events.push('2')
      })
    expect(returned).toBe(app)
    await app.ready()
    expect(events).toEqual(['1', '2'])
  })

  it('accepts callback plugins (instance, opts, done)', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register(
      (instance, opts, done) => {
        setTimeout(() => {
          events.push(`callback ${opts.value}`)
          instance.decorate('fromCallback', true)
          done()
        }, 2)
      },
      { value: 7 },
    )
    app.register(async () => {
      events.push('next')
    })
    await app.ready()
    expect(events).toEqual(['callback 7', 'next'])
  })

  it('a child plugin may await a register on an ancestor: it loads at once, no deadlock', async () => {
    const { app } = createApp({ pluginTimeout: 500 })
    const events: string[] = []
    app.register(async (child) => {
      events.push('child body')
      await app.register(async () => {
        events.push('registered on the root, from the child')
      })
      events.push('child after await')
      child.get('/child', async () => 'child')
    })
    app.get('/root', async () => 'root')
    await app.ready()
    expect(events).toEqual([
      'child body',
      'registered on the root, from the child',
      'child after await',
    ])
    expect((await app.inject('/child')).body).toBe('child')
  })

  it('an options function may carry the prefix as its own property (as Fastify reads it)', async () => {
    const { app } = createApp()
    const options = Object.assign(() => ({}), { prefix: '/from-function' })
    app.register(async (child) => {
      child.get('/', async () => 'prefixed')
    }, options)
    const response = await app.inject('/from-function')
    expect([response.statusCode, response.body]).toEqual([200, 'prefixed'])
  })

  it('passes options, or the result of an options function given the parent', async () => {
    const { app } = createApp()
    app.decorate('config', { port: 1 })
    const seen: unknown[] = []
    app.register(
      async (_instance, opts) => {
        seen.push(opts)
      },
      { a: 1 },
    )
    app.register(
      async (_instance, opts) => {
        seen.push(opts)
      },
      (parent) => ({ port: (parent as any).config.port }),
    )
    app.register(async (_instance, opts) => {
      seen.push(opts)
    })
    await app.ready()
    expect(seen).toEqual([{ a: 1 }, { port: 1 }, {}])
  })

  it('accepts a module whose default export is the plugin, and a promise of one', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register({
      default: async () => {
        events.push('module')
      },
    })
    app.register(
      Promise.resolve({
        default: async () => {
          events.push('dynamic import')
        },
      }),
    )
    await app.ready()
    expect(events).toEqual(['module', 'dynamic import'])
  })

  it('refuses something that is not a plugin, at once', () => {
    const { app } = createApp()
    expect(() => app.register(42 as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_PLUGIN_NOT_VALID',
        message:
          'register() expects a plugin function (or a module whose default export is one), received number 42',
      }),
    )
  })
})

describe('after()', () => {
  it('runs once the plugins registered before it have loaded', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register(async (instance) => {
      instance.decorate('x', 1)
      events.push('plugin')
    })
    app.after(() => {
      events.push('after')
    })
    app.register(async () => {
      events.push('second')
    })
    await app.ready()
    expect(events).toEqual(['plugin', 'after', 'second'])
  })

  it('is awaitable without a callback', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.register(async () => {
      events.push('plugin')
    })
    await app.after()
    events.push('awaited')
    expect(events).toEqual(['plugin', 'awaited'])
  })

  it('hands a loading error to a callback that takes it; one that does not take it runs and passes it on', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.register(async function broken() {
      throw new Error('boom')
    })
    app.after(() => {
      seen.push('skipped?')
    })
    app.after((error) => {
      seen.push((error as Error).message)
    })
    app.register(async () => {
      seen.push('loads again')
    })
    await app.ready()
    expect(seen).toEqual(['skipped?', 'boom', 'loads again'])
  })

  it('supports (error, done) callbacks', async () => {
    const { app } = createApp()
    app.register(async () => {})
    app.after((_error, done) => {
      done?.(new Error('from done'))
    })
    await expect(app.ready()).rejects.toThrow('from done')
  })
})

describe('ready()', () => {
  it('returns the same promise every time, and supports a callback', async () => {
    const { app, transport } = createApp()
    const first = app.ready()
    expect(app.ready()).toBe(first)
    await first
    const error = await new Promise((resolve) => app.ready(resolve))
    expect(error).toBe(null)
    expect(transport.mountCount).toBe(1)
  })

  it('refuses routes, hooks, decorators, schemas, plugins and settings once ready', async () => {
    const { app } = createApp()
    await app.ready()
    const attempts: Array<[string, () => unknown]> = [
      ['Cannot add route!', () => app.get('/late', async () => 'x')],
      ['Cannot call "addHook"!', () => app.addHook('onRequest', async () => {})],
      ['Cannot call "addSchema"!', () => app.addSchema({ $id: 'late' })],
      ['Cannot call "register"!', () => app.register(async () => {})],
      ['Cannot call "setErrorHandler"!', () => app.setErrorHandler(() => {})],
      ['Cannot call "addContentTypeParser"!', () => app.addContentTypeParser('text/x', () => 1)],
    ]
    for (const [call, attempt] of attempts) {
      expect(attempt).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING',
          message: `Fastify instance is already listening. ${call}`,
        }),
      )
    }
    // Decorators have their own error, naming the decorator (Fastify's).
    expect(() => app.decorate('late', 1)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_AFTER_START' }),
    )
  })

  it('keeps loading while the code that runs in microtasks after ready() adds routes, as avvio does', async () => {
    const { app } = createApp()
    const ready = app.ready()
    // A promise chain as long as a test runner's between two tests, then a route, three times:
    // each route is one more step of loading, so the next one still counts.
    const chain = async (steps: number): Promise<void> => {
      for (let i = 0; i < steps; i++) await Promise.resolve()
    }
    const added: string[] = []
    const adding = (async () => {
      for (const path of ['/a', '/b', '/c']) {
        await chain(50)
        app.get(path, async () => path)
        added.push(path)
      }
    })()
    await ready
    await adding
    expect(added).toEqual(['/a', '/b', '/c'])
    for (const path of added) {
      const response = await app.inject({ method: 'GET', url: path })
      expect([response.statusCode, response.body]).toEqual([200, path])
    }
  })

  it('ends loading before the next timer: a route added in setTimeout after ready() is refused', async () => {
    const { app } = createApp()
    app.ready()
    const error = await new Promise((resolve) =>
      setTimeout(() => {
        try {
          app.get('/late', async () => 'late')
          resolve(null)
        } catch (thrown) {
          resolve(thrown)
        }
      }, 0),
    )
    expect(error).toMatchObject({
      code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING',
      message: 'Fastify instance is already listening. Cannot add route!',
    })
  })

  it('still accepts onClose hooks once ready', async () => {
    const { app } = createApp()
    await app.ready()
    let closed = false
    app.addHook('onClose', async () => {
      closed = true
    })
    await app.close()
    expect(closed).toBe(true)
  })
})

describe('prefix', () => {
  it('prefixes the routes of the new context and composes with its ancestors', async () => {
    const { app } = createApp()
    app.register(
      async (v1) => {
        v1.get('/a', async () => 'a')
        v1.register(
          async (users) => {
            users.get('/:id', async (request) => request.params)
            users.get('/', async () => 'list')
          },
          { prefix: 'users/' },
        )
      },
      { prefix: '/v1' },
    )
    await app.ready()
    expect((await app.inject('/v1/a')).body).toBe('a')
    expect((await app.inject('/v1/users/7')).json()).toEqual({ id: '7' })
    // As Fastify 4.29: a prefix registered with a trailing slash serves `/` at `/v1/users/` only.
    expect((await app.inject('/v1/users')).statusCode).toBe(404)
    expect((await app.inject('/v1/users/')).body).toBe('list')
  })

  it('exposes prefix and pluginName on each context', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.register(
      async function api(instance) {
        seen.push([instance.prefix, instance.pluginName])
      },
      { prefix: '/api' },
    )
    await app.ready()
    expect([app.prefix, app.pluginName, ...seen]).toEqual(['', 'framework', ['/api', 'api']])
  })

  it('ignores prefix for a framework-plugin plugin (it runs in its parent context)', async () => {
    const { app } = createApp()
    app.register(
      fp(async (instance: Instance) => {
        instance.get('/here', async () => 'here')
      }),
      { prefix: '/ignored' },
    )
    expect((await app.inject('/here')).body).toBe('here')
  })
})
