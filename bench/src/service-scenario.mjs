// Scenario (h), "a real service": the plugins a production API installs (CORS, security headers,
// an in-memory rate limit, a JWT check in an onRequest hook) in front of one schema route. This
// module holds what every target and the harness share: the plugin options, the signed token,
// the route's schema and handler, and the request and exact response the harness expects.
import { createHmac } from 'node:crypto'

/** The only origin the service allows (CORS echoes it back). */
export const serviceOrigin = 'https://app.example.com'

/** HS256 secret of the JWT check. */
export const serviceJwtSecret = 'bench-service-secret-0123456789abcdef'

/** Rate limit of the service: high enough that the load never reaches it (no 429). */
export const serviceRateLimit = { max: 1e9, timeWindow: '1 minute' }

/** Options given to @fastify/cors (every version). */
export const serviceCorsOptions = {
  origin: [serviceOrigin, 'https://admin.example.com'],
  credentials: true,
}

/** The claims of the token the load generator sends. `exp` is 2100-01-01. */
export const serviceClaims = {
  sub: 'user-42',
  scope: 'addresses:write',
  iat: 1700000000,
  exp: 4102444800,
}

/** An HS256 JWT of `claims` signed with `secret`, as any JWT library would encode it. */
export function signHs256(claims, secret) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url')
  return `${unsigned}.${signature}`
}

/** The token of every request of (h), signed once when this module loads. */
export const serviceToken = signHs256(serviceClaims, serviceJwtSecret)

/** The route of (h). */
export const serviceRoutePath = '/api/users/:id/address'

/**
 * Schema of (h): params coerced, a body whose address is the shared `address` schema (by `$ref`,
 * added with addSchema like scenario c's), a default, an unknown field to remove, and a response
 * schema that drops the handler's internal field.
 */
export const saveAddressSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['address'],
    properties: {
      label: { type: 'string', minLength: 1, maxLength: 40, default: 'home' },
      primary: { type: 'boolean' },
      address: { $ref: 'address#' },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        userId: { type: 'integer' },
        owner: { type: 'string' },
        label: { type: 'string' },
        primary: { type: 'boolean' },
        address: { $ref: 'address#' },
      },
    },
  },
}

/** Handler logic of (h): the stored address, owned by the token's subject. */
export function saveAddress(userId, owner, body) {
  return {
    id: 501,
    userId,
    owner,
    label: body.label,
    primary: body.primary,
    address: body.address,
    storageKey: 'addr/501/do-not-leak',
  }
}

/** The body the load generator posts: `note` is not in the schema and must be removed. */
export const serviceBody = {
  primary: true,
  address: { street: '12 St James Square', city: 'London', zip: '10001', country: 'GB' },
  note: 'leave at the door',
}

/** Headers of every request of (h). */
export const serviceHeaders = {
  origin: serviceOrigin,
  authorization: `Bearer ${serviceToken}`,
}

/**
 * Response headers (h) must carry, one per plugin, so that a target whose plugins load but do
 * nothing fails the check: `true` means present with any value.
 */
export const serviceResponseHeaders = {
  'access-control-allow-origin': serviceOrigin, // @fastify/cors
  'access-control-allow-credentials': 'true', // @fastify/cors
  'x-content-type-options': 'nosniff', // @fastify/helmet
  'strict-transport-security': true, // @fastify/helmet
  'x-ratelimit-limit': String(serviceRateLimit.max), // @fastify/rate-limit
  'x-ratelimit-remaining': true, // @fastify/rate-limit
}

/**
 * The scenario entry (see scenarios.mjs). `app: 'service'`: served by the target's service app;
 * `without`: targets that do not serve it, and why.
 */
export const serviceScenario = {
  title: 'service: cors+helmet+rate-limit+JWT, POST',
  app: 'service',
  without: {
    'node-http':
      'not part of this scenario: the hand-written server has no equivalent of the four plugins',
    'node-tuned':
      'not part of this scenario: the hand-tuned server has no equivalent of the four plugins',
  },
  request: {
    method: 'POST',
    path: '/api/users/42/address',
    json: JSON.stringify(serviceBody),
    headers: serviceHeaders,
  },
  expect: {
    status: 200,
    body: JSON.stringify({
      id: 501,
      userId: 42,
      owner: serviceClaims.sub,
      label: 'home',
      primary: true,
      address: serviceBody.address,
    }),
    headers: serviceResponseHeaders,
  },
}
