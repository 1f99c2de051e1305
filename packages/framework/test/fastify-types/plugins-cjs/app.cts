// CommonJS: the plugins' `'fastify'` augmentations and the application's `'framework'` one.
import cookie = require('@fastify/cookie')
import sensible = require('@fastify/sensible')
import framework = require('framework')

declare module 'framework' {
  interface FastifyInstance {
    settings: { secret: string }
  }
}

const app = framework()
app.register(sensible)
app.register(cookie)
app.get('/', async (request, reply) => {
  const session: string | undefined = request.cookies.session
  const secret: string = app.settings.secret
  app.httpErrors.badRequest()
  // @ts-expect-error: sensible declares no such reply method
  reply.notFoundd()
  return session === undefined ? reply.notFound() : { session, secret }
})
