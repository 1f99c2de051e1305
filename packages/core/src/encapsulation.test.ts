import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { FrameworkRequest, Instance, RouteShorthandOptions } from './index.js'

/*
 * Every row of the specification's 2.1 table and every rule of 4.4, for each kind of entity a
 * context can hold: declared in the root, a child, a grandchild or a sibling, directly or through a
 * framework-plugin plugin registered there. The context tree:
 *
 *   root            (prefix '')
 *   ├── child       (prefix '/child')
 *   │   └── grandchild (prefix '/child/grand')
 *   └── sibling     (prefix '/sibling')
 *
 * An entity declared in X must be visible in X and X's descendants, and nowhere else.
 */

type Where = 'root' | 'child' | 'grandchild' | 'sibling'
const places: Where[] = ['root', 'child', 'grandchild', 'sibling']
const prefixes: Record<Where, string> = {
  root: '',
  child: '/child',
  grandchild: '/child/grand',
  sibling: '/sibling',
}
const expected: Record<Where, Record<Where, boolean>> = {
  root: { root: true, child: true, grandchild: true, sibling: true },
  child: { root: false, child: true, grandchild: true, sibling: false },
  grandchild: { root: false, child: false, grandchild: true, sibling: false },
  sibling: { root: false, child: false, grandchild: false, sibling: true },
}

interface Built {
  app: Instance
  contexts: Record<Where, Instance>
}

interface Entity {
  /** What is declared, for the test name. */
  name: string
  declare(instance: Instance): void
  /** Options of the GET/POST `/probe` route every context declares. */
  route?: RouteShorthandOptions
  /** Whether the entity is visible from `where`. */
  probe(built: Built, where: Where): Promise<boolean> | boolean
}

async function build(entity: Entity, declaredIn: Where, viaFp: boolean): Promise<Built> {
  const { app } = createApp()
  const contexts = {} as Record<Where, Instance>
  const setup = (instance: Instance, where: Where): void => {
    contexts[where] = instance
    if (where === declaredIn) {
      if (viaFp) instance.register(fp(async (host) => entity.declare(host), 'declarer'))
      else entity.declare(instance)
    }
    instance.route({
      method: ['GET', 'POST'],
      url: '/probe',
      handler: async () => ({ ok: true }),
      ...entity.route,
    })
  }
  setup(app, 'root')
  app.register(
    async (child) => {
      setup(child, 'child')
      child.register(async (grand) => setup(grand, 'grandchild'), { prefix: '/grand' })
    },
    { prefix: '/child' },
  )
  app.register(async (sibling) => setup(sibling, 'sibling'), { prefix: '/sibling' })
  await app.ready()
  return { app, contexts }
}

const get = (built: Built, where: Where, path = '/probe') =>
  built.app.inject({ method: 'GET', url: prefixes[where] + path })

