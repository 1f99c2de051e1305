import {
  createValidationError,
  dataVarOf,
  defaultSchemaErrorFormatter,
  formatValidationMessage,
  verbatimSchemaErrorFormatter,
} from '@framework/error-formatter'
import type { PartValidator } from '../context/index.js'
import type { ValidateFunction, ValidationOutcome } from '../contracts/compilers.js'
import { isThenable, kRoute, mediaTypeEssence } from '../util/index.js'
import { answerInvalid, answersInvalidPlainly, lifecycleError } from './error-handling.js'
import type { Reply } from './reply.js'

/** What follows validation (passed in: this step never imports the lifecycle). */
type Step = (reply: Reply) => void

/**
 * The validation step: params, body, querystring, headers (as compiled); the first failing part
 * ends it. A validator's result is read as Ajv's (`true`/`false` + `validate.errors`) or as
 * `{ value }` (replaces the part) / `{ error }` (fails it); only a promise result is awaited.
 */
export function validateRequest(reply: Reply, next: Step): void {
  validateFrom(reply, 0, next)
}

function validateFrom(reply: Reply, start: number, next: Step): void {
  const validators = reply[kRoute].validators!
  for (let index = start; index < validators.length; index++) {
    const validator = validators[index]!
    const fn =
      validator.direct ??
      (validator.fn === null ? byContentType(reply, validator) : firstCall(validator, validator.fn))
    if (fn === undefined) continue
    let outcome: unknown
    try {
      outcome = callValidator(fn, reply, validator)
    } catch (thrown) {
      lifecycleError(reply, thrown)
      return
    }
    if (isThenable(outcome)) {
      awaitOutcome(reply, index, fn, outcome, next)
      return
    }
    if (!apply(reply, validator, fn, outcome as ValidationOutcome, next)) return
  }
  next(reply)
}

/**
 * A validator's promise, then the validators after it (apart from `validateFrom`: JavaScriptCore,
 * Bun's engine, allocates the closure scope of the loop's `index` on every iteration otherwise).
 */
function awaitOutcome(
  reply: Reply,
  index: number,
  fn: ValidateFunction,
  outcome: PromiseLike<unknown>,
  next: Step,
): void {
  const validator = reply[kRoute].validators![index]!
  outcome.then(
    (settled) => {
      if (apply(reply, validator, fn, settled as ValidationOutcome, next)) {
        validateFrom(reply, index + 1, next)
      }
    },
    // A rejected validation is a failed one (Fastify 5): a custom library's async validator
    // (Joi's validateAsync) rejects with its error.
    (reason) => fail(reply, validator, reason, next),
  )
}

/**
 * A part validator's first call decides how the later ones are made: whether it takes a holder
 * (see `callValidator`), and which function is called. A validator of the default compiler built
 * on first use is a wrapper of the function it compiles (`schemaEnv.validate`, which reading
 * `schemaEnv` here compiles): that one is called, and the wrapper shows its errors.
 */
function firstCall(validator: PartValidator, fn: ValidateFunction): ValidateFunction {
  validator.holder = takesHolder(fn)
  const compiled = validator.custom
    ? undefined
    : (fn as { schemaEnv?: { validate?: unknown } }).schemaEnv?.validate
  validator.direct = typeof compiled === 'function' ? (compiled as ValidateFunction) : fn
  return validator.direct
}

/**
 * Calls a part's validator. An Ajv function (it has `schemaEnv`) is given the request as the
 * part's parent, as Fastify gives it: Ajv then writes a coerced root value back (a body schema
 * `{ type: 'integer' }` turns the JSON string `"42"` into the number 42), which it cannot do to a
 * root value alone. Unless its root cannot be replaced (`rootStaysPut`): then it is called as
 * the application would call it, with no object made for the call. The part's own validator
 * decides that once, on its first call (`firstCall`). A body validated by content type has no
 * place to keep that decision per type: its Ajv functions always get the holder, which is never
 * wrong, rather than its schema being looked over on every request.
 */
function callValidator(fn: ValidateFunction, reply: Reply, validator: PartValidator): unknown {
  const data = read(reply, validator)
  const holder = validator.fn === null ? isAjvFunction(fn) : validator.holder
  if (!holder) return fn(data)
  const key = validator.part === 'querystring' ? 'query' : validator.part
  return (fn as unknown as AjvCall)(data, { parentData: reply.request, parentDataProperty: key })
}

