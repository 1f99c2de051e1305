import { createError } from './framework-error.js'

/**
 * One validation failure, in the default validator's (Ajv 8) structure. Custom validators that want
 * the default messages return errors of this shape.
 */
export interface FrameworkSchemaValidationError {
  /** The schema keyword that failed, e.g. `required`, `type`, `maximum`. */
  keyword: string
  /** JSON pointer to the failing value inside the validated part, e.g. `/age` (empty for the root). */
  instancePath: string
  /** JSON pointer to the failing keyword inside the schema, e.g. `#/properties/age/type`. */
  schemaPath: string
  /** Keyword-specific details, e.g. `{ missingProperty: 'name' }`. */
  params: Record<string, unknown>
  /** Human text, e.g. `must be integer`. */
  message?: string
  [extra: string]: unknown
}

/** Where a validation failure occurred, as stored on `error.validationContext`. */
export type ValidationContext = 'body' | 'params' | 'query' | 'headers'

/** The name a schema error formatter receives for the failing part. */
export type SchemaErrorDataVar = 'body' | 'params' | 'querystring' | 'headers'

/**
 * Turns validation errors into the Error a request fails with. Must be synchronous and return an
 * Error; when given to an instance, `this` is that instance.
 */
export type SchemaErrorFormatter = (
  this: any,
  errors: FrameworkSchemaValidationError[],
  dataVar: SchemaErrorDataVar,
) => Error

/** The error a failed validation produces: always answered with status 400. */
export interface ValidationError extends Error {
  statusCode: 400
  /** What the validation function returned: Ajv's errors array, or a custom library's `error`. */
  validation: unknown
  validationContext: ValidationContext
}

const dataVars: Record<ValidationContext, SchemaErrorDataVar> = {
  body: 'body',
  params: 'params',
  query: 'querystring',
  headers: 'headers',
}

/**
 * The formatter's name for a part: `querystring` for the query, the context's name otherwise.
 *
 * @example
 * dataVarOf('query') // 'querystring'
 */
export function dataVarOf(context: ValidationContext): SchemaErrorDataVar {
  return dataVars[context]
}

/**
 * The default validation message: for each error, `dataVar + instancePath + ' ' + message`, joined
 * by `', '`, with the validator's leading "must" spoken as "should" unless `verbatim` (the errors
 * of a custom validator compiler keep the wording it wrote).
 *
 * @example
 * formatValidationMessage(
 *   [{ keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: 'name' }, message: "must have required property 'name'" }],
 *   'body',
 * ) // "body should have required property 'name'"
 */
export function formatValidationMessage(
  errors: readonly FrameworkSchemaValidationError[],
  dataVar: SchemaErrorDataVar,
  verbatim = false,
): string {
  let text = ''
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!
    const message = error.message ?? `should pass the "${error.keyword}" keyword`
    if (i > 0) text += ', '
    // Errors of custom validators may have no instancePath: `body is wrong`, not `bodyundefined`.
    const path = typeof error.instancePath === 'string' ? error.instancePath : ''
    const spoken = !verbatim && message.startsWith('must') ? `should${message.slice(4)}` : message
    text += `${dataVar}${path} ${spoken}`
  }
  return text
}

/**
 * The default schema error formatter: an Error whose message is {@link formatValidationMessage}.
 *
 * @example
 * const app = framework({ schemaErrorFormatter: (errors, dataVar) => new Error(`${dataVar} is wrong`) })
 */
export const defaultSchemaErrorFormatter: SchemaErrorFormatter = (errors, dataVar) =>
  new Error(formatValidationMessage(errors, dataVar))

/**
 * What the default formatter does for the errors of a custom validator compiler: the same message,
 * each error's own wording kept ("must" stays "must").
 *
 * @example
 * verbatimSchemaErrorFormatter([{ keyword: 'type', instancePath: '/n', schemaPath: '#', params: {}, message: 'must be integer' }], 'body').message
 * // 'body/n must be integer'
 */
export const verbatimSchemaErrorFormatter: SchemaErrorFormatter = (errors, dataVar) =>
  new Error(formatValidationMessage(errors, dataVar, true))

/**
 * Builds the error of a failed validation, per the specification's 2.7:
 * - `failure` is what the validation function reported: the validator's errors array, or the
 *   `error` a custom library returned;
 * - an `Error` given as failure keeps its own message, and its own `statusCode`, `validation` and
 *   `validationContext` when it has them (400, itself and `context` are added where missing);
 * - anything else goes through `formatter` (called with `thisArg` as `this`), which must return an
 *   Error, and gets `statusCode` 400, `validation` (the failure as given) and `validationContext`;
 * - `code` `FRM_ERR_VALIDATION` is added when the error has no code of its own.
 *
 * @example
 * const err = createValidationError('query', ajvErrors, defaultSchemaErrorFormatter)
 * err.statusCode // 400
 * err.validationContext // 'query'
 */
export function createValidationError(
  context: ValidationContext,
  failure: unknown,
  formatter: SchemaErrorFormatter = defaultSchemaErrorFormatter,
  thisArg?: unknown,
): ValidationError {
  if (failure instanceof Error) {
    // A custom validator's own Error: only what it lacks is added.
    const own = failure as Partial<ValidationError> & { code?: unknown }
    if (own.statusCode === undefined) own.statusCode = 400
    if (own.code === undefined) own.code = 'FRM_ERR_VALIDATION'
    if (own.validation === undefined) own.validation = failure
    if (own.validationContext === undefined) own.validationContext = context
    return failure as ValidationError
  }
  const errors = Array.isArray(failure) ? failure : [toValidationError(failure)]
  const formatted: unknown = formatter.call(thisArg, errors, dataVars[context])
  if (!(formatted instanceof Error)) {
    throw createError('FRM_ERR_SCHEMA_ERROR_FORMATTER', describeReturned(formatted))
  }
  const validationError = formatted as ValidationError & { code?: unknown }
  validationError.statusCode = 400
  // Fastify 4's code for validation errors (it stays out of the 400 body, see errorBody).
  if (validationError.code === undefined) validationError.code = 'FRM_ERR_VALIDATION'
  validationError.validation = failure
  validationError.validationContext = context
  return validationError
}

/**
 * True for errors built by {@link createValidationError} (or shaped like them).
 *
 * @example
 * app.setErrorHandler((error, request, reply) => {
 *   if (isValidationError(error)) return reply.code(422).send({ errors: error.validation })
 *   reply.send(error)
 * })
 */
export function isValidationError(error: unknown): error is ValidationError {
  return (
    error instanceof Error &&
    (error as Partial<ValidationError>).statusCode === 400 &&
    'validation' in error &&
    typeof (error as Partial<ValidationError>).validationContext === 'string'
  )
}

/** A failure that is neither an Error nor an errors array becomes one error of the default shape. */
function toValidationError(failure: unknown): FrameworkSchemaValidationError {
  const message =
    typeof failure === 'string'
      ? failure
      : typeof (failure as { message?: unknown })?.message === 'string'
        ? (failure as { message: string }).message
        : 'is not valid'
  return { keyword: 'custom', instancePath: '', schemaPath: '', params: {}, message }
}

function describeReturned(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`
  return `a ${typeof value}`
}
