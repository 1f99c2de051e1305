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

  it('refuses to redeclare a visible name, own, inherited or built in', async () => {
    const { app } = createApp()
    app.decorate('db', 1)
    expect(() => app.decorate('db', 2)).toThrow(
      expect.objectContaining({
        code: 'FRM_ERR_DEC_ALREADY_PRESENT',
        message: "The decorator 'db' is already visible in this context: choose another name",
      }),
    )
    expect(() => app.decorate('register', 2)).toThrow("The decorator 'register' is already visible")
    let inChild: unknown
    app.register(async (child) => {
      try {
        child.decorate('db', 3)
      } catch (error) {
        inChild = (error as { code: string }).code
      }
    })
    await app.ready()
    expect(inChild).toBe('FRM_ERR_DEC_ALREADY_PRESENT')
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
        message:
          "The decorator 'auth' depends on 'db', which is not declared in this context or an ancestor",
      }),
    )
    app.decorate('db', 1)
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
            "The request/reply decorator 'shared' is an object or array, which every request would share: use a getter, or set it in an onRequest hook",
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

  it('refuses to redeclare a visible name or a built-in request/reply member', async () => {
    const { app } = createApp()
    app.decorateRequest('user', null)
    expect(() => app.decorateRequest('user', 1)).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_ALREADY_PRESENT' }),
    )
    expect(() => app.decorateRequest('body', 1)).toThrow("The decorator 'body' is already visible")
    expect(() => app.decorateRequest('headers', 1)).toThrow(
      "The decorator 'headers' is already visible",
    )
    expect(() => app.decorateReply('send', 1)).toThrow("The decorator 'send' is already visible")
    let code: unknown
    app.register(async (child) => {
      try {
        child.decorateRequest('user', 2)
      } catch (error) {
        code = (error as { code: string }).code
      }
    })
    await app.ready()
    expect(code).toBe('FRM_ERR_DEC_ALREADY_PRESENT')
  })

  it('checks dependencies among request (or reply) decorators', () => {
    const { app } = createApp()
    expect(() => app.decorateRequest('session', null, ['user'])).toThrow(
      "The decorator 'session' depends on 'user', which is not declared in this context or an ancestor",
    )
    expect(() => app.decorateReply('view', null, ['layout'])).toThrow(
      expect.objectContaining({ code: 'FRM_ERR_DEC_MISSING_DEPENDENCY' }),
    )
    app.decorateRequest('user', null)
    app.decorateRequest('session', null, ['user'])
    expect(app.hasRequestDecorator('session')).toBe(true)
    expect(app.hasReplyDecorator('session')).toBe(false)
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