const entities: Entity[] = [
  {
    name: 'an instance decorator (decorate)',
    declare: (instance) => instance.decorate('thing', 'value'),
    probe: ({ contexts }, where) => {
      const visible = contexts[where].hasDecorator('thing')
      expect((contexts[where] as any).thing).toBe(visible ? 'value' : undefined)
      return visible
    },
  },
  {
    name: 'a request decorator (decorateRequest)',
    declare: (instance) => instance.decorateRequest('thing', 'value'),
    route: { handler: async (request) => ({ thing: (request as any).thing ?? 'undefined' }) },
    probe: async (built, where) => {
      const visible = built.contexts[where].hasRequestDecorator('thing')
      expect((await get(built, where)).json()).toEqual({ thing: visible ? 'value' : 'undefined' })
      return visible
    },
  },
  {
    name: 'a reply decorator (decorateReply)',
    declare: (instance) => instance.decorateReply('thing', () => 'called'),
    route: {
      handler: async (_request, reply) => ({
        thing: typeof (reply as any).thing === 'function' ? (reply as any).thing() : 'undefined',
      }),
    },
    probe: async (built, where) => {
      const visible = built.contexts[where].hasReplyDecorator('thing')
      expect((await get(built, where)).json()).toEqual({ thing: visible ? 'called' : 'undefined' })
      return visible
    },
  },
  {
    name: 'a hook (addHook onRequest)',
    declare: (instance) =>
      instance.addHook('onRequest', async (_request, reply) => {
        reply.header('x-hook', 'ran')
      }),
    probe: async (built, where) => (await get(built, where)).headers['x-hook'] === 'ran',
  },
  {
    name: 'a plugin (register, hasPlugin)',
    declare: (instance) => instance.register(fp(async () => {}, 'named-plugin')),
    probe: ({ contexts }, where) => contexts[where].hasPlugin('named-plugin'),
  },
  {
    name: 'a shared schema (addSchema)',
    declare: (instance) => instance.addSchema({ $id: 'thing', type: 'string' }),
    probe: ({ contexts }, where) => {
      const visible = contexts[where].getSchema('thing') !== undefined
      expect(Object.keys(contexts[where].getSchemas()).includes('thing')).toBe(visible)
      return visible
    },
  },
  {
    name: 'a validator compiler (setValidatorCompiler)',
    declare: (instance) =>
      instance.setValidatorCompiler(() => () => ({ error: new Error('custom validator') })),
    route: { schema: { querystring: { type: 'object' } } },
    probe: async (built, where) => {
      const response = await get(built, where)
      return response.statusCode === 400 && response.json().message === 'custom validator'
    },
  },
  {
    name: 'a serializer compiler (setSerializerCompiler)',
    declare: (instance) => instance.setSerializerCompiler(() => () => '"custom serializer"'),
    route: { schema: { response: { 200: { type: 'object' } } } },
    probe: async (built, where) => (await get(built, where)).body === '"custom serializer"',
  },
  {
    name: 'an error handler (setErrorHandler)',
    declare: (instance) =>
      instance.setErrorHandler((_error, _request, reply) => {
        reply.code(418).send({ handled: true })
      }),
    route: {
      handler: async () => {
        throw new Error('boom')
      },
    },
    probe: async (built, where) => {
      const response = await get(built, where)
      expect(response.statusCode).toBe(response.json().handled ? 418 : 500)
      return response.statusCode === 418
    },
  },
  {
    name: 'a not-found handler (setNotFoundHandler)',
    declare: (instance) =>
      instance.setNotFoundHandler((_request, reply) => {
        reply.code(404).send({ custom: true })
      }),
    probe: async (built, where) => {
      const response = await get(built, where, '/missing')
      expect(response.statusCode).toBe(404)
      return response.json().custom === true
    },
  },
  {
    name: 'a schema error formatter (setSchemaErrorFormatter)',
    declare: (instance) =>
      instance.setSchemaErrorFormatter(
        (errors, dataVar) => new Error(`custom ${dataVar} ${errors.length}`),
      ),
    route: { schema: { querystring: { type: 'object', required: ['q'] } } },
    probe: async (built, where) => {
      const { message } = (await get(built, where)).json()
      expect(message).toMatch(
        /^custom querystring 1$|^querystring should have required property 'q'$/,
      )
      return message === 'custom querystring 1'
    },
  },
  {
    name: 'a content-type parser (addContentTypeParser)',
    declare: (instance) =>
      instance.addContentTypeParser(
        'application/x-thing',
        { parseAs: 'string' },
        (_request, body) => ({
          parsed: body,
        }),
      ),
    route: { handler: async (request: FrameworkRequest) => request.body ?? null },
    probe: async (built, where) => {
      const visible = built.contexts[where].hasContentTypeParser('application/x-thing')
      const response = await built.app.inject({
        method: 'POST',
        url: `${prefixes[where]}/probe`,
        headers: { 'content-type': 'application/x-thing' },
        payload: 'abc',
      })
      expect(response.statusCode).toBe(visible ? 200 : 415)
      return visible && response.json().parsed === 'abc'
    },
  },
]

describe('[2.1][4.4] a context sees its own entities and its ancestors, never a descendant or a sibling', () => {
  for (const entity of entities) {
    describe(entity.name, () => {
      for (const viaFp of [false, true]) {
        for (const declaredIn of places) {
          it(`declared in the ${declaredIn}${viaFp ? ' through framework-plugin' : ''}`, async () => {
            const built = await build(entity, declaredIn, viaFp)
            const seen = {} as Record<Where, boolean>
            for (const where of places) seen[where] = await entity.probe(built, where)
            expect(seen).toEqual(expected[declaredIn])
          })
        }
      }
    })
  }
})

