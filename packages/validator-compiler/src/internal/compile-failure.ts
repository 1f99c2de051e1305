import { createError, type FrameworkError } from '@framework/error-formatter'
import type { ValidatorCompileInput } from '../validator-compiler-types.js'
import { withoutFragment } from './async-use.js'

/**
 * The coded error for a schema Ajv refused to compile: FRM_ERR_SCH_VALIDATION_BUILD naming the route, the
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
  return createError(
    'FRM_ERR_SCH_VALIDATION_BUILD',
    method,
    url,
    `${reason} (httpPart: ${httpPart})`,
    {
      cause: error,
    },
  )
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
  // Ajv's message keeps the reference as written ("can't resolve reference x# from id #"), while
  // `missingRef` is resolved and normalised: name the first, and the second when it differs.
  const written =
    /can't resolve reference (.+) from id /.exec(error.message)?.[1] ?? error.missingRef
  const resolved = error.missingRef
  const as =
    resolved === written || `${resolved}#` === written ? '' : ` (resolved as '${resolved}')`
  const target = withoutFragment(error.missingSchema ?? '')
  const ref = `cannot resolve $ref '${written}'${as}`
  if (target === '') return `${ref}: the schema has nothing at that location`
  if (isSharedId(target))
    return `${ref}: the shared schema '${target}' has nothing at that location`
  return `${ref}: no shared schema has the $id '${target}'; add it with addSchema() in this context or an ancestor`
}
