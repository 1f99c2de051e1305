import framework from 'framework'

const app = framework()

app.addSchema({
  $id: 'user',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['name'],
})

app.post(
  '/users',
  { schema: { body: { $ref: 'user#' }, response: { 201: { $ref: 'user#' } } } },
  async (request, reply) => {
    // `secret` is not in the response schema, so it never leaves the server.
    return reply.code(201).send({ id: 1, ...request.body, secret: 'hunter2' })
  },
)

await app.listen({ port: Number(process.env.PORT ?? 3000) })

const ok = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
console.log(ok.statusCode, ok.body)

const bad = await app.inject({ method: 'POST', url: '/users', payload: {} })
console.log(bad.statusCode, bad.body)

await app.close()
