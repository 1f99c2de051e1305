import { describe, expect, it } from 'vitest'
import { makeApp } from '../spec/helpers'

// Start and stop as Fastify 5 times and behaves them (issue 39): loading ends no earlier than
// avvio's, so what runs in the microtasks after listen() (a test runner starting its first tests)
// still declares routes.

/** A promise chain of `steps` links, as a test runner's between two tests. */
async function chain(steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) await Promise.resolve()
}

describe('[compat] start-up takes as long as avvio', () => {
  it('routes declared in the microtasks after listen() are served over the socket', async () => {
    const app = makeApp()
    const listening = new Promise<string>((resolve, reject) =>
      app.listen({ port: 0, host: '127.0.0.1' }, (error: Error | null, address: string) =>
        error ? reject(error) : resolve(address),
      ),
    )
    const declared: string[] = []
    const declaring = (async () => {
      for (const path of ['/one', '/two', '/three', '/four']) {
        await chain(40)
        app.put(path, async (request: any) => ({ path, body: request.body }))
        declared.push(path)
      }
    })()
    const address = await listening
    await declaring
    expect(declared).toEqual(['/one', '/two', '/three', '/four'])
    for (const path of declared) {
      const response = await fetch(address + path, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hello: 'world' }),
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ path, body: { hello: 'world' } })
    }
    const injected = await app.inject({ method: 'PUT', url: '/four', payload: { a: 1 } })
    expect([injected.statusCode, injected.json()]).toEqual([200, { path: '/four', body: { a: 1 } }])
  })

  it('a route declared on the next timer after listen() is refused', async () => {
    const app = makeApp()
    const listening = app.listen({ port: 0, host: '127.0.0.1' })
    const error = await new Promise((resolve) =>
      setTimeout(() => {
        try {
          app.get('/late', async () => 'late')
          resolve(null)
        } catch (thrown) {
          resolve(thrown)
        }
      }, 0),
    )
    await listening
    expect(error).toMatchObject({
      code: 'FRM_ERR_INSTANCE_ALREADY_LISTENING',
      message: 'Fastify instance is already listening. Cannot add route!',
    })
  })
})
