// The correctness check run before measuring: one request per scenario against a target, its
// status, content type, required headers and (where given) exact body compared with
// scenarios.mjs (the framework's own error bodies for the framework and node-tuned); then the edge cases of probes.mjs, status only; for the service scenario (h),
// the edge cases of service-probes.mjs and a rate-limit count.
import { send } from './http-request.mjs'
import { probes } from './probes.mjs'
import { frameworkFormatTargets, JSON_TYPE, scenarios } from './scenarios.mjs'
import { serviceProbes } from './service-probes.mjs'

/**
 * Checks `server` (from startTarget) on `scenarioIds`. Resolves `{ problems, byScenario }`:
 * mismatch descriptions that disqualify the target, and those of a scenario served by its own
 * app (h), which disqualify the target for that scenario only. Both empty when all is right.
 */
export async function checkTarget(server, scenarioIds) {
  const problems = []
  const byScenario = {}
  for (const id of scenarioIds) {
    const separate = scenarios[id].app === 'service'
    const list = separate ? (byScenario[id] = []) : problems
    const port = server.portOf(id)
    if (port === undefined) {
      list.push(`(${id}) not served: ${server.serviceError ?? 'no port for this scenario'}`)
      continue
    }
    await checkScenario(port, id, list, server.target)
    if (separate) await checkServiceProbes(port, id, list)
  }
  await checkProbes(server.port, probes, '', problems)
  for (const [id, list] of Object.entries(byScenario)) {
    if (list.length === 0) delete byScenario[id]
  }
  return { problems, byScenario }
}

async function checkScenario(port, id, problems, target) {
  const { request, expect } = scenarios[id]
  const body =
    expect.body === null && frameworkFormatTargets.includes(target)
      ? (expect.frameworkBody ?? null)
      : expect.body
  const where = `(${id}) ${request.method} ${request.path}`
  const res = await attempt(port, request, where, problems)
  if (res === undefined) return
  if (res.status !== expect.status) {
    problems.push(
      `${where}: status ${res.status}, expected ${expect.status}; body ${clip(res.body)}`,
    )
  }
  if (res.headers['content-type'] !== JSON_TYPE) {
    problems.push(`${where}: content-type ${res.headers['content-type']}, expected ${JSON_TYPE}`)
  }
  if (body !== null && res.body !== body) {
    problems.push(
      `${where}: body differs\n      got      ${clip(res.body)}\n      expected ${clip(body)}`,
    )
  }
  checkHeaders(res, expect.headers, where, problems)
}

async function checkProbes(port, list, prefix, problems) {
  for (const [what, request, status, headers] of list) {
    const where = `${prefix}probe "${what}" ${request.method} ${request.path}`
    const res = await attempt(port, request, where, problems)
    if (res === undefined) continue
    const accepted = Array.isArray(status) ? status : [status]
    if (!accepted.includes(res.status)) {
      const want = accepted.join(' or ')
      problems.push(`${where}: status ${res.status}, expected ${want}; body ${clip(res.body)}`)
    }
    checkHeaders(res, headers, where, problems)
  }
}

// (h): the plugins' edge cases, then two requests in a row, whose remaining rate-limit count
// must go down (a limiter that sends the header but counts nothing fails here)
async function checkServiceProbes(port, id, problems) {
  await checkProbes(port, serviceProbes, `(${id}) `, problems)
  const { request } = scenarios[id]
  const where = `(${id}) rate limit: x-ratelimit-remaining of two requests in a row`
  const first = await attempt(port, request, where, problems)
  const second = await attempt(port, request, where, problems)
  if (first === undefined || second === undefined) return
  const [a, b] = [first, second].map((r) => Number(r.headers['x-ratelimit-remaining']))
  if (!(Number.isInteger(a) && Number.isInteger(b) && b < a)) {
    const got = [first, second].map((r) => r.headers['x-ratelimit-remaining'] ?? 'missing')
    problems.push(`${where}: ${got.join(' then ')}, expected a whole number that goes down`)
  }
}

/** `expected`: header → exact value, `true` (present) or `false` (absent). */
function checkHeaders(res, expected, where, problems) {
  for (const [name, want] of Object.entries(expected ?? {})) {
    const got = res.headers[name]
    const ok = want === true ? got !== undefined : want === false ? got === undefined : got === want
    if (!ok) {
      const wanted = want === true ? 'present' : want === false ? 'absent' : `'${want}'`
      problems.push(
        `${where}: header ${name} ${got === undefined ? 'missing' : `'${got}'`}, expected ${wanted}`,
      )
    }
  }
}

async function attempt(port, request, where, problems) {
  try {
    return await send(port, request)
  } catch (err) {
    problems.push(`${where}: request failed: ${err.message}`)
    return undefined
  }
}

function clip(s) {
  return s.length > 300 ? `${s.slice(0, 300)}…` : s
}
