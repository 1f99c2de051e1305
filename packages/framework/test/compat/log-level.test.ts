import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { makeApp } from '../spec/helpers'

/** A real pino logger writing its lines into `lines`. */
function pinoInto(lines: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line !== '') lines.push(JSON.parse(line))
      done()
    },
  })
  return pino({ level: 'info' }, stream)
}

describe('[compat] logLevel (route option and register option)', () => {
  it("a route's logLevel sets its request logger's level; a plugin's applies to its routes", async () => {
    const lines: Array<Record<string, unknown>> = []
    const app = makeApp({ logger: pinoInto(lines) })
    app.get('/health', { logLevel: 'silent' }, async (request: any) => {
      request.log.error('never written')
      return 'ok'
    })
    app.register(
      async (child: any) => {
        child.get('/quiet', async (request: any) => {
          request.log.info('dropped at warn')
          request.log.warn('kept')
          return 'ok'
        })
      },
      { logLevel: 'warn' },
    )
    app.get('/loud', async (request: any) => {
      request.log.info('kept too')
      return 'ok'
    })
    for (const url of ['/health', '/quiet', '/loud']) await app.inject(url)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const messages = lines.map((line) => line.msg)
    expect(messages).not.toContain('never written')
    expect(messages).not.toContain('dropped at warn')
    expect(messages).toContain('kept')
    expect(messages).toContain('kept too')
    // Request logging follows the route's level too: nothing for /health.
    const healthLines = lines.filter((line) => (line.req as any)?.url === '/health')
    expect(healthLines).toEqual([])
    expect(lines.filter((line) => (line.req as any)?.url === '/loud')).toHaveLength(1)
  })
})
