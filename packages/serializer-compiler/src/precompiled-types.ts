/** What precompiled code is given to load its dependencies with. */
export type RequireFunction = (id: string) => any

/**
 * The part of a precompiled module the serializer compiler reads (written by
 * {@link SerializerCollector.code}; in the framework, by `createPrecompiler()`). Pass the loaded
 * module as it is: `buildSerializerCompiler({}, { precompiled: require('./compiled.cjs') })`.
 *
 * @example
 * const precompiled: PrecompiledSerializers = require('./compiled.cjs')
 */
export interface PrecompiledSerializers {
  /**
   * By key, the text of one serializer's fast-json-stringify standalone code (it sets
   * `module.exports`), evaluated when a route asks for it.
   */
  readonly serializers?: Readonly<Record<string, string | PrecompiledSerializer>>
  /** The module's own `require`: tried after this package's. */
  readonly require?: RequireFunction
}

/**
 * One precompiled serializer as the collector writes it: fast-json-stringify's standalone code in
 * a function, which sets `module.exports` to the serializer. (A string of that code, as older
 * modules hold, is evaluated with `new Function`.)
 */
export type PrecompiledSerializer = (
  require: RequireFunction,
  module: { exports: unknown },
  exports: unknown,
) => void
