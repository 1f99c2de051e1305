// The routes of the start-up measurement: four shared schemas added once, then `n` POST routes,
// each with its own body and response schema (so nothing can be cached across routes) that
// reference the shared ones by `$ref`.

export const sharedSchemas = [
  {
    $id: 'money',
    type: 'object',
    required: ['amount', 'currency'],
    properties: {
      amount: { type: 'number', minimum: 0 },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
  },
  {
    $id: 'item',
    type: 'object',
    required: ['sku', 'price'],
    properties: {
      sku: { type: 'string', maxLength: 32 },
      name: { type: 'string', maxLength: 200 },
      price: { $ref: 'money#' },
      tags: { type: 'array', maxItems: 20, items: { type: 'string' } },
    },
  },
  {
    $id: 'address',
    type: 'object',
    required: ['street', 'city', 'country'],
    properties: {
      street: { type: 'string' },
      city: { type: 'string' },
      zip: { type: 'string', pattern: '^[0-9]{5}$' },
      country: { type: 'string', minLength: 2, maxLength: 2 },
    },
  },
  {
    $id: 'audit',
    type: 'object',
    properties: {
      createdAt: { type: 'string', format: 'date-time' },
      createdBy: { type: 'string', format: 'email' },
    },
  },
]

/** Adds the shared schemas and `n` routes to `app` (a framework or fastify instance). */
export function addStartupRoutes(app, n) {
  for (const schema of sharedSchemas) app.addSchema(schema)
  for (let i = 0; i < n; i++) {
    app.post(`/r${i}/orders/:id`, { schema: routeSchema(i) }, (request, reply) => {
      reply.code(201).send({ id: request.params.id, item: request.body.item, route: i })
    })
  }
}

/** The request of "start → first response": a valid order for a route in the middle of the table. */
export function firstRequest(n) {
  return {
    method: 'POST',
    url: `/r${Math.floor(n / 2)}/orders/7`,
    payload: { item: { sku: 'a-1', price: { amount: 5, currency: 'EUR' } }, quantity: 1 },
  }
}

export function routeSchema(i) {
  return {
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    body: {
      type: 'object',
      required: ['item', 'quantity'],
      properties: {
        item: { $ref: 'item#' },
        shipTo: { $ref: 'address#' },
        quantity: { type: 'integer', minimum: 1, maximum: 1 + (i % 100) },
        [`note${i}`]: { type: 'string', maxLength: 10 + (i % 50) },
      },
    },
    response: {
      201: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          item: { $ref: 'item#' },
          audit: { $ref: 'audit#' },
          route: { type: 'integer', maximum: i + 1 },
        },
      },
    },
  }
}
