// Starts the example app of examples/app.mjs. Start it with the README's run command (or
// `node examples/server.mjs` after a build), then paste the curl commands it prints.
import { buildApp } from './app.mjs'

const port = Number(process.env.PORT ?? 3000)
const app = buildApp({ logger: process.env.LOG === '1' })

const address = await app.listen({ port, host: '127.0.0.1' })
console.log(`Example app listening at ${address}

API docs: ${address}/docs   (OpenAPI document: ${address}/openapi/json and ${address}/openapi/yaml)

Try:
  curl -s ${address}/users/1
      → {"name":"Ada","email":"ada@example.com","id":1}   (password dropped by the response schema)
  curl -s -X POST ${address}/users -H 'content-type: application/json' -d '{"name":"Grace"}'
      → 422 from the users context's error handler: body should have required property 'email'
  curl -s '${address}/search?limit=500'
      → 400 {"statusCode":400,"error":"Bad Request","message":"querystring/limit should be <= 50"}

Stop with Ctrl+C.`)

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0))
  })
}
