// The Fastify plugins the framework's own tests register, both release lines of each: the
// Fastify-4 line (devDependency `<name>`) and the Fastify-5 line (devDependency `<name>-5`), both
// tested by packages/framework/test/plugins/<test>.test.ts, whose describe titles name the line
// (`... (Fastify 5)`), with the differences those tests found. Versions come from the framework's
// devDependencies and the status from its last test report, so the table says what was measured.

/** @type {{ name: string, test: string, notes: string, notes5: string }[]} */
export const fastifyPlugins = [
  { name: '@fastify/autoload', test: 'autoload', notes: '', notes5: '' },
  {
    name: '@fastify/compress',
    test: 'compress',
    notes:
      'an encoded body on a route with `decompress: false` answers 415, where Fastify hands the parser the compressed bytes',
    notes5: 'as the Fastify-4 line; a WHATWG `Response` or `ReadableStream` reply is compressed',
  },
  { name: '@fastify/cookie', test: 'cookie', notes: '', notes5: '' },
  { name: '@fastify/cors', test: 'cors', notes: '', notes5: '' },
  { name: '@fastify/formbody', test: 'formbody', notes: '', notes5: '' },
  { name: '@fastify/helmet', test: 'helmet', notes: '', notes5: '' },
  { name: '@fastify/jwt', test: 'jwt', notes: '', notes5: '' },
  { name: '@fastify/multipart', test: 'multipart', notes: '', notes5: '' },
  { name: '@fastify/rate-limit', test: 'rate-limit', notes: '', notes5: '' },
  { name: '@fastify/sensible', test: 'sensible', notes: '', notes5: '' },
  { name: '@fastify/static', test: 'static', notes: '', notes5: '' },
  {
    name: '@fastify/swagger',
    test: 'swagger',
    notes: 'dynamic mode; validation messages keep the framework wording ("should")',
    notes5: 'dynamic mode; validation messages keep the framework wording ("should")',
  },
  {
    name: '@fastify/websocket',
    test: 'websocket',
    notes: 'a connection attempted during `close()` gets a 404 rather than a 503',
    notes5: 'a connection attempted during `close()` gets a 404 rather than a 503',
  },
]

/** The two release lines: the devDependency key and the test file of each. */
export const pluginLines = [
  {
    line: 'Fastify 4',
    dependency: (name) => name,
    file: (test) => `/test/plugins/${test}.test.ts`,
  },
  {
    line: 'Fastify 5',
    dependency: (name) => `${name}-5`,
    file: (test) => `/test/plugins/${test}.test.ts`,
  },
]
