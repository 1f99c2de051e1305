import { createHash } from 'node:crypto'
import { fingerprint } from './fingerprint.js'
import { fjsVersion } from './own-require.js'
import type { AnySchema } from './shared-set.js'

/**
 * The key a precompiled serializer is found by: this format, fast-json-stringify's version, the
 * compiler's options, the response schema (shorthand expanded) and each shared schema it reaches,
 * by name and content. Property order counts (it is the output order). `undefined` when any of them
 * is not plain JSON data: that schema is always built at start.
 */
const FORMAT = 'framework-serializer/1'

let version: string | undefined

/** The part of the key that is the same for every schema of one compiler. */
export function optionsKey(options: object): string | undefined {
  const text = fingerprint(options)
  if (text === undefined) return undefined
  version ??= fjsVersion()
  return `${FORMAT}|fast-json-stringify@${version}|${text}`
}

/**
 * @example
 * precompileKey(optionsKey({})!, { type: 'string' }, {}, []) // 32 characters
 */
export function precompileKey(
  options: string,
  schema: AnySchema,
  shared: Readonly<Record<string, AnySchema>>,
  names: readonly string[],
): string | undefined {
  const content = fingerprint(schema)
  if (content === undefined) return undefined
  let text = `${options}|${content}`
  for (const name of names) {
    const part = fingerprint(shared[name])
    if (part === undefined) return undefined
    text += `|${JSON.stringify(name)}:${part}`
  }
  return createHash('sha256').update(text).digest('base64url').slice(0, 32)
}
