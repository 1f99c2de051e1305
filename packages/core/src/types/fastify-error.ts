import type {
  FrameworkSchemaValidationError,
  SchemaErrorDataVar,
  ValidationContext,
} from '@framework/error-formatter'

/**
 * The error an error handler (and an `onError` hook) receives, typed as Fastify types it: any
 * Error, with the fields the framework's own errors carry. `validation` and `validationContext`
 * are set on a failed request validation (`validation` holds the validator's errors: Ajv's
 * array with the default validator). Narrow it further with `setErrorHandler<MyError>(...)`.
 *
 * @example
 * app.setErrorHandler((error, request, reply) => {
 *   if (error.validation) return reply.code(422).send({ where: error.validationContext, errors: error.validation })
 *   reply.send(error)
 * })
 */
export interface FastifyError extends Error {
  /** The error's code (`FRM_ERR_...` for the framework's own errors). */
  code: string
  /** The status the default error handler answers with (500 when absent). */
  statusCode?: number
  /** The validator's errors, on a failed request validation. */
  validation?: FrameworkSchemaValidationError[]
  /** The request part whose validation failed. */
  validationContext?: ValidationContext | SchemaErrorDataVar
}
