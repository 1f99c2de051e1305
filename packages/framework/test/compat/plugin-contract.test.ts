import fastifyPlugin from 'fastify-plugin'
import fastifyPlugin5 from 'fastify-plugin-5'
import frameworkPlugin from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// The real fastify-plugin from npm (4.5): the marks it writes must mean what framework-plugin's mean.

describe('[compat] plugins wrapped with the real fastify-plugin', () => {
  itBoth(
    'a decorator, hook and route of a fastify-plugin plugin reach the parent',
    async ({ send }) => {
      const app = makeApp()
      app.register(
        fastifyPlugin(async (instance: any) => {
          instance.decorate('answer', 42)
          instance.decorateRequest('who', 'ada')
          instance.addHook('onRequest', async (_request: any, reply: any) => {
            reply.header('x-from-plugin', 'yes')
          })
        }),
      )
      app.get('/', async (request: any) => ({ answer: app.answer, who: request.who }))
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-from-plugin']).toBe('yes')
      expect(response.json()).toEqual({ answer: 42, who: 'ada' })
    },
  )

  it('names the plugin: hasPlugin answers its meta name', async () => {
    const app = makeApp()
    app.register(fastifyPlugin(async () => {}, { name: 'my-db' }))
    await app.ready()
    expect(app.hasPlugin('my-db')).toBe(true)
  })

  it('meta.dependencies: a missing dependency fails ready() naming both plugins', async () => {
    const app = makeApp()
    app.register(fastifyPlugin(async () => {}, { name: 'auth', dependencies: ['db'] }))
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FRM_ERR_PLUGIN_DEPENDENCY_MISSING',
      message: "The dependency 'db' of plugin 'auth' is not registered",
    })
  })

  it('meta.dependencies: a dependency registered before is found', async () => {
    const app = makeApp()
    app.register(fastifyPlugin(async () => {}, { name: 'db' }))
    app.register(fastifyPlugin(async () => {}, { name: 'auth', dependencies: ['db'] }))
    await expect(app.ready()).resolves.toBeDefined()
  })

  it('meta.decorators: instance, request and reply decorators are checked', async () => {
    const needs = (decorators: Record<string, string[]>) =>
      fastifyPlugin(async () => {}, { name: 'needy', decorators })
    const missing = makeApp()
    missing.register(needs({ reply: ['view'] }))
    await expect(missing.ready()).rejects.toMatchObject({
      code: 'FRM_ERR_PLUGIN_DECORATOR_MISSING',
      message: "The decorator 'view' required by 'needy' is not present in Reply",
    })

    const fastifyKey = makeApp()
    fastifyKey.register(needs({ fastify: ['db'] }))
    await expect(fastifyKey.ready()).rejects.toMatchObject({
      code: 'FRM_ERR_PLUGIN_DECORATOR_MISSING',
      message: "The decorator 'db' required by 'needy' is not present in Fastify",
    })

    const present = makeApp()
    present.decorate('db', {})
    present.decorateRequest('user', null)
    present.decorateReply('view', () => {})
    present.register(
      needs({ instance: ['db'], fastify: ['db'], request: ['user'], reply: ['view'] }),
    )
    await expect(present.ready()).resolves.toBeDefined()
  })

  // Two API levels: Fastify 4.29.1 and Fastify 5.12.8 (the newest Fastify 5 the framework covers).
  it.each([
    '4.x',
    '>=4.16.0',
    '^4.0.0',
    '4.29.x',
    '5.x',
    '^5.0.0',
    '>=5.0.0',
    '5.12.x',
    '>=4 <6',
    '4.x || 5.x',
    '>=4.30.0',
  ])('meta.fastify %s loads', async (range) => {
    const app = makeApp()
    app.register(fastifyPlugin(async (i: any) => i.decorate('loaded', true), { fastify: range }))
    await app.ready()
    expect(app.loaded).toBe(true)
  })

  it.each(['3.x', '6.x', '^5.13.0', '<4.29.0', '>=6.0.0-0'])(
    'meta.fastify %s fails with Fastify’s error naming the plugin, the range and both levels',
    async (range) => {
      const app = makeApp()
      app.register(fastifyPlugin(async () => {}, { name: 'next-gen', fastify: range }))
      await expect(app.ready()).rejects.toMatchObject({
        code: 'FRM_ERR_PLUGIN_VERSION_MISMATCH',
        statusCode: 500,
        message: expect.stringContaining(
          `fastify-plugin: next-gen - expected '${range}' fastify version, '4.29.1' and '5.12.8' are installed`,
        ),
      })
    },
  )

  itBoth(
    'fastify-plugin 5 (what the Fastify-5 plugins use): its marks mean what 4’s do, its range is checked',
    async ({ send }) => {
      const app = makeApp()
      app.register(
        fastifyPlugin5(
          async (instance: any) => {
            instance.decorate('five', 5)
            instance.addHook('onRequest', async (_request: any, reply: any) => {
              reply.header('x-plugin-5', 'yes')
            })
          },
          { name: 'five', fastify: '5.x' },
        ),
      )
      app.get('/', async () => ({ five: app.five, has: app.hasPlugin('five') }))
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-plugin-5']).toBe('yes')
      expect(response.json()).toEqual({ five: 5, has: true })
      const refused = makeApp()
      refused.register(fastifyPlugin5(async () => {}, { name: 'six', fastify: '6.x' }))
      await expect(refused.ready()).rejects.toThrow(
        "fastify-plugin: six - expected '6.x' fastify version, '4.29.1' and '5.12.8' are installed",
      )
    },
  )

  it('the version check runs before the plugin: a refused plugin adds nothing', async () => {
    const app = makeApp()
    let ran = false
    app.register(
      fastifyPlugin(
        async (i: any) => {
          ran = true
          i.decorate('never', 1)
        },
        { name: 'old', fastify: '3.x' },
      ),
    )
    await expect(app.ready()).rejects.toThrow(/'3\.x' fastify version/)
    expect(ran).toBe(false)
    expect(app.hasDecorator('never')).toBe(false)
  })

  it('meta.encapsulate: true keeps the plugin in its own context', async () => {
    const app = makeApp()
    app.register(
      fastifyPlugin(async (instance: any) => instance.decorate('inner', 1), {
        name: 'scoped',
        encapsulate: true,
      }),
    )
    await app.ready()
    expect(app.hasDecorator('inner')).toBe(false)
  })

  it('instance.version is the framework’s own version', async () => {
    const app = makeApp()
    const { version } = await import('framework/package.json', { with: { type: 'json' } }).then(
      (module) => module.default,
    )
    expect(app.version).toBe(version)
    expect(typeof app.version).toBe('string')
  })
})

