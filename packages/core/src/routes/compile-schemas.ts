import { createError, type ErrorCode, FrameworkError } from '@framework/error-formatter'
import { expandShorthand } from '@framework/schema-registry'
import type {
  ContextState,
  PartValidator,
  ResponseSerializer,
  RouteRecord,
} from '../context/index.js'
import { serializerFactoryOf, sharedSchemasOf, validatorFactoryOf } from '../context/index.js'
import type {
  HttpPart,
  JsonSchema,
  ResponseValidatorCompiler,
  SerializeFunction,
  SerializerCompileInput,
  SerializerCompiler,
  ValidateFunction,
  ValidatorCompileInput,
  ValidatorCompiler,
} from '../contracts/compilers.js'
import type { RouteSchema } from '../types/route.js'
import { describe, emitWarning } from '../util/index.js'
import { contentMap, mediaKey, mediaTypeWithoutSchema } from './content-schemas.js'
import { validatingSerializer } from './response-validation.js'

/** Methods whose body is validated (specification 4.2.2). */
export const bodyValidatedMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH'])

const parts: ReadonlyArray<{ part: HttpPart; context: PartValidator['context'] }> = [
  { part: 'params', context: 'params' },
  { part: 'body', context: 'body' },
  { part: 'querystring', context: 'query' },
  { part: 'headers', context: 'headers' },
]

/**
 * Fastify's FSTWRN001: a part named in the route's schema with no schema (`headers: undefined`)
 * usually means a schema that was meant to be there, e.g. an import that failed.
 */
function warnIfDeclaredEmpty(
  schema: RouteSchema,
  part: HttpPart,
  method: string,
  url: string,
): void {
  const key = part === 'querystring' && !Object.hasOwn(schema, 'querystring') ? 'query' : part
  if (!Object.hasOwn(schema, key) || (schema as Record<string, unknown>)[key] != null) return
  emitWarning(
    `The ${part} schema of ${method} ${url} is ${String((schema as Record<string, unknown>)[key])}: give it a schema, or leave the key out`,
    'FastifyWarning',
    'FSTWRN001',
  )
}

/**
 * Compiles the validators of one route method: route option `validatorCompiler`, else the
 * context's `setValidatorCompiler`, else the default compiler of the context's shared schemas.
 * A compiler that returns anything but a function leaves that part unvalidated.
 *
 * @throws FRM_ERR_SCH_VALIDATION_BUILD naming the route, the part and the reason
 */
export function compileValidators(
  record: RouteRecord,
  method: string,
  url: string,
): PartValidator[] | null {
  const schema = record.schema
  if (schema === undefined) return null
  const validators: PartValidator[] = []
  const custom = isCustomValidator(record)
  let compiler: ValidatorCompiler | undefined
  const compile = (input: ValidatorCompileInput): ValidateFunction | undefined => {
    compiler ??= routeValidatorCompiler(record)
    const fn = compiler(input)
    // Anything but a function (as Fastify reads it): this part is not validated. A compiler that
    // returns something else (Joi's `validate(schema)` result, as @fastify/swagger's examples
    // do) means the same.
    return typeof fn === 'function' ? fn : undefined
  }
  for (const { part, context } of parts) {
    const partSchema =
      part === 'querystring'
        ? (schema.querystring ?? schema.query)
        : part === 'body' && !bodyValidatedMethods.has(method)
          ? undefined
          : schema[part]
    if (partSchema == null) {
      warnIfDeclaredEmpty(schema, part, method, url)
      continue
    }
    try {
      const content = part === 'body' ? contentMap(partSchema) : undefined
      if (content !== undefined) {
        const byType: Record<string, ValidateFunction> = Object.create(null)
        for (const type of Object.keys(content)) {
          const fn = compile({
            schema: expandShorthand(content[type]!.schema as never),
            method,
            url,
            httpPart: part,
            contentType: type,
          })
          if (fn !== undefined) byType[mediaKey(type)] = fn
        }
        if (Object.keys(byType).length > 0) {
          validators.push(partValidator(part, context, null, byType, custom))
        }
        continue
      }
      const fn = compile({
        schema: expandShorthand(partSchema as never),
        method,
        url,
        httpPart: part,
      })
      if (fn !== undefined) validators.push(partValidator(part, context, fn, null, custom))
    } catch (error) {
      throw compileError('FRM_ERR_SCH_VALIDATION_BUILD', method, url, part, error)
    }
  }
  return validators.length === 0 ? null : validators
}

/** A part's validator as the request path takes it: what its first call decides, not yet decided. */
function partValidator(
  part: PartValidator['part'],
  context: PartValidator['context'],
  fn: ValidateFunction | null,
  byType: PartValidator['byType'],
  custom: boolean,
): PartValidator {
  return { part, context, fn, byType, custom, holder: undefined, direct: undefined }
}

/** A route whose validators come from a compiler of the application's own, not the default one. */
function isCustomValidator(record: RouteRecord): boolean {
  return (
    record.options.validatorCompiler !== undefined ||
    record.state.resolved!.validatorCompiler !== undefined ||
    validatorFactoryOf(record.state) !== record.state.core.validatorFactory
  )
}

