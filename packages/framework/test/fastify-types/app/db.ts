// A plugin that decorates the instance and the request, declared the Fastify way: module
// augmentation through Fastify's names, in the plugin's own file.
import { type FastifyPluginAsync, fp } from 'framework'

export interface Db {
  query(sql: string, values?: unknown[]): Promise<Array<Record<string, unknown>>>
}

export interface User {
  id: string
  admin: boolean
}

declare module 'framework' {
  interface FastifyInstance {
    db: Db
  }
  interface FastifyRequest {
    user: User | null
  }
  interface FastifyReply {
    sendRows(rows: unknown[]): void
  }
}

export interface DbOptions {
  url: string
}

const db: FastifyPluginAsync<DbOptions> = async (app, opts) => {
  const connection: Db = { query: async () => [{ url: opts.url }] }
  app.decorate('db', connection)
  app.decorateRequest('user', null)
  app.decorateReply('sendRows', function (this: unknown, rows: unknown[]) {
    return rows
  })
  app.addHook('onClose', async (instance) => {
    await instance.db.query('select 1')
  })
}

export default fp(db, { name: 'db', fastify: '4.x' })
