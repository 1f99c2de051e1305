// The Fastify-5 releases of real plugins from npm (installed under `-5` aliases), whose
// declarations augment `'fastify'` as the Fastify-4 lines do, on a framework application. The
// `paths` mapping in tsconfig.json points `'fastify'` at the framework's declarations, so each
// plugin's `declare module 'fastify'` reaches the framework's own instance, request and reply.
import cookie from '@fastify/cookie-5'
import jwt from '@fastify/jwt-5'
import rateLimit from '@fastify/rate-limit-5'
import sensible from '@fastify/sensible-5'
import fastifyPlugin from 'fastify-plugin-5'
import framework, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'framework'
import { expectTypeOf } from 'vitest'

declare module 'framework' {
  interface FastifyInstance {
    audit: (line: string) => void
  }
}

const audit: FastifyPluginAsync<{ prefix: string }> = async (app, opts) => {
  app.decorate('audit', (line: string) => app.log.info(`${opts.prefix}${line}`))
}

export const auditPlugin = fastifyPlugin(audit, { fastify: '5.x', name: 'audit' })

export async function build(): Promise<FastifyInstance> {
  const app = framework()
  await app.register(auditPlugin, { prefix: '[audit] ' })
  // @ts-expect-error: fastify-plugin 5 keeps the plugin's option types
  app.register(auditPlugin, { prefix: 1 })
  await app.register(sensible)
  await app.register(cookie, { secret: 'cookie-secret' })
  await app.register(jwt, { secret: 'a-long-enough-test-secret' })
  await app.register(rateLimit, { global: false, max: 100 })

  app.get('/admin', { preHandler: app.rateLimit({ max: 5 }) }, async (request, reply) => {
    expectTypeOf(request.jwtVerify).toBeFunction()
    const payload = await request.jwtVerify<{ sub: string }>()
    expectTypeOf(payload).toEqualTypeOf<{ sub: string }>()
    if (payload.sub !== 'ada') return reply.notFound('no such user')
    const token = await reply.jwtSign({ sub: payload.sub })
    expectTypeOf(token).toBeString()
    reply.setCookie('token', token, { httpOnly: true })
    // @ts-expect-error: sensible declares no such reply method
    reply.notFoundd()
    // @ts-expect-error: jwtVerify's options are typed
    await request.jwtVerify({ onlyCookie: 'yes' })
    app.audit(`admin ${payload.sub}`)
    return { token }
  })

  // The decorators are on the framework's types under Fastify's names and its own.
  expectTypeOf<FastifyReply['notFound']>().toBeFunction()
  expectTypeOf<FastifyRequest['jwtVerify']>().toBeFunction()
  expectTypeOf(app.rateLimit).toBeFunction()
  expectTypeOf(app.rateLimit).not.toBeAny()
  expectTypeOf<FastifyReply['notFound']>().not.toBeAny()
  expectTypeOf<FastifyRequest['jwtVerify']>().not.toBeAny()
  expectTypeOf(app.jwt).not.toBeAny()
  // @ts-expect-error: rate-limit's options are typed (max is a number or a function)
  app.rateLimit({ max: 'five' })
  // @ts-expect-error: the route config key rate-limit declares is typed too
  app.get('/limited', { config: { rateLimit: { timeWindow: {} } } }, async () => 'ok')
  expectTypeOf(app.httpErrors.badRequest).toBeFunction()
  expectTypeOf(app.jwt.sign).toBeFunction()
  expectTypeOf(app.jwt.sign({ sub: 'ada' })).toBeString()
  expectTypeOf(app.audit).toEqualTypeOf<(line: string) => void>()
  expectTypeOf(app.to(Promise.resolve(1))).resolves.toEqualTypeOf<[Error, number]>()
  return app
}