/**
 * The validator compiler of a route: route option `validatorCompiler`, else the context's
 * `setValidatorCompiler`, else the default compiler of the context's shared schemas.
 */
export function routeValidatorCompiler(record: RouteRecord): ValidatorCompiler {
  return (
    record.options.validatorCompiler ??
    record.state.resolved!.validatorCompiler ??
    defaultValidatorCompiler(record.state)
  )
}

/**
 * The serializer compiler of a route: route option `serializerCompiler`, else the context's
 * `setSerializerCompiler`, else the default compiler of the context's shared schemas.
 */
export function routeSerializerCompiler(record: RouteRecord): SerializerCompiler {
  return (
    record.options.serializerCompiler ??
    record.state.resolved!.serializerCompiler ??
    defaultSerializerCompiler(record.state)
  )
}

/** The validator compiler of a context (for its not-found handler). */
export function contextValidatorCompiler(state: ContextState): ValidatorCompiler {
  return state.resolved!.validatorCompiler ?? defaultValidatorCompiler(state)
}

/** The serializer compiler of a context (for its not-found handler). */
export function contextSerializerCompiler(state: ContextState): SerializerCompiler {
  return state.resolved!.serializerCompiler ?? defaultSerializerCompiler(state)
}

/** The request parts whose schema is normalized in place. */
const requestParts = ['body', 'querystring', 'params', 'headers'] as const

/** Route schema objects already normalized (one object may serve several routes). */
const normalized = new WeakSet<object>()

/**
 * Normalizes a route's schema object in place at ready, as Fastify 4.29 does, so that whoever kept
 * it (an onRoute hook) sees what is compiled: `query` also as `querystring`, shorthands expanded
 * and schema builders (fluent-json-schema) resolved, in each request part and response. A frozen
 * object is left as it is.
 *
 * @throws FRM_ERR_SCH_DUPLICATE for both `query` and `querystring`;
 * FRM_ERR_SCH_CONTENT_MISSING_SCHEMA for a `content` media type without its `schema`
 */
export function normalizeRouteSchema(schema: RouteSchema | undefined): void {
  if (typeof schema !== 'object' || schema === null || normalized.has(schema)) return
  assertRouteSchema(schema)
  if (Object.isFrozen(schema)) return
  normalized.add(schema)
  if (schema.querystring === undefined && schema.query !== undefined) {
    schema.querystring = schema.query
  }
  for (const part of requestParts) {
    const value = schema[part]
    if (value === undefined || value === null) continue
    if (part === 'body' && expandContent(value)) continue
    schema[part] = expandShorthand(value as never)
  }
  const response = schema.response
  if (typeof response !== 'object' || response === null || Object.isFrozen(response)) return
  for (const key of Object.keys(response)) {
    const value = response[key]
    if (value === undefined || value === null || expandContent(value)) continue
    response[key] = expandShorthand(value as never)
  }
}

/** What Fastify refuses in a route's schema object before compiling it. */
function assertRouteSchema(schema: RouteSchema): void {
  if (isSet(schema.query) && isSet(schema.querystring)) {
    throw createError('FRM_ERR_SCH_DUPLICATE', 'querystring')
  }
  const missing = [schema.body, ...Object.values(schema.response ?? {})]
    .map(mediaTypeWithoutSchema)
    .find((type) => type !== undefined)
  if (missing !== undefined) throw createError('FRM_ERR_SCH_CONTENT_MISSING_SCHEMA', missing)
}

/** A schema declared by content type: each media type's schema is expanded in place. */
function expandContent(value: unknown): boolean {
  const content = contentMap(value)
  if (content === undefined) return false
  for (const type of Object.keys(content)) {
    const entry = content[type]!
    if (!Object.isFrozen(entry)) entry.schema = expandShorthand(entry.schema as never)
  }
  return true
}

/** A response schema key: a status code, a class (`2xx`, any case) or `default`. */
const statusKey = /^[1-5](?:\d{2}|xx)$|^default$/

/**
 * Compiles the serializers of one route method, per response key. With response validation on
 * (route option `responseValidation`, else the application's), each serializer is wrapped with
 * the check compiled from the same schema.
 *
 * @throws FRM_ERR_SCH_SERIALIZATION_BUILD naming the route, the status key and the reason
 */
