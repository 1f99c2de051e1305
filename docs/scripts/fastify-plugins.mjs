// The Fastify plugins the framework's own tests register (packages/framework/test/plugins/), with
// the differences those tests found. The version comes from the framework's devDependencies and
// the status from its last test report, so the table says what was measured.

/** @type {{ name: string, test: string, notes: string }[]} */
export const fastifyPlugins = [
  { name: '@fastify/autoload', test: 'autoload', notes: '' },
  {
    name: '@fastify/compress',
    test: 'compress',
    notes:
      'an encoded body on a route with `decompress: false` answers 415, where Fastify hands the parser the compressed bytes',
  },
  { name: '@fastify/cookie', test: 'cookie', notes: '' },
  {
    name: '@fastify/cors',
    test: 'cors',
    notes: '`decorateReply` of a built-in reply method (`getHeader`) is refused',
  },
  {
    name: '@fastify/formbody',
    test: 'formbody',
    notes:
      'a route with a body schema answers 415 to a form body (body schemas validate JSON only)',
  },
  { name: '@fastify/helmet', test: 'helmet', notes: '' },
  { name: '@fastify/jwt', test: 'jwt', notes: '' },
  {
    name: '@fastify/multipart',
    test: 'multipart',
    notes:
      'a route with a body schema answers 415 to multipart bodies: check the parts in the handler',
  },
  {
    name: '@fastify/rate-limit',
    test: 'rate-limit',
    notes: 'a custom error handler sees `reply.statusCode` already set to the error status',
  },
  { name: '@fastify/sensible', test: 'sensible', notes: '' },
  { name: '@fastify/static', test: 'static', notes: '' },
  {
    name: '@fastify/swagger',
    test: 'swagger',
    notes: 'dynamic mode; validation messages keep the framework wording ("should")',
  },
  {
    name: '@fastify/websocket',
    test: 'websocket',
    notes: 'a connection attempted during `close()` gets a 404 rather than a 503',
  },
]
