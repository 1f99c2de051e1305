// Hooks typed by Fastify's names: `request.headers` as Node types them, decorators from both
// augmentations on `request` and `this`.
import type { FastifyInstance, onRequestHookHandler, preHandlerAsyncHookHandler } from 'framework'

export const authenticate: preHandlerAsyncHookHandler = async function (request, reply) {
  const header: string | undefined = request.headers.authorization
  if (header === undefined) return reply.code(401).send({ error: 'missing token' })
  const [row] = await this.db.query('select * from tokens where token = $1', [header.slice(7)])
  request.user = row === undefined ? null : { id: String(row.id), admin: row.admin === true }
  this.audit('authenticated')
}

export const timing: onRequestHookHandler = (request, _reply, done) => {
  request.startedAt = Date.now()
  done()
}

export function addHooks(app: FastifyInstance): void {
  app.addHook('onRequest', timing)
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ ms: Date.now() - request.startedAt, status: reply.statusCode })
    request.server.audit('responded')
  })
}
