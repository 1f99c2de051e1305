// One bench server: node|bun server.mjs <target> <port>. Prints "ready" once it serves.
import { createServer } from 'node:http'
import { buildApp } from './app.mjs'

const [target, portText] = process.argv.slice(2)
const port = Number(portText)
const hostname = '127.0.0.1'

/** Serves a fetch handler from node:http (what the fetch transport costs under node, adapter included). */
function serveFetchOnNode(handler) {
  const server = createServer(async (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    let body
    if (hasBody) {
      const chunks = []
      for await (const chunk of req) chunks.push(chunk)
      body = Buffer.concat(chunks)
    }
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body,
    })
    const response = await handler(request)
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  return new Promise((resolve) => server.listen(port, hostname, resolve))
}

if (target === 'framework-node-http') {
  const { default: framework } = await import('framework')
  await buildApp(framework).listen({ port, host: hostname })
} else if (target === 'framework-fetch-node') {
  const { default: framework, toFetchHandler } = await import('@framework/fetch')
  await serveFetchOnNode(toFetchHandler(buildApp(framework)))
} else if (target === 'framework-bun-serve') {
  const { default: framework, toFetchHandler } = await import('@framework/fetch')
  Bun.serve({ port, hostname, fetch: toFetchHandler(buildApp(framework)) })
} else if (target === 'framework-bun-node-http') {
  const { default: framework } = await import('framework')
  await buildApp(framework).listen({ port, host: hostname })
} else if (target === 'hono-bun') {
  const { Hono } = await import('hono')
  const { zValidator } = await import('@hono/zod-validator')
  const { z } = await import('zod')
  const user = z.object({ name: z.string().max(50), age: z.number().int().min(0) })
  const app = new Hono()
  app.get('/hello', (c) => c.json({ hello: 'world' }))
  app.post('/users', zValidator('json', user), (c) => c.json(c.req.valid('json'), 201))
  Bun.serve({ port, hostname, fetch: app.fetch })
} else if (target === 'elysia-bun') {
  const { Elysia, t } = await import('elysia')
  new Elysia()
    .get('/hello', () => ({ hello: 'world' }))
    .post(
      '/users',
      ({ body, set }) => {
        set.status = 201
        return body
      },
      { body: t.Object({ name: t.String({ maxLength: 50 }), age: t.Integer({ minimum: 0 }) }) },
    )
    .listen({ port, hostname })
} else {
  throw new Error(`unknown target ${target}`)
}
console.log('ready')
