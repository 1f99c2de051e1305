import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'

describe('decorate', () => {
  it('adds a value, or accessors given as { getter, setter }', async () => {
    const { app } = createApp()
    let stored = 1
    app.decorate('value', 'v')
    app.decorate('computed', {
      getter: () => stored * 10,
      setter: (value: number) => {
        stored = value
      },
    })
    expect((app as any).value).toBe('v')
    expect((app as any).computed).toBe(10)
    ;(app as any).computed = 2
    expect((app as any).computed).toBe(20)
    expect(app.hasDecorator('computed')).toBe(true)
  })

  it('refuses to redeclare a name of the same context or a built-in; a child may shadow', async () => {
    const { app } = createApp()
    app.decorate('db', 1 as never)
    expect(() => app.decorate('db', 2 as never)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DEC_ALREADY_PRESENT',
        message: "The decorator 'db' has already been added!",
      }),
    )
    expect(() => app.decorate('register', 2 as never)).toThrow(
      "The decorator 'register' has already been added!",
    )
    const seen: unknown[] = []
    app.register(async (child) => {
      child.decorate('db', 3 as never)
      seen.push((child as any).db)
      expect(() => child.decorate('db', 4 as never)).toThrow(
        "The decorator 'db' has already been added!",
      )
      expect(() => child.decorate('inject', 4 as never)).toThrow(
        "The decorator 'inject' has already been added!",
      )
    })
    await app.ready()
    expect([...seen, (app as any).db]).toEqual([3, 1])
  })

  it('lets siblings declare the same name (they never see each other)', async () => {
    const { app } = createApp()
    const values: unknown[] = []
    app.register(async (a) => {
      a.decorate('local', 'a')
      values.push((a as any).local)
    })
    app.register(async (b) => {
      b.decorate('local', 'b')
      values.push((b as any).local)
    })
    await app.ready()
    expect(values).toEqual(['a', 'b'])
  })

  it('checks dependencies, naming the missing one', () => {
    const { app } = createApp()
    expect(() => app.decorate('auth', 1, ['db'])).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DEC_MISSING_DEPENDENCY',
        message: "The decorator is missing dependency 'db'.",
      }),
    )
    app.decorate('db', 1 as never)
    app.decorate('auth', 2, ['db'])
    expect((app as any).auth).toBe(2)
  })
})

