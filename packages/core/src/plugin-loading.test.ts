import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { Instance, Plugin } from './index.js'

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
          inner.decorate('db', 'connected')
          events.push('db')
        }),
      )
      events.push(`body sees ${(instance as any).db}`)
    })
    await app.ready()
    expect(events).toEqual(['db', 'body sees connected'])
  })

  it('resolves `await app.register(p)` and `await app.after()` with the instance itself', async () => {
    const { app } = createApp()
    const registered: unknown = await app.register(async () => {})
    const after: unknown = await app.after()
    expect([registered === app, after === app]).toEqual([true, true])
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
        code: 'FRM_ERR_PLUGIN_NOT_FUNCTION',
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

  it('hands a loading error to a callback that takes it; one that does not take it is skipped', async () => {
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
    expect(seen).toEqual(["Plugin 'broken' failed to load: boom", 'loads again'])
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
      ['route()', () => app.get('/late', async () => 'x')],
      ["addHook('onRequest')", () => app.addHook('onRequest', async () => {})],
      ['decorate()', () => app.decorate('late', 1)],
      ['decorateRequest()', () => app.decorateRequest('late', 1)],
      ['decorateReply()', () => app.decorateReply('late', 1)],
      ['addSchema()', () => app.addSchema({ $id: 'late' })],
      ['register()', () => app.register(async () => {})],
      ['setErrorHandler()', () => app.setErrorHandler(() => {})],
      ['addContentTypeParser()', () => app.addContentTypeParser('text/x', () => 1)],
    ]
    for (const [call, attempt] of attempts) {
      expect(attempt).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_INSTANCE_ALREADY_STARTED',
          message: `Cannot call ${call} once the instance is ready: add routes, hooks, decorators and schemas before ready(), listen() or inject()`,
        }),
      )
    }
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

