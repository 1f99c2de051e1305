import { createError, type FrameworkError } from '@framework/error-formatter'
import type { ValidatorCompileInput } from '../validator-compiler-types.js'
import { withoutFragment } from './async-use.js'

/**
 * The coded error for a schema Ajv refused to compile: FRM_ERR_SCHEMA_COMPILE naming the route, the
 * part and Ajv's reason (for an unresolvable `$ref`, the reference and what to do about it), or
 * FRM_ERR_SCHEMA_ASYNC when Ajv met `$async` the compiler could not see beforehand.
 */
export function compileFailure(
  error: unknown,
  input: ValidatorCompileInput,
  isSharedId: (id: string) => boolean,
): FrameworkError {
  const { method, url, httpPart } = input
  const message = error instanceof Error ? error.message : String(error)
  if (/async schema/.test(message)) {
    return createError('FRM_ERR_SCHEMA_ASYNC', `The ${httpPart} schema of ${method} ${url}`, {
      cause: error,
    })
  }
  const reason = isMissingRef(error) ? missingRefReason(error, isSharedId) : message
  return createError('FRM_ERR_SCHEMA_COMPILE', method, url, httpPart, reason, { cause: error })
}

/** Ajv's MissingRefError, recognised by shape (a plugin may bring its own copy of Ajv). */
interface MissingRef extends Error {
  missingRef: string
  missingSchema?: string
}

function isMissingRef(error: unknown): error is MissingRef {
  return error instanceof Error && typeof (error as Partial<MissingRef>).missingRef === 'string'
}

function missingRefReason(error: MissingRef, isSharedId: (id: string) => boolean): string {
  // Ajv's message names the reference with the base it was resolved against ("from id ...").
  const target = withoutFragment(error.missingSchema ?? '')
  const ref = error.missingRef
  if (target === '' || !isSharedId(target)) {
    if (target === '') return `cannot resolve $ref '${ref}': the schema has nothing at that location (${error.message})`
    return `cannot resolve $ref '${ref}': no shared schema has the $id '${target}'; add it with addSchema() in this context or an ancestor (${error.message})`
  }
  return `cannot resolve $ref '${ref}': the shared schema '${target}' has nothing at that location (${error.message})`
}
