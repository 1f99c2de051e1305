// A small app that shows the framework's model end to end. examples/server.mjs starts it (the
// README's run command, or `node examples/server.mjs` after a build).
//
// The context tree:
//
//   root ─ shared schema 'user', decorator 'store' (from the fp plugin below)
//    ├─ openapi       (fp: the OpenAPI 3.1 document of every route, /openapi/json and /openapi/yaml)
//    ├─ openapiUi     (fp: the interactive docs page at /docs, assets from npm)
//    ├─ storePlugin   (wrapped with fp: its decorator lands in root, visible everywhere)
//    └─ usersPlugin   (a child context, prefix /users, its own error handler)
//
import openapi from '@framework/openapi'
import openapiUi from '@framework/openapi-ui'
import framework, { fp } from 'framework'

/**
 * Builds the example app (not listening). `framework-typegen examples/app.mjs` reads its routes
 * from here to write examples/routes.generated.ts.
 */
export function buildApp(options = {}) {
  const app = framework(options)

  // Documents every route, whether declared before or after it, in any context.
  app.register(openapi, { openapi: { info: { title: 'Example users API', version: '1.0.0' } } })
  app.register(openapiUi)

  // A shared schema, referenced below as 'user#' (validation and serialization alike).
  app.addSchema({
    $id: 'user',
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string', minLength: 1 },
      email: { type: 'string', format: 'email' },
    },
    required: ['name', 'email'],
  })

  // fp: skips encapsulation, so `app.store` is visible to the root and every child context.
  const storePlugin = fp(
    async (instance) => {
      const users = new Map([
        [1, { id: 1, name: 'Ada', email: 'ada@example.com', password: 'hunter2' }],
      ])
      instance.decorate('store', { users, nextId: 2 })
    },
    { name: 'store' },
  )

  // A plain plugin: a child context. Its routes, hooks and error handler stay inside it.
  async function usersPlugin(users) {
    users.setErrorHandler((error, _request, reply) => {
      if (error.validation) {
        // Validation failures from this context answer 422 with the validator's details.
        return reply.code(422).send({ message: error.message, context: error.validationContext })
      }
      return reply.send(error)
    })

    users.get(
      '/:id',
      {
        schema: {
          summary: 'Read one user',
          tags: ['users'],
          params: { id: { type: 'integer', minimum: 1 } },
          // The response schema names no `password`: the serializer drops it.
          response: { 200: { $ref: 'user#' } },
        },
      },
      async (request, reply) => {
        const user = users.store.users.get(request.params.id)
        if (!user) return reply.code(404).send({ message: `no user ${request.params.id}` })
        return user
      },
    )

    users.post(
      '/',
      {
        schema: {
          summary: 'Create a user',
          tags: ['users'],
          body: { $ref: 'user#' },
          response: { 201: { $ref: 'user#' } },
        },
      },
      async (request, reply) => {
        const user = { ...request.body, id: users.store.nextId++ }
        users.store.users.set(user.id, user)
        return reply.code(201).send(user)
      },
    )
  }

  // Outside the users context, validation failures keep the default 400 answer.
  app.get(
    '/search',
    {
      schema: {
        summary: 'Search',
        querystring: {
          q: { type: 'string', maxLength: 20 },
          limit: { type: 'integer', maximum: 50, default: 10 },
        },
      },
    },
    async (request) => ({ q: request.query.q ?? '', limit: request.query.limit }),
  )

  app.register(storePlugin)
  app.register(usersPlugin, { prefix: '/users' })
  return app
}

export default buildApp
