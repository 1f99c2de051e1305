import { createAjv } from './internal/create-ajv.js'
import { normalizePlugins } from './internal/normalize-plugins.js'
import { compilerKey, setKey } from './internal/precompile-keys.js'
import { findSet } from './internal/precompiled-set.js'
import { ALL_ERRORS_WARNING, resolveAjvOptions } from './internal/resolve-ajv-options.js'
import { SchemaSet, type SetPrecompile } from './internal/schema-set.js'
import { stableKey } from './internal/stable-key.js'
import { WarningSink } from './internal/warning-sink.js'
import type {
  ValidateFunction,
  ValidatorCompileInput,
  ValidatorCompilerOptions,
} from './validator-compiler-types.js'

/**
 * Builds the default validator compiler (Ajv 8 + ajv-formats) in two steps, the way the core uses
 * it: `buildValidatorCompiler(options)(sharedSchemas)` gives the compiler of a context, which turns
 * one route part's schema into a validation function.
 *
 * - One Ajv instance per distinct set of shared schemas: calling the second step again with the
 *   same object, or with an equal set, reuses it; deeply equal route schemas compile once.
 * - Coerced numbers must be finite: `"Infinity"`, `"1e400"` fail `type: 'number'`/`'integer'`.
 * - Header schemas match names case-insensitively; the shorthand (properties at the top level) is
 *   expanded; `$async` is refused (FRM_ERR_SCHEMA_ASYNC); a schema Ajv cannot compile throws
 *   FRM_ERR_SCH_VALIDATION_BUILD naming the route, the part and the reason.
 *
 * Throws FRM_ERR_VALIDATOR_PLUGIN at once for a plugin entry that is not a function or a
 * `[function, options]` pair. Warns once (through `onWarning`) when `allErrors` is true.
 *
 * @example
 * import { buildValidatorCompiler } from '@framework/validator-compiler'
 *
 * const compilerFor = buildValidatorCompiler()
 * const compile = compilerFor({ user: { $id: 'user', type: 'object', required: ['name'] } })
 * const validate = compile({
 *   schema: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } },
 *   method: 'GET',
 *   url: '/users',
 *   httpPart: 'querystring',
 * })
 * const query = { limit: '20' }
 * validate(query) // true: query.limit is now 20
 * validate({ limit: 'Infinity' }) // false: validate.errors[0].message is 'must be integer'
 */
export function buildValidatorCompiler(
  options: ValidatorCompilerOptions = {},
): (
  sharedSchemas: Readonly<Record<string, object | boolean>>,
) => (input: ValidatorCompileInput) => ValidateFunction {
  const warnings = new WarningSink(options.onWarning ?? defaultWarning)
  const plugins = normalizePlugins(options.plugins)
  const ajvOptions = resolveAjvOptions(options.customOptions, warnings)
  if (ajvOptions.allErrors === true) warnings.warn(ALL_ERRORS_WARNING)
  const { precompiled, collector } = options
  // Precompiled or collected validators are keyed by everything that shapes their code.
  const compiler =
    precompiled === undefined && collector === undefined
      ? undefined
      : compilerKey(options.customOptions, plugins)
  // Ajv keeps each function's source only for the collector (standalone code needs it).
  if (collector !== undefined) ajvOptions.code = { ...ajvOptions.code, source: true, esm: false }
  const precompileOf = (sharedSchemas: object): SetPrecompile | undefined => {
    if (compiler === undefined) return undefined
    const key = setKey(compiler, sharedSchemas)
    if (key === undefined) return undefined
    return {
      key,
      lookup: findSet(precompiled, key, (message) => warnings.warn(message)),
      collector,
    }
  }

  // Ajv's own keywords, ajv-formats' and the framework's never change a schema; a plugin's or a
  // keyword definition's may (as @fastify/multipart's `isFile` does).
  const mayRewrite = plugins.length > 0 || (ajvOptions.keywords?.length ?? 0) > 0
  // With the compiler's own Ajv options and no plugin, a route schema Ajv provably compiles
  // without error or warning waits for its first request (internal/deferrable-subset.ts).
  const mayDefer =
    options.eager !== true &&
    plugins.length === 0 &&
    collector === undefined &&
    precompiled === undefined &&
    Object.keys(options.customOptions ?? {}).length === 0

  const byObject = new WeakMap<object, SchemaSet>()
  const byContent = new Map<string, SchemaSet>()

  const newSchemaSet = (sharedSchemas: Readonly<Record<string, object | boolean>>): SchemaSet => {
    const newAjv = () => createAjv(ajvOptions, plugins)
    return new SchemaSet(
      newAjv,
      sharedSchemas,
      warnings,
      precompileOf(sharedSchemas),
      mayRewrite,
      mayDefer,
    )
  }

  return function validatorCompilerFor(sharedSchemas = {}) {
    let set = byObject.get(sharedSchemas)
    if (set === undefined) {
      const key = stableKey(sharedSchemas)
      set = key === undefined ? undefined : byContent.get(key)
      if (set === undefined) {
        set = newSchemaSet(sharedSchemas)
        if (key !== undefined) byContent.set(key, set)
      }
      byObject.set(sharedSchemas, set)
    }
    const schemaSet = set
    return function validatorCompiler(input: ValidatorCompileInput): ValidateFunction {
      return schemaSet.compile(input)
    }
  }
}

function defaultWarning(message: string): void {
  process.emitWarning(message, 'FrameworkWarning')
}
