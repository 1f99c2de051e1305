// Byte-for-byte check of the prototype (issue 41): the same raw HTTP/1.1 requests, written on a
// plain TCP socket, to the framework on node:http (`servers/framework.mjs`) and to the framework
// on the `net` prototype (`servers/framework-net.mjs`), both in this process, and the raw bytes
// of their answers compared. Only the Date header's value is masked (and x-ratelimit-reset, a
// count of seconds that moves with the clock). Every scenario of the bench (a to h), the edge
// cases of probes.mjs and service-probes.mjs, and transport cases (chunked request bodies,
// several requests on one keep-alive connection, pipelining, HEAD, Connection: close, HTTP/1.0,
// bytes that are not HTTP), and replies the bench does not make (streams, trailers, 204, 304,
// large bodies, a thrown error, `reply.raw` used by hand). Build the framework first; then
// `BENCH_PLUGIN_LINE=5 node bench/prototypes/net-transport/compare.mjs` (exit 1 on a difference).
import { connect } from 'node:net'
import { Readable } from 'node:stream'
import { probes } from '../../src/probes.mjs'
import { scenarioIds, scenarios } from '../../src/scenarios.mjs'
import { serviceProbes } from '../../src/service-probes.mjs'

const nodeHttp = await import('../../src/servers/framework.mjs')
const prototype = await import('../../src/servers/framework-net.mjs')
// three apps each: the scenarios', the service's (h), and one of replies the bench does not send
const ports = {
  node: {
    main: await nodeHttp.listen(),
    service: await nodeHttp.listenService(),
    extra: await listenExtra(nodeHttp.createApp),
  },
  net: {
    main: await prototype.listen(),
    service: await prototype.listenService(),
    extra: await listenExtra(prototype.createApp),
  },
}

/** Replies the scenarios do not make: streams, trailers, 204, 304, a large body, a thrown error, headers set on `reply.raw`. */
async function listenExtra(createApp) {
  const app = createApp()
  app.get('/stream', (_request, reply) => {
    reply.type('text/plain').send(Readable.from(['one ', 'two ', 'three']))
  })
  app.get('/trailer', (_request, reply) => {
    reply.trailer('x-digest', () => 'abc')
    reply.send('with a trailer')
  })
  app.get('/empty', (_request, reply) => {
    reply.code(204).send()
  })
  app.get('/not-modified', (_request, reply) => {
    reply.code(304).header('etag', '"x"').send()
  })
  app.get('/large', (_request, reply) => {
    reply.type('text/plain').send('x'.repeat(200_000))
  })
  app.get('/large-buffer', (_request, reply) => {
    reply.type('application/octet-stream').send(Buffer.alloc(100_000, 7))
  })
  app.get('/throws', async () => {
    throw new Error('boom')
  })
  app.get('/raw', (_request, reply) => {
    reply.raw.setHeader('X-Raw', ['a', 'b'])
    reply.raw.setHeader('Content-Type', 'text/html')
    reply.header('x-reply', '1').send('<p>raw</p>')
  })
  app.get('/raw-end', (_request, reply) => {
    reply.raw.statusCode = 202
    reply.raw.end('ended by hand')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app.server.address().port
}

/** The bytes of one request as node's client writes them (Host, then the given headers). */
function requestBytes({ method, path, json, type, headers = {} }, extra = {}) {
  const all = { host: 'localhost', ...headers, ...extra }
  if (json !== undefined) {
    all['content-type'] = type ?? 'application/json'
    if (all['transfer-encoding'] === undefined) all['content-length'] = Buffer.byteLength(json)
  }
  let head = `${method} ${path} HTTP/1.1\r\n`
  for (const [name, value] of Object.entries(all)) head += `${name}: ${value}\r\n`
  const body =
    json === undefined ? '' : all['transfer-encoding'] === 'chunked' ? chunked(json) : json
  return `${head}\r\n${body}`
}

/** `text` as a chunked body, cut in three. */
function chunked(text) {
  const bytes = Buffer.from(text)
  const third = Math.ceil(bytes.length / 3)
  let out = ''
  for (let i = 0; i < bytes.length; i += third) {
    const part = bytes.subarray(i, i + third)
    out += `${part.length.toString(16)}\r\n${part.toString()}\r\n`
  }
  return `${out}0\r\n\r\n`
}

/**
 * Writes `pieces` (strings) one after the other on a new connection, each after `gap` ms (0: all
 * at once), and resolves everything read until the server closes or `wait` ms pass in silence.
 */
function exchange(port, pieces, { gap = 0, wait = 150, end = false } = {}) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks = []
    let timer
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('latin1'))
    }
    const arm = () => {
      clearTimeout(timer)
      timer = setTimeout(done, wait)
    }
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      arm()
    })
    socket.on('close', done)
    socket.on('error', reject)
    socket.on('connect', async () => {
      for (const piece of pieces) {
        socket.write(piece)
        if (gap > 0) await new Promise((r) => setTimeout(r, gap))
      }
      if (end) socket.end()
      arm()
    })
  })
}

