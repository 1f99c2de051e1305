// The serverless example's application, written as a function of the factory: the same module is
// served by AWS Lambda (`framework` + @fastify/aws-lambda, lambda.mjs) and by Vercel and Netlify
// functions (`@framework/fetch`, vercel.mjs and netlify.mjs). Its routes live under /api, the path
// the hosts route to the function.
export function buildApp(framework, options = {}) {
  const app = framework(options)
  app.register(
    async (api) => {
      api.get(
        '/users/:id',
        {
          schema: {
            params: { type: 'object', properties: { id: { type: 'integer' } } },
            querystring: { type: 'object', properties: { full: { type: 'boolean' } } },
          },
        },
        async (request) => ({ id: request.params.id, full: request.query.full ?? false }),
      )
      api.post(
        '/users',
        {
          schema: {
            body: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string', maxLength: 20 } },
            },
            response: { 201: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        async (request, reply) => reply.code(201).send(request.body),
      )
      // two cookies: each host has its own way of returning several set-cookie headers
      api.post('/session', async (request, reply) => {
        const renewed = request.headers.cookie?.includes('session=') ?? false
        reply.header('set-cookie', [`session=${renewed ? 'renewed' : 'new'}`, 'theme=dark'])
        return { signedIn: true }
      })
      // bytes: base64-encoded for API Gateway and ALB
      api.get('/pixel.png', async (_request, reply) =>
        reply.type('image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      )
    },
    { prefix: '/api' },
  )
  return app
}
