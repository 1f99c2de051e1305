// Bun entry: bun edge/bun.mjs [port]
import framework, { toFetchHandler } from '@framework/fetch'
import { buildApp } from './app.mjs'

const app = buildApp(framework)
const server = Bun.serve({
  port: Number(process.argv[2] ?? 3000),
  hostname: '127.0.0.1',
  fetch: toFetchHandler(app),
})
console.log(`listening on ${server.port}`)
