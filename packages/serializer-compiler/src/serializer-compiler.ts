import { createError } from '@framework/error-formatter'
import { checkOptions } from './internal/check-options.js'
import { compileReason, serializationReason } from './internal/failure-reason.js'
import { isCompleteJson } from './internal/is-complete-json.js'
import {
  type AnySchema,
  type BuiltSerializer,
  type DeferredSerializer,
  SerializerStore,
  type SharedSet,
} from './internal/serializer-store.js'
import type { PrecompiledSerializers } from './precompiled-types.js'
import type { SerializerCollector } from './serializer-collector.js'

/**
 * Precompiled serializers (second argument of `buildSerializerCompiler`): take them from a loaded
 * module, or collect them to write one.
 */
export interface SerializerPrecompileOptions {
  /**
   * A loaded precompiled module: a response schema whose content, shared schemas, options and
   * fast-json-stringify version are those it was built with takes its serializer from there;
   * anything else is built as usual.
   */
  precompiled?: PrecompiledSerializers
  /** Build mode: every serializer built is also collected as standalone code. */
  collector?: SerializerCollector
  /** Where a module that fails to load is reported. Default: `process.emitWarning`. */
  onWarning?: (message: string) => void
  /**
   * Build every serializer when the compiler is called (at `ready()`), none at its first response:
   * for a host that refuses code generation while it serves requests (Workers), where a build left
   * for later would fail there. Default false: a response schema in the plain subset is built by
   * its first response.
   */
  eager?: boolean
}

/**
 * The fast-json-stringify options the serializer compiler passes through (see fast-json-stringify's
 * README for each). Anything else is refused with FRM_ERR_INVALID_OPTION: `schema` comes from
 * `addSchema()`, and `mode` would not return a function.
 */
export interface SerializerCompilerOptions {
  /** How a non-integer is made an integer for `type: 'integer'`. Default `'trunc'`. */
  rounding?: 'ceil' | 'floor' | 'round' | 'trunc'
  /** `'json-stringify'` writes large arrays with `JSON.stringify`, skipping their schema. Default `'default'`. */
  largeArrayMechanism?: 'default' | 'json-stringify'
  /** From how many items an array is large, for `largeArrayMechanism`. Default `20000`. */
  largeArraySize?: number | string | bigint
  /** `'native'` delegates objects to the native `JSON.stringify` on Node.js 25+. Default `'default'`. */
  objectMechanism?: 'default' | 'native'
  /** The deepest schema nesting accepted, 0 to 100. Default `100`. */
  maxDepth?: number
  /** Compile the Ajv validators of `anyOf`, `oneOf` and `if`/`then`/`else` at build time. Default `false`. */
  compileValidators?: boolean
  /**
   * Options (Ajv 8's `Options`) of the Ajv instance fast-json-stringify uses for `anyOf`, `oneOf`
   * and `if`/`then`/`else`.
   */
  ajv?: object
}

/** What the compiler receives for one response schema of one route. */
export interface SerializerCompileInput {
  /** The response schema: a JSON Schema object, the contract syntax, or a root `$ref`. */
  schema: object | boolean
  method: string
  url: string
  /** The response key the schema was declared under: `'200'`, `'2xx'`, `'default'`... */
  httpStatus: string
}

/**
 * A compiled serializer: the payload in, JSON text out. It throws FRM_ERR_RESPONSE_SERIALIZATION
 * (status 500) rather than return partial or invalid JSON.
 */
export type SerializeFunction = (data: unknown) => string

/** The compiler of one set of shared schemas: a response schema in, its serializer out. */
export type SerializerCompiler = (input: SerializerCompileInput) => SerializeFunction

/**
 * Builds the default serializer compiler: call it with the shared schemas visible in a context
 * (`getSchemas()`), then with each response schema. Serializers are built once per distinct
 * (schema, shared schemas) pair, and equal sets of shared schemas get the same compiler back.
 *
 * Throws FRM_ERR_INVALID_OPTION for an option it does not pass through or a value
 * fast-json-stringify refuses; the compiler throws FRM_ERR_SCH_SERIALIZATION_BUILD for a schema that
 * cannot be built; a serializer throws FRM_ERR_RESPONSE_SERIALIZATION for a payload that cannot be
 * written by its schema.
 *
 * @example
 * const compilerFor = buildSerializerCompiler({ rounding: 'round' })
 * const compile = compilerFor({ user: { $id: 'user', type: 'object', properties: { name: { type: 'string' } } } })
 * const serialize = compile({ schema: { $ref: 'user#' }, method: 'GET', url: '/me', httpStatus: '200' })
 * serialize({ name: 'Ada', password: 'x' }) // '{"name":"Ada"}'
 */
export function buildSerializerCompiler(
  options: SerializerCompilerOptions = {},
  precompile: SerializerPrecompileOptions = {},
): (sharedSchemas: Readonly<Record<string, object | boolean>>) => SerializerCompiler {
  const store = new SerializerStore(checkOptions(options), {
    precompiled: precompile.precompiled,
    collector: precompile.collector,
    eager: precompile.eager,
    onWarning:
      precompile.onWarning ?? ((message) => process.emitWarning(message, 'FrameworkWarning')),
  })
  const compilers = new WeakMap<SharedSet, SerializerCompiler>()
  return function serializerCompilerFor(sharedSchemas) {
    const set = store.sharedSet(sharedSchemas ?? {})
    let compiler = compilers.get(set)
    if (compiler === undefined) {
      compiler = (input) => compile(store, set, input)
      compilers.set(set, compiler)
    }
    return compiler
  }
}

function compile(
  store: SerializerStore,
  set: SharedSet,
  input: SerializerCompileInput,
): SerializeFunction {
  const { method, url, httpStatus } = input
  let built: BuiltSerializer | DeferredSerializer
  try {
    built =
      store.deferred(set, input.schema as AnySchema) ?? store.build(set, input.schema as AnySchema)
  } catch (error) {
    throw createError(
      'FRM_ERR_SCH_SERIALIZATION_BUILD',
      method,
      url,
      `${compileReason(error)} (status: ${httpStatus})`,
      {
        cause: error,
      },
    )
  }
  // A deferred build runs at the first call; its serializer then takes the stub's place.
  const deferred = 'build' in built ? built : undefined
  let stringify: (data: unknown) => unknown =
    deferred === undefined
      ? (built as BuiltSerializer).stringify
      : (data: unknown): unknown => {
          stringify = deferred.build()
          return stringify(data)
        }
  const fail = (error: unknown) =>
    createError(
      'FRM_ERR_RESPONSE_SERIALIZATION',
      method,
      url,
      httpStatus,
      serializationReason(error),
      { cause: error },
    )

  if (!built.checked) {
    return function serialize(data) {
      try {
        return stringify(data) as string
      } catch (error) {
        throw fail(error)
      }
    }
  }
  return function serialize(data) {
    let output: unknown
    try {
      output = stringify(data)
    } catch (error) {
      throw fail(error)
    }
    if (isCompleteJson(output)) return output
    throw fail(
      new TypeError(
        'A value has no JSON form (a function, a symbol or undefined) where the schema declares no type',
      ),
    )
  }
}
