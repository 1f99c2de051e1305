// The app of the scale table's shared-schema case: `n` shared schemas added with addSchema, and
// n / 5 POST routes whose body and 201 schemas reference five of them each by `$ref`, so every
// shared schema is used by one route. One schema in ten starts a chain: each of the next nine
// references the one before it (`prev`), so a reference reaches up to ten shared schemas.

/** Shared schemas per route (each route's body references this many). */
export const REFS_PER_ROUTE = 5

/** The shared schema `s<j>`. */
export function sharedSchema(j) {
  const schema = {
    $id: `s${j}`,
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 0 },
      name: { type: 'string', maxLength: 10 + (j % 50) },
      [`f${j}`]: { type: 'number', maximum: j + 1 },
    },
  }
  if (j % 10 !== 0) schema.properties.prev = { $ref: `s${j - 1}#` }
  return schema
}

/** Adds `n` shared schemas and n / 5 routes that use them to `app` (framework or fastify). */
export function addSharedSchemaRoutes(app, n) {
  for (let j = 0; j < n; j++) app.addSchema(sharedSchema(j))
  const routes = Math.floor(n / REFS_PER_ROUTE)
  for (let i = 0; i < routes; i++) {
    app.post(`/s${i}/items/:id`, { schema: sharedRouteSchema(i) }, (request, reply) => {
      reply.code(201).send({ id: request.params.id, a: request.body.a, route: i })
    })
  }
}

/** The route `i`'s schemas: its body references s<5i> to s<5i+4>, its answer s<5i>. */
export function sharedRouteSchema(i) {
  const first = i * REFS_PER_ROUTE
  const properties = {}
  for (let k = 0; k < REFS_PER_ROUTE; k++) {
    properties[String.fromCharCode(97 + k)] = { $ref: `s${first + k}#` }
  }
  return {
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    body: { type: 'object', required: ['a'], properties },
    response: {
      201: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          a: { $ref: `s${first}#` },
          route: { type: 'integer' },
        },
      },
    },
  }
}

/** The first request of the shared-schema app: a valid body for the route in the middle. */
export function sharedFirstRequest(n) {
  const i = Math.floor(n / REFS_PER_ROUTE / 2)
  return {
    method: 'POST',
    url: `/s${i}/items/7`,
    payload: { a: { id: 1, name: 'first' }, b: { id: 2 } },
  }
}
