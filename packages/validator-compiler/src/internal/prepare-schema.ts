import { expandShorthand } from '@framework/schema-registry'
import { cloneSchema } from './clone-schema.js'
import { markFiniteNumbers } from './finite-numbers.js'
import { lowerCaseHeaders } from './lower-case-headers.js'
import { normalizeNullable } from './normalize-nullable.js'

/**
 * The copy of a shared schema the compiler adds to Ajv: `nullable` made safe and numbers marked
 * finite. The user's object is never changed.
 */
export function prepareSharedSchema<T>(schema: T): T {
  const copy = cloneSchema(schema)
  normalizeNullable(copy)
  markFiniteNumbers(copy)
  return copy
}

/**
 * The copy of a route part's schema the compiler gives Ajv: the shorthand expanded, header names
 * lower-cased for the `headers` part, `nullable` made safe and numbers marked finite.
 */
export function prepareRouteSchema(schema: object | boolean, headers: boolean): object | boolean {
  if (typeof schema === 'boolean') return schema
  const copy = expandShorthand(cloneSchema(schema) as Record<string, unknown>)
  if (typeof copy === 'boolean') return copy
  if (headers) lowerCaseHeaders(copy)
  normalizeNullable(copy)
  markFiniteNumbers(copy)
  return copy
}
