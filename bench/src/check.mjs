// The correctness check run before measuring: one request per scenario against a target, its
// status, content type and (for a to c) exact body compared with scenarios.mjs; then the edge
// cases of probes.mjs, status only.
import { send } from './http-request.mjs'
import { probes } from './probes.mjs'
import { JSON_TYPE, scenarios } from './scenarios.mjs'

/** Resolves a list of mismatch descriptions (empty when the target answers every request right). */
export async function checkTarget(port, scenarioIds) {
  const problems = []
  for (const id of scenarioIds) {
    const { request, expect } = scenarios[id]
    const where = `(${id}) ${request.method} ${request.path}`
    const res = await attempt(port, request, where, problems)
    if (res === undefined) continue
    if (res.status !== expect.status) {
      problems.push(
        `${where}: status ${res.status}, expected ${expect.status}; body ${clip(res.body)}`,
      )
    }
    if (res.headers['content-type'] !== JSON_TYPE) {
      problems.push(`${where}: content-type ${res.headers['content-type']}, expected ${JSON_TYPE}`)
    }
    if (expect.body !== null && res.body !== expect.body) {
      problems.push(
        `${where}: body differs\n      got      ${clip(res.body)}\n      expected ${clip(expect.body)}`,
      )
    }
  }
  for (const [what, request, status] of probes) {
    const where = `probe "${what}" ${request.method} ${request.path}`
    const res = await attempt(port, request, where, problems)
    const accepted = Array.isArray(status) ? status : [status]
    if (res !== undefined && !accepted.includes(res.status)) {
      const want = accepted.join(' or ')
      problems.push(`${where}: status ${res.status}, expected ${want}; body ${clip(res.body)}`)
    }
  }
  return problems
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
