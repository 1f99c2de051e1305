// The benchmark scenarios: their schemas, request payloads, the handler logic every server
// shares, and the exact response each server must give. Servers import the schemas and handlers
// from here so that all targets do the same work; the harness imports the requests and expected
// responses to load and check them.

import { serviceScenario } from './service-scenario.mjs'

/** Content type every scenario answers with. */
export const JSON_TYPE = 'application/json; charset=utf-8'

// ---------------------------------------------------------------------------------------------
// Shared schema (added once with addSchema, referenced by body and response of scenario c)

export const addressSchema = {
  $id: 'address',
  type: 'object',
  additionalProperties: false,
  required: ['street', 'city', 'zip', 'country'],
  properties: {
    street: { type: 'string', minLength: 1, maxLength: 100 },
    city: { type: 'string', minLength: 1, maxLength: 60 },
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
    country: { type: 'string', minLength: 2, maxLength: 2 },
  },
}

// ---------------------------------------------------------------------------------------------
// (a) GET /hello: a small object through a response schema

export const helloSchema = {
  response: {
    200: { type: 'object', properties: { hello: { type: 'string' } } },
  },
}

/** Handler logic of (a). */
export function hello() {
  return { hello: 'world' }
}

// ---------------------------------------------------------------------------------------------
// (b) GET /users/:id?tags=..&tags=..: integer param, querystring array, 20-field response

const str = { type: 'string' }
const int = { type: 'integer' }
const bool = { type: 'boolean' }

/** The 20 fields of a user, in the order the response schema lists them. */
export const userFields = [
  'id',
  'username',
  'email',
  'firstName',
  'lastName',
  'age',
  'active',
  'role',
  'score',
  'createdAt',
  'updatedAt',
  'website',
  'bio',
  'country',
  'city',
  'followers',
  'following',
  'verified',
  'tags',
  'lastLoginIp',
]

export const getUserSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 } },
  },
  querystring: {
    type: 'object',
    properties: {
      tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        id: int,
        username: str,
        email: str,
        firstName: str,
        lastName: str,
        age: int,
        active: bool,
        role: str,
        score: { type: 'number' },
        createdAt: str,
        updatedAt: str,
        website: str,
        bio: str,
        country: str,
        city: str,
        followers: int,
        following: int,
        verified: bool,
        tags: { type: 'array', items: str },
        lastLoginIp: str,
      },
    },
  },
}

/**
 * Handler logic of (b): a fresh user record. It carries one field the response schema does not
 * name (`passwordHash`), which every server must leave out of the body.
 */
export function getUser(id, tags) {
  return {
    id,
    username: 'ada_lovelace',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    age: 36,
    active: true,
    role: 'admin',
    score: 98.25,
    createdAt: '2024-01-02T03:04:05.000Z',
    updatedAt: '2024-06-07T08:09:10.000Z',
    website: 'https://example.com/ada',
    bio: 'Wrote the first "program" for the Analytical Engine — née Byron.',
    country: 'GB',
    city: 'London',
    followers: 1843,
    following: 12,
    verified: true,
    tags,
    lastLoginIp: '203.0.113.7',
    passwordHash: '$2b$10$do.not.leak.this.value',
  }
}

// ---------------------------------------------------------------------------------------------
// (c) POST /users: 12-field body (nested object, array, formats) validated, 201 through schema
// (d) the same route with an invalid body: 400

/** The 12 fields of a new user, in the order the body schema lists them. */
export const newUserFields = [
  'username',
  'email',
  'age',
  'active',
  'role',
  'score',
  'website',
  'birthday',
  'createdAt',
  'externalId',
  'tags',
  'address',
]

export const createUserSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: [
      'username',
      'email',
      'age',
      'role',
      'score',
      'website',
      'birthday',
      'createdAt',
      'externalId',
      'address',
    ],
    properties: {
      username: { type: 'string', minLength: 3, maxLength: 32, pattern: '^[a-z0-9_]+$' },
      email: { type: 'string', maxLength: 254, format: 'email' },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      active: { type: 'boolean', default: true },
      role: { type: 'string', enum: ['admin', 'editor', 'viewer'] },
      score: { type: 'number', minimum: 0, maximum: 100 },
      website: { type: 'string', maxLength: 2048, format: 'uri' },
      birthday: { type: 'string', format: 'date' },
      createdAt: { type: 'string', format: 'date-time' },
      externalId: { type: 'string', format: 'uuid' },
      tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 }, default: [] },
      address: { $ref: 'address#' },
    },
  },
  response: {
    201: {
      type: 'object',
      properties: {
        id: int,
        username: str,
        email: str,
        age: int,
        active: bool,
        role: str,
        score: { type: 'number' },
        website: str,
        birthday: str,
        createdAt: str,
        externalId: str,
        tags: { type: 'array', items: str },
        address: { $ref: 'address#' },
      },
    },
  },
}