const mask = (text) =>
  text.replace(/^(date: ).*$/gim, '$1<date>').replace(/^(x-ratelimit-reset: ).*$/gim, '$1<seconds>')

const cases = []
for (const id of scenarioIds) {
  const { request, app } = scenarios[id]
  cases.push([`scenario ${id}`, app === 'service' ? 'service' : 'main', [requestBytes(request)]])
}
for (const [what, request] of probes)
  cases.push([`probe: ${what}`, 'main', [requestBytes(request)]])
for (const [what, request] of serviceProbes) {
  cases.push([`(h) probe: ${what}`, 'service', [requestBytes(request)]])
}
const h = scenarios.h.request
const a = scenarios.a.request
const c = scenarios.c.request
cases.push(
  ['(h) chunked request body', 'service', [requestBytes(h, { 'transfer-encoding': 'chunked' })]],
  ['(c) chunked request body', 'main', [requestBytes(c, { 'transfer-encoding': 'chunked' })]],
  ['(h) body in three reads', 'service', splitThree(requestBytes(h)), { gap: 20 }],
  ['(h) three requests on one connection', 'service', [requestBytes(h)], { repeat: 3 }],
  ['(h) two requests pipelined', 'service', [requestBytes(h) + requestBytes(h)]],
  [
    '(a) then (h)-style 404 pipelined',
    'main',
    [requestBytes(a) + requestBytes({ method: 'GET', path: '/nope' })],
  ],
  ['(h) connection: close', 'service', [requestBytes(h, { connection: 'close' })]],
  ['(h) expect: 100-continue', 'service', [requestBytes(h, { expect: '100-continue' })]],
  ['(a) expect: something else', 'main', [requestBytes(a, { expect: 'teapot' })]],
  ['(a) HEAD', 'main', [requestBytes({ ...a, method: 'HEAD' })]],
  ['(a) HTTP/1.0', 'main', ['GET /hello HTTP/1.0\r\nHost: localhost\r\n\r\n']],
  [
    '(a) HTTP/1.0 keep-alive',
    'main',
    ['GET /hello HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'],
  ],
  ['(h) CORS preflight', 'service', [requestBytes(serviceProbes[3][1])]],
  ['bytes that are not HTTP', 'main', ['NOT HTTP AT ALL\r\n\r\n']],
  ['(a) client closes its side after the request', 'main', [requestBytes(a)], { end: true }],
  [
    '(c) body shorter than its content-length, then FIN',
    'main',
    [requestBytes(c).slice(0, -10)],
    { end: true },
  ],
)

for (const path of [
  '/stream',
  '/trailer',
  '/empty',
  '/not-modified',
  '/large',
  '/large-buffer',
  '/throws',
  '/raw',
  '/raw-end',
]) {
  cases.push([`extra: GET ${path}`, 'extra', [requestBytes({ method: 'GET', path })]])
}
cases.push(['extra: HEAD /large', 'extra', [requestBytes({ method: 'HEAD', path: '/large' })]])

function splitThree(text) {
  const third = Math.ceil(text.length / 3)
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)]
}

let failures = 0
for (const [what, app, pieces, options = {}] of cases) {
  const sent = options.repeat ? Array.from({ length: options.repeat }, () => pieces[0]) : pieces
  const gap = options.repeat ? 30 : (options.gap ?? 0)
  const [fromNode, fromNet] = await Promise.all([
    exchange(ports.node[app], sent, { ...options, gap }),
    exchange(ports.net[app], sent, { ...options, gap }),
  ])
  const same = mask(fromNode) === mask(fromNet)
  if (!same) failures++
  const status = /^HTTP\/1\.1 (\d+)/.exec(fromNode)?.[1] ?? '(none)'
  console.log(`${same ? 'same' : 'DIFF'}  ${what} (${status}, ${fromNode.length} bytes)`)
  if ((!same && fromNode.length < 5000) || process.env.SHOW === '1') {
    console.log(`  node:http:\n${indent(fromNode)}\n  net prototype:\n${indent(fromNet)}`)
  }
}
console.log(`${cases.length - failures} of ${cases.length} exchanges byte for byte the same`)
process.exit(failures === 0 ? 0 : 1)

function indent(text) {
  return text
    .split('\r\n')
    .map((line) => `    ${line}`)
    .join('\n')
}
