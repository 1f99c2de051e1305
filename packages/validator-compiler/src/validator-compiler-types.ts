import type { Ajv, Options } from 'ajv'
import type { PrecompiledValidators } from './precompiled-types.js'
import type { ValidateFunction } from './validate-function.js'
import type { ValidatorCollector } from './validator-collector.js'

/**
 * An Ajv plugin: called with each Ajv instance the compiler creates (and the options given beside
 * it), e.g. `ajv-errors`, `ajv-merge-patch`, `ajv-keywords`. It must be written for Ajv 8.
 *
 * @example
 * import ajvErrors from 'ajv-errors'
 * const plugins: Array<AjvPlugin | [AjvPlugin, unknown]> = [[ajvErrors, { singleError: true }]]
 */
export type AjvPlugin = (ajv: Ajv, options?: any) => unknown

/**
 * Options of {@link buildValidatorCompiler} (the factory option `validator` of the framework, plus
 * where warnings go).
 *
 * @example
 * const options: ValidatorCompilerOptions = {
 *   customOptions: { coerceTypes: false },
 *   plugins: [ajvMergePatch],
 *   onWarning: (message) => app.log.warn(message),
 * }
 */
export interface ValidatorCompilerOptions {
  /**
   * Ajv options merged over {@link defaultAjvOptions}. `jsonPointers` (an Ajv 6 option) is accepted
   * and ignored: Ajv 8 always reports JSON pointers.
   */
  customOptions?: Options & { jsonPointers?: boolean }
  /** Ajv plugins, each a function or a `[function, options]` pair, applied in order. */
  plugins?: Array<AjvPlugin | [AjvPlugin, unknown]>
  /**
   * Receives the warnings: `allErrors: true` (once per compiler) and Ajv's own (unknown formats,
   * strict-types notes). Default: `process.emitWarning(message, 'FrameworkWarning')`.
   */
  onWarning?: (message: string) => void
  /**
   * A loaded precompiled module (see "Precompiled validators" in the README): a route part whose
   * schema, shared schemas, options, plugins and library versions are all those it was built with
   * takes its validator from there; anything else is compiled as usual.
   */
  precompiled?: PrecompiledValidators
  /** Build mode: every validator compiled is also collected, to be written as standalone code. */
  collector?: ValidatorCollector
  /**
   * Compile every schema when the compiler is called (at `ready()`), none at its first request: for
   * a host that refuses code generation while it serves requests (Workers), where a compile left
   * for later would fail there. Default false: a schema Ajv provably compiles without error or
   * warning is compiled by its validator's first call.
   */
  eager?: boolean
}

/**
 * What the compiler receives for one route part (the core's validator-compiler input).
 *
 * @example
 * const input: ValidatorCompileInput = {
 *   schema: { type: 'object', properties: { id: { type: 'integer' } } },
 *   method: 'GET',
 *   url: '/users/:id',
 *   httpPart: 'params',
 * }
 */
export interface ValidatorCompileInput {
  /** The part's schema: a full JSON Schema, the shorthand (properties at the top level), a root `$ref`, or a boolean. */
  schema: object | boolean
  /** The route's method, used in error messages. */
  method: string
  /** The route's URL, used in error messages. */
  url: string
  /** The request part the schema validates. */
  httpPart: 'body' | 'querystring' | 'params' | 'headers'
}

export type { ValidateFunction }
