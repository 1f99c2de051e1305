import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Ajv from 'ajv'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPrecompiler, precompile } from '../src/index.js'
import { type AppChanges, buildApp, requests, userBody } from './precompiled-app.js'

const require = createRequire(import.meta.url)

/** Runs the build step for the app (with `changes`) and loads the module it wrote. */
async function built(changes: AppChanges = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'framework-precompile-')), 'compiled.cjs')
  const summary = await precompile((options) => buildApp(options, changes), file)
  return { module: require(file), summary, file }
}

/** The module, counting how many of its entries are read (each is evaluated when read). */
function counted(module: any) {
  const used = { validators: 0, serializers: 0 }
  const counting = <T extends object>(entries: T, kind: keyof typeof used): T =>
    new Proxy(entries, {
      get(target, key) {
        if (typeof key === 'string' && Object.hasOwn(target, key)) used[kind]++
        return Reflect.get(target, key)
      },
    })
  const validators = Object.fromEntries(
    Object.entries(module.validators as Record<string, { index: object }>).map(([key, code]) => [
      key,
      { ...code, index: counting(code.index, 'validators') },
    ]),
  )
  return {
    module: { ...module, validators, serializers: counting(module.serializers, 'serializers') },
    used,
  }
}

async function answers(app: ReturnType<typeof buildApp>) {
  const out = []
  for (const request of requests) {
    const res = await app.inject(request as never)
    out.push({ status: res.statusCode, type: res.headers['content-type'], body: res.body })
  }
  return out
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('precompiled start-up', () => {
  it('the build step writes every validator and serializer of the app', async () => {
    const { summary } = await built()
    // params, body, headers of POST; querystring of GET; one serializer per response schema.
    expect(summary).toMatchObject({ validators: 4, serializers: 2, skipped: [] })
  })

  it('a precompiled app compiles nothing at ready and answers exactly as a compiled one (inject)', async () => {
    const { module } = await built()
    const expected = await answers(buildApp())
    const { module: countedModule, used } = counted(module)
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const app = buildApp({ precompiled: countedModule })
    await app.ready()
    expect(spy).not.toHaveBeenCalled()
    // Lookups: the automatic HEAD route of the GET route looks its querystring validator up too.
    // The response schemas are plain: their serializers are taken from the module by their first
    // response.
    expect(used).toEqual({ validators: 5, serializers: 0 })
    expect(await answers(app)).toEqual(expected)
    expect(used).toEqual({ validators: 5, serializers: 2 })
    expect(spy).not.toHaveBeenCalled()
    expect(expected.map((a) => a.status)).toEqual([
      201, 400, 400, 400, 400, 400, 400, 200, 400, 400,
    ])
    expect(JSON.parse(expected[1]!.body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/email should match format "email"',
    })
  })

  it('keeps the formatter, error handler, onError hooks and error.validation as a compiled one', async () => {
    const seen: unknown[] = []
    const setup: AppChanges['setup'] = (app) => {
      app.setSchemaErrorFormatter(
        (errors, dataVar) => new Error(`${dataVar}: ${errors.length} error(s)`),
      )
      app.addHook('onError', async (_request, _reply, error) => {
        seen.push((error as { validationContext?: string }).validationContext)
      })
      app.setErrorHandler((error, _request, reply) => {
        const { validation, validationContext, message } = error as never as Record<string, unknown>
        reply.code(422).send({ message, validationContext, validation })
      })
    }
    const { module } = await built({ setup })
    const expected = await answers(buildApp({}, { setup }))
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const actual = await answers(buildApp({ precompiled: module }, { setup }))
    expect(spy).not.toHaveBeenCalled()
    expect(actual).toEqual(expected)
    expect(JSON.parse(expected[1]!.body)).toMatchObject({
      message: 'body: 1 error(s)',
      validationContext: 'body',
      validation: [{ instancePath: '/email', keyword: 'format', params: { format: 'email' } }],
    })
    expect(seen.length).toBe(2 * expected.filter((a) => a.status === 422).length)
  })

  it('answers exactly as a compiled one over a real socket', async () => {
    const { module } = await built()
    const compiled = buildApp()
    const precompiled = buildApp({ precompiled: module })
    const fetchAll = async (app: ReturnType<typeof buildApp>) => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      const out = []
      try {
        for (const request of requests) {
          const payload = 'payload' in request ? JSON.stringify(request.payload) : undefined
          const res = await fetch(`${address}${request.url}`, {
            method: request.method,
            headers: {
              ...('headers' in request ? request.headers : {}),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: payload,
          })
          out.push({
            status: res.status,
            type: res.headers.get('content-type'),
            body: await res.text(),
          })
        }
      } finally {
        await app.close()
      }
      return out
    }
    const expected = await fetchAll(compiled)
    expect(expected[0]!.status).toBe(201)
    expect(await fetchAll(precompiled)).toEqual(expected)
  })

  it('an edited route schema is compiled anew, never served stale', async () => {
    const { module } = await built()
    const edited = structuredClone(userBody)
    edited.properties.age.maximum = 30
    const spy = vi.spyOn(Ajv.prototype, 'compile')
    const app = buildApp({ precompiled: module }, { body: edited })
    const res = await app.inject({
      method: 'POST',
      url: '/users/3',
      payload: { name: 'A', email: 'a@b.io', age: 36 },
    })
    expect(spy).toHaveBeenCalledTimes(1)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body/age should be <= 30')
  })

  it('an edited shared schema recompiles what uses it', async () => {
    const { module } = await built()
    const address = {
      $id: 'address',
      type: 'object',
      required: ['city', 'zip'],
      properties: { city: { type: 'string' }, zip: { type: 'string' } },
    }
    const app = buildApp({ precompiled: module }, { address })
    const res = await app.inject({
      method: 'POST',
      url: '/users/3',
      payload: { name: 'A', email: 'a@b.io', age: 3, home: { city: 'Paris' } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe("body/home should have required property 'zip'")
  })

  it('a route missing from the module is compiled at ready', async () => {
    const { module } = await built({ withoutRoutes: true })
    const app = buildApp({ precompiled: module })
    expect((await app.inject({ method: 'GET', url: '/items?limit=500' })).statusCode).toBe(400)
    expect((await app.inject({ method: 'GET', url: '/items?limit=5&tag=a' })).body).toBe(
      '{"list":["a"],"limit":5}',
    )
  })

  it('a bad schema fails the build step with the error ready() gives', async () => {
    const bad = { type: 'object', properties: { home: { $ref: 'nowhere#' } } }
    const readyError = await buildApp({}, { body: bad })
      .ready()
      .then(
        () => undefined,
        (error: Error) => error,
      )
    expect(readyError).toMatchObject({ code: 'FRM_ERR_SCH_VALIDATION_BUILD' })
    const file = join(mkdtempSync(join(tmpdir(), 'framework-precompile-')), 'never.cjs')
    await expect(precompile((options) => buildApp(options, { body: bad }), file)).rejects.toThrow(
      readyError!.message,
    )
  })

  it('accepts the module as loaded by import(), and refuses anything else', async () => {
    const { module, file } = await built()
    const namespace = await import(file)
    const app = buildApp({ precompiled: namespace })
    expect((await app.inject(requests[1] as never)).statusCode).toBe(400)
    expect(() => buildApp({ precompiled: {} as never })).toThrow(
      /Option 'precompiled' is not valid/,
    )
    expect(() => buildApp({ precompiled: { ...module, format: 'other/9' } })).toThrow(
      /build it again/,
    )
    expect(createPrecompiler().code()).toContain('exports.format = "framework-precompiled/1"')
  })
})
