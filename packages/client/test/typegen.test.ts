import framework from 'framework'
import { describe, expect, it } from 'vitest'
import { generateRouteTypes } from '../src/typegen.js'

type App = ReturnType<typeof framework>

async function generate(build: (app: App) => void): Promise<string> {
  const app = framework()
  build(app)
  try {
    return await generateRouteTypes(app)
  } finally {
    await app.close()
  }
}

/** The text of one route's entry in `Routes` (up to the next route at the same depth). */
function entry(text: string, url: string): string {
  const start = text.indexOf(`    "${url}": {`)
  expect(start, `no entry for ${url}`).toBeGreaterThan(-1)
  const end = text.indexOf('\n    }', start)
  return text.slice(start, end + 6)
}

const handler = async () => ({}) as never

describe('generateRouteTypes', () => {
  it('keys routes by method and full URL, prefixes of nested plugins applied', async () => {
    const text = await generate((app) => {
      app.register(
        async (v1) => {
          v1.register(async (items) => items.get('/:id', handler), { prefix: '/items' })
        },
        { prefix: '/v1' },
      )
      app.put('/v1/items/:id', handler)
    })
    expect(text).toContain('export interface Routes {\n  GET: {\n    "/v1/items/:id": {')
    expect(text).toContain('  PUT: {\n    "/v1/items/:id": {')
    expect(entry(text, '/v1/items/:id')).toContain('params: {\n        id: string\n      }')
  })

  it('names one interface per shared schema from its $id, a suffix for another schema under a taken name', async () => {
    const text = await generate((app) => {
      app.addSchema({ $id: 'http://example.com/order-item.json', type: 'string' })
      app.register(async (child) => {
        child.addSchema({ $id: 'item', type: 'object', properties: { a: { type: 'string' } } })
        child.get('/a', { schema: { response: { 200: { $ref: 'item#' } } } }, handler)
        child.get('/a2', { schema: { response: { 200: { $ref: 'item#' } } } }, handler)
      })
      app.register(async (child) => {
        child.addSchema({ $id: 'item', type: 'object', properties: { b: { type: 'number' } } })
        child.get('/b', { schema: { response: { 200: { $ref: 'item#' } } } }, handler)
      })
    })
    expect(text).toContain('export type OrderItem = string')
    expect(text).toContain('export interface Item {\n  a?: string\n  [k: string]: unknown\n}')
    expect(text).toContain('export interface Item2 {\n  b?: number\n  [k: string]: unknown\n}')
    expect(entry(text, '/b')).toContain('"200": Item2')
    expect(entry(text, '/a')).toContain('"200": Item\n')
    expect(entry(text, '/a2')).toContain('"200": Item\n')
    expect(text.match(/export interface Item/g)).toHaveLength(2)
  })

  it('reads references into shared schemas, local definitions, recursion and nullable', async () => {
    const text = await generate((app) => {
      app.addSchema({
        $id: 'node',
        type: 'object',
        properties: {
          value: { type: 'integer' },
          children: { type: 'array', items: { $ref: '#' } },
        },
        required: ['value'],
      })
      app.get(
        '/tree',
        {
          schema: {
            querystring: {
              type: 'object',
              properties: { name: { $ref: 'node#/properties/value' } },
            },
            response: {
              200: {
                type: 'object',
                definitions: { when: { type: 'string', nullable: true } },
                properties: { root: { $ref: 'node' }, at: { $ref: '#/definitions/when' } },
                required: ['root', 'at'],
              },
            },
          },
        },
        handler,
      )
    })
    expect(text).toContain('export interface Node {\n  value: number\n  children?: Node[]')
    const tree = entry(text, '/tree')
    expect(tree).toContain('name?: number')
    expect(tree).toContain('root: Node\n          at: (string | null)')
  })

  it('types request parts as the caller sends them, responses as the serializer writes them', async () => {
    const text = await generate((app) => {
      app.post(
        '/orders',
        {
          schema: {
            body: {
              type: 'object',
              properties: {
                qty: { type: 'integer', default: 1 },
                sku: { type: 'string', title: 'Sku', format: 'uuid' },
                pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
              },
              required: ['qty', 'sku'],
              additionalProperties: false,
            },
            response: { 201: { type: 'object', properties: { id: { type: 'integer' } } } },
          },
        },
        handler,
      )
    })
    const orders = entry(text, '/orders')
    expect(orders).toContain(
      'body: {\n        qty?: number\n        sku: string\n        pair?: (string | number)[]\n      }',
    )
    expect(orders).toContain('"201": {\n          id?: number\n        }')
    expect(text).not.toContain('Sku')
  })

  it('adds the framework answers each route can give, and lets declared schemas win', async () => {
    const text = await generate((app) => {
      app.get('/plain', handler)
      app.get('/validated', { schema: { querystring: { q: { type: 'string' } } } }, handler)
      app.post('/raw', handler)
      app.post(
        '/declared',
        {
          schema: {
            body: { type: 'object' },
            response: {
              '2XX': { type: 'string' },
              '4xx': { type: 'string' },
              404: { type: 'number' },
            },
          },
        },
        handler,
      )
      app.patch(
        '/fallback',
        { schema: { body: { type: 'object' }, response: { default: { type: 'boolean' } } } },
        handler,
      )
    })
    const statuses = (url: string) =>
      [...entry(text, url).matchAll(/^ {8}"?(\w+)"?: (.+)$/gm)].map(
        ([, key, type]) => `${key} ${type}`,
      )
    expect(statuses('/plain')).toEqual([
      '200 unknown',
      '404 NotFoundBody',
      '500 InternalServerErrorBody',
      '503 ServiceUnavailableBody',
    ])
    expect(statuses('/validated')).toEqual([
      '200 unknown',
      '400 BadRequestBody',
      '404 NotFoundBody',
      '500 InternalServerErrorBody',
      '503 ServiceUnavailableBody',
    ])
    expect(statuses('/raw')).toEqual([
      '200 unknown',
      '400 BadRequestBody',
      '404 NotFoundBody',
      '413 PayloadTooLargeBody',
      '415 UnsupportedMediaTypeBody',
      '500 InternalServerErrorBody',
      '503 ServiceUnavailableBody',
    ])
    expect(statuses('/declared')).toEqual([
      '404 number',
      '500 InternalServerErrorBody',
      '503 ServiceUnavailableBody',
      '2xx string',
      '4xx string',
    ])
    expect(statuses('/fallback')).toEqual([
      '404 NotFoundBody',
      '503 ServiceUnavailableBody',
      'default boolean',
    ])
    expect(text).toContain(
      "import type { BadRequestBody, NotFoundBody, PayloadTooLargeBody, UnsupportedMediaTypeBody, InternalServerErrorBody, ServiceUnavailableBody } from '@framework/client'",
    )
  })

  it('reads Standard Schema routes through their JSON Schema: input for requests, output for responses', async () => {
    const { z } = await import('zod')
    const text = await generate((app) => {
      app.post(
        '/z',
        {
          schema: {
            body: z.object({ n: z.string().transform(Number), at: z.string().default('now') }),
            response: { 200: z.object({ n: z.number() }) },
          },
        },
        handler,
      )
    })
    const route = entry(text, '/z')
    expect(route).toContain('body: {\n        n: string\n        at?: string')
    expect(route).toContain('"200": {\n          n: number\n        }')
  })

  it('generates the types of 1000 routes in under 2 s', async () => {
    const app = framework()
    ;((app: App) => {
      app.addSchema({ $id: 'user', type: 'object', properties: { id: { type: 'integer' } } })
      for (let i = 0; i < 1000; i++) {
        app.post(
          `/r${i}/:id`,
          {
            schema: {
              params: { id: { type: 'integer' } },
              body: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
              response: { 200: { $ref: 'user#' } },
            },
          },
          handler,
        )
      }
    })(app)
    await app.ready()
    // CPU time, not wall time: the suite shares the machine with other work.
    const cpu = process.cpuUsage()
    const text = await generateRouteTypes(app)
    const used = process.cpuUsage(cpu)
    await app.close()
    expect(text.match(/"\/r\d+\/:id"/g)).toHaveLength(1000)
    expect((used.user + used.system) / 1000).toBeLessThan(2000)
  })
})
