import { createRequire } from 'node:module'

let lightMyRequest: typeof import('light-my-request') | undefined

/**
 * light-my-request, loaded by the first inject(): a server that is never injected never loads it.
 * Bundlers get load-light-my-request.bundler.ts instead, which imports it.
 */
export function loadLightMyRequest(): typeof import('light-my-request') {
  lightMyRequest ??= createRequire(import.meta.url)(
    'light-my-request',
  ) as typeof import('light-my-request')
  return lightMyRequest
}
