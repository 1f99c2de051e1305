import { createError } from '@framework/error-formatter'

/**
 * What a request gets when an asynchronous constraint strategy (`deriveConstraint(req, ctx, done)`)
 * fails: Fastify 4's fixed 500 body, `Unexpected error from async constraint`, so the strategy's
 * own error (a lookup failure, a database message) never reaches the client. That error stays
 * the `cause`, for the error handler and the logs. No `code`, as Fastify's body has none.
 */
export function asyncConstraintError(cause: Error): Error & { statusCode: number } {
  const error = new Error('Unexpected error from async constraint', { cause }) as Error & {
    statusCode: number
  }
  error.statusCode = 500
  return error
}

/**
 * Hands a request whose asynchronous constraint failed to `fail`: the fixed 500 of
 * {@link asyncConstraintError} by default, FRM_ERR_ASYNC_CONSTRAINT for `frameworkErrors` (as
 * Fastify gives it).
 */
export function failAsyncConstraint<Req, Res>(
  table: { fail(raw: Req, res: Res, error: Error, frameworkError?: Error): void },
  raw: Req,
  res: Res,
  cause: Error,
): void {
  table.fail(
    raw,
    res,
    asyncConstraintError(cause),
    createError('FRM_ERR_ASYNC_CONSTRAINT', { cause }),
  )
}
