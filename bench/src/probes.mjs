// Extra requests of the correctness check: edge cases of scenarios (b) to (e) whose status every
// target must agree on, so the hand-written node:http server is shown to do the same validation
// work as the schema validators (and the framework the same as fastify). Status only.
import { validNewUser } from './scenarios.mjs'

const post = (body, type = 'application/json') => ({
  method: 'POST',
  path: '/users',
  json: typeof body === 'string' ? body : JSON.stringify(body),
  type,
})
const withUser = (patch) => post({ ...validNewUser, ...patch })
const withAddress = (patch) => withUser({ address: { ...validNewUser.address, ...patch } })
const { email: _email, ...noEmail } = validNewUser

/** `[description, request, expected status (or the statuses accepted)]` */
export const probes = [
  ['id not an integer', { method: 'GET', path: '/users/abc' }, 400],
  ['id below minimum', { method: 'GET', path: '/users/0' }, 400],
  ['single tag coerced to array', { method: 'GET', path: '/users/7?tags=x' }, 200],
  ['tag too long', { method: 'GET', path: `/users/7?tags=${'x'.repeat(21)}` }, 400],
  ['11 tags', { method: 'GET', path: `/users/7?${'tags=a&'.repeat(11)}` }, 400],
  ['required email missing', post(noEmail), 400],
  ['age as numeric string (coerced)', withUser({ age: '36' }), 201],
  ['age not an integer', withUser({ age: 36.5 }), 400],
  ['role outside enum', withUser({ role: 'root' }), 400],
  ['username pattern', withUser({ username: 'Ada Lovelace' }), 400],
  ['website not a uri', withUser({ website: 'not a uri' }), 400],
  ['birthday not a calendar day', withUser({ birthday: '2023-02-29' }), 400],
  ['createdAt hour 25', withUser({ createdAt: '2024-01-02T25:04:05Z' }), 400],
  ['externalId not a uuid', withUser({ externalId: '3f8e2a1c-9b7d-4e6f-8a5b' }), 400],
  ['11 tags in body', withUser({ tags: new Array(11).fill('t') }), 400],
  ['zip pattern', withAddress({ zip: '1234' }), 400],
  ['address field missing', withUser({ address: { street: 'x', city: 'y', zip: '12345' } }), 400],
  ['optional fields omitted', withUser({ active: undefined, tags: undefined }), 201],
  ['malformed JSON', post('{"username":'), 400],
  ['__proto__ key', post(`{"__proto__":{"x":1},${JSON.stringify(validNewUser).slice(1)}`), 400],
  // fastify parses text/plain and fails the schema (400); API.md answers 415: either refuses it
  ['text/plain body', post(JSON.stringify(validNewUser), 'text/plain'), [400, 415]],
  [
    'POST on a GET route',
    { method: 'POST', path: '/hello', json: '{}', type: 'application/json' },
    404,
  ],
]
