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
  /** By key, a function that evaluates one serializer's standalone code and returns it. */
  readonly serializers?: Readonly<Record<string, (require: RequireFunction) => unknown>>
  /** The module's own `require`: tried after this package's. */
  readonly require?: RequireFunction
}
