import { Agent, request } from 'node:http'

/** What a crowd of keep-alive clients saw. */
export interface CrowdTally {
  ok: number
  unavailable: number
  /** Responses whose body was shorter than announced. */
  truncated: number
  /** Errors by code: ECONNRESET, 'socket hang up', ECONNREFUSED... Must stay empty. */
  errors: Record<string, number>
  /** performance.now() of the last response's end. */
  lastAnswerAt: number
  /** Clients that have had at least one response. */
  served: number
}

/**
 * `clients` loops, each sending GET `path` (whose 200 body is `bodyLength` bytes long; -1: any) again as soon as its previous response ended, over
 * its own keep-alive connection (an agent of one socket per client), until a response says the server is
 * leaving (503 or `connection: close`) or `stop()` is called. Each loop stops at its first error,
 * which is counted by code.
 */
export function keepAliveCrowd(base: string, path: string, clients: number, bodyLength: number) {
  const tally: CrowdTally = {
    ok: 0,
    unavailable: 0,
    truncated: 0,
    errors: {},
    lastAnswerAt: 0,
    served: 0,
  }
  let stopped = false
  const agents: Agent[] = []
  const once = (agent: Agent & { served?: true }) =>
    new Promise<boolean>((resolve) => {
      const req = request(new URL(path, base), { agent }, (res) => {
        let length = 0
        res.on('data', (chunk: Buffer) => {
          length += chunk.length
        })
        res.on('end', () => {
          tally.lastAnswerAt = performance.now()
          if (agent.served === undefined) {
            agent.served = true
            tally.served++
          }
          if (res.statusCode === 503) tally.unavailable++
          else if (res.statusCode === 200) {
            tally.ok++
            if (bodyLength !== -1 && length !== bodyLength) tally.truncated++
          }
          resolve(res.statusCode !== 503 && res.headers.connection !== 'close')
        })
        res.on('error', (error: NodeJS.ErrnoException) => {
          const code = error.code ?? error.message
          tally.errors[code] = (tally.errors[code] ?? 0) + 1
          resolve(false)
        })
      })
      req.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message
        tally.errors[code] = (tally.errors[code] ?? 0) + 1
        resolve(false)
      })
      req.end()
    })
  const loops = Array.from({ length: clients }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    agents.push(agent)
    while (!stopped && (await once(agent))) {}
  })
  return {
    tally,
    /** Resolves once every loop has ended. */
    done: Promise.all(loops).then(() => {
      for (const agent of agents) agent.destroy()
      return tally
    }),
    stop() {
      stopped = true
    },
  }
}
