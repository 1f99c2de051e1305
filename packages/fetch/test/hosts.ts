import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/** The examples package: the edge example's entries run from there (its node_modules). */
export const examplesDir = fileURLToPath(new URL('../../../examples/', import.meta.url))
export const binDir = fileURLToPath(new URL('../node_modules/.bin/', import.meta.url))

/** A port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** A host process serving the example on a port, with what it printed. */
export interface RunningHost {
  base: string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts `command args` in examples/, waits (at most `timeoutMs`) until GET /hello answers, and
 * returns how to reach and stop it. The process is killed if it does not come up in time.
 */
export async function startHost(
  command: string,
  args: string[],
  port: number,
  timeoutMs: number,
  env: Record<string, string> = {},
): Promise<RunningHost> {
  const child: ChildProcess = spawn(command, args, {
    cwd: examplesDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let printed = ''
  child.stdout!.on('data', (chunk) => {
    printed += chunk
  })
  child.stderr!.on('data', (chunk) => {
    printed += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      // The whole group: wrangler runs workerd as a child of its own.
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {}
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {}
      }, 3000)
      await exited
      clearTimeout(killed)
    }
  }
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const response = await fetch(`${base}/hello`, { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      if (response.status === 200) return { base, output: () => printed, stop }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(
    `${command} ${args.join(' ')} did not serve ${base}/hello in ${timeoutMs} ms:\n${printed}`,
  )
}