/** How Ajv's compiled functions take the parent of the value they validate. */
type AjvCall = (data: unknown, ctx: { parentData: object; parentDataProperty: string }) => unknown

/** Whether `fn` was compiled by Ajv (it carries Ajv's `schemaEnv`). */
function isAjvFunction(fn: ValidateFunction): boolean {
  return (fn as { schemaEnv?: unknown }).schemaEnv !== undefined
}

/** Whether `fn` is an Ajv function that may replace its root value. */
function takesHolder(fn: ValidateFunction): boolean {
  return isAjvFunction(fn) && !rootStaysPut((fn as { schema?: unknown }).schema)
}

/**
 * The keywords a root schema `{ type: 'object' }` may have for Ajv to never replace its value: they
 * apply to the object's members, or to nothing. Ajv coerces only to scalars and arrays, and only
 * where a schema's type allows one, so such a root is never coerced; a keyword that applies a
 * subschema to the root value itself (`$ref`, `anyOf`, `if`, ...) could, and `nullable` admits null.
 */
const MEMBERS_ONLY = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  '$id',
  '$schema',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
])

/** True for a root schema whose value Ajv validates in place, never replacing it (see above). */
function rootStaysPut(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  if ((schema as { type?: unknown }).type !== 'object') return false
  for (const key of Object.keys(schema)) if (!MEMBERS_ONLY.has(key)) return false
  return true
}

/** A body declared by content type: the validator of the request's media type, if listed. */
function byContentType(reply: Reply, validator: PartValidator): ValidateFunction | undefined {
  const header = reply.request.headers['content-type']
  if (typeof header !== 'string') return undefined
  const essence = mediaTypeEssence(header)
  return essence === undefined ? undefined : validator.byType?.[essence]
}

function read(reply: Reply, validator: PartValidator): unknown {
  const request = reply.request
  switch (validator.part) {
    case 'params':
      return request.params
    case 'body':
      return request.body === undefined ? null : request.body
    case 'querystring':
      return request.query
    default:
      return request.headers
  }
}

function replace(reply: Reply, validator: PartValidator, value: unknown): void {
  const request = reply.request
  switch (validator.part) {
    case 'params':
      request.params = value as never
      break
    case 'body':
      request.body = value
      break
    case 'querystring':
      request.query = value as never
      break
    default:
      request.headers = value as never
  }
}

/** Applies one part's outcome; false when validation failed (and the failure was handled). */
function apply(
  reply: Reply,
  validator: PartValidator,
  fn: ValidateFunction,
  outcome: ValidationOutcome,
  next: Step,
): boolean {
  if (outcome === true) return true
  if (outcome === false) {
    fail(reply, validator, fn.errors ?? [], next)
    return false
  }
  if (typeof outcome === 'object' && outcome !== null) {
    const error = (outcome as { error?: unknown }).error
    if (error !== undefined && error !== null && error !== false) {
      fail(reply, validator, error, next)
      return false
    }
    if ('value' in outcome) replace(reply, validator, outcome.value)
  }
  return true
}

function fail(reply: Reply, validator: PartValidator, failure: unknown, next: Step): void {
  const rc = reply[kRoute]
  if (
    rc.schemaErrorFormatter === defaultSchemaErrorFormatter &&
    Array.isArray(failure) &&
    answersInvalidPlainly(reply)
  ) {
    // The default formatter's message (verbatim for a custom validator), no Error made for it.
    const dataVar = dataVarOf(validator.context)
    answerInvalid(reply, formatValidationMessage(failure, dataVar, validator.custom))
    return
  }
  // The default formatter speaks Ajv's "must" as "should" for the default validator only.
  const formatter =
    validator.custom && rc.schemaErrorFormatter === defaultSchemaErrorFormatter
      ? verbatimSchemaErrorFormatter
      : rc.schemaErrorFormatter
  // The default formatter's error is a client error: its stack frames would only point into the
  // framework, and capturing them was the largest cost of a 400. A custom formatter keeps them.
  const stackTraceLimit = Error.stackTraceLimit
  if (formatter === defaultSchemaErrorFormatter || formatter === verbatimSchemaErrorFormatter) {
    Error.stackTraceLimit = 0
  }
  let error: Error
  try {
    error = createValidationError(validator.context, failure, formatter, rc.instance)
  } catch (formatterError) {
    lifecycleError(reply, formatterError)
    return
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
  if (rc.attachValidation) {
    reply.request.validationError = error as never
    next(reply)
  } else {
    lifecycleError(reply, error)
  }
}
