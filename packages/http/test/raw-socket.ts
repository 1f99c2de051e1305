import { connect } from 'node:net'

/** What a raw TCP client saw: everything the server wrote, and how the connection ended. */
export interface RawExchange {
  response: string
  /** 'end' (the server closed cleanly), 'reset' (ECONNRESET) or 'open' (still open at the deadline). */
  ending: 'end' | 'reset' | 'open'
  /** Milliseconds from the first write to the end of the connection (or the deadline). */
  elapsed: number
}

/**
 * Opens a TCP connection to `port`, writes `parts` in order (a number in `parts` is a pause in
 * ms), then waits for the server to close the connection, at most `deadline` ms.
 */
export function rawExchange(
  port: number,
  parts: Array<string | Buffer | number>,
  deadline = 5000,
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const started = Date.now()
    let settled = false
    const settle = (ending: RawExchange['ending']): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve({
        response: Buffer.concat(chunks).toString('utf8'),
        ending,
        elapsed: Date.now() - started,
      })
    }
    const timer = setTimeout(() => settle('open'), deadline)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => settle('end'))
    socket.on('close', () => settle('end'))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') settle('reset')
      else if (!settled) {
        settled = true
        clearTimeout(timer)
        reject(error)
      }
    })
    socket.on('connect', async () => {
      for (const part of parts) {
        if (typeof part === 'number') await new Promise((r) => setTimeout(r, part))
        else if (!socket.destroyed) socket.write(part)
      }
    })
  })
}

/** The status code of the first response in a raw exchange. */
export function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0)
}

/** The body of the first response in a raw exchange (after the blank line). */
export function bodyOf(response: string): string {
  const at = response.indexOf('\r\n\r\n')
  return at === -1 ? '' : response.slice(at + 4)
}
