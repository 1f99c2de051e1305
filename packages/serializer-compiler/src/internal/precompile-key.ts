import { createHash } from 'node:crypto'
import { fingerprint } from './fingerprint.js'
import { fjsVersion } from './own-require.js'
import type { AnySchema } from './shared-set.js'

/**
 * The key a precompiled serializer is found by: this format, fast-json-stringify's version, the
 * compiler's options, the response schema (shorthand expanded) and each shared schema it reaches,
 * by name and content (`content` is the fingerprint of the schema as given). Property order counts (it is the output order). `undefined` when any of them
 * is not plain JSON data: that schema is always built at start.
 */
const FORMAT = 'framework-serializer/1'

let version: string | undefined

/** Shared schemas are read once (the store's rule: one object does not change once added). */
const sharedFingerprints = new WeakMap<object, string | undefined>()

function sharedFingerprint(schema: AnySchema): string | undefined {
  if (typeof schema !== 'object' || schema === null) return fingerprint(schema)
  if (!sharedFingerprints.has(schema)) sharedFingerprints.set(schema, fingerprint(schema))
  return sharedFingerprints.get(schema)
}

/** The part of the key that is the same for every schema of one compiler. */
export function optionsKey(options: object): string | undefined {
  const text = fingerprint(options)
  if (text === undefined) return undefined
  version ??= fjsVersion()
  return `${FORMAT}|fast-json-stringify@${version}|${text}`
}

/**
 * @example
 * precompileKey(optionsKey({})!, fingerprint({ type: 'string' })!, {}, []) // 32 characters
 */
export function precompileKey(
  options: string,
  content: string,
  shared: Readonly<Record<string, AnySchema>>,
  names: readonly string[],
): string | undefined {
  let text = `${options}|${content}`
  for (const name of names) {
    const part = sharedFingerprint(shared[name] as AnySchema)
    if (part === undefined) return undefined
    text += `|${JSON.stringify(name)}:${part}`
  }
  return createHash('sha256').update(text).digest('base64url').slice(0, 32)
}
