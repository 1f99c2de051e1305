import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { runScript } from './run-node.js'

const { app, dir, packed } = inject('release')
const names = packed.map(({ name }) => name)

// An app built only from the installed tarballs: a schema route (Ajv, fast-json-stringify), the
// logger (pino), inject (light-my-request) and a real socket.
const appBody = (framework: string) => `
const app = ${framework}({ logger: { level: 'silent' } })
app.post('/users', {
  schema: {
    body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    response: { 201: { type: 'object', properties: { name: { type: 'string' } } } },
  },
}, async (request, reply) => reply.code(201).send({ ...request.body, secret: 'x' }))
const injected = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
const refused = await app.inject({ method: 'POST', url: '/users', payload: {} })
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const overSocket = await fetch(address + '/users', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Grace"}',
})
const out = [injected.statusCode, injected.body, refused.statusCode, overSocket.status, await overSocket.text()]
await app.close()
console.log(JSON.stringify(out))
`

const expected = [201, '{"name":"Ada"}', 400, 201, '{"name":"Grace"}']

describe('the tarballs, installed with npm into an empty folder', () => {
  it('every package loads with import and with require', async () => {
    const esm = await runScript(
      app,
      'load-all.mjs',
      `const names = ${JSON.stringify(names)}
const loaded = []
for (const name of names) loaded.push([name, Object.keys(await import(name)).length > 0])
console.log(JSON.stringify(loaded))`,
    )
    const cjs = await runScript(
      app,
      'load-all.cjs',
      `const names = ${JSON.stringify(names)}
console.log(JSON.stringify(names.map((name) => [name, Object.keys(require(name)).length > 0])))`,
    )
    const all = names.map((name) => [name, true])
    expect(JSON.parse(esm)).toEqual(all)
    expect(JSON.parse(cjs)).toEqual(all)
  })

  it('require() of framework, framework-plugin and the plugins returns the default export itself', async () => {
    const out = await runScript(
      app,
      'defaults.cjs',
      `const checks = {}
for (const [name, named] of [['framework', 'framework'], ['framework-plugin', 'fp'],
  ['@framework/openapi', 'openapi'], ['@framework/openapi-ui', 'openapiUi'], ['@framework/bearer-auth', 'bearerAuth']]) {
  const m = require(name)
  checks[name] = typeof m === 'function' && m.default === m && m[named] === m
}
console.log(JSON.stringify(checks))`,
    )
    expect(JSON.parse(out)).toEqual({
      framework: true,
      'framework-plugin': true,
      '@framework/openapi': true,
      '@framework/openapi-ui': true,
      '@framework/bearer-auth': true,
    })
  })

  it('an ESM application validates, serializes, logs and answers over inject and a socket', async () => {
    const out = await runScript(
      app,
      'app.mjs',
      `import framework from 'framework'\n${appBody('framework')}`,
    )
    expect(JSON.parse(out)).toEqual(expected)
  })

  it('a CommonJS application does the same', async () => {
    const out = await runScript(
      app,
      'app.cjs',
      `const framework = require('framework')\n;(async () => {${appBody('framework')}})()`,
    )
    expect(JSON.parse(out)).toEqual(expected)
  })
})

describe('optional peer dependencies', () => {
  it('without json-schema-ref-parser installed, registry.bundle() names the package to install', async () => {
    // The framework's packages without @framework/client, whose generator (json-schema-to-typescript)
    // brings json-schema-ref-parser: what `npm install framework` gives.
    const server = join(dir, 'server-only')
    await mkdir(server)
    await writeFile(join(server, 'package.json'), '{ "name": "server-only", "private": true }\n')
    const tarballs = packed.filter(({ name }) => name !== '@framework/client')
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--prefer-offline',
        '--loglevel=error',
      ].concat(tarballs.map(({ tarball }) => tarball)),
      { cwd: server, timeout: 110_000 },
    )
    const out = await runScript(
      server,
      'bundle-peer.mjs',
      `import { SchemaRegistry } from '@framework/schema-registry'
const registry = new SchemaRegistry()
registry.add({ $id: 'user', type: 'object' })
const result = await registry.bundle({ $ref: 'user#' }).then(() => 'bundled', (error) => [error.code, error.message])
console.log(JSON.stringify(result))`,
    )
    expect(JSON.parse(out)).toEqual([
      'FRM_ERR_SCHEMA_PEER_MISSING',
      "bundle() needs the package '@apidevtools/json-schema-ref-parser', which is not installed beside @framework/schema-registry: npm install @apidevtools/json-schema-ref-parser",
    ])
  })
})
