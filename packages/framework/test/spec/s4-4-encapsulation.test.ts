import { fp } from 'framework'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from './helpers'

// Specification 2.1 and 4.4: encapsulation, with root, child, grandchild and sibling contexts,
// with and without framework-plugin.

/** Builds root → child → grandchild, plus a sibling of child; records what each context sees. */
function tree(app: any, declareIn: 'root' | 'child' | 'grandchild', declare: (ctx: any) => void) {
  const contexts: Record<string, any> = { root: app }
  if (declareIn === 'root') declare(app)
  app.register(async (child: any) => {
    contexts.child = child
    if (declareIn === 'child') declare(child)
    child.register(async (grandchild: any) => {
      contexts.grandchild = grandchild
      if (declareIn === 'grandchild') declare(grandchild)
    })
  })
  app.register(async (sibling: any) => {
    contexts.sibling = sibling
  })
  return contexts
}

describe('[4.4.1] decorators', () => {
  const expectations: Record<string, Record<string, boolean>> = {
    root: { root: true, child: true, grandchild: true, sibling: true },
    child: { root: false, child: true, grandchild: true, sibling: false },
    grandchild: { root: false, child: false, grandchild: true, sibling: false },
  }
  for (const where of ['root', 'child', 'grandchild'] as const) {
    it(`[4.4.1] a decorator added in ${where} is visible there and in descendants only`, async () => {
      const app = makeApp()
      const ctx = tree(app, where, (c) => c.decorate('util', `from-${where}`))
      await app.ready()
      for (const [name, visible] of Object.entries(expectations[where]!)) {
        expect(ctx[name].hasDecorator('util'), name).toBe(visible)
        expect(ctx[name].util, name).toBe(visible ? `from-${where}` : undefined)
      }
    })
  }

  it('[4.4.1] request and reply decorators follow the same visibility', async () => {
    const app = makeApp()
    const ctx = tree(app, 'child', (c) => {
      c.decorateRequest('reqDec', 1)
      c.decorateReply('replyDec', 2)
    })
    await app.ready()
    expect(ctx.child.hasRequestDecorator('reqDec')).toBe(true)
    expect(ctx.grandchild.hasReplyDecorator('replyDec')).toBe(true)
    expect(ctx.root.hasRequestDecorator('reqDec')).toBe(false)
    expect(ctx.sibling.hasReplyDecorator('replyDec')).toBe(false)
  })

  itBoth(
    '[2.1] siblings never see each other’s request decorators at request time',
    async ({ send }) => {
      const app = makeApp()
      app.register(async (a: any) => {
        a.decorateRequest('onlyA', 'a')
        a.get('/a', async (request: any) => ({
          a: request.onlyA ?? null,
          b: request.onlyB ?? null,
        }))
      })
      app.register(async (b: any) => {
        b.decorateRequest('onlyB', 'b')
        b.get('/b', async (request: any) => ({
          a: request.onlyA ?? null,
          b: request.onlyB ?? null,
        }))
      })
      app.get('/root', async (request: any) => ({
        a: request.onlyA ?? null,
        b: request.onlyB ?? null,
      }))
      expect((await send(app, { url: '/a' })).json()).toEqual({ a: 'a', b: null })
      expect((await send(app, { url: '/b' })).json()).toEqual({ a: null, b: 'b' })
      expect((await send(app, { url: '/root' })).json()).toEqual({ a: null, b: null })
    },
  )
})

