import { createError } from '@framework/error-formatter'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import {
  type ConversionMode,
  type JsonSchemaConverter,
  type JsonSchemaObject,
  standardJsonSchemaConverter,
  vendorConverters,
  vendorFallbacks,
} from './internal/converters.js'

export type { ConversionMode, JsonSchemaConverter, JsonSchemaObject }

/** Options of {@link toJsonSchema} and of the compilers that convert. */
export interface ToJsonSchemaOptions {
  /**
   * Converters by vendor name (`schema['~standard'].vendor`), tried before the built-in ones: for
   * a library with no Standard JSON Schema interface, or to change how one is converted.
   */
  converters?: Readonly<Record<string, JsonSchemaConverter>>
  /**
   * Describe only the data the schema accepts (its input side) and let transforms pass: for
   * documenting request slots (e.g. OpenAPI). Default false: what cannot be serialized is refused.
   */
  inputOnly?: boolean
}

const caches = { strict: new WeakMap<object, JsonSchemaObject>(), inputOnly: new WeakMap() }

/**
 * The JSON Schema (draft-07) of the data a Standard Schema value accepts, as the framework
 * serializes responses and stores shared schemas: the value's own converter (ArkType's
 * `toJsonSchema()`), else the Standard JSON Schema interface (`~standard.jsonSchema`, Zod 4), else
 * the library's converter package (`@valibot/to-json-schema` for Valibot, when installed). Cached
 * per value; the root `$schema` is left out.
 *
 * @param where - what the schema is, for the error message (e.g. `'GET /users, response 200'`)
 * @throws FRM_ERR_STANDARD_SCHEMA_CONVERSION naming the library, `where` and the reason, when the
 * schema cannot be expressed in JSON Schema (a transform) or no converter is available
 * @example
 * import { z } from 'zod'
 *
 * toJsonSchema(z.object({ name: z.string() }), 'GET /users, response 200')
 * // { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }
 */
export function toJsonSchema(
  schema: StandardSchemaV1,
  where: string,
  options: ToJsonSchemaOptions = {},
): JsonSchemaObject {
  const custom = options.converters
  const mode = { inputOnly: options.inputOnly === true }
  const cache = mode.inputOnly ? caches.inputOnly : caches.strict
  const cached = custom === undefined ? cache.get(schema) : undefined
  if (cached !== undefined) return cached
  const vendor = String(schema['~standard'].vendor)
  let converted: JsonSchemaObject | undefined
  try {
    const chain = [
      custom?.[vendor],
      vendorConverters[vendor],
      standardJsonSchemaConverter,
      vendorFallbacks[vendor],
    ]
    for (const converter of chain) {
      if (converter === undefined) continue
      converted = converter(schema, mode)
      if (converted !== undefined) break
    }
  } catch (error) {
    throw createError(
      'FRM_ERR_STANDARD_SCHEMA_CONVERSION',
      vendor,
      where,
      `${reasonOf(error)}. Write it without transforms or other parts JSON Schema cannot describe (transform in the handler instead), or give a converter for '${vendor}'`,
      { cause: error },
    )
  }
  if (typeof converted !== 'object' || converted === null) {
    throw createError(
      'FRM_ERR_STANDARD_SCHEMA_CONVERSION',
      vendor,
      where,
      `the library offers no JSON Schema (no ~standard.jsonSchema): give a converter for '${vendor}' in the converters option`,
    )
  }
  const { $schema: _dialect, ...json } = converted
  if (custom === undefined) cache.set(schema, json)
  return json
}

/** The first line of what a converter threw, whitespace folded (ArkType throws multi-line text). */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim().replace(/\.$/, '')
}
