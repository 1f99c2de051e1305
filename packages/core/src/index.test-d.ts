import { describe, expectTypeOf, it } from 'vitest'
import type { FakeRaw, FakeRes } from '../test/helpers/fake-transport.js'
import {
  type CoreOptions,
  createInstance,
  type FrameworkReply,
  type FrameworkRequest,
  type InjectResponse,
  type Instance,
  type Plugin,
  type ThenableInstance,
  type Transport,
} from './index.js'

declare module './index.js' {
  interface Instance {
    db: { query(sql: string): Promise<unknown[]> }
  }
}

declare const options: CoreOptions<FakeRaw, FakeRes>
const app = createInstance(options)

describe('types', () => {
  it('createInstance returns an Instance and takes a typed transport', () => {
    expectTypeOf(app).toEqualTypeOf<Instance>()
    expectTypeOf(options.transport).toEqualTypeOf<Transport<FakeRaw, FakeRes>>()
  })

  it('register returns the instance, which is awaitable', () => {
    const plugin: Plugin<{ table: string }> = async (instance, opts) => {
      expectTypeOf(instance).toEqualTypeOf<Instance>()
      expectTypeOf(opts.table).toBeString()
    }
    expectTypeOf(
      app.register(plugin, { table: 'users', prefix: '/users' }),
    ).toEqualTypeOf<ThenableInstance>()
    expectTypeOf(
      app.register(plugin, { table: 'users' }).register(plugin, { table: 'x' }),
    ).toMatchTypeOf<PromiseLike<void>>()
    expectTypeOf(app.after()).toEqualTypeOf<Promise<void>>()
    expectTypeOf(app.after(() => {})).toMatchTypeOf<Instance>()
    expectTypeOf(app.ready()).toEqualTypeOf<Promise<Instance>>()
    expectTypeOf(app.inject('/')).toEqualTypeOf<Promise<InjectResponse>>()
    expectTypeOf(app.listen({ port: 3000 })).toEqualTypeOf<Promise<string>>()
  })

  it('types handlers, with route generics', () => {
    app.get('/', async (request, reply) => {
      expectTypeOf(request).toEqualTypeOf<FrameworkRequest>()
      expectTypeOf(reply).toEqualTypeOf<FrameworkReply>()
      expectTypeOf(request.query).toEqualTypeOf<Record<string, any>>()
      expectTypeOf(request.body).toBeUnknown()
      return 'ok'
    })
    app.post<{ Body: { name: string }; Params: { id: string } }>('/:id', async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<{ name: string }>()
      expectTypeOf(request.params.id).toBeString()
      return request.body.name
    })
  })

  it('types hooks by name', () => {
    app.addHook('onRequest', async (request, reply) => {
      expectTypeOf(request.id).toBeString()
      expectTypeOf(reply.code).returns.toEqualTypeOf<FrameworkReply>()
    })
    app.addHook('onSend', async (_request, _reply, payload) => payload)
    app.addHook('onClose', async (instance) => {
      expectTypeOf(instance).toEqualTypeOf<Instance>()
    })
    app.addHook('onRoute', (route) => {
      expectTypeOf(route.routePath).toBeString()
    })
    app.addHook('preClose', async function () {
      expectTypeOf(this).toEqualTypeOf<Instance>()
    })
    app.addHook('onListen', function (done) {
      expectTypeOf(this.routing).toBeFunction()
      done()
    })
    app.addHook('onRequestAbort', async (request) => {
      expectTypeOf(request.id).toBeString()
    })
    app.get('/', { onRequestAbort: [async () => {}] }, async (_request, reply) => {
      await reply
      return reply.hijack()
    })
  })

  it('lets an async function return the instance (it is not thenable in types)', () => {
    const build = async (): Promise<Instance> => app
    expectTypeOf(build).returns.toEqualTypeOf<Promise<Instance>>()
  })

  it('lets an async function return the instance (it is not thenable in types)', () => {
    const build = async (): Promise<Instance> => app
    expectTypeOf(build).returns.toEqualTypeOf<Promise<Instance>>()
  })

  it('lets users declare their decorators by augmenting Instance', () => {
    expectTypeOf(app.db.query).returns.toEqualTypeOf<Promise<unknown[]>>()
  })
})
