import type { StandardSchemaV1 } from '@standard-schema/spec'

/**
 * True for a Standard Schema v1 value (Zod 4, Valibot 1, ArkType 2, ...): an object or function
 * with a `~standard` property whose `validate` is a function. Detected by shape only: no library
 * is imported.
 *
 * @example
 * import { z } from 'zod'
 *
 * isStandardSchema(z.string()) // true
 * isStandardSchema({ type: 'string' }) // false
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  if (!('~standard' in value)) return false
  const props = (value as { '~standard': unknown })['~standard']
  return (
    typeof props === 'object' &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === 'function'
  )
}
