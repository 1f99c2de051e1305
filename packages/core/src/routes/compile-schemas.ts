import { createError, type ErrorCode, FrameworkError } from '@framework/error-formatter'
import { expandShorthand } from '@framework/schema-registry'
import type { ContextState, PartValidator, RouteRecord } from '../context/index.js'
import { serializerFactoryOf, sharedSchemasOf, validatorFactoryOf } from '../context/index.js'
import type {
  HttpPart,
  JsonSchema,
  ResponseValidatorCompiler,
  SerializeFunction,
  SerializerCompiler,
  ValidatorCompiler,
} from '../contracts/compilers.js'
import type { RouteSchema } from '../types/route.js'
import { describe } from '../util/index.js'
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
  let compiler: ValidatorCompiler | undefined
  for (const { part, context } of parts) {
    const partSchema =
      part === 'querystring'
        ? (schema.querystring ?? schema.query)
        : part === 'body' && !bodyValidatedMethods.has(method)
          ? undefined
          : schema[part]
    if (partSchema === undefined) continue
    try {
      compiler ??=
        record.options.validatorCompiler ??
        record.state.resolved!.validatorCompiler ??
        defaultValidatorCompiler(record.state)
      const fn = compiler({
        schema: expandShorthand(partSchema as never),
        method,
        url,
        httpPart: part,
      })
      // Anything but a function (as Fastify reads it): this part is not validated. A compiler that
      // returns something else (Joi's `validate(schema)` result, as @fastify/swagger's examples
      // do) means the same.
      if (typeof fn !== 'function') continue
      validators.push({ part, context, fn })
    } catch (error) {
      throw compileError('FRM_ERR_SCH_VALIDATION_BUILD', method, url, part, error)
    }
  }
  return validators.length === 0 ? null : validators
}

/** The request parts whose schema is normalized in place. */
const requestParts = ['body', 'querystring', 'params', 'headers'] as const

/**
 * Normalizes a route's schema object in place at ready, as Fastify 4.29 does, so that whoever kept
 * it (an onRoute hook) sees what is compiled: `query` also as `querystring`, shorthands expanded
 * and schema builders (fluent-json-schema) resolved, in each request part and response. A frozen
 * object is left as it is.
 */
export function normalizeRouteSchema(schema: RouteSchema | undefined): void {
  if (typeof schema !== 'object' || schema === null || Object.isFrozen(schema)) return
  if (schema.querystring === undefined && schema.query !== undefined) {
    schema.querystring = schema.query
  }
  for (const part of requestParts) {
    const value = schema[part]
    if (value !== undefined && value !== null) schema[part] = expandShorthand(value as never)
  }
  const response = schema.response
  if (typeof response !== 'object' || response === null || Object.isFrozen(response)) return
  for (const key of Object.keys(response)) {
    const value = response[key]
    if (value !== undefined && value !== null) response[key] = expandShorthand(value as never)
  }
}

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
): Record<string, SerializeFunction> | null {
  const response = record.schema?.response
  if (response === undefined || response === null) return null
  const serializers: Record<string, SerializeFunction> = Object.create(null)
  let compiler: SerializerCompiler | undefined
  let checker: ResponseValidatorCompiler | undefined
  const validates = record.options.responseValidation ?? record.state.core.responseValidation
  for (const key of Object.keys(response)) {
    try {
      compiler ??=
        record.options.serializerCompiler ??
        record.state.resolved!.serializerCompiler ??
        defaultSerializerCompiler(record.state)
      const input = {
        schema: expandShorthand(response[key] as never),
        method,
        url,
        httpStatus: key,
      }
      const fn = compiler(input)
      if (typeof fn !== 'function') {
        throw new TypeError(`the serializer compiler returned ${describe(fn)}, not a function`)
      }
      serializers[key] = fn
      if (validates === true) {
        checker ??= responseValidatorCompiler(record.state)
        const validate = checker(input)
        if (typeof validate === 'function') {
          serializers[key] = validatingSerializer(validate, fn, method, url, key)
        }
      }
    } catch (error) {
      throw compileError('FRM_ERR_SCH_SERIALIZATION_BUILD', method, url, key, error)
    }
  }
  return Object.keys(serializers).length === 0 ? null : serializers
}

function defaultValidatorCompiler(state: ContextState): ValidatorCompiler {
  return cachedPerSchemaSet(state, state.core.validatorCache, validatorFactoryOf(state))
}

function defaultSerializerCompiler(state: ContextState): SerializerCompiler {
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
  if (error instanceof FrameworkError && error.message.includes(`${method} ${url}`)) return error
  return createError(code, method, url, part, error, { cause: error })
}