export function compileSerializers(
  record: RouteRecord,
  method: string,
  url: string,
): Record<string, ResponseSerializer> | null {
  const response = record.schema?.response
  if (response === undefined || response === null) return null
  const serializers: Record<string, ResponseSerializer> = Object.create(null)
  let compiler: SerializerCompiler | undefined
  let checker: ResponseValidatorCompiler | undefined
  const validates = record.options.responseValidation ?? record.state.core.responseValidation
  const compile = (input: SerializerCompileInput): SerializeFunction | undefined => {
    compiler ??= routeSerializerCompiler(record)
    const fn = compiler(input)
    // Nothing returned (as Fastify reads it): no serializer for this key, JSON is sent.
    if (fn === undefined || fn === null) return undefined
    if (typeof fn !== 'function') {
      throw new TypeError(`the serializer compiler returned ${describe(fn)}, not a function`)
    }
    if (validates !== true) return fn
    checker ??= responseValidatorCompiler(record.state)
    const validate = checker(input)
    if (typeof validate !== 'function') return fn
    return validatingSerializer(validate, fn, method, url, input.httpStatus)
  }
  for (const key of Object.keys(response)) {
    if (!statusKey.test(key.toLowerCase())) {
      // Fastify's message as it is: the key is no status, so the usual "(status: ...)" would mislead.
      throw createError(
        'FRM_ERR_SCH_SERIALIZATION_BUILD',
        method,
        url,
        createError('FRM_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX').message,
      )
    }
    try {
      const content = contentMap(response[key])
      if (content === undefined) {
        const fn = compile({
          schema: expandShorthand(response[key] as never),
          method,
          url,
          httpStatus: key,
        })
        if (fn !== undefined) serializers[key] = fn
        continue
      }
      const byType: Record<string, SerializeFunction> = Object.create(null)
      for (const type of Object.keys(content)) {
        const fn = compile({
          schema: expandShorthand(content[type]!.schema as never),
          method,
          url,
          httpStatus: key,
          contentType: type,
        })
        if (fn !== undefined) byType[mediaKey(type)] = fn
      }
      serializers[key] = byType
    } catch (error) {
      throw compileError('FRM_ERR_SCH_SERIALIZATION_BUILD', method, url, key, error)
    }
  }
  return Object.keys(serializers).length === 0 ? null : serializers
}

/**
 * Whether a route of this context compiles a schema with the default validator (a request part)
 * or serializer (a response) compiler: no compiler of its own, none set on the way to the root.
 */
export function usesDefaultCompiler(
  state: ContextState,
  kind: 'validator' | 'serializer',
): boolean {
  for (const scope of state.chain()) {
    if ((kind === 'validator' ? scope.validatorCompiler : scope.serializerCompiler) !== undefined) {
      return false
    }
  }
  return state.core.routes.some((record) => {
    if (record.state !== state || record.schema === undefined) return false
    const schema = record.schema
    if (kind === 'serializer') {
      return record.options.serializerCompiler === undefined && isSet(schema.response)
    }
    return (
      record.options.validatorCompiler === undefined &&
      (isSet(schema.body) ||
        isSet(schema.querystring) ||
        isSet(schema.query) ||
        isSet(schema.params) ||
        isSet(schema.headers))
    )
  })
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null
}

/** The default validator compiler of a context: of its shared schemas, built once per set. */
export function defaultValidatorCompiler(state: ContextState): ValidatorCompiler {
  return cachedPerSchemaSet(state, state.core.validatorCache, validatorFactoryOf(state))
}

/** The default serializer compiler of a context: of its shared schemas, built once per set. */
export function defaultSerializerCompiler(state: ContextState): SerializerCompiler {
  return cachedPerSchemaSet(state, state.core.serializerCache, serializerFactoryOf(state))
}

function responseValidatorCompiler(state: ContextState): ResponseValidatorCompiler {
  const factory = state.core.responseValidatorFactory
  if (factory === undefined) {
    throw new TypeError(
      'responseValidation is on, but createInstance received no responseValidatorCompiler',
    )
  }
  return cachedPerSchemaSet(state, state.core.responseValidatorCache, factory)
}

/** A number per factory (and per bucket-holding context), for the cache keys. */
const ids = new WeakMap<object, number>()
let nextId = 0
function idOf(value: object): number {
  let id = ids.get(value)
  if (id === undefined) ids.set(value, (id = ++nextId))
  return id
}

/**
 * The default compiler for the shared schemas visible in `state`: built once per factory and set
 * of schemas (per context when a schema controller's bucket holds them).
 */
function cachedPerSchemaSet<C>(
  state: ContextState,
  cache: Map<string, C>,
  factory: (shared: Readonly<Record<string, JsonSchema>>) => C,
): C {
  const schemas = state.bucket === undefined ? state.registry.fingerprint : `b${idOf(state)}`
  const key = `${idOf(factory)}:${schemas}`
  let compiler = cache.get(key)
  if (compiler === undefined) {
    compiler = factory(sharedSchemasOf(state))
    cache.set(key, compiler)
  }
  return compiler
}

/** A coded error that already names the route passes as it is; anything else is wrapped. */
function compileError(
  code: ErrorCode,
  method: string,
  url: string,
  part: string,
  error: unknown,
): unknown {
  // A compiler that already threw this code (the default ones name the route themselves).
  if (
    error instanceof FrameworkError &&
    (error.code === code || error.message.includes(`${method} ${url}`))
  )
    return error
  const reason = error instanceof Error ? error.message : String(error)
  return createError(code, method, url, `${reason} (${partLabel(code, part)})`, { cause: error })
}

/** Which schema of the route failed, appended to Fastify's message: `httpPart: body`, `status: 2xx`. */
function partLabel(code: ErrorCode, part: string): string {
  return code === 'FRM_ERR_SCH_SERIALIZATION_BUILD' ? `status: ${part}` : `httpPart: ${part}`
}
