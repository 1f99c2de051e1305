// A second augmentation, through the framework's own names: it reaches the same types.
import type { Plugin } from 'framework'
import { fp } from 'framework'

declare module 'framework' {
  interface Instance {
    audit(event: string): void
  }
  interface FrameworkRequest {
    startedAt: number
  }
}

const audit: Plugin = (app, _opts, done) => {
  app.decorate('audit', (event: string) => app.log.info({ event }))
  app.decorateRequest('startedAt', 0)
  done()
}

export default fp(audit, { name: 'audit', dependencies: ['db'], fastify: '>=4.16.0' })
