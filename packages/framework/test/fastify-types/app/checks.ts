// What the application's files may rely on: the augmentations reach every instance, request and
// reply, through either name, and inference did not silently become `any`.
import framework, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FrameworkReply,
  type FrameworkRequest,
  type Instance,
} from 'framework'
import { expectTypeOf } from 'vitest'
import type { Db, User } from './db.js'

const app = framework()
expectTypeOf(app.db).toEqualTypeOf<Db>()
expectTypeOf(app.audit).toEqualTypeOf<(event: string) => void>()
expectTypeOf<FastifyInstance['db']>().toEqualTypeOf<Db>()
expectTypeOf<Instance['db']>().toEqualTypeOf<Db>()
expectTypeOf<FrameworkRequest['user']>().toEqualTypeOf<User | null>()
expectTypeOf<FastifyRequest<{ Body: { a: number } }>['user']>().toEqualTypeOf<User | null>()
expectTypeOf<FrameworkReply['sendRows']>().toEqualTypeOf<(rows: unknown[]) => void>()
expectTypeOf<FastifyReply['sendRows']>().toEqualTypeOf<(rows: unknown[]) => void>()

app.register(async (child) => {
  expectTypeOf(child.db).toEqualTypeOf<Db>()
  child.get('/', async function (request, reply) {
    expectTypeOf(this.db).toEqualTypeOf<Db>()
    expectTypeOf(request.user).toEqualTypeOf<User | null>()
    expectTypeOf(request.startedAt).toBeNumber()
    expectTypeOf(reply.sendRows).toBeFunction()
    expectTypeOf(request.headers.authorization).toEqualTypeOf<string | undefined>()
    expectTypeOf(request.headers['x-trace']).toEqualTypeOf<string | string[] | undefined>()
    // @ts-expect-error: not declared by any plugin
    request.session
    // @ts-expect-error: not declared by any plugin
    this.cache
    return { ok: true }
  })
  child.addHook('preHandler', async (request, reply) => {
    expectTypeOf(request.user).toEqualTypeOf<User | null>()
    expectTypeOf(reply.sendRows).toBeFunction()
  })
  child.setErrorHandler((error, request) => {
    expectTypeOf(error).toEqualTypeOf<FastifyError>()
    expectTypeOf(request.user).toEqualTypeOf<User | null>()
  })
})
