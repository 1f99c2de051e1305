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
