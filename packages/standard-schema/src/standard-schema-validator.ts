import type { StandardSchemaV1 } from '@standard-schema/spec'
import { type StandardValidationError, toValidationErrors } from './issues.js'

/** What a Standard Schema validation function answers, in the framework's validator contract. */
export type StandardValidationOutcome = { value: unknown } | { error: StandardValidationError[] }

/** A validation function built from a Standard Schema value. */
export type StandardValidateFunction = (
  data: unknown,
) => StandardValidationOutcome | Promise<StandardValidationOutcome>

/**
 * The validation function of a Standard Schema value, in the shape the framework's validator
 * compilers return: `{ value }` (the library's output, which replaces the validated part) or
 * `{ error }` (its issues as `{ instancePath, message }`). An asynchronous `validate` answers with
 * a promise, which the framework awaits before the `preHandler` hooks.
 *
 * @example
 * import { z } from 'zod'
 *
 * const validate = standardSchemaValidator(z.object({ limit: z.coerce.number() }))
 * validate({ limit: '5' }) // { value: { limit: 5 } }
 * validate({ limit: 'x' }) // { error: [{ instancePath: '/limit', message: 'Invalid input: expected number, received NaN' }] }
 */
export function standardSchemaValidator(schema: StandardSchemaV1): StandardValidateFunction {
  const props = schema['~standard']
  return function validateStandardSchema(data) {
    const result = props.validate(data)
    if (typeof (result as { then?: unknown }).then === 'function') {
      return (result as Promise<StandardSchemaV1.Result<unknown>>).then(outcomeOf)
    }
    return outcomeOf(result as StandardSchemaV1.Result<unknown>)
  }
}

function outcomeOf(result: StandardSchemaV1.Result<unknown>): StandardValidationOutcome {
  if (result.issues) return { error: toValidationErrors(result.issues) }
  return { value: result.value }
}
