import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Loads what `pnpm build` wrote in a plain `node` process, the way users will (see
 * test-support/run-built.ts), and reports on the transport, the parsers and the query parser.
 */
async function load(format: 'require' | 'import'): Promise<Record<string, unknown>> {
  return (await runBuilt(
    packageDir,
    format,
    `const transport = mod.createHttpTransport()
    transport.mount({
      routes: [{ method: 'GET', url: '/users/:id', handle: (raw, res, params, query) =>
        transport.send(res, 200, { 'content-type': 'application/json' },
          JSON.stringify({ params: { ...params }, query: Object.entries(query) }), () => {}) }],
      notFound: [{ prefix: '', handle: (raw, res) => transport.send(res, 404, {}, null, () => {}) }],
      fail: (raw, res, error) => transport.send(res, 400, {}, error.message, () => {}),
    })
    const response = await transport.inject('/users/7?a=1&a=2')
    let error
    try { mod.jsonParser({ headers: {} }, '{"__proto__":{}}') } catch (e) { error = [e.code, e.statusCode] }
    return {
      keys: Object.keys(mod).sort(),
      response: [response.statusCode, response.json()],
      parsers: mod.defaultContentTypeParsers.map((entry) => String(entry.type)),
      query: Object.entries(mod.parseQuery('x=%zz&x=+')),
      text: mod.textParser({}, 'plain'),
      error,
    }`,
  )) as Record<string, unknown>
}

describe('built output', () => {
  it('loads with require and with import, exposing the same names', async () => {
    const cjs = await load('require')
    const esm = await load('import')
    expect(cjs.keys).toEqual(esm.keys)
    expect(cjs).toEqual(esm)
  })

  it('exports the transport factory, the parsers and the query parser, all working', async () => {
    expect(await load('require')).toEqual({
      keys: [
        'buildDefaultContentTypeParsers',
        'buildJsonParser',
        'createHttpTransport',
        'defaultContentTypeParsers',
        'jsonParser',
        'parseQuery',
        'textParser',
      ],
      response: [200, { params: { id: '7' }, query: [['a', ['1', '2']]] }],
      parsers: ['application/json', '/^[^/\\s]+\\/[^/\\s]+\\+json$/', 'text/plain'],
      query: [['x', ['%zz', ' ']]],
      text: 'plain',
      error: ['FRM_ERR_CTP_FORBIDDEN_PROPERTY', 400],
    })
  })
})
