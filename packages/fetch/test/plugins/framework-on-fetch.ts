// `framework` for the framework package's plugin suites, run against the Fetch transport
// (vitest.plugins.config.ts aliases the `framework` import to this file). Every application is an
// @framework/fetch one: `inject()` goes through its fetch handler; `listen()` (the suites' socket
// side) serves that same handler from a node:http server of the test's own, so the requests cross
// a real socket and still reach the application only as `Request`s and leave it as `Response`s.
import { createServer, type IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import fetchFramework, { toFetchHandler } from '../../src/index.js'

export * from '../../../framework/src/index.js'

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers()
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit)
}

export default function framework(options?: Record<string, unknown>) {
  const app = fetchFramework(options as never) as any
  const handler = toFetchHandler(app)
  let server: ReturnType<typeof createServer> | undefined
  const close = app.close.bind(app)
  app.listen = async (listenOptions: { port?: number; host?: string } = {}) => {
    const host = listenOptions.host ?? '127.0.0.1'
    server = createServer(async (req, res) => {
      const base = `http://${req.headers.host ?? host}`
      const response = await handler(toRequest(req, base), {
        remoteAddr: { hostname: req.socket.remoteAddress },
      })
      const headers: Record<string, string | string[]> = {}
      response.headers.forEach((value, name) => {
        headers[name] = value
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) headers['set-cookie'] = cookies
      res.writeHead(response.status, headers)
      if (response.body === null) res.end()
      else Readable.fromWeb(response.body as never).pipe(res)
    })
    await new Promise<void>((resolve) => server!.listen(listenOptions.port ?? 0, host, resolve))
    const { port } = server.address() as { port: number }
    return `http://${host}:${port}`
  }
  app.close = async (...args: unknown[]) => {
    if (server !== undefined) await new Promise((resolve) => server!.close(resolve))
    return close(...args)
  }
  return app
}
