import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { makeApp, portOf } from '../spec/helpers'

// Fastify 5's reply.writeEarlyHints: a 103 response with the hints before the real one.

function hinting() {
  const app = makeApp()
  const called: string[] = []
  app.get('/', async (_request: any, reply: any) => {
    reply.writeEarlyHints({ link: '</styles.css>; rel=preload; as=style' }, () => {
      called.push('callback')
    })
    return 'Hello, world!'
  })
  return { app, called }
}

describe('[compat] Fastify 5 reply.writeEarlyHints', () => {
  it('sends 103 Early Hints with the hints, then the response (real socket)', async () => {
    const { app, called } = hinting()
    const port = await portOf(app)
    const seen = await new Promise<{ info: unknown[]; status: number; body: string }>(
      (resolve, reject) => {
        const info: unknown[] = []
        const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false })
        req.on('information', (response) => {
          info.push([response.statusCode, response.headers.link])
        })
        req.on('response', (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () => resolve({ info, status: response.statusCode ?? 0, body }))
        })
        req.on('error', reject)
      },
    )
    expect(seen).toEqual({
      info: [[103, '</styles.css>; rel=preload; as=style']],
      status: 200,
      body: 'Hello, world!',
    })
    expect(called).toEqual(['callback'])
  })

  it('leaves the injected response as it is and calls the callback (inject)', async () => {
    const { app, called } = hinting()
    const response = await app.inject('/')
    expect([response.statusCode, response.body]).toEqual([200, 'Hello, world!'])
    // node calls it once the 103 is flushed, which light-my-request does after the response.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(called).toEqual(['callback'])
  })
})
