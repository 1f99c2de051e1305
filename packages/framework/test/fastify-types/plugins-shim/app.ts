// With the shim, the application augments `'fastify'` as the plugins do (never `'framework'`).
import sensible from '@fastify/sensible'
import fastifyPlugin from 'fastify-plugin'
import framework, { type FastifyPluginAsync } from 'framework'
import { expectTypeOf } from 'vitest'

declare module 'fastify' {
  interface FastifyInstance {
    settings: { secret: string }
  }
}

const settings: FastifyPluginAsync<{ secret: string }> = async (app, opts) => {
  app.decorate('settings', { secret: opts.secret })
}

const app = framework()
app.register(fastifyPlugin(settings, { fastify: '4.x' }), { secret: 's' })
app.register(sensible)
app.get('/', async (_request, reply) => {
  // @ts-expect-error: sensible declares no such reply method
  reply.notFoundd()
  return reply.notFound()
})
expectTypeOf(app.httpErrors.notFound).toBeFunction()
expectTypeOf(app.settings.secret).toBeString()
