// Deno entry: deno run --allow-net --allow-env --allow-read edge/deno.mjs [port]
import framework, { toFetchHandler } from '@framework/fetch'
import { buildApp } from './app.mjs'

const port = Number(Deno.args[0] ?? 8000)
const app = buildApp(framework)
Deno.serve(
  { port, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening on ${port}`) },
  toFetchHandler(app),
)
