// The app of scenario (h) for every Fastify-shaped target: a second app in the server process,
// on its own port, with the plugins registered at its root the way their READMEs show (so they
// apply to every route, as in a real service). The Fastify 4 target and the framework register
// the same Fastify-4-line plugin packages; the Fastify 5 target their Fastify-5 lines.
import { addressSchema } from '../scenarios.mjs'
import {
  saveAddress,
  saveAddressSchema,
  serviceCorsOptions,
  serviceJwtSecret,
  serviceRateLimit,
  serviceRoutePath,
} from '../service-scenario.mjs'

/**
 * Builds the service on a new app from `createApp` with `plugins`
 * (`{ cors, helmet, rateLimit, jwt }`, each a plugin as its package exports it), listens on
 * 127.0.0.1 (random port) and resolves the port.
 */
export async function listenService(createApp, plugins) {
  const app = await buildService(createApp, plugins)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app.server.address().port
}

/** The service app, built and ready to listen (or to `inject`). */
export async function buildService(createApp, plugins) {
  const app = createApp()
  await app.register(plugins.cors, serviceCorsOptions)
  await app.register(plugins.helmet)
  await app.register(plugins.rateLimit, serviceRateLimit)
  await app.register(plugins.jwt, { secret: serviceJwtSecret })
  app.addHook('onRequest', async (request) => {
    await request.jwtVerify()
  })
  app.addSchema(addressSchema)

  app.post(serviceRoutePath, { schema: saveAddressSchema }, (request, reply) => {
    reply.send(saveAddress(request.params.id, request.user.sub, request.body))
  })
  return app
}

/**
 * The four plugins of one Fastify major's line: `'4'` (@fastify/cors 9, helmet 11, rate-limit 9,
 * jwt 8, the aliases `cors4`...) or `'5'` (cors 11, helmet 13, rate-limit 11, jwt 10). Imported
 * when the service starts, not with the target's module: the start-up measurement imports that
 * module too and must not pay for them.
 */
export async function servicePlugins(line) {
  const [cors, helmet, rateLimit, jwt] = await Promise.all(
    ['cors', 'helmet', 'rate-limit', 'jwt'].map((name) => import(`${name}${line}`)),
  )
  return {
    cors: cors.default,
    helmet: helmet.default,
    rateLimit: rateLimit.default,
    jwt: jwt.default,
  }
}