describe('plugin errors', () => {
  it('fails ready() with an error naming a plugin that throws, keeping the original as cause', async () => {
    const { app } = createApp()
    const original = new Error('cannot connect')
    app.register(async function database() {
      throw original
    })
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_PLUGIN_FAILED')
    expect(error.message).toBe("Plugin 'database' failed to load: cannot connect")
    expect(error.cause).toBe(original)
  })

  it('names a plugin that passes an error to done', async () => {
    const { app } = createApp()
    app.register(
      fp(
        (_instance: Instance, _opts: unknown, done: (e?: Error) => void) => done(new Error('nope')),
        'cb-plugin',
      ),
    )
    await expect(app.ready()).rejects.toThrow("Plugin 'cb-plugin' failed to load: nope")
  })

  it('names the nested plugin that failed, not its parent', async () => {
    const { app } = createApp()
    app.register(async function outer(instance) {
      instance.register(async function inner() {
        throw new Error('deep')
      })
    })
    await expect(app.ready()).rejects.toThrow("Plugin 'inner' failed to load: deep")
  })

  it('names an anonymous plugin anonymous', async () => {
    const { app } = createApp()
    app.register(
      (() => async () => {
        throw new Error('x')
      })(),
    )
    await expect(app.ready()).rejects.toThrow("Plugin 'anonymous' failed to load: x")
  })

  it('names a plugin that throws a coded error, keeping that error as cause', async () => {
    const { app } = createApp()
    app.decorate('taken', 1)
    app.register(
      fp(async (instance: Instance) => {
        instance.decorate('taken', 2)
      }, 'redeclarer'),
    )
    const error = await app.ready().catch((e) => e)
    expect(error.message).toBe(
      "Plugin 'redeclarer' failed to load: The decorator 'taken' is already visible in this context: choose another name",
    )
    expect(error.cause.code).toBe('FRM_ERR_DEC_ALREADY_PRESENT')
  })

  it('rejects `await app.register(p)` with the error', async () => {
    const { app } = createApp()
    await expect(
      app.register(async function failing() {
        throw new Error('bad')
      }),
    ).rejects.toThrow("Plugin 'failing' failed to load: bad")
  })

  it('fails a plugin slower than pluginTimeout with a message naming it', async () => {
    const { app } = createApp({ pluginTimeout: 30 })
    app.register(async function slowDatabase() {
      await new Promise(() => {})
    })
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_PLUGIN_TIMEOUT')
    expect(error.message).toBe(
      "Plugin 'slowDatabase' did not finish loading within 30 ms: an async plugin must resolve, a callback plugin must call done()",
    )
  })

  it('times out a callback plugin that never calls done, naming its framework-plugin name', async () => {
    const { app } = createApp({ pluginTimeout: 20 })
    app.register(fp((_instance: Instance, _opts: unknown, _done: () => void) => {}, 'forgetful'))
    await expect(app.ready()).rejects.toThrow(
      "Plugin 'forgetful' did not finish loading within 20 ms",
    )
  })

  it('blames the slow child, not the parent awaiting it', async () => {
    const { app } = createApp({ pluginTimeout: 40 })
    app.register(async function parent(instance) {
      await instance.register(async function stuckChild() {
        await new Promise(() => {})
      })
    })
    await expect(app.ready()).rejects.toThrow("Plugin 'stuckChild' did not finish loading")
  })

  it('does not time out with pluginTimeout 0', async () => {
    const { app } = createApp({ pluginTimeout: 0 })
    app.register(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    await expect(app.ready()).resolves.toBe(app)
  })
})

describe('framework-plugin metadata', () => {
  it('fails with a clear error when a dependency is not registered', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, { name: 'auth', dependencies: ['database'] }))
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_PLUGIN_DEPENDENCY_MISSING')
    expect(error.message).toBe(
      "Plugin 'auth' needs the plugin 'database': register it before, in this context or an ancestor",
    )
  })

  it('accepts a dependency registered before, here or in an ancestor', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, 'database'))
    app.register(async (child) => {
      child.register(fp(async () => {}, { name: 'auth', dependencies: ['database'] }))
    })
    await expect(app.ready()).resolves.toBe(app)
  })

  it('does not see a dependency registered in a sibling', async () => {
    const { app } = createApp()
    app.register(async (first) => {
      first.register(fp(async () => {}, 'database'))
    })
    app.register(async (second) => {
      second.register(fp(async () => {}, { name: 'auth', dependencies: ['database'] }))
    })
    await expect(app.ready()).rejects.toThrow("Plugin 'auth' needs the plugin 'database'")
  })

  it('fails with a clear error when a required decorator is missing', async () => {
    for (const [decorators, missing] of [
      [{ instance: ['db'] }, 'db'],
      [{ request: ['user'] }, 'request.user'],
      [{ reply: ['view'] }, 'reply.view'],
    ] as const) {
      const { app } = createApp()
      app.register(fp(async () => {}, { name: 'needs', decorators }))
      const error = await app.ready().catch((e) => e)
      expect(error.code).toBe('FRM_ERR_PLUGIN_DECORATOR_MISSING')
      expect(error.message).toBe(
        `Plugin 'needs' needs the decorator '${missing}': declare it before registering the plugin`,
      )
    }
  })

  it('accepts required decorators that are visible', async () => {
    const { app } = createApp()
    app.decorate('db', {})
    app.decorateRequest('user', null)
    app.decorateReply('view', () => {})
    app.register(
      fp(async () => {}, {
        name: 'needs',
        decorators: { instance: ['db'], request: ['user'], reply: ['view'] },
      }),
    )
    await expect(app.ready()).resolves.toBe(app)
  })

  it('answers hasPlugin for fp names and function names', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, 'by-meta'))
    app.register(async function byFunctionName() {})
    await app.ready()
    expect([
      app.hasPlugin('by-meta'),
      app.hasPlugin('byFunctionName'),
      app.hasPlugin('nope'),
    ]).toEqual([true, true, false])
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
    expect((await app.inject('/v1/users')).body).toBe('list')
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
    expect([app.prefix, app.pluginName, ...seen]).toEqual(['', 'root', ['/api', 'api']])
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

  it('supports a callback, and reports a failing onClose hook after running the others', async () => {
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
    expect(events).toEqual(['first', 'second'])
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
      "The onReady hook 'warmCache' did not finish within 20 ms: call done() or resolve its promise",
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
    await expect(app.listen({ port: 3000 })).rejects.toThrow(
      'The server is already listening: call close() before listen() again',
    )
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
