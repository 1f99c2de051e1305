// Ordinary ESM user code, compiled against the published declarations (dist/index.d.ts).
import framework, {
  type FastifyInstance,
  type FrameworkReply,
  fastify,
  fp,
  type Instance,
  type Plugin,
} from 'framework'

const user = {
  $id: 'esm.user',
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name'],
} as const

declare module 'framework' {
  interface SharedSchemas {
    'esm.user': typeof user
  }
}

const app: Instance = framework({ logger: false })
app.addSchema(user)

app.post(
  '/users/:id',
  {
    schema: {
      params: { id: { type: 'integer' } },
      body: { $ref: 'esm.user#' },
      response: { 201: { $ref: 'esm.user#' } },
    },
  },
  async (request, reply) => {
    const name: string = request.body.name
    const id: number | undefined = request.params.id
    reply.code(201).send({ name: `${name}${id}` })
    // @ts-expect-error: name is required by the 201 schema
    reply.code(201).send({ age: 1 })
  },
)

const local = framework().addSchema({
  $id: 'esm.local',
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
} as const)
local.get('/ok', { schema: { response: { 200: { $ref: 'esm.local#' } } } }, async () => ({
  ok: true,
}))
// @ts-expect-error: ok must be a boolean
local.get('/bad', { schema: { response: { 200: { $ref: 'esm.local#' } } } }, async () => ({
  ok: 1,
}))

const routes: Plugin<{ prefix: string }> = async (instance) => {
  instance.post(
    '/',
    { schema: { body: { $ref: 'esm.user#' } } },
    async (request) => request.body.name,
  )
}
app.register(routes, { prefix: '/v1' })
app.register(fp(async (instance: Instance) => instance.decorate('x', 1)))

export const helper = (reply: FrameworkReply) => reply.code(204).send()

// `import { fastify } from 'framework'` is the factory, as in Fastify.
export const viaNamed: FastifyInstance = fastify({ logger: false }).get('/named', async () => 'ok')
// @ts-expect-error: the named export is the factory, not a namespace of it
fastify.framework
