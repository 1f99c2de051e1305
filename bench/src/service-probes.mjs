// Extra requests of the correctness check of scenario (h): each shows one plugin of the service
// really at work, so that a target whose plugins load but do nothing is not measured (it would
// only look fast). Status, and where given the headers (`true`: present, `false`: absent).
import {
  serviceBody,
  serviceClaims,
  serviceHeaders,
  serviceJwtSecret,
  serviceOrigin,
  serviceScenario,
  signHs256,
} from './service-scenario.mjs'

const { request } = serviceScenario
const withHeaders = (headers, json = request.json) => ({ ...request, json, headers })
const { authorization: _a, ...noToken } = serviceHeaders

/** `[description, request, expected status, expected headers?]` */
export const serviceProbes = [
  ['JWT: no token (401)', withHeaders(noToken), 401],
  [
    'JWT: token signed with another secret (401)',
    withHeaders({
      ...serviceHeaders,
      authorization: `Bearer ${signHs256(serviceClaims, 'another-secret')}`,
    }),
    401,
  ],
  [
    'JWT: expired token (401)',
    withHeaders({
      ...serviceHeaders,
      authorization: `Bearer ${signHs256({ ...serviceClaims, exp: 1700000600 }, serviceJwtSecret)}`,
    }),
    401,
  ],
  [
    'CORS: preflight answered before the JWT check (204)',
    {
      method: 'OPTIONS',
      path: request.path,
      headers: {
        origin: serviceOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    },
    204,
    { 'access-control-allow-origin': serviceOrigin, 'access-control-allow-methods': true },
  ],
  [
    'CORS: origin not allowed gets no allow-origin header',
    withHeaders({ ...serviceHeaders, origin: 'https://evil.example.net' }),
    200,
    { 'access-control-allow-origin': false, 'x-content-type-options': 'nosniff' },
  ],
  [
    'schema: zip pattern (400)',
    withHeaders(
      serviceHeaders,
      serviceJwtSecret,
      JSON.stringify({ ...serviceBody, address: { ...serviceBody.address, zip: '1234' } }),
    ),
    400,
  ],
  ['schema: id below minimum (400)', { ...request, path: '/api/users/0/address' }, 400],
]
