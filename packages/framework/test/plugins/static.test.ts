import { statSync } from 'node:fs'
import { join } from 'node:path'
import static4 from '@fastify/static'
import static5 from '@fastify/static-5'
import { describe, expect, it } from 'vitest'
import { makeApp } from '../spec/helpers'
import { itBothRaw } from './helpers'

// @fastify/static 7 (the last line for Fastify 4) and 10.1 (the Fastify-5 line), used as their
// README shows, on ./fixtures/static: every case runs on both lines.

/**
 * The plugin's two release lines, with what they answer differently: the charset's case in the
 * content type, a 304's content-length (10.1 sends none, as Fastify 5), and whether an attachment's
 * file name is quoted (7 quotes it).
 */
const lines = [
  ['Fastify 4', { fastifyStatic: static4, charset: 'UTF-8', notModifiedLength: '0', quote: '"' }],
  [
    'Fastify 5',
    { fastifyStatic: static5, charset: 'utf-8', notModifiedLength: undefined, quote: '' },
  ],
] as const

const root = join(import.meta.dirname, 'fixtures', 'static')
const helloStat = statSync(join(root, 'hello.txt'))

describe.each(lines)(
  '[plugins] @fastify/static (%s)',
  (_line, { fastifyStatic, charset, notModifiedLength, quote }) => {
    function staticApp(options: Record<string, unknown> = {}) {
      const app = makeApp()
      app.register(fastifyStatic, { root, prefix: '/public/', ...options })
      return app
    }

    itBothRaw(
      'serves a file with its content type, length, etag and last-modified',
      async ({ send }) => {
        const app = staticApp()
        const response = await send(app, { url: '/public/hello.txt' })
        expect(response.statusCode).toBe(200)
        expect(response.text()).toBe('hello static world\n')
        expect(response.headers['content-type']).toBe(`text/plain; charset=${charset}`)
        expect(response.headers['content-length']).toBe('19')
        expect(response.headers['accept-ranges']).toBe('bytes')
        expect(response.headers['cache-control']).toBe('public, max-age=0')
        expect(response.headers['last-modified']).toBe(helloStat.mtime.toUTCString())
        expect(response.headers.etag).toMatch(/^W\/"13-[0-9a-f]+"$/)
        const css = await send(app, { url: '/public/docs/style.css' })
        expect(css.headers['content-type']).toBe(`text/css; charset=${charset}`)
      },
    )

    it('answers 304 to a matching If-None-Match, content-length as the line sends it', async () => {
      const app = staticApp()
      const first = await app.inject('/public/hello.txt')
      const again = await app.inject({
        url: '/public/hello.txt',
        headers: { 'if-none-match': first.headers.etag as string },
      })
      expect(again.statusCode).toBe(304)
      expect(again.headers['content-length']).toBe(notModifiedLength)
      expect(again.body).toBe('')
    })

    itBothRaw(
      'serves the index file of a directory, and redirects a directory without its slash',
      async ({ send }) => {
        const app = staticApp({ redirect: true })
        const index = await send(app, { url: '/public/' })
        expect(index.statusCode).toBe(200)
        expect(index.text()).toBe('<h1>home</h1>\n')
        expect(index.headers['content-type']).toBe(`text/html; charset=${charset}`)
        const docs = await send(app, { url: '/public/docs' })
        expect(docs.statusCode).toBe(301)
        expect(docs.headers.location).toBe('/public/docs/')
      },
    )

    itBothRaw('a missing file is the not-found 404', async ({ send }) => {
      const app = staticApp()
      const response = await send(app, { url: '/public/nothing.txt' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET:/public/nothing.txt not found',
      })
    })

    itBothRaw('HEAD gives the headers of the GET and no body', async ({ send }) => {
      const app = staticApp()
      const response = await send(app, { method: 'HEAD', url: '/public/hello.txt' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe(`text/plain; charset=${charset}`)
      expect(response.headers['content-length']).toBe('19')
      expect(response.body.length).toBe(0)
    })

    itBothRaw('answers a range request with 206 and the bytes asked for', async ({ send }) => {
      const app = staticApp()
      const response = await send(app, {
        url: '/public/hello.txt',
        headers: { range: 'bytes=6-11' },
      })
      expect(response.statusCode).toBe(206)
      expect(response.text()).toBe('static')
      expect(response.headers['content-range']).toBe('bytes 6-11/19')
      expect(response.headers['content-length']).toBe('6')
      const unsatisfiable = await send(app, {
        url: '/public/hello.txt',
        headers: { range: 'bytes=100-200' },
      })
      expect(unsatisfiable.statusCode).toBe(416)
      expect(unsatisfiable.headers['content-range']).toBe('bytes */19')
    })

    itBothRaw(
      'reply.sendFile() (decorateReply) serves a file from a handler, with serve: false',
      async ({ send }) => {
        const app = makeApp()
        app.register(fastifyStatic, { root, serve: false })
        app.get('/greeting', (_request: any, reply: any) => reply.sendFile('hello.txt'))
        app.get('/page', (_request: any, reply: any) =>
          reply.sendFile('index.html', join(root, 'docs')),
        )
        const greeting = await send(app, { url: '/greeting' })
        expect(greeting.statusCode).toBe(200)
        expect(greeting.text()).toBe('hello static world\n')
        expect(greeting.headers['content-type']).toBe(`text/plain; charset=${charset}`)
        const page = await send(app, { url: '/page' })
        expect(page.text()).toBe('<h1>docs</h1>\n')
        // serve: false adds no wildcard route.
        expect((await send(app, { url: '/hello.txt' })).statusCode).toBe(404)
      },
    )

    itBothRaw(
      'decorateReply: false leaves reply.sendFile to another registration',
      async ({ send }) => {
        const app = makeApp()
        app.register(fastifyStatic, { root, prefix: '/a/' })
        app.register(fastifyStatic, {
          root: join(root, 'docs'),
          prefix: '/b/',
          decorateReply: false,
        })
        expect((await send(app, { url: '/a/hello.txt' })).text()).toBe('hello static world\n')
        expect((await send(app, { url: '/b/style.css' })).text()).toBe('body {\n  color: red;\n}\n')
      },
    )

    itBothRaw(
      'reply.download() sends a file as an attachment, under its own or a given name',
      async ({ send }) => {
        const app = makeApp()
        app.register(fastifyStatic, { root, serve: false })
        app.get('/get', (_request: any, reply: any) => reply.download('hello.txt'))
        app.get('/as', (_request: any, reply: any) => reply.download('hello.txt', 'greeting.txt'))
        const plain = await send(app, { url: '/get' })
        expect(plain.statusCode).toBe(200)
        expect(plain.headers['content-disposition']).toBe(
          `attachment; filename=${quote}hello.txt${quote}`,
        )
        expect(plain.text()).toBe('hello static world\n')
        const named = await send(app, { url: '/as' })
        expect(named.headers['content-disposition']).toBe(
          `attachment; filename=${quote}greeting.txt${quote}`,
        )
        expect(named.headers['content-length']).toBe('19')
      },
    )

    itBothRaw(
      'allowedPath refuses the paths it returns false for, with a 404',
      async ({ send }) => {
        const app = staticApp({ allowedPath: (path: string) => !path.startsWith('/docs') })
        expect((await send(app, { url: '/public/hello.txt' })).statusCode).toBe(200)
        const refused = await send(app, { url: '/public/docs/style.css' })
        expect(refused.statusCode).toBe(404)
      },
    )

    it('a missing file goes through callNotFound with the request’s own logger and id', async () => {
      const lines: Array<Record<string, unknown>> = []
      const stream = { write: (line: string) => lines.push(JSON.parse(line)) }
      const app = makeApp({ logger: { level: 'info', stream } } as never)
      app.register(fastifyStatic, { root, prefix: '/public/' })
      const response = await app.inject('/public/missing.txt')
      expect(response.statusCode).toBe(404)
      const requestLines = lines.filter((line) => line.reqId !== undefined)
      expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(1)
      expect(requestLines.filter((line) => line.msg === 'incoming request')).toHaveLength(1)
      expect(requestLines.filter((line) => line.msg === 'request completed')).toHaveLength(1)
    })

    it('close() settles after a HEAD response on an unref’d server', async () => {
      const app = staticApp()
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      app.server.unref()
      const head = await fetch(`${address}/public/hello.txt`, { method: 'HEAD' })
      expect([head.status, head.headers.get('content-length')]).toEqual([200, '19'])
      const settled = await Promise.race([
        app.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(resolve, 3000, 'still open after 3 s')),
      ])
      expect(settled).toBe('closed')
    })
  },
)
