import { Readable } from 'node:stream'
import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { HookName, Instance } from './index.js'

describe('the lifecycle', () => {
  it('runs onRequest → preParsing → parsing → preValidation → validation → preHandler → handler → preSerialization → onSend → write → onResponse', async () => {
    const { app, compilers } = createApp()
    const events: string[] = []
    const validator = compilers.validatorCompiler
    app.setValidatorCompiler((input) => {
      const validate = validator({})(input)
      return (data) => {
        events.push(`validate ${input.httpPart}`)
        return validate(data)
      }
    })
    app.addContentTypeParser('application/x-order', { parseAs: 'string' }, (_request, body) => {
      events.push('parse')
      return JSON.parse(body)
    })
    app.addHook('onRequest', async () => {
      events.push('onRequest')
    })
    app.addHook('preParsing', async () => {
      events.push('preParsing')
    })
    app.addHook('preValidation', async () => {
      events.push('preValidation')
    })
    app.addHook('preHandler', async () => {
      events.push('preHandler')
    })
    app.addHook('preSerialization', async (_request, _reply, payload) => {
      events.push('preSerialization')
      return { ...payload, added: true }
    })
    app.addHook('onSend', async (_request, _reply, payload) => {
      events.push(`onSend ${payload}`)
    })
    app.addHook('onResponse', async (_request, reply) => {
      events.push(`onResponse ${reply.statusCode}`)
    })
    app.post('/order', { schema: { params: {}, querystring: {} } }, async () => {
      events.push('handler')
      return { ok: true }
    })
    await app.inject({
      method: 'POST',
      url: '/order',
      headers: { 'content-type': 'application/x-order' },
      payload: '{}',
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(events).toEqual([
      'onRequest',
      'preParsing',
      'parse',
      'preValidation',
      'validate params',
      'validate querystring',
      'preHandler',
      'handler',
      'preSerialization',
      'onSend {"ok":true,"added":true}',
      'onResponse 200',
    ])
  })
})

describe('hooks', () => {
  it('give every hook done whatever it declares: a promise ends it, else done (Fastify 5)', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.addHook('onRequest', async () => {
      events.push('async')
    })
    app.addHook('onRequest', (_request, _reply, done) => {
      setTimeout(() => {
        events.push('callback')
        done()
      }, 1)
    })
    // Instrumentation wraps hooks this way: the wrapper declares nothing, the hook gets done.
    const original = (_request: unknown, _reply: unknown, done: () => void) => {
      setTimeout(() => {
        events.push('wrapped callback')
        done()
      }, 1)
    }
    app.addHook('onRequest', (...args: unknown[]) => (original as any)(...args))
    app.addHook('onSend', ((...args: unknown[]) => {
      const done = args[3] as (error: null, payload: string) => void
      done(null, `${args[2]}!`)
    }) as never)
    app.get('/', async () => events)
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([
      200,
      '["async","callback","wrapped callback"]!',
    ])
  })

  it('hold the request while a synchronous hook that returned nothing has not called done (Fastify 5)', async () => {
    const { app } = createApp()
    let release: (() => void) | undefined
    app.addHook('onRequest', (_request, _reply, done) => {
      release = done
    })
    app.addHook('preHandler', (_request, _reply) => {
      // Returns nothing, never calls done: the request waits, as in Fastify 5.
    })
    app.get('/', async () => 'answered')
    const pending = app.inject('/')
    const early = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('held'), 30)),
    ])
    expect(early).toBe('held')
    expect(typeof release).toBe('function')
    release!()
    const still = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('held'), 30)),
    ])
    expect(still).toBe('held')
  })

  it('run hooks of one kind in the order they took effect as plugins loaded (Fastify 4), whatever their order relative to routes', async () => {
    const { app } = createApp()
    const mark = (name: string) => async (request: any) => {
      request.raw.marks = [...(request.raw.marks ?? []), name]
    }
    app.register(async (child) => {
      child.get('/', async (request) => (request.raw as any).marks)
      child.addHook('preHandler', mark('child 1'))
      child.register(fp(async (host: Instance) => host.addHook('preHandler', mark('child fp'))))
      child.addHook('preHandler', mark('child 2'))
    })
    app.addHook('preHandler', mark('root 1'))
    app.addHook('preHandler', mark('root 2'))
    // The root's hooks take effect after the child plugin, registered before them, has loaded;
    // the fp plugin's hook takes effect when the fp plugin loads, between child 1 and child 2.
    expect((await app.inject('/')).json()).toEqual([
      'child 1',
      'child fp',
      'child 2',
      'root 1',
      'root 2',
    ])
  })

  it('run route-level hooks (a function or an array) after the context ones', async () => {
    const { app } = createApp()
    const mark = (name: string) => async (request: any) => {
      request.raw.marks = [...(request.raw.marks ?? []), name]
    }
    app.addHook('onRequest', mark('context'))
    app.get(
      '/',
      { onRequest: [mark('route 1'), mark('route 2')], preHandler: mark('route preHandler') },
      async (request) => (request.raw as any).marks,
    )
    app.get('/other', async (request) => (request.raw as any).marks)
    expect((await app.inject('/')).json()).toEqual([
      'context',
      'route 1',
      'route 2',
      'route preHandler',
    ])
    expect((await app.inject('/other')).json()).toEqual(['context'])
  })

  it('stop the lifecycle when a hook sends the reply', async () => {
    const { app } = createApp()
    let handled = false
    app.addHook('onRequest', async (_request, reply) => {
      reply.code(401).send({ denied: true })
    })
    app.addHook('preHandler', async () => {
      handled = true
    })
    app.get('/', async () => {
      handled = true
      return 'no'
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.json(), handled]).toEqual([401, { denied: true }, false])
  })

  it('send an error raised by a hook (thrown, rejected or passed to done) to the error handler', async () => {
    for (const hook of [
      async () => {
        throw Object.assign(new Error('thrown'), { statusCode: 403 })
      },
      (_request: unknown, _reply: unknown, done: (error?: Error) => void) =>
        done(Object.assign(new Error('thrown'), { statusCode: 403 })),
      () => {
        throw Object.assign(new Error('thrown'), { statusCode: 403 })
      },
    ]) {
      const { app } = createApp()
      app.addHook('preValidation', hook as never)
      app.get('/', async () => 'not reached')
      const response = await app.inject('/')
      expect([response.statusCode, response.json()]).toEqual([
        403,
        { statusCode: 403, error: 'Forbidden', message: 'thrown' },
      ])
    }
  })

  it('let preParsing replace the payload stream the body is read from', async () => {
    const { app } = createApp()
    app.addHook('preParsing', async (_request, _reply, payload) => {
      expect(payload).toHaveProperty('headers')
      return Readable.from([Buffer.from('{"replaced":true}')])
    })
    app.addHook('preParsing', (_request, _reply, payload, done) => {
      expect(payload).toBeInstanceOf(Readable)
      done(null, payload)
    })
    app.post('/', async (request) => request.body)
    const response = await app.inject({ method: 'POST', url: '/', payload: { original: true } })
    expect(response.json()).toEqual({ replaced: true })
  })

  it('let onSend replace the serialized payload (async return or callback)', async () => {
    const { app } = createApp()
    app.addHook('onSend', async (_request, _reply, payload) => `${payload}!`)
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('x-length', String(payload.length))
      done(null, `[${payload}]`)
    })
    app.get('/', async () => 'text')
    const response = await app.inject('/')
    expect([response.body, response.headers['x-length']]).toEqual(['[text!]', '5'])
  })

  it('run onError hooks before the error handler; they cannot change the reply', async () => {
    const { app } = createApp()
    const events: string[] = []
    app.addHook('onError', async (_request, _reply, error) => {
      events.push(`onError ${error.message}`)
    })
    app.addHook('onError', (_request, _reply, _error, done) => {
      events.push('onError callback')
      done()
    })
    app.setErrorHandler((error, _request, reply) => {
      events.push('handler')
      reply.code(500).send({ message: error.message })
    })
    app.get('/', async () => {
      throw new Error('bad')
    })
    expect((await app.inject('/')).json()).toEqual({ message: 'bad' })
    expect(events).toEqual(['onError bad', 'onError callback', 'handler'])
  })

  it('run the onError hooks again when an onSend hook fails the default error reply too, as Fastify', async () => {
    const { app } = createApp()
    const seen: string[] = []
    app.addHook('onSend', async (_request, reply) => {
      seen.push(`onSend ${reply.statusCode}`)
      throw new Error('onSend failed')
    })
    app.addHook('onError', (_request, reply, error, done) => {
      seen.push(`onError ${reply.statusCode} ${error.message}`)
      done()
    })
    app.get('/', async () => ({ ok: true }))
    const response = await app.inject('/')
    expect([response.statusCode, response.json().message]).toEqual([500, 'onSend failed'])
    expect(seen).toEqual([
      'onSend 200',
      'onError 200 onSend failed',
      'onSend 500',
      'onError 500 onSend failed',
    ])
  })

  it("refuse reply.send() inside an onError hook with Fastify's FRM_ERR_SEND_INSIDE_ONERR; the error handler answers", async () => {
    const { app } = createApp()
    let thrown: unknown
    app.addHook('onError', (_request, reply, _error, done) => {
      try {
        reply.send('from the hook')
      } catch (error) {
        thrown = error
      }
      done()
    })
    app.setErrorHandler((error, _request, reply) => {
      reply.code(500).send({ handled: error.message })
    })
    app.get('/', (_request, reply) => {
      reply.send(new Error('kaboom'))
    })
    const response = await app.inject('/')
    expect([response.statusCode, response.json()]).toEqual([500, { handled: 'kaboom' }])
    expect(thrown).toMatchObject({
      code: 'FRM_ERR_SEND_INSIDE_ONERR',
      message: 'You cannot use `send` inside the `onError` hook',
    })
  })

  it('run onTimeout hooks when the transport reports a timeout (only for routes that have them)', async () => {
    const { app, transport } = createApp()
    const events: string[] = []
    app.get(
      '/slow',
      { onTimeout: async (request) => void events.push(`timeout ${request.url}`) },
      (_request, reply) => {
        setTimeout(() => reply.send('late'), 5)
      },
    )
    app.get('/fast', async () => 'fast')
    const slow = app.inject('/slow')
    await app.inject('/fast')
    await new Promise((resolve) => setImmediate(resolve))
    expect(transport.timeouts.size).toBe(1)
    for (const fire of transport.timeouts.values()) fire()
    await slow
    expect(events).toEqual(['timeout /slow'])
  })

  it('call onRoute synchronously with the options, which it may change', async () => {
    const { app } = createApp()
    const seen: unknown[] = []
    app.addHook('onRoute', (route) => {
      seen.push([route.method, route.url, route.routePath, route.prefix])
      route.config = { ...route.config, tagged: true }
    })
    app.register(
      async (child) => {
        child.get('/b', async (request) => request.routeOptions.config)
      },
      { prefix: '/a' },
    )
    app.get('/', async (request) => request.routeOptions.config)
    // The automatic HEAD route is a full route: the onRoute hooks see it too.
    expect(seen).toEqual([
      ['GET', '/', '/', ''],
      ['HEAD', '/', '/', ''],
    ])
    expect((await app.inject('/a/b')).json()).toEqual({ tagged: true, url: '/a/b', method: 'GET' })
    expect((await app.inject({ method: 'HEAD', url: '/a/b' })).headers['content-length']).toBe('44')
    expect(seen).toEqual([
      ['GET', '/', '/', ''],
      ['HEAD', '/', '/', ''],
      ['GET', '/a/b', '/b', '/a'],
      ['HEAD', '/a/b', '/b', '/a'],
    ])
  })

  it('scope onRoute to the context and its descendants', async () => {
    const { app } = createApp()
    const seen: string[] = []
    app.register(async (child) => {
      child.addHook('onRoute', (route) => void seen.push(route.url as string))
      child.get('/in-child', async () => 'x')
      child.register(async (grand) => {
        grand.get('/in-grandchild', async () => 'x')
      })
    })
    app.register(async (sibling) => {
      sibling.get('/in-sibling', async () => 'x')
    })
    app.get('/in-root', async () => 'x')
    await app.ready()
    expect(seen).toEqual(['/in-child', '/in-child', '/in-grandchild', '/in-grandchild'])
  })

  it("refuse unknown names, names that are no string and non-functions, with Fastify's codes", () => {
    const { app } = createApp()
    expect(() => app.addHook('onFoo' as HookName, (() => {}) as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_HOOK_NOT_SUPPORTED',
        message:
          'onFoo hook not supported! Use one of onRequest, preParsing, preValidation, preHandler, preSerialization, onSend, onResponse, onError, onTimeout, onRequestAbort, onRoute, onRegister, onReady, onListen, preClose, onClose',
      }),
    )
    expect(() => app.addHook(1 as never, (() => {}) as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_HOOK_INVALID_TYPE',
        message: 'The hook name must be a string',
      }),
    )
    expect(() => app.addHook('onRequest', 'nope' as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_HOOK_INVALID_HANDLER',
        message: 'onRequest hook should be a function, instead got nope',
      }),
    )
    // A route option's wrong value is named by its tag, as Fastify names it; undefined is no hook.
    expect(() => app.get('/', { preHandler: [42 as never] }, async () => 'x')).toThrow(
      'preHandler hook should be a function, instead got [object Number]',
    )
    expect(() => app.get('/', { onRequest: [undefined as never] }, async () => 'x')).toThrow(
      'onRequest hook should be a function, instead got [object Undefined]',
    )
    expect(() => app.get('/', { onRequest: null as never }, async () => 'x')).toThrow(
      'onRequest hook should be a function, instead got [object Null]',
    )
    expect(() => app.get('/', { onRequest: undefined }, async () => 'x')).not.toThrow()
  })

  it('refuse an async hook that also takes done (regression: such a hook hung the request)', () => {
    const { app } = createApp()
    expect(() =>
      app.addHook('onRequest', async function check(
        _request: unknown,
        _reply: unknown,
        _done: unknown,
      ) {} as never),
    ).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_HOOK_INVALID_ASYNC_HANDLER',
        message:
          "Async function has too many arguments. Async hooks should not use the 'done' argument.",
      }),
    )
  })

  it('run the hooks of automatic HEAD routes too', async () => {
    const { app } = createApp()
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== 'yes') reply.code(401).send('no')
    })
    app.get('/secret', async () => 'secret')
    const head = await app.inject({ method: 'HEAD', url: '/secret' })
    expect(head.statusCode).toBe(401)
    const allowed = await app.inject({
      method: 'HEAD',
      url: '/secret',
      headers: { authorization: 'yes' },
    })
    expect([allowed.statusCode, allowed.body, allowed.headers['content-length']]).toEqual([
      200,
      '',
      '6',
    ])
  })
})
