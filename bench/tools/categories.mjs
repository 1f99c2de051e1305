// CPU of a .cpuprofile of scenario (h) by category, self and inclusive, from the first request on
// (start-up left out): `node bench/tools/categories.mjs <file.cpuprofile> [requests]`.
// Self: the category of the sampled function. Inclusive: every category on the sampled stack
// (counted once per sample). Caused: the category of the nearest frame that is neither node's nor
// native (who made node or V8 do the work; GC stays GC). With `requests` (profile.mjs prints how many were profiled) the
// figures are in µs per request, else in ms. Idle is left out of every figure.
import { readFileSync } from 'node:fs'

const [file, requests] = process.argv.slice(2)
const p = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

const rules = [
  ['(idle)', (f) => f.functionName === '(idle)'],
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['(program)', (f) => f.functionName === '(program)'],
  ['framework: core', (f) => /packages\/core\//.test(f.url)],
  ['framework: http', (f) => /packages\/http\//.test(f.url)],
  ['framework: framework', (f) => /packages\/framework\//.test(f.url)],
  ['framework: plugin', (f) => /packages\/plugin\//.test(f.url)],
  ['framework: other pkg', (f) => /packages\/[a-z-]+\/dist/.test(f.url)],
  [
    'fastify',
    (f) =>
      /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?fastify\/lib|fastify\/fastify\.js/.test(f.url),
  ],
  [
    'fastify deps',
    (f) =>
      /find-my-way|avvio|light-my-request|fast-json-stringify|@fastify\/(ajv-compiler|error|fast-json-stringify-compiler|proxy-addr|forwarded)|secure-json-parse|toad-cache|fastq|abstract-logging|process-warning|rfdc|ret\/|safe-regex2|fast-querystring|fast-decode-uri|content-type|pino/.test(
        f.url,
      ),
  ],
  ['helmet', (f) => /helmet/.test(f.url)],
  ['cors', (f) => /@fastify\/cors|vary/.test(f.url)],
  ['rate-limit', (f) => /rate-limit/.test(f.url)],
  [
    'jwt',
    (f) => /@fastify\/jwt|fast-jwt|mnemonist|steed|fastfall|@lukeed|asn1|obliterator/.test(f.url),
  ],
  [
    'crypto',
    (f) => /crypto/.test(f.url) || (/^(Hmac|digest|update)$/.test(f.functionName) && f.url === ''),
  ],
  [
    'ajv/serializer',
    (f) =>
      /ajv/.test(f.url) ||
      (f.url === '' && /^(validate\d*|anonymous\d*|\$main)$/.test(f.functionName)),
  ],
  ['fastify-plugin', (f) => /fastify-plugin/.test(f.url)],
  ['async_hooks/ALS', (f) => /async_hooks|async_context|async_local/.test(f.url)],
  ['diagnostics_channel', (f) => /diagnostics_channel/.test(f.url)],
  [
    'promises/microtasks',
    (f) =>
      /task_queues|promise/.test(f.url) ||
      (/^(runMicrotasks|\(anonymous\)|then|resolve|Promise)$/.test(f.functionName) && f.url === ''),
  ],
  [
    'node http',
    (f) =>
      /node:_http|node:net|stream_base_commons|node:internal\/http|node:internal\/streams|node:stream|node:events|node:buffer|node:internal\/timers|node:timers|node:internal\/url|node:url/.test(
        f.url,
      ) ||
      (f.url === '' &&
        /^(writev|writeUtf8String|writeBuffer|writeLatin1String|base64Write|utf8Write|latin1Write|execute|onStreamRead|getpeername|Socket\..*)$/.test(
          f.functionName,
        )),
  ],
  ['node other', (f) => /^node:/.test(f.url)],
  ['native other', (f) => f.url === ''],
  ['other js', () => true],
]
const catOf = new Map()
const category = (node) => {
  let c = catOf.get(node.id)
  if (c === undefined) {
    c = rules.find(([, test]) => test(node.callFrame))[0]
    catOf.set(node.id, c)
  }
  return c
}
const stackOf = (id) => {
  const out = []
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) out.push(byId.get(cur))
  return out
}
// the window: from the first sample whose stack holds the HTTP parser's request callback
let start = -1
for (let i = 0; i < p.samples.length && start < 0; i++)
  if (stackOf(p.samples[i]).some((n) => n.callFrame.functionName === 'parserOnIncoming')) start = i
const self = new Map()
const incl = new Map()
const caused = new Map()
const nodeOrNative = new Set([
  'node http',
  'node other',
  'native other',
  'promises/microtasks',
  'async_hooks/ALS',
  'diagnostics_channel',
  'crypto',
])
const causeOf = (node) => {
  for (const frame of stackOf(node.id)) {
    const c = category(frame)
    if (!nodeOrNative.has(c)) return c
  }
  return category(node)
}
let busy = 0
for (let i = Math.max(start, 0); i < p.samples.length; i++) {
  const dt = p.timeDeltas[i + 1] ?? 0
  const node = byId.get(p.samples[i])
  const c = category(node)
  if (c === '(idle)') continue
  busy += dt
  self.set(c, (self.get(c) ?? 0) + dt)
  for (const cat of new Set(stackOf(node.id).map(category)))
    incl.set(cat, (incl.get(cat) ?? 0) + dt)
  const cause = causeOf(node)
  caused.set(cause, (caused.get(cause) ?? 0) + dt)
}
const unit = requests
  ? (us) => `${(us / Number(requests)).toFixed(1)} µs/req`
  : (us) => `${(us / 1000).toFixed(0)} ms`
console.log(`busy ${unit(busy)} (from sample ${start})`)
console.log(
  'category'.padEnd(24),
  'caused'.padStart(16),
  'self'.padStart(16),
  'inclusive'.padStart(16),
)
for (const [c] of [...self].sort((a, b) => b[1] - a[1]))
  console.log(
    c.padEnd(24),
    `${unit(caused.get(c) ?? 0)} ${((100 * (caused.get(c) ?? 0)) / busy).toFixed(1).padStart(4)}%`.padStart(
      16,
    ),
    `${unit(self.get(c) ?? 0)} ${((100 * (self.get(c) ?? 0)) / busy).toFixed(1).padStart(4)}%`.padStart(
      16,
    ),
    `${unit(incl.get(c) ?? 0)} ${((100 * (incl.get(c) ?? 0)) / busy).toFixed(1).padStart(4)}%`.padStart(
      16,
    ),
  )
