import { framework } from '../src/index.js'
import type { FrameworkOptions } from '../src/options.js'

/** The application the precompiled tests build: shared schemas, every part, response schemas. */
export const address = {
  $id: 'address',
  type: 'object',
  required: ['city'],
  properties: {
    city: { type: 'string' },
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
  },
}

export const userBody = {
  type: 'object',
  required: ['name', 'email', 'age'],
  properties: {
    name: { type: 'string', maxLength: 10 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    home: { $ref: 'address#' },
    role: { type: 'string', enum: ['admin', 'user'], default: 'user' },
  },
}

export interface AppChanges {
  body?: object
  address?: object
  withoutRoutes?: boolean
  /** Called on the app before the routes are added (formatters, error handlers, hooks). */
  setup?: (app: ReturnType<typeof framework>) => void
}

/** Builds the application; `options` go to the factory (`precompiled` among them). */
export function buildApp(options: FrameworkOptions = {}, changes: AppChanges = {}) {
  const app = framework(options)
  changes.setup?.(app)
  app.addSchema(changes.address ?? address)
  app.post(
    '/users/:group',
    {
      schema: {
        params: { group: { type: 'integer', minimum: 1 } },
        body: changes.body ?? userBody,
        headers: { type: 'object', properties: { 'x-trace': { type: 'string', maxLength: 4 } } },
        response: {
          201: {
            type: 'object',
            properties: {
              group: { type: 'integer' },
              name: { type: 'string' },
              role: { type: 'string' },
              home: { $ref: 'address#' },
            },
          },
        },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return {
        ...(request.body as object),
        group: (request.params as { group: number }).group,
        secret: 'x',
      }
    },
  )
  if (changes.withoutRoutes !== true) {
    app.get(
      '/items',
      {
        schema: {
          querystring: {
            limit: { type: 'integer', maximum: 100 },
            tag: { type: 'array', items: { type: 'string' } },
          },
          response: {
            '2xx': {
              list: { type: 'array', items: { type: 'string' } },
              limit: { type: 'number' },
            },
          },
        },
      },
      async (request) => {
        const query = request.query as { limit?: number; tag?: string[] }
        return { list: query.tag ?? [], limit: query.limit ?? 10, extra: true }
      },
    )
  }
  return app
}

/** Requests that cover success, each part's 400, coercion, defaults and dropped fields. */
export const requests = [
  {
    method: 'POST',
    url: '/users/3',
    payload: {
      name: 'Ada',
      email: 'ada@x.io',
      age: '36',
      home: { city: 'Paris', zip: '75001' },
      x: 1,
    },
  },
  { method: 'POST', url: '/users/3', payload: { name: 'Ada', email: 'not-an-email', age: 36 } },
  { method: 'POST', url: '/users/3', payload: { name: 'Ada', email: 'ada@x.io', age: 'Infinity' } },
  {
    method: 'POST',
    url: '/users/3',
    payload: { name: 'Ada', email: 'ada@x.io', age: 36, home: { zip: '1' } },
  },
  { method: 'POST', url: '/users/3', payload: { email: 'ada@x.io', age: 36 } },
  { method: 'POST', url: '/users/0', payload: { name: 'Ada', email: 'ada@x.io', age: 36 } },
  {
    method: 'POST',
    url: '/users/3',
    headers: { 'x-trace': 'toolong' },
    payload: { name: 'Ada', email: 'ada@x.io', age: 36 },
  },
  { method: 'GET', url: '/items?limit=5&tag=a' },
  { method: 'GET', url: '/items?limit=500' },
  { method: 'GET', url: '/items?limit=1e400' },
] as const
