// The scenario routes for every schema-first target (framework, fastify 5, fastify 4). They all
// share one API (addSchema, get/post with a `schema` option, reply.code().send()), so one module
// mounts identical routes and handlers on each; the 404 of scenario (e) is each one's default.
import {
  addressSchema,
  createUser,
  createUserSchema,
  getUser,
  getUserSchema,
  hello,
  helloSchema,
  standardUsersPrefix,
  validatedUsersPrefix,
} from '../scenarios.mjs'

/**
 * Adds the shared schema and the routes of scenarios (a) to (d), (f) and (g) to `app`. `variants`
 * holds what the framework serves differently in (f) and (g): the response schema of (f) and the
 * route options of (g); the others serve both like (b).
 */
export function addScenarioRoutes(app, variants = {}) {
  app.addSchema(addressSchema)

  // (a)
  app.get('/hello', { schema: helloSchema }, (_request, reply) => {
    reply.send(hello())
  })

  // (b)
  app.get('/users/:id', { schema: getUserSchema }, (request, reply) => {
    reply.send(getUser(request.params.id, request.query.tags))
  })

  // (f)
  const standardSchema = variants.standardUserResponse
    ? { ...getUserSchema, response: { 200: variants.standardUserResponse } }
    : getUserSchema
  app.get(`${standardUsersPrefix}/users/:id`, { schema: standardSchema }, (request, reply) => {
    reply.send(getUser(request.params.id, request.query.tags))
  })

  // (g)
  app.get(
    `${validatedUsersPrefix}/users/:id`,
    { schema: getUserSchema, ...variants.validatedRouteOptions },
    (request, reply) => {
      reply.send(getUser(request.params.id, request.query.tags))
    },
  )

  // (c) and (d)
  app.post('/users', { schema: createUserSchema }, (request, reply) => {
    reply.code(201).send(createUser(request.body))
  })
}

/**
 * Mounts the scenarios on a new app from `createApp`, listens on 127.0.0.1 (random port) and
 * resolves the port: the `listen()` of every schema-first target.
 */
export async function listenWithScenarios(createApp, variants) {
  const app = createApp()
  addScenarioRoutes(app, variants)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app.server.address().port
}
