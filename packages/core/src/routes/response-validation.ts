import { createError } from '@framework/error-formatter'
import type { SerializeFunction, ValidateFunction } from '../contracts/compilers.js'
import { isThenable } from '../util/index.js'

/**
 * Response validation, decided per route and status key when the route is compiled: the
 * serializer of a validated key is wrapped once, so a route without response validation runs
 * exactly the serializer it always ran (no check per request).
 *
 * The wrapped serializer checks the payload first; a payload that fails throws
 * FRM_ERR_RESPONSE_VALIDATION (status 500) naming the route, the status key and the failing
 * paths, with the validator's errors as `validation`. The payload itself is never changed.
 */
export function validatingSerializer(
  validate: ValidateFunction,
  serialize: SerializeFunction,
  method: string,
  url: string,
  key: string,
): SerializeFunction {
  return function validatedSerializer(data) {
    const outcome = validate(data)
    if (outcome === true) return serialize(data)
    if (isThenable(outcome)) {
      throw createError(
        'FRM_ERR_RESPONSE_VALIDATION',
        method,
        url,
        key,
        'the response schema validated asynchronously, which response validation does not support: use a synchronous schema',
      )
    }
    let failure: unknown
    if (outcome === false) failure = validate.errors ?? []
    else if (typeof outcome === 'object' && outcome !== null) failure = outcome.error
    if (failure === undefined || failure === null || failure === false) return serialize(data)
    const errors = Array.isArray(failure) ? [...failure] : [failure]
    const error = createError('FRM_ERR_RESPONSE_VALIDATION', method, url, key, describe(errors))
    ;(error as { validation?: unknown }).validation = errors
    throw error
  }
}

/** `/items/0/name must be string, / must have required property 'id'`: paths and messages. */
function describe(errors: readonly unknown[]): string {
  const parts: string[] = []
  for (const error of errors) {
    const { instancePath, message } = (error ?? {}) as { instancePath?: unknown; message?: unknown }
    const path = typeof instancePath === 'string' && instancePath !== '' ? instancePath : '/'
    parts.push(typeof message === 'string' ? `${path} ${message}` : path)
  }
  return parts.length === 0 ? 'the payload does not match the response schema' : parts.join(', ')
}
