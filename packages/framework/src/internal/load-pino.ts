import { createRequire } from 'node:module'

let pino: typeof import('pino').pino | undefined

/**
 * pino, loaded by the first instance that logs: an application without a logger never loads it
 * (about 30 ms of start-up). Bundlers get load-pino.bundler.ts instead, which imports it.
 */
export function loadPino(): typeof import('pino').pino {
  pino ??= (createRequire(import.meta.url)('pino') as typeof import('pino')).pino
  return pino
}