/** Handler logic of (c): the stored record, with a server-side field that must not leak. */
export function createUser(body) {
  return { id: 1001, ...body, passwordHash: '$2b$10$do.not.leak.this.value' }
}

/** A valid body for (c), with one extra field (`nickname`) that validation removes. */
export const validNewUser = {
  username: 'ada_lovelace',
  email: 'ada@example.com',
  age: 36,
  active: true,
  role: 'editor',
  score: 98.25,
  website: 'https://example.com/ada?tab=notes#top',
  birthday: '1815-12-10',
  createdAt: '2024-01-02T03:04:05.000Z',
  externalId: '3f8e2a1c-9b7d-4e6f-8a5b-1c2d3e4f5a6b',
  tags: ['math', 'poetry', 'engines'],
  address: { street: '12 St James Square', city: 'London', zip: '10001', country: 'GB' },
  nickname: 'enchantress of numbers',
}

/** The invalid body for (d): valid except for the email format. */
export const invalidNewUser = { ...validNewUser, email: 'not-an-email' }

// ---------------------------------------------------------------------------------------------
// (f) scenario b with the framework's response schema written in Zod 4 (a Standard Schema value,
//     see servers/zod-user-response.mjs), converted to the same JSON Schema at start-up
// (g) scenario b with the framework's response validation on for the route
// The other targets serve both exactly as they serve b, so the framework's f and g read against
// its own b (the cost of Standard Schema, of response validation) and against the others' b.

/** The paths of (f) and (g): scenario b's route under a prefix. */
export const standardUsersPrefix = '/standard'
export const validatedUsersPrefix = '/validated'

// ---------------------------------------------------------------------------------------------
// What the harness sends and expects

const userTags = ['admin', 'beta']
const { nickname: _dropped, ...storedNewUser } = validNewUser

/** The targets that answer errors in the framework's own format, byte for byte. */
export const frameworkFormatTargets = [
  'framework',
  'framework-control',
  'framework-net',
  'node-tuned',
]

/**
 * The requests and expected responses, by scenario letter. `body` is the exact expected body;
 * it is null where each framework answers in its own error format (only status and content type
 * are compared); there `frameworkBody` is the framework's, which the targets of
 * `frameworkFormatTargets` must give exactly. `request.headers` are sent with every request of the scenario;
 * `expect.headers` must be in the response (`true`: present with any value).
 */
export const scenarios = {
  a: {
    title: 'GET small object',
    request: { method: 'GET', path: '/hello' },
    expect: { status: 200, body: JSON.stringify({ hello: 'world' }) },
  },
  b: {
    title: 'GET /users/:id 20 fields',
    request: { method: 'GET', path: `/users/42?tags=${userTags.join('&tags=')}` },
    expect: { status: 200, body: JSON.stringify(pick(getUser(42, userTags), userFields)) },
  },
  c: {
    title: 'POST 12-field body 201',
    request: { method: 'POST', path: '/users', json: JSON.stringify(validNewUser) },
    expect: { status: 201, body: JSON.stringify({ id: 1001, ...storedNewUser }) },
  },
  d: {
    title: 'POST invalid body 400',
    request: { method: 'POST', path: '/users', json: JSON.stringify(invalidNewUser) },
    expect: {
      status: 400,
      body: null,
      frameworkBody: JSON.stringify({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/email should match format "email"',
      }),
    },
  },
  e: {
    title: 'unknown route 404',
    request: { method: 'GET', path: '/no/such/route' },
    expect: {
      status: 404,
      body: null,
      frameworkBody: JSON.stringify({
        message: 'Route GET:/no/such/route not found',
        error: 'Not Found',
        statusCode: 404,
      }),
    },
  },
  f: {
    title: 'GET 20 fields, Zod response',
    request: {
      method: 'GET',
      path: `${standardUsersPrefix}/users/42?tags=${userTags.join('&tags=')}`,
    },
    expect: { status: 200, body: JSON.stringify(pick(getUser(42, userTags), userFields)) },
  },
  g: {
    title: 'GET 20 fields, response validated',
    request: {
      method: 'GET',
      path: `${validatedUsersPrefix}/users/42?tags=${userTags.join('&tags=')}`,
    },
    expect: { status: 200, body: JSON.stringify(pick(getUser(42, userTags), userFields)) },
  },
  // a real service: CORS, helmet, rate limit and a JWT check in front of a schema route, on the
  // target's second app (`app: 'service'`); see service-scenario.mjs
  h: serviceScenario,
}

/** Scenario letters in run order. */
export const scenarioIds = Object.keys(scenarios)

function pick(object, keys) {
  const out = {}
  for (const key of keys) out[key] = object[key]
  return out
}