describe('decorateRequest / decorateReply', () => {
  it('puts function values on the prototype, called with this = the request or reply', async () => {
    const { app } = createApp()
    app.decorateRequest('describe', function (this: any) {
      return `${this.method} ${this.url}`
    })
    app.decorateReply('teapot', function (this: any) {
      return this.code(418).send('short and stout')
    })
    app.get('/tea', async (request, reply) => {
      reply.header('x-described', (request as any).describe())
      return (reply as any).teapot()
    })
    const response = await app.inject('/tea')
    expect([response.statusCode, response.body, response.headers['x-described']]).toEqual([
      418,
      'short and stout',
      'GET /tea',
    ])
  })

  it('supports getters and setters, per request', async () => {
    const { app } = createApp()
    app.decorateRequest('doubled', {
      getter(this: any) {
        return Number(this.query.n) * 2
      },
    })
    app.decorateReply('note', {
      getter(this: any) {
        return this._note ?? 'none'
      },
      setter(this: any, value: string) {
        this._note = value
      },
    })
    app.get('/', async (request, reply) => {
      const before = (reply as any).note
      ;(reply as any).note = 'set'
      return { doubled: (request as any).doubled, before, after: (reply as any).note }
    })
    expect((await app.inject('/?n=4')).json()).toEqual({ doubled: 8, before: 'none', after: 'set' })
  })

  it('refuses objects and arrays (shared by every request), but accepts null and primitives', () => {
    const { app } = createApp()
    for (const value of [{}, []]) {
      expect(() => app.decorateRequest('shared', value)).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_DEC_REFERENCE_TYPE',
          message:
            value === null || !Array.isArray(value)
              ? "The decorator 'shared' of type 'object' is a reference type. Use the { getter, setter } interface instead."
              : "The decorator 'shared' of type 'object' is a reference type. Use the { getter, setter } interface instead.",
        }),
      )
      expect(() => app.decorateReply('shared', value)).toThrow(
        expect.objectContaining({ code: 'FRM_ERR_DEC_REFERENCE_TYPE' }),
      )
    }
    app.decorateRequest('user', null)
    app.decorateRequest('count', 0)
    expect([app.hasRequestDecorator('user'), app.hasRequestDecorator('count')]).toEqual([
      true,
      true,
    ])
  })

  it('refuses to redeclare a same-context name or a request/reply field (Fastify 5 list); a child may shadow', async () => {
    const { app } = createApp()
    app.decorateRequest('user', null)
    expect(() => app.decorateRequest('user', 1)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_ALREADY_PRESENT' }),
    )
    for (const name of ['body', 'params', 'query', 'raw', 'id', 'log']) {
      expect(() => app.decorateRequest(name, 1)).toThrow(
        `The decorator '${name}' has already been added!`,
      )
    }
    for (const name of ['raw', 'request', 'log']) {
      expect(() => app.decorateReply(name, 1)).toThrow(
        `The decorator '${name}' has already been added!`,
      )
    }
    app.register(async (child) => {
      child.decorateRequest('user', 'child')
      child.decorateReply('kind', 'child reply')
      expect(() => child.decorateRequest('user', 3)).toThrow(
        "The decorator 'user' has already been added!",
      )
      child.get('/child', async (request: any, reply: any) => [request.user, reply.kind])
    })
    app.decorateReply('kind', 'root reply')
    app.get('/root', async (request: any, reply: any) => [request.user, reply.kind])
    expect((await app.inject('/child')).json()).toEqual(['child', 'child reply'])
    expect((await app.inject('/root')).json()).toEqual([null, 'root reply'])
  })

  it('checks dependencies among request (or reply) decorators', () => {
    const { app } = createApp()
    expect(() => app.decorateRequest('session', null, ['user'])).toThrow(
      "The decorator is missing dependency 'user'.",
    )
    expect(() => app.decorateReply('view', null, ['layout'])).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_MISSING_DEPENDENCY' }),
    )
    app.decorateRequest('user', null)
    app.decorateRequest('session', null, ['user'])
    expect(app.hasRequestDecorator('session')).toBe(true)
    expect(app.hasReplyDecorator('session')).toBe(false)
    // Built-in members count as declared (Fastify 5): as dependencies and for has*Decorator.
    app.decorateReply('sendRows', null, ['send', 'raw'])
    expect([app.hasReplyDecorator('getHeader'), app.hasRequestDecorator('body')]).toEqual([
      true,
      true,
    ])
    expect(app.hasRequestDecorator('getHeader')).toBe(false)
  })

  it('decorates over a built-in method or accessor, in that context only (Fastify: decorateReply("getHeader"))', async () => {
    const { app } = createApp()
    app.register(async (child) => {
      child.decorateReply('getHeader', function (this: any, name: string) {
        return `decorated ${name}`
      })
      child.decorateRequest('is404', 'decorated' as never)
      child.get('/child', async (request: any, reply: any) => [
        reply.getHeader('x-a'),
        request.is404,
      ])
    })
    app.get('/root', async (request: any, reply: any) => {
      reply.header('x-a', 'set')
      return [reply.getHeader('x-a'), request.is404]
    })
    expect((await app.inject('/child')).json()).toEqual(['decorated x-a', 'decorated'])
    expect((await app.inject('/root')).json()).toEqual(['set', false])
  })

  it('lets an onRequest hook set a decorated property per request', async () => {
    const { app } = createApp()
    app.decorateRequest('user', null)
    app.addHook('onRequest', async (request) => {
      ;(request as any).user = request.headers['x-user'] ?? null
    })
    app.get('/', async (request) => ({ user: (request as any).user }))
    expect((await app.inject({ url: '/', headers: { 'x-user': 'ada' } })).json()).toEqual({
      user: 'ada',
    })
    expect((await app.inject('/')).json()).toEqual({ user: null })
  })
})

describe('decorators after start', () => {
  it("decorate, decorateRequest and decorateReply throw Fastify's FRM_ERR_DEC_AFTER_START naming the decorator", async () => {
    const { app } = createApp()
    app.get('/', async () => 'ok')
    await app.ready()
    for (const method of ['decorate', 'decorateRequest', 'decorateReply'] as const) {
      expect(() => (app as any)[method]('late', true)).toThrow(
        expect.objectContaining({
          code: 'FRM_ERR_DEC_AFTER_START',
          message: "The decorator 'late' has been added after start!",
        }),
      )
    }
    expect((await app.inject({ url: '/' })).body).toBe('ok')
  })

  it('an onReady hook may still decorate the instance (not the request or reply)', async () => {
    const { app } = createApp()
    const seen: string[] = []
    app.addHook('onReady', async function (this: any) {
      this.decorate('fromOnReady', 1)
      try {
        this.decorateRequest('fromOnReady', 1)
      } catch (error) {
        seen.push((error as { code: string }).code)
      }
    })
    await app.ready()
    expect((app as any).fromOnReady).toBe(1)
    expect(seen).toEqual(['FRM_ERR_DEC_AFTER_START'])
  })
})
