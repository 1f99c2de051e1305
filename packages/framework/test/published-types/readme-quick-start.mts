// The TypeScript quick start of the root README, compiled against the published declarations.
import framework from 'framework'

const user = {
  $id: 'user',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['name'],
} as const

const app = framework().addSchema(user)

app.post(
  '/users/:team',
  {
    schema: {
      params: { team: { type: 'integer' } }, // coerced: a number in the handler
      body: { $ref: 'user#' },
      response: { 201: { $ref: 'user#' } },
    },
  },
  async (request, reply) => {
    const name: string = request.body.name // body: { id?: number; name: string }
    const team: number | undefined = request.params.team
    return reply.code(201).send({ id: team, name }) // checked against the 201 schema
  },
)

app.post('/users', { schema: { response: { 201: { $ref: 'user#' } } } }, async (_request, reply) =>
  // @ts-expect-error: the 201 schema requires a name
  reply.code(201).send({ id: 1 }),
)
