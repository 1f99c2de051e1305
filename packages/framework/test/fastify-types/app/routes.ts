// Routes in their own plugin, with handlers typed the way Fastify code types them.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'framework'
import { authenticate } from './hooks.js'

interface CreateUser {
  Params: { org: string }
  Body: { name: string; email?: string }
}

async function createUser(request: FastifyRequest<CreateUser>, reply: FastifyReply) {
  const name: string = request.body.name
  const org: string = request.params.org
  const rows = await request.server.db.query('insert into users values ($1, $2)', [org, name])
  return reply.code(201).send({ id: rows.length, name, org })
}

function listUsers(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-user', request.user?.id ?? 'anonymous')
  this.db.query('select * from users').then((rows) => reply.sendRows(rows))
}

export const routes: FastifyPluginAsync<{ admin: boolean }> = async (app, opts) => {
  app.addHook('preHandler', authenticate)
  app.post<CreateUser>('/orgs/:org/users', createUser)
  app.get('/users', listUsers)
  app.get('/me', async (request) => {
    if (request.user === null) throw new Error('not signed in')
    return { id: request.user.id, admin: request.user.admin && opts.admin }
  })
  app.get(
    '/orgs/:org',
    { schema: { params: { type: 'object', properties: { org: { type: 'string' } } } } },
    async function (request) {
      const rows = await this.db.query('select * from orgs where id = $1', [request.params.org])
      return { org: request.params.org, rows: rows.length }
    },
  )
}
