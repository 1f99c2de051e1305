import { createError } from '@framework/error-formatter'
import type { RouteContext } from '../context/index.js'
import type {
  HttpPart,
  JsonSchema,
  SerializeFunction,
  ValidateFunction,
  ValidationOutcome,
} from '../contracts/compilers.js'

/**
 * Fastify 4.3's compiled-function surface of requests and replies
 * (`request.getValidationFunction`, `reply.serializeInput`...): the functions the route compiled
 * for its schema parts, and functions compiled on demand from any schema with the route's
 * compilers (route option, else the context's, else the default), kept per route by schema object.
 */

/** The route's validator of one part, what Fastify's `getValidationFunction('body')` answers. */
type PartFunction = ValidateFunction | Readonly<Record<string, ValidateFunction>>

/** The names Fastify accepts for a request part (`query` is `querystring`). */
function partName(name: string): HttpPart | undefined {
  switch (name) {
    case 'body':
    case 'params':
    case 'headers':
    case 'querystring':
      return name
    case 'query':
      return 'querystring'
    default:
      return undefined
  }
}

/** The validator the route compiled for a part (per content type for such a body), if any. */
function partValidator(rc: RouteContext, name: string): PartFunction | undefined {
  const part = partName(name)
  if (part === undefined || rc.validators === null) return undefined
  for (const validator of rc.validators) {
    if (validator.part === part) return validator.fn ?? validator.byType ?? undefined
  }
  return undefined
}

/** `request.getValidationFunction(partOrSchema)`. */
export function getValidationFunction(
  rc: RouteContext,
  partOrSchema: string | object,
): PartFunction | undefined {
  if (typeof partOrSchema === 'string') return partValidator(rc, partOrSchema)
  if (typeof partOrSchema === 'object' && partOrSchema !== null) {
    return rc.compilers.validateFns?.get(partOrSchema)
  }
  return undefined
}

/** `request.compileValidationSchema(schema, httpPart)`: compiled once per route and schema object. */
export function compileValidationSchema(
  rc: RouteContext,
  method: string,
  url: string,
  schema: JsonSchema,
  httpPart: HttpPart | null | undefined,
): ValidateFunction {
  const compilers = rc.compilers
  const key = schema as object
  const cached = compilers.validateFns?.get(key)
  if (cached !== undefined) return cached
  const fn = compilers.validator()({ schema, method, url, httpPart: httpPart as HttpPart })
  compilers.validateFns ??= new WeakMap()
  compilers.validateFns.set(key, fn)
  return fn
}

/**
 * `request.validateInput(input, schemaOrPart, httpPart)`: with a part name (second or third
 * argument) the route's validator of that part, else the schema's, compiled on first use.
 *
 * @throws FRM_ERR_REQ_INVALID_VALIDATION_INVOCATION when neither exists
 */
export function validateInput(
  rc: RouteContext,
  method: string,
  url: string,
  input: unknown,
  schemaOrPart: JsonSchema | string,
  httpPart: string | undefined,
): ValidationOutcome | PromiseLike<ValidationOutcome> {
  const part = typeof schemaOrPart === 'string' ? schemaOrPart : httpPart
  let validate: PartFunction | undefined
  if (typeof part === 'string') validate = partValidator(rc, part)
  if (validate === undefined) {
    if (typeof schemaOrPart !== 'object' || schemaOrPart === null || Array.isArray(schemaOrPart)) {
      throw createError('FRM_ERR_REQ_INVALID_VALIDATION_INVOCATION', String(part))
    }
    validate = compileValidationSchema(rc, method, url, schemaOrPart, part as HttpPart)
  }
  if (typeof validate !== 'function') {
    throw createError('FRM_ERR_REQ_INVALID_VALIDATION_INVOCATION', String(part))
  }
  return validate(input)
}

/** The serializer the route compiled for a response key (and media type), if any. */
function keySerializer(
  rc: RouteContext,
  key: string | number,
  contentType: string | null | undefined,
): SerializeFunction | Readonly<Record<string, SerializeFunction>> | undefined {
  const entry = rc.serializers?.[key]
  if (entry === undefined || typeof contentType !== 'string') return entry
  return typeof entry === 'function' ? undefined : entry[contentType.trim().toLowerCase()]
}

/** `reply.getSerializationFunction(statusOrSchema, contentType)`. */
export function getSerializationFunction(
  rc: RouteContext,
  statusOrSchema: string | number | object,
  contentType: string | undefined,
): SerializeFunction | Readonly<Record<string, SerializeFunction>> | undefined {
  if (typeof statusOrSchema === 'string' || typeof statusOrSchema === 'number') {
    return keySerializer(rc, statusOrSchema, contentType)
  }
  if (typeof statusOrSchema === 'object' && statusOrSchema !== null) {
    return rc.compilers.serializeFns?.get(statusOrSchema)
  }
  return undefined
}

/** `reply.compileSerializationSchema(schema, httpStatus, contentType)`: once per route and schema. */
export function compileSerializationSchema(
  rc: RouteContext,
  method: string,
  url: string,
  schema: JsonSchema,
  httpStatus: string | number | null | undefined,
  contentType: string | null | undefined,
): SerializeFunction {
  const compilers = rc.compilers
  const key = schema as object
  const cached = compilers.serializeFns?.get(key)
  if (cached !== undefined) return cached
  const fn = compilers.serializer()({
    schema,
    method,
    url,
    httpStatus: httpStatus as string,
    contentType: contentType ?? undefined,
  } as never)
  compilers.serializeFns ??= new WeakMap()
  compilers.serializeFns.set(key, fn)
  return fn
}

/**
 * `reply.serializeInput(input, schemaOrStatus, httpStatus?, contentType?)`: with a status (second
 * argument), the route's serializer for it (and for the content type, third argument); with a
 * schema, that schema's serializer, compiled on first use.
 *
 * @throws FRM_ERR_MISSING_SERIALIZATION_FN or FRM_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN when
 * the route has no serializer for that status (and content type)
 */
export function serializeInput(
  rc: RouteContext,
  method: string,
  url: string,
  input: unknown,
  schemaOrStatus: JsonSchema | string | number,
  httpStatus: string | number | undefined,
  contentType: string | undefined,
): string {
  const byStatus = typeof schemaOrStatus === 'string' || typeof schemaOrStatus === 'number'
  if (byStatus) {
    // (input, status, contentType): the third argument is the content type.
    const type = httpStatus !== undefined && httpStatus !== null ? String(httpStatus) : contentType
    const fn = keySerializer(rc, schemaOrStatus, type)
    if (typeof fn === 'function') return fn(input)
    if (typeof type === 'string') {
      throw createError(
        'FRM_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN',
        String(schemaOrStatus),
        type,
        String(schemaOrStatus),
        type,
      )
    }
    throw createError(
      'FRM_ERR_MISSING_SERIALIZATION_FN',
      String(schemaOrStatus),
      String(schemaOrStatus),
    )
  }
  const fn = compileSerializationSchema(
    rc,
    method,
    url,
    schemaOrStatus as JsonSchema,
    httpStatus,
    contentType,
  )
  return fn(input)
}
