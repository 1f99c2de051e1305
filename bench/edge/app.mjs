// The application every framework target serves: a small GET and a validated POST (the same
// schema as Hono's zod validator and Elysia's `t` schema in the other servers).
export const userSchema = {
  type: 'object',
  required: ['name', 'age'],
  properties: { name: { type: 'string', maxLength: 50 }, age: { type: 'integer', minimum: 0 } },
}

/**
 * `handlers: 'sync'` writes the same routes with synchronous handlers (as Hono's and Elysia's
 * are): the fetch transport then answers a GET with the `Response` itself, not a promise.
 */
export function buildApp(framework, { handlers = 'async' } = {}) {
  const app = framework()
  if (handlers === 'sync') {
    app.get('/hello', () => ({ hello: 'world' }))
    app.post('/users', { schema: { body: userSchema } }, (request, reply) => {
      reply.code(201).send(request.body)
    })
    return app
  }
  app.get('/hello', async () => ({ hello: 'world' }))
  app.post('/users', { schema: { body: userSchema } }, async (request, reply) =>
    reply.code(201).send(request.body),
  )
  return app
}
