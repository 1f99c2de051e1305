import { createHash } from 'node:crypto'
import type { PluginEntry } from './normalize-plugins.js'
import { versionOf } from './own-require.js'
import { portableKey } from './portable-key.js'
import type { CustomAjvOptions } from './resolve-ajv-options.js'

/**
 * The keys precompiled validators are found by. A route part's validator is found only when all
 * of these are equal to what they were when it was built, so a changed schema, shared schema,
 * option, plugin or library version is compiled anew, never served stale:
 *
 * - the compiler key: this format, the versions of Ajv and ajv-formats, `customOptions` (but
 *   `logger`) and each plugin's source text and options;
 * - the set key: the compiler key and every shared schema visible in the context;
 * - the route key: the part's schema, as given, and whether it is the headers part.
 *
 * Anything JSON cannot spell (a function in an option, a RegExp in a schema) makes a key
 * `undefined`: that part is always compiled at start.
 */
const FORMAT = 'framework-validator/1'

let versions: string | undefined

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32)
}

/**
 * @example
 * compilerKey({ coerceTypes: false }, []) // 'q3…' (32 characters)
 */
export function compilerKey(
  customOptions: CustomAjvOptions | undefined,
  plugins: readonly PluginEntry[],
): string | undefined {
  const { logger: _logger, ...rest } = customOptions ?? {}
  const options = portableKey(rest)
  if (options === undefined) return undefined
  let pluginText = ''
  for (const entry of plugins) {
    const pluginOptions = entry.options === undefined ? '-' : portableKey(entry.options.value)
    if (pluginOptions === undefined) return undefined
    pluginText += `${String(entry.plugin)}\u0000${pluginOptions}\u0000`
  }
  versions ??= `ajv@${versionOf('ajv')},ajv-formats@${versionOf('ajv-formats')}`
  return hash(`${FORMAT}|${versions}|${options}|${pluginText}`)
}

/** The key of one set of shared schemas under a compiler key. */
export function setKey(compiler: string, sharedSchemas: object): string | undefined {
  const shared = portableKey(sharedSchemas)
  return shared === undefined ? undefined : hash(`${compiler}|${shared}`)
}

/** The key of one route part's schema within its set. */
export function routeKey(schema: unknown, headers: boolean): string | undefined {
  const content = portableKey(schema)
  return content === undefined ? undefined : hash(`${headers ? 'h' : 'o'}|${content}`)
}