describe('[2.1] the table, row by row', () => {
  it('[2.1] root context: its decorators are usable by every descendant', async () => {
    const { app } = createApp()
    app.decorate('db', 'root-db' as never)
    const seen: unknown[] = []
    app.register(async (child) => {
      seen.push((child as any).db)
      child.register(async (grand) => {
        seen.push((grand as any).db)
      })
    })
    await app.ready()
    expect(seen).toEqual(['root-db', 'root-db'])
  })

  it('[2.1] child context: created by register, sees ancestors decorators, hooks, plugins and schemas', async () => {
    const { app } = createApp()
    app.decorate('a', 1)
    app.addSchema({ $id: 'root-schema', type: 'string' })
    app.register(fp(async () => {}, 'root-plugin'))
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-root', '1')
    })
    let child!: Instance
    app.register(async (instance) => {
      child = instance
      instance.get('/', async () => 'ok')
    })
    await app.ready()
    expect(child).not.toBe(app)
    expect((child as any).a).toBe(1)
    expect(child.hasPlugin('root-plugin')).toBe(true)
    expect(Object.keys(child.getSchemas())).toEqual(['root-schema'])
    expect((await app.inject('/')).headers['x-root']).toBe('1')
  })

  it('[2.1] grandchild context: sees the child entities and the root ones', async () => {
    const { app } = createApp()
    app.decorate('fromRoot', 'r')
    let grand!: Instance
    app.register(async (child) => {
      child.decorate('fromChild', 'c')
      child.register(async (instance) => {
        grand = instance
      })
    })
    await app.ready()
    expect([(grand as any).fromRoot, (grand as any).fromChild]).toEqual(['r', 'c'])
  })

  it('[2.1] visibility: ancestors never see descendants entities, siblings never see each other', async () => {
    const { app } = createApp()
    let first!: Instance
    let second!: Instance
    app.register(async (instance) => {
      first = instance
      instance.decorate('mine', 1)
    })
    app.register(async (instance) => {
      second = instance
    })
    await app.ready()
    expect([
      app.hasDecorator('mine'),
      second.hasDecorator('mine'),
      first.hasDecorator('mine'),
    ]).toEqual([false, false, true])
  })

  it('[2.1][4.4.4] a framework-plugin plugin breaks encapsulation: decorators, hooks and routes reach the parent', async () => {
    const { app } = createApp()
    app.register(
      fp(async (instance: Instance) => {
        instance.decorate('shared', 'yes')
        instance.addHook('onRequest', async (_request, reply) => {
          reply.header('x-fp', '1')
        })
        instance.get('/from-plugin', async () => 'route')
      }),
    )
    app.get('/root', async () => 'root')
    await app.ready()
    expect((app as any).shared).toBe('yes')
    const fromPlugin = await app.inject('/from-plugin')
    expect([fromPlugin.body, fromPlugin.headers['x-fp']]).toEqual(['route', '1'])
    expect((await app.inject('/root')).headers['x-fp']).toBe('1')
  })
})

describe('[2.2] request decorators', () => {
  it('[2.2] appear on the request in the context and its descendants, undefined outside', async () => {
    const { app } = createApp()
    const read = async (request: FrameworkRequest) => ({ user: (request as any).user ?? null })
    app.get('/root', read)
    app.register(async (child) => {
      child.decorateRequest('user', 'alice')
      child.get('/child', read)
      child.register(async (grand) => {
        grand.get('/grand', read)
      })
    })
    app.register(async (sibling) => {
      sibling.get('/sibling', read)
    })
    const users = []
    for (const url of ['/root', '/child', '/grand', '/sibling'])
      users.push((await app.inject(url)).json().user)
    expect(users).toEqual([null, 'alice', 'alice', null])
  })

  it('[2.2] live on per-context prototypes, never as own properties of the request', async () => {
    const { app } = createApp()
    app.decorateRequest('flag', true)
    let own: boolean | undefined
    let inherited: boolean | undefined
    app.get('/', async (request) => {
      own = Object.hasOwn(request, 'flag')
      inherited = (request as any).flag
      return 'ok'
    })
    await app.inject('/')
    expect([own, inherited]).toEqual([false, true])
  })
})

describe('[4.4.3] getSchemas is scoped', () => {
  it('[4.4.3] root: root schemas; child: root + child; grandchild: root + child + grandchild', async () => {
    const { app } = createApp()
    const lists: Record<string, string[]> = {}
    app.addSchema({ $id: 'r', type: 'string' })
    app.register(async (child) => {
      child.addSchema({ $id: 'c', type: 'string' })
      child.register(async (grand) => {
        grand.addSchema({ $id: 'g', type: 'string' })
        lists.grand = Object.keys(grand.getSchemas())
      })
      child.after(() => {
        lists.child = Object.keys(child.getSchemas())
      })
    })
    app.register(async (sibling) => {
      lists.sibling = Object.keys(sibling.getSchemas())
    })
    await app.ready()
    lists.root = Object.keys(app.getSchemas())
    expect(lists).toEqual({
      root: ['r'],
      child: ['r', 'c'],
      grand: ['r', 'c', 'g'],
      sibling: ['r'],
    })
  })
})
