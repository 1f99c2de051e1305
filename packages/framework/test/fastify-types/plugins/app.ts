// Real plugins from npm, whose declarations augment `'fastify'`, on a framework application; the
// real `fastify-plugin` wraps a plugin of the application's own.
import cookie from '@fastify/cookie'
import sensible from '@fastify/sensible'
import fastifyPlugin from 'fastify-plugin'
import framework, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
} from 'framework'
import { expectTypeOf } from 'vitest'

declare module 'framework' {
  interface FastifyInstance {
    settings: { secret: string }
  }
}

const settings: FastifyPluginAsync<{ secret: string }> = async (app, opts) => {
  app.decorate('settings', { secret: opts.secret })
}
const greeting: FastifyPluginCallback = (app, _opts, done) => {
  app.get('/hello', async () => ({ hello: app.settings.secret.length }))
  done()
}

export const settingsPlugin = fastifyPlugin(settings, { fastify: '4.x', name: 'settings' })
export const greetingPlugin = fastifyPlugin(greeting, '4.x')

export async function build(): Promise<FastifyInstance> {
  const app = framework()
  await app.register(settingsPlugin, { secret: 'cookie-secret' })
  // @ts-expect-error: the plugin's options are still checked through fastify-plugin
  app.register(settingsPlugin, { secret: 1 })
  app.register(greetingPlugin)
  await app.register(sensible)
  await app.register(cookie, { secret: app.settings.secret })

  app.get('/session', async (request, reply) => {
    expectTypeOf(request.cookies).toEqualTypeOf<{ [cookieName: string]: string | undefined }>()
    const session = request.cookies.session
    if (session === undefined) return reply.notFound('no session')
    const unsigned = request.unsignCookie(session)
    if (!unsigned.valid) return reply.unauthorized()
    reply.setCookie('seen', '1', { httpOnly: true }).header('x-session', unsigned.value ?? '')
    // @ts-expect-error: sensible declares no such reply method
    reply.notFoundd()
    return { session: unsigned.value }
  })

  // Both the plugins' augmentations (through 'fastify') and the application's (through
  // 'framework') are on the instance.
  expectTypeOf(app.httpErrors.notFound).toBeFunction()
  expectTypeOf(app.serializeCookie('a', 'b')).toBeString()
  expectTypeOf(app.settings.secret).toBeString()
  expectTypeOf(app.to(Promise.resolve(1))).resolves.toEqualTypeOf<[Error, number]>()
  return app
}