describe('[4.4.2] plugins and hooks', () => {
  it('[4.4.2] a plugin registered in a context is available there and in descendants only', async () => {
    const app = makeApp()
    const named = fp(async () => {}, { name: 'named-plugin' })
    const ctx = tree(app, 'child', (c) => c.register(named))
    await app.ready()
    expect(ctx.child.hasPlugin('named-plugin')).toBe(true)
    expect(ctx.grandchild.hasPlugin('named-plugin')).toBe(true)
    expect(ctx.root.hasPlugin('named-plugin')).toBe(false)
    expect(ctx.sibling.hasPlugin('named-plugin')).toBe(false)
  })

  itBoth(
    '[4.4.2] a hook applies to its context and descendants, never ancestors or siblings',
    async ({ send }) => {
      const app = makeApp()
      app.addHook('onRequest', async (_request: any, reply: any) => {
        reply.header('x-root', '1')
      })
      app.register(async (child: any) => {
        child.get('/child', async () => 'child')
        child.addHook('onRequest', async (_request: any, reply: any) => {
          reply.header('x-child', '1')
        })
        child.register(async (grandchild: any) => {
          grandchild.get('/grandchild', async () => 'grandchild')
        })
      })
      app.register(async (sibling: any) => {
        sibling.get('/sibling', async () => 'sibling')
      })
      app.get('/root', async () => 'root')
      const seen = async (url: string) => {
        const res = await send(app, { url })
        return [res.headers['x-root'] ?? '-', res.headers['x-child'] ?? '-'].join('')
      }
      expect(await seen('/root')).toBe('1-')
      expect(await seen('/child')).toBe('11')
      expect(await seen('/grandchild')).toBe('11')
      expect(await seen('/sibling')).toBe('1-')
    },
  )

  it('[4.4.2] a dependency of an fp plugin must be visible, else ready fails naming both', async () => {
    const app = makeApp()
    app.register(async (child: any) => {
      child.register(fp(async () => {}, { name: 'db' }))
    })
    app.register(fp(async () => {}, { name: 'needs-db', dependencies: ['db'] }))
    const error = await app.ready().then(
      () => null,
      (e: Error) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toContain('needs-db')
    expect(error.message).toContain('db')
  })
})

describe('[4.4.3] schemas', () => {
  it('[4.4.3] getSchemas: root sees root; child root+child; grandchild all three; siblings apart', async () => {
    const app = makeApp()
    app.addSchema({ $id: 'r', type: 'string' })
    const seen: Record<string, string[]> = {}
    app.register(async (child: any) => {
      child.addSchema({ $id: 'c', type: 'string' })
      child.register(async (grandchild: any) => {
        grandchild.addSchema({ $id: 'g', type: 'string' })
        seen.grandchild = Object.keys(grandchild.getSchemas()).sort()
      })
      seen.child = Object.keys(child.getSchemas()).sort()
    })
    app.register(async (sibling: any) => {
      sibling.addSchema({ $id: 's', type: 'string' })
      seen.sibling = Object.keys(sibling.getSchemas()).sort()
    })
    await app.ready()
    expect(Object.keys(app.getSchemas())).toEqual(['r'])
    expect(seen.child).toEqual(['c', 'r'])
    expect(seen.grandchild).toEqual(['c', 'g', 'r'])
    expect(seen.sibling).toEqual(['r', 's'])
  })

  it('[4.4.3] the same $id may be used by two siblings', async () => {
    const app = makeApp()
    const seen: unknown[] = []
    app.register(async (a: any) => {
      a.addSchema({ $id: 'same', type: 'string' })
      seen.push(a.getSchema('same'))
    })
    app.register(async (b: any) => {
      b.addSchema({ $id: 'same', type: 'integer' })
      seen.push(b.getSchema('same'))
    })
    await app.ready()
    expect(seen).toEqual([
      { $id: 'same', type: 'string' },
      { $id: 'same', type: 'integer' },
    ])
    expect(app.getSchema('same')).toBeUndefined()
  })

  itBoth('[4.4.3] sibling routes resolve the same $ref to their own schema', async ({ send }) => {
    const app = makeApp()
    for (const [prefix, type] of [
      ['/a', 'string'],
      ['/b', 'integer'],
    ] as const) {
      app.register(async (ctx: any) => {
        ctx.addSchema({ $id: 'val', type: 'object', properties: { v: { type } } })
        ctx.post(
          prefix,
          { schema: { body: { $ref: 'val#' }, response: { 200: { $ref: 'val#' } } } },
          async (request: any) => request.body,
        )
      })
    }
    expect((await send(app, { method: 'POST', url: '/a', payload: { v: 1 } })).json()).toEqual({
      v: '1',
    })
    expect((await send(app, { method: 'POST', url: '/b', payload: { v: '2' } })).json()).toEqual({
      v: 2,
    })
  })
})

describe('[4.4.4] framework-plugin', () => {
  itBoth(
    '[4.4.4] an fp plugin’s decorators, hooks and routes are visible to the parent',
    async ({ send }) => {
      const app = makeApp()
      app.register(
        fp(async (instance: any) => {
          instance.decorate('fpDecorator', 'shared')
          instance.decorateRequest('fpRequest', 'req')
          instance.addHook('onRequest', async (_request: any, reply: any) => {
            reply.header('x-fp-hook', 'on')
          })
          instance.get('/from-fp', async () => 'fp route')
        }),
      )
      app.get('/root', async (request: any) => ({ dec: app.fpDecorator, req: request.fpRequest }))
      app.register(async (sibling: any) => {
        sibling.get('/sibling', async (request: any) => ({
          dec: sibling.fpDecorator,
          req: request.fpRequest,
        }))
      })
      const root = await send(app, { url: '/root' })
      expect(root.json()).toEqual({ dec: 'shared', req: 'req' })
      expect(root.headers['x-fp-hook']).toBe('on')
      const sibling = await send(app, { url: '/sibling' })
      expect(sibling.json()).toEqual({ dec: 'shared', req: 'req' })
      expect(sibling.headers['x-fp-hook']).toBe('on')
      const fromFp = await send(app, { url: '/from-fp' })
      expect(fromFp.body).toBe('fp route')
    },
  )

  it('[4.4.4] an fp plugin inside a child exposes to that child, not to the root', async () => {
    const app = makeApp()
    let child: any
    let grandchild: any
    app.register(async (c: any) => {
      child = c
      c.register(
        fp(async (i: any) => {
          i.decorate('fromFp', 1)
        }),
      )
      c.register(async (g: any) => {
        grandchild = g
      })
    })
    await app.ready()
    expect(child.hasDecorator('fromFp')).toBe(true)
    expect(grandchild.hasDecorator('fromFp')).toBe(true)
    expect(app.hasDecorator('fromFp')).toBe(false)
  })

  it('[4.4.4] an fp plugin’s schemas are visible to the parent', async () => {
    const app = makeApp()
    app.register(
      fp(async (i: any) => {
        i.addSchema({ $id: 'fromFp', type: 'string' })
      }),
    )
    await app.ready()
    expect(app.getSchema('fromFp')).toEqual({ $id: 'fromFp', type: 'string' })
  })
})

describe('[2.1] context and plugin, row by row', () => {
  /** root → child → grandchild, and a sibling; each context declares a request decorator. */
  function build() {
    const app = makeApp()
    const report = (request: any) => ({
      root: request.fromRoot ?? null,
      child: request.fromChild ?? null,
      grandchild: request.fromGrandchild ?? null,
      sibling: request.fromSibling ?? null,
    })
    app.decorateRequest('fromRoot', 'r')
    app.get('/root', async (request: any) => report(request))
    app.register(async (child: any) => {
      child.decorateRequest('fromChild', 'c')
      child.get('/child', async (request: any) => report(request))
      child.register(async (grandchild: any) => {
        grandchild.decorateRequest('fromGrandchild', 'g')
        grandchild.get('/grandchild', async (request: any) => report(request))
      })
    })
    app.register(async (sibling: any) => {
      sibling.decorateRequest('fromSibling', 's')
      sibling.get('/sibling', async (request: any) => report(request))
    })
    return app
  }

  itBoth('[2.1] root context: every descendant can use its decorators', async ({ send }) => {
    const app = build()
    for (const url of ['/root', '/child', '/grandchild', '/sibling']) {
      expect((await send(app, { url })).json().root, url).toBe('r')
    }
  })

  itBoth('[2.1] child context: sees its own and its ancestors’ entities', async ({ send }) => {
    const app = build()
    expect((await send(app, { url: '/child' })).json()).toEqual({
      root: 'r',
      child: 'c',
      grandchild: null,
      sibling: null,
    })
  })

  itBoth('[2.1] grandchild context: sees the child’s entities and the root’s', async ({ send }) => {
    const app = build()
    expect((await send(app, { url: '/grandchild' })).json()).toEqual({
      root: 'r',
      child: 'c',
      grandchild: 'g',
      sibling: null,
    })
  })

  itBoth(
    '[2.1] visibility: ancestors never see descendants, siblings never see each other',
    async ({ send }) => {
      const app = build()
      expect((await send(app, { url: '/root' })).json()).toEqual({
        root: 'r',
        child: null,
        grandchild: null,
        sibling: null,
      })
      expect((await send(app, { url: '/sibling' })).json()).toEqual({
        root: 'r',
        child: null,
        grandchild: null,
        sibling: 's',
      })
    },
  )

  itBoth(
    '[2.1] a plugin wrapped with framework-plugin is visible to the containing parent',
    async ({ send }) => {
      const app = makeApp()
      app.register(async (child: any) => {
        child.register(
          fp(async (wrapped: any) => {
            wrapped.decorateRequest('fromWrapped', 'w')
          }),
        )
        child.get('/parent-of-wrapped', async (request: any) => ({
          w: request.fromWrapped ?? null,
        }))
      })
      app.get('/root', async (request: any) => ({ w: request.fromWrapped ?? null }))
      expect((await send(app, { url: '/parent-of-wrapped' })).json()).toEqual({ w: 'w' })
      expect((await send(app, { url: '/root' })).json()).toEqual({ w: null })
    },
  )
})
