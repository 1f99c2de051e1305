// One measurement: warm a server up on a scenario, then load it for the timed window with
// autocannon (in this process) while sampling the server's CPU time, this process's CPU time
// (the load generator) and the machine's busy time.
import autocannon from 'autocannon'
import { machineBusyUs } from './proc-stat.mjs'
import { scenarios } from './scenarios.mjs'

/**
 * Measures `server` (from startTarget) on scenario `id`. Resolves
 * `{ requests, rps, p99, cpuUsPerReq, serverCpuMs, loadgenCpuMs, otherCores, noisy, problems }`.
 */
export async function measure(server, id, opts) {
  const port = server.portOf(id)
  await load(port, id, opts.warmup, opts)

  const busy0 = machineBusyUs()
  const srv0 = await server.cpu()
  const gen0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  const result = await load(port, id, opts.duration, opts)
  const wallUs = Number(process.hrtime.bigint() - t0) / 1000
  const gen = process.cpuUsage(gen0)
  const srv1 = await server.cpu()
  const busy1 = machineBusyUs()
  if (srv0 === null || srv1 === null) throw new Error(`${server.target} died during (${id})`)

  const serverUs = srv1.usage.user + srv1.usage.system - srv0.usage.user - srv0.usage.system
  const loadgenUs = gen.user + gen.system
  const requests = result.requests.total
  const otherCores = busy0 === null ? null : (busy1 - busy0 - serverUs - loadgenUs) / wallUs
  return {
    requests,
    rps: requests / result.duration,
    p99: result.latency.p99,
    cpuUsPerReq: requests > 0 ? serverUs / requests : null,
    serverCpuMs: serverUs / 1000,
    loadgenCpuMs: loadgenUs / 1000,
    wallMs: wallUs / 1000,
    otherCores,
    noisy: otherCores !== null && otherCores > opts.noiseThreshold,
    serverRss: srv1.rss,
    problems: problemsOf(result, id),
  }
}

/**
 * What autocannon sends for scenario `id` to a server on `port` (its url, method, headers and
 * body): the measurement's request, for the tools that load a server as run.mjs does.
 */
export function scenarioRequest(port, id) {
  const { request } = scenarios[id]
  const headers = { ...request.headers }
  if (request.json !== undefined) headers['content-type'] = 'application/json'
  return {
    url: `http://127.0.0.1:${port}${request.path}`,
    method: request.method,
    headers,
    body: request.json,
  }
}

/** Runs autocannon for `seconds` against scenario `id`; bounded by its duration. */
function load(port, id, seconds, opts) {
  return autocannon({
    ...scenarioRequest(port, id),
    duration: seconds,
    connections: opts.connections,
    pipelining: opts.pipelining,
    timeout: 10,
  })
}

/** Errors, timeouts and responses with an unexpected status during the load. */
function problemsOf(result, id) {
  const problems = []
  if (result.errors > 0) problems.push(`${result.errors} connection errors`)
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`)
  const expected = String(scenarios[id].expect.status)
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (code !== expected) problems.push(`${count} responses with status ${code}`)
  }
  return problems
}
