import { buildApp } from './app.mjs'
const [mod, key = 'get', handlers = 'async', n = '200000'] = process.argv.slice(2)
const { default: framework, toFetchHandler } = await import(mod)
const handler = toFetchHandler(buildApp(framework, { handlers }))
const postBody = JSON.stringify({ name: 'Ada Lovelace', age: 36 })
const make = key === 'get' ? () => new Request('http://localhost/hello') : () => new Request('http://localhost/users', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(postBody.length) }, body: postBody })
const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 40000 }) }
const t = process.cpuUsage()
for (let i = 0; i < Number(n); i++) { const r = await handler(make(), server); await r.text() }
const u = process.cpuUsage(t); console.log(key, handlers, ((u.user + u.system) / Number(n)).toFixed(2))
