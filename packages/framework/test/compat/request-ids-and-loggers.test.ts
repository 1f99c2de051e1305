import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { itBoth, makeApp } from '../spec/helpers'

// setGenReqId (4.26), setChildLoggerFactory and the route option childLoggerFactory (4.20),
// logSerializers (register and route option) and requestIdLogLabel.

type Line = Record<string, unknown>

/** A real pino logger writing its lines into `lines`. */
function pinoInto(lines: Line[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line !== '') lines.push(JSON.parse(line))
      done()
    },
  })
  return pino({ level: 'info' }, stream)
}

const plugin = (fn: any) => {
  fn[Symbol.for('skip-override')] = true
  return fn
}

describe('[compat] setGenReqId', () => {
  itBoth(
    'is encapsulated: children and fp plugins inherit it; it wins over genReqId',
    async ({ send }) => {
      const app = makeApp({ genReqId: () => 'from-option' })
      app.get('/root', async (request: any) => request.id)
      app.register(async (child: any) => {
        child.setGenReqId(function (this: any, req: any) {
          return `child-${req.url}-${this === child}`
        })
        child.get('/child', async (request: any) => request.id)
        child.register(async (grandchild: any) => {
          grandchild.get('/grandchild', async (request: any) => request.id)
        })
        child.register(
          plugin(async (same: any) => {
            same.get('/fp', async (request: any) => request.id)
          }),
        )
      })
      app.register(async (sibling: any) => {
        sibling.get('/sibling', async (request: any) => request.id)
      })
      const ids: string[] = []
      for (const url of ['/root', '/child', '/grandchild', '/fp', '/sibling']) {
        ids.push((await send(app, { url })).body)
      }
      expect(ids).toEqual([
        'from-option',
        'child-/child-true',
        'child-/grandchild-false',
        'child-/fp-true',
        'from-option',
      ])
    },
  )

  itBoth('set inside an fp plugin it applies to the parent context', async ({ send }) => {
    const app = makeApp()
    app.register(
      plugin(async (same: any) => {
        same.setGenReqId(() => 'from-fp')
      }),
    )
    app.get('/', async (request: any) => request.id)
    expect((await send(app, { url: '/' })).body).toBe('from-fp')
    expect(app.genReqId({ headers: {} })).toBe('from-fp')
  })

  itBoth('requestIdHeader still wins over it; 404s use the context generator', async ({ send }) => {
    const app = makeApp({ requestIdHeader: 'x-request-id' })
    app.setGenReqId(() => 'generated')
    app.get('/', async (request: any) => request.id)
    app.setNotFoundHandler(async (request: any, reply: any) => reply.code(404).send(request.id))
    expect((await send(app, { url: '/', headers: { 'x-request-id': 'abc' } })).body).toBe('abc')
    expect((await send(app, { url: '/' })).body).toBe('generated')
    const missing = await send(app, { url: '/missing' })
    expect([missing.statusCode, missing.body]).toEqual([404, 'generated'])
  })

  it('is refused once started, and for a value that is not a function', async () => {
    const app = makeApp()
    expect(() => app.setGenReqId('x')).toThrow("Option 'setGenReqId(fn)' is not valid")
    await app.ready()
    expect(() => app.setGenReqId(() => 'late')).toThrow(/setGenReqId/)
  })
})

