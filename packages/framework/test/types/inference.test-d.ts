import framework, {
  type FrameworkReply,
  type FrameworkRequest,
  type Instance,
  type RouteHandler,
  type SchemaToType,
  type SharedSchemas,
} from 'framework'
import { describe, expectTypeOf, it } from 'vitest'
import { productsPlugin } from './products-plugin.js'
import { category, product } from './shared.js'

type Product = { sku: string; price: number; tags?: string[] }
/** A body object keeps the properties its schema does not name, as `unknown`. */
type Extra = { [key: string]: unknown }
type ProductBody = Product & Extra

describe('types inferred from schemas, through the umbrella package', () => {
  it('infers inline schemas with nothing declared', () => {
    framework().post(
      '/orders',
      {
        schema: {
          body: {
            type: 'object',
            properties: { qty: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
            required: ['qty'],
          },
          querystring: { dryRun: { type: 'boolean', default: false } },
        },
      },
      async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<{ qty: number; note?: string } & Extra>()
        expectTypeOf(request.query).toEqualTypeOf<{ dryRun: boolean }>()
        // Not declared, so kept by the validator (no additionalProperties: false): readable, unknown.
        expectTypeOf(request.body.quantity).toBeUnknown()
        // @ts-expect-error: not a querystring property
        request.query.dry
      },
    )
  })

  it('knows SharedSchemas augmented through the module, in every slot and response', () => {
    framework().put(
      '/products/:sku',
      {
        schema: {
          params: { sku: { $ref: 'types.product#/properties/sku' } },
          body: { $ref: 'types.product' },
          headers: { 'x-tags': { $ref: 'types.product#/properties/tags' } },
          response: { 200: { $ref: 'types.product#' }, '4xx': { type: 'string' } },
        },
      },
      async (request, reply) => {
        expectTypeOf(request.params).toEqualTypeOf<{ sku?: string }>()
        expectTypeOf(request.body).toEqualTypeOf<ProductBody>()
        expectTypeOf(request.headers['x-tags']).toEqualTypeOf<string[] | undefined>()
        if (!request.body.sku) return reply.code(404).send('missing')
        return request.body
      },
    )
  })

  it('checks what handlers send', () => {
    const app = framework()
    // @ts-expect-error: misses the required price
    app.get('/p', { schema: { response: { 200: product } } }, async () => ({ sku: 'a' }))
    app.get('/p2', { schema: { response: { 200: product } } }, async (_request, reply) => {
      // @ts-expect-error: 404 has no schema but 200 does; this one is fine, 200 is not
      reply.send({ sku: 1 })
      reply.code(404).send({ anything: true })
    })
  })

  it('infers a recursive shared schema as a recursive type', () => {
    framework()
      .addSchema(category)
      .post('/categories', { schema: { body: { $ref: 'types.category#' } } }, async (request) => {
        expectTypeOf(request.body.name).toBeString()
        expectTypeOf(request.body.children).toEqualTypeOf<
          SchemaToType<typeof category, SharedSchemas, 'body'>[] | undefined
        >()
      })
  })

  it('keeps plugins typed in other files typed, and registers them', () => {
    const app = framework()
    app.register(productsPlugin, { prefix: '/products', currency: 'EUR' })
    app.register(async (child) => {
      child.post(
        '/bulk',
        { schema: { body: { type: 'array', items: product } } },
        async (request) => {
          expectTypeOf(request.body).toEqualTypeOf<ProductBody[]>()
        },
      )
    })
  })

  it('lets Fastify-style code keep its route generics and handler types', () => {
    const app: Instance = framework().withTypeProvider<unknown>()
    app.get<{ Querystring: { page: string }; Reply: { items: string[] } }>(
      '/list',
      async (request) => {
        expectTypeOf(request.query.page).toBeString()
        return { items: [] }
      },
    )
    const handler: RouteHandler<{ Params: { id: string } }> = async (request) => request.params.id
    app.get('/by-id/:id', handler)
    const hook = async (request: FrameworkRequest, reply: FrameworkReply) => {
      request.log.info('x')
      reply.header('x', 1)
    }
    app.get('/hooked', { onRequest: hook, schema: { response: { 200: product } } }, async () => ({
      sku: 's',
      price: 1,
    }))
  })
})
