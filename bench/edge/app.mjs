// The application every framework target serves: a small GET and a validated POST (the same
// schema as Hono's zod validator and Elysia's `t` schema in the other servers).
export const userSchema = {
  type: 'object',
  required: ['name', 'age'],
  properties: { name: { type: 'string', maxLength: 50 }, age: { type: 'integer', minimum: 0 } },
}

export function buildApp(framework) {
  const app = framework()
  app.get('/hello', async () => ({ hello: 'world' }))
  app.post('/users', { schema: { body: userSchema } }, async (request, reply) =>
    reply.code(201).send(request.body),
  )
  return app
}
