// The application: the factory, the plugins, the routes.
import framework, { type FastifyInstance, type FastifyServerOptions } from 'framework'
import audit from './audit.js'
import db from './db.js'
import { addErrorHandler } from './errors.js'
import { addHooks } from './hooks.js'
import { routes } from './routes.js'

export async function build(options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = framework(options)
  await app.register(db, { url: 'postgres://localhost/app' })
  app.register(audit)
  addHooks(app)
  addErrorHandler(app)
  app.register(routes, { prefix: '/v1', admin: true })
  app.get('/health', async function () {
    await this.db.query('select 1')
    return { ok: true }
  })
  await app.ready()
  app.audit('ready')
  return app
}
