import { isStandardSchema } from './is-standard-schema.js'
import { type ToJsonSchemaOptions, toJsonSchema } from './to-json-schema.js'

/** What a serializer compiler receives, as far as this package reads it. */
export interface SerializerInputLike {
  schema: unknown
  method: string
  url: string
  httpStatus: string
}

/**
 * Adds Standard Schema to a serializer compiler factory: a response schema given as a Standard
 * Schema value is converted to JSON Schema ({@link toJsonSchema}) and compiled by the wrapped
 * factory's compiler (fast-json-stringify by default), exactly as the same schema written in JSON
 * Schema would be: fields outside it are dropped, and it serializes as fast.
 *
 * @throws FRM_ERR_STANDARD_SCHEMA_CONVERSION (at ready) naming the route, the status and the
 * library, for a schema JSON Schema cannot express (a transform)
 * @example
 * import { buildSerializerCompiler } from '@framework/serializer-compiler'
 *
 * const serializerCompiler = withStandardSchemaSerialization(buildSerializerCompiler())
 */
export function withStandardSchemaSerialization<
  Shared,
  Input extends SerializerInputLike,
  Serialize,
>(
  factory: (sharedSchemas: Shared) => (input: Input) => Serialize,
  options: ToJsonSchemaOptions = {},
): (sharedSchemas: Shared) => (input: Input) => Serialize {
  return function standardSchemaSerializerFactory(sharedSchemas) {
    const compile = factory(sharedSchemas)
    return function standardSchemaSerializerCompiler(input) {
      if (!isStandardSchema(input.schema)) return compile(input)
      const where = `${input.method} ${input.url}, response ${input.httpStatus}`
      return compile({ ...input, schema: toJsonSchema(input.schema, where, options) })
    }
  }
}
