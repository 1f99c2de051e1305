// Ordinary CommonJS user code, compiled against the published declarations (dist/index.d.cts).
import framework = require('framework')

const user = {
  $id: 'cjs.user',
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
} as const

declare module 'framework' {
  interface SharedSchemas {
    'cjs.user': typeof user
  }
}

const app: framework.Instance = framework({ bodyLimit: 1024 })
const same: framework.Instance = framework.default()
const named: framework.Instance = framework.framework()
const asFastify: framework.FastifyInstance = framework.fastify({ logger: false })
const marked = framework.fp(async () => {})

app.post('/users', { schema: { body: { $ref: 'cjs.user#' } } }, async (request) => {
  const name: string = request.body.name
  // @ts-expect-error: a property the schema does not declare is unknown (kept by the validator)
  const typo: string = request.body.nmae
  return { name, typo }
})

const plugin: framework.Plugin = async (instance) => {
  instance.get(
    '/',
    { schema: { response: { 200: { $ref: 'cjs.user#' } } } },
    // @ts-expect-error: misses the required name
    async () => ({}),
  )
}
app.register(plugin)

export = { same, named, asFastify, marked }