describe('[compat] framework-plugin and fastify-plugin are interchangeable', () => {
  it('framework-plugin writes the marks fastify-plugin writes', () => {
    const plugin = frameworkPlugin(async () => {}, { name: 'p', fastify: '4.x' })
    expect((plugin as any)[Symbol.for('skip-override')]).toBe(true)
    expect((plugin as any)[Symbol.for('fastify.display-name')]).toBe('p')
    expect((plugin as any)[Symbol.for('plugin-meta')]).toEqual({ name: 'p', fastify: '4.x' })
  })

  it('framework-plugin checks meta.fastify too', async () => {
    const app = makeApp()
    app.register(frameworkPlugin(async () => {}, { name: 'too-new', fastify: '6.x' }))
    await expect(app.ready()).rejects.toMatchObject({
      code: 'FRM_ERR_PLUGIN_VERSION_MISMATCH',
      message: expect.stringContaining("fastify-plugin: too-new - expected '6.x' fastify version"),
    })
    const fastify5 = makeApp()
    fastify5.register(frameworkPlugin(async () => {}, { name: 'fastify-5', fastify: '5.x' }))
    await expect(fastify5.ready()).resolves.toBeDefined()
  })
})

describe('[compat] hook style as Fastify decides it', () => {
  itBoth(
    'a hook that declares done and returns a promise moves on when the promise resolves',
    async ({ send }) => {
      const app = makeApp()
      // The shape @fastify/helmet's onRequest hook has: a plain function with `done` that returns a promise.
      app.addHook('onRequest', (_request: any, reply: any, _done: () => void) =>
        Promise.resolve().then(() => {
          reply.header('x-hook', 'ran')
        }),
      )
      app.get('/', async () => 'ok')
      const response = await send(app, { url: '/' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-hook']).toBe('ran')
      expect(response.body).toBe('ok')
    },
  )

  itBoth(
    'done and the promise: whichever settles first wins, the other is ignored',
    async ({ send }) => {
      const app = makeApp()
      const calls: string[] = []
      app.addHook('preHandler', (_request: any, _reply: any, done: () => void) => {
        done()
        return Promise.resolve().then(() => calls.push('promise settled'))
      })
      app.addHook('preHandler', async () => {
        calls.push('next hook')
      })
      app.get('/', async () => {
        calls.push('handler')
        return 'ok'
      })
      const response = await send(app, { url: '/' })
      expect(response.body).toBe('ok')
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(calls.filter((call) => call === 'next hook')).toHaveLength(1)
      expect(calls.filter((call) => call === 'handler')).toHaveLength(1)
    },
  )

  itBoth('a rejected promise of a done-style hook fails the request', async ({ send }) => {
    const app = makeApp()
    app.addHook('onRequest', (_request: any, _reply: any, _done: () => void) =>
      Promise.reject(Object.assign(new Error('denied'), { statusCode: 403 })),
    )
    app.get('/', async () => 'ok')
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'denied' })
  })

  itBoth('an onSend hook with done may return a promise of the new payload', async ({ send }) => {
    const app = makeApp()
    app.addHook('onSend', (_request: any, _reply: any, payload: string, _done: unknown) =>
      Promise.resolve(payload.toUpperCase()),
    )
    app.get('/', async () => 'quiet')
    expect((await send(app, { url: '/' })).body).toBe('QUIET')
  })

  it('an async hook that also declares done is refused by addHook', () => {
    const app = makeApp()
    expect(() =>
      app.addHook('onRequest', async (_request: any, _reply: any, _done: any) => {}),
    ).toThrow(expect.objectContaining({ code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER' }))
    expect(() =>
      app.addHook('onSend', async (_request: any, _reply: any, _payload: any, _done: any) => {}),
    ).toThrow(expect.objectContaining({ code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER' }))
  })
})

describe('[compat] plugin bodies get done, as in Fastify', () => {
  it('an async plugin declared (app, opts, next) may call next', async () => {
    const app = makeApp()
    app.register(async (instance: any, _opts: unknown, next: (error?: Error) => void) => {
      instance.decorate('fromAsync', true)
      next()
    })
    await app.ready()
    expect(app.fromAsync).toBeUndefined() // encapsulated: the child has it, the root does not
  })

  it('an async plugin declared (app, opts, next) fails through next', async () => {
    const app = makeApp()
    app.register(async (_instance: any, _opts: unknown, next: (error?: Error) => void) => {
      next(new Error('next failed'))
      await new Promise(() => {}) // never settles: next alone ends the plugin
    })
    await expect(app.ready()).rejects.toThrow('next failed')
  })
})
