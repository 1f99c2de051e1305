import { SchemaProblem } from './schema-problem.js'

/**
 * The reason text of FRM_ERR_SCH_SERIALIZATION_BUILD: what fast-json-stringify (or this package) said,
 * and how to fix it.
 *
 * @example
 * compileReason(new Error('Cannot find reference "user#/definitions/x"'))
 * // 'Cannot find reference "user#/definitions/x". Add the schema it names with addSchema() ...'
 * compileReason(new Error('Cannot resolve circular reference "#/definitions/b"'))
 * // 'Cannot resolve circular reference "#/definitions/b". The $ref points, directly or ...'
 */
export function compileReason(error: unknown): string {
  if (error instanceof SchemaProblem) return error.message
  const message = sentence(error)
  if (/\bcircular reference\b/i.test(message)) return `${message} ${BREAK_THE_CYCLE}`
  return /\bref(erence)?\b/i.test(message)
    ? `${message} Add the schema it names with addSchema() in this context or an ancestor, or correct the $ref.`
    : `${message} Correct the response schema (JSON Schema Draft 7).`
}

/** A `$ref` chain that comes back to where it started before it reaches a schema of its own. */
const BREAK_THE_CYCLE =
  'The $ref points, directly or through other $refs, back to itself: make one schema of the chain describe the value (type, properties or items) instead of naming another.'

/**
 * The reason text of FRM_ERR_RESPONSE_SERIALIZATION: what went wrong with the payload, and how to
 * fix it.
 *
 * @example
 * serializationReason(new Error('"name" is required!'))
 * // '"name" is required! Send a payload that matches the schema, or change the schema.'
 */
export function serializationReason(error: unknown): string {
  return `${sentence(error)} Send a payload that matches the schema, or change the schema.`
}

/** The message of an error, ending with a full stop. */
function sentence(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).trim()
  return /[.!?]$/.test(text) ? text : `${text}.`
}