describe('[compat] child logger factory', () => {
  itBoth(
    'setChildLoggerFactory makes the request loggers of its context; this is the instance',
    async ({ send }) => {
      const lines: Line[] = []
      const app = makeApp({ logger: pinoInto(lines), disableRequestLogging: true })
      const seen: unknown[] = []
      app.register(async (child: any) => {
        child.setChildLoggerFactory(function (
          this: any,
          logger: any,
          bindings: any,
          opts: any,
          raw: any,
        ) {
          seen.push([this === child, bindings, opts, raw.url])
          return logger.child({ ...bindings, custom: true }, opts)
        })
        child.get('/child', async (request: any) => {
          request.log.info('in child')
          return 'ok'
        })
      })
      app.get('/root', async (request: any) => {
        request.log.info('in root')
        return 'ok'
      })
      await send(app, { url: '/child' })
      await send(app, { url: '/root' })
      expect(seen).toEqual([[true, { reqId: expect.any(String) }, {}, '/child']])
      const child = lines.find((line) => line.msg === 'in child')!
      const root = lines.find((line) => line.msg === 'in root')!
      expect(child.custom).toBe(true)
      expect(root.custom).toBeUndefined()
      expect(typeof root.reqId).toBe('string')
    },
  )

  itBoth('the route option childLoggerFactory wins over the context one', async ({ send }) => {
    const lines: Line[] = []
    const app = makeApp({ logger: pinoInto(lines), disableRequestLogging: true })
    app.setChildLoggerFactory((logger: any, bindings: any, opts: any) =>
      logger.child({ ...bindings, from: 'context' }, opts),
    )
    app.get(
      '/',
      {
        logLevel: 'warn',
        childLoggerFactory: (logger: any, bindings: any, opts: any) =>
          logger.child({ ...bindings, from: 'route', level: opts.level }, opts),
      },
      async (request: any) => {
        request.log.info('dropped')
        request.log.warn('kept')
        return 'ok'
      },
    )
    await send(app, { url: '/' })
    const requestLines = lines.filter((line) => line.reqId !== undefined)
    expect(requestLines.map((line) => [line.msg, line.from])).toEqual([['kept', 'route']])
  })

  itBoth('a factory returning no logger answers 500', async ({ send }) => {
    const app = makeApp({ logger: pinoInto([]), disableRequestLogging: true })
    app.setChildLoggerFactory(() => ({ info() {} }))
    app.get('/', async (request: any) => {
      request.log.info('x')
      return 'ok'
    })
    const response = await send(app, { url: '/' })
    expect(response.statusCode).toBe(500)
    expect(response.json().code).toBe('FRM_ERR_LOG_INVALID_LOGGER')
  })
})

describe('[compat] logSerializers and requestIdLogLabel', () => {
  itBoth(
    'register and route logSerializers apply to request log lines, the route one over the plugin one',
    async ({ send }) => {
      const lines: Line[] = []
      const app = makeApp({ logger: pinoInto(lines), disableRequestLogging: true })
      app.register(
        async (child: any) => {
          child.get('/plugin', async (request: any) => {
            request.log.info({ secret: 'abc', other: 'x' }, 'plugin line')
            return 'ok'
          })
          child.get(
            '/route',
            { logSerializers: { other: (value: string) => value.toUpperCase() } },
            async (request: any) => {
              request.log.info({ secret: 'abc', other: 'x' }, 'route line')
              return 'ok'
            },
          )
        },
        { logSerializers: { secret: () => '[hidden]', other: (value: string) => `<${value}>` } },
      )
      app.get('/root', async (request: any) => {
        request.log.info({ secret: 'abc' }, 'root line')
        return 'ok'
      })
      for (const url of ['/plugin', '/route', '/root']) await send(app, { url })
      const pick = (msg: string) => {
        const line = lines.find((entry) => entry.msg === msg)!
        return [line.secret, line.other]
      }
      expect(pick('plugin line')).toEqual(['[hidden]', '<x>'])
      expect(pick('route line')).toEqual(['[hidden]', 'X'])
      expect(pick('root line')).toEqual(['abc', undefined])
    },
  )

  itBoth('requestIdLogLabel names the request id in log lines', async ({ send }) => {
    const lines: Line[] = []
    const app = makeApp({
      logger: pinoInto(lines),
      requestIdLogLabel: 'traceId',
      genReqId: () => 'id-1',
    })
    app.get('/', async (request: any) => {
      request.log.info('hello')
      return 'ok'
    })
    await send(app, { url: '/' })
    const hello = lines.find((line) => line.msg === 'hello')!
    expect([hello.traceId, hello.reqId]).toEqual(['id-1', undefined])
    expect(lines.find((line) => line.msg === 'incoming request')!.traceId).toBe('id-1')
    expect(app.initialConfig.requestIdLogLabel).toBe('traceId')
  })
})
