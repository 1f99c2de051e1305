import { isObject } from './internal/subschemas.js'
import type { JsonSchema } from './json-schema.js'
import { plainSchema } from './plain-schema.js'

type Shape = (value: unknown) => boolean

const isString: Shape = (value) => typeof value === 'string'
const isNumber: Shape = (value) => typeof value === 'number'
const isBoolean: Shape = (value) => typeof value === 'boolean'
const isArray: Shape = (value) => Array.isArray(value)
const isAny: Shape = () => true
const isMap: Shape = (value) => isObject(value)
const isSchema: Shape = (value) => isObject(value) || typeof value === 'boolean'
const isStringOrStrings: Shape = (value) =>
  typeof value === 'string' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'))

/**
 * JSON Schema keywords (Draft 7, later drafts, and the usual annotations and plugin keywords) with
 * the shape of their value. A top-level key is read as a keyword only when its value has that
 * shape, so a shorthand may still declare a property named `type` or `format` as long as its value
 * is a schema: `{ type: { type: 'string' } }` is a property called `type`.
 */
const KEYWORDS: ReadonlyMap<string, Shape> = new Map<string, Shape>([
  ['$id', isString],
  ['$schema', isString],
  ['$ref', isString],
  ['$comment', isString],
  ['$anchor', isString],
  ['$async', isBoolean],
  ['$merge', isMap],
  ['$patch', isMap],
  ['type', isStringOrStrings],
  ['enum', isArray],
  ['const', isAny],
  ['default', isAny],
  ['title', isString],
  ['description', isString],
  ['examples', isArray],
  ['example', isAny],
  ['format', isString],
  ['pattern', isString],
  ['nullable', isBoolean],
  ['readOnly', isBoolean],
  ['writeOnly', isBoolean],
  ['deprecated', isBoolean],
  ['uniqueItems', isBoolean],
  ['contentEncoding', isString],
  ['contentMediaType', isString],
  ['contentSchema', isSchema],
  ['multipleOf', isNumber],
  ['maximum', isNumber],
  ['minimum', isNumber],
  ['exclusiveMaximum', (value) => isNumber(value) || isBoolean(value)],
  ['exclusiveMinimum', (value) => isNumber(value) || isBoolean(value)],
  ['maxLength', isNumber],
  ['minLength', isNumber],
  ['maxItems', isNumber],
  ['minItems', isNumber],
  ['maxContains', isNumber],
  ['minContains', isNumber],
  ['maxProperties', isNumber],
  ['minProperties', isNumber],
  ['properties', isMap],
  ['patternProperties', isMap],
  ['additionalProperties', isSchema],
  ['unevaluatedProperties', isSchema],
  ['propertyNames', isSchema],
  ['dependencies', isMap],
  ['dependentSchemas', isMap],
  ['dependentRequired', isMap],
  ['definitions', isMap],
  ['$defs', isMap],
  ['items', (value) => isSchema(value) || isArray(value)],
  ['prefixItems', isArray],
  ['additionalItems', isSchema],
  ['unevaluatedItems', isSchema],
  ['contains', isSchema],
  ['allOf', isArray],
  ['anyOf', isArray],
  ['oneOf', isArray],
  ['not', isSchema],
  ['if', isSchema],
  ['then', isSchema],
  ['else', isSchema],
  ['discriminator', isMap],
  ['errorMessage', (value) => isString(value) || isMap(value)],
])

/**
 * Expands the shorthand of specification 2.4 (the "contract syntax" for responses): properties
 * listed at the top level, with `type` and `properties` left out, become
 * `{ type: 'object', properties: { ... } }`; a top-level `required` array is carried over.
 *
 * Anything that is already a JSON Schema is returned untouched (the same object): a schema with a
 * keyword such as `type`, `properties`, `$ref`, `oneOf`, `items`, `enum`, `const`... or with
 * `required` and no property schemas beside it; boolean schemas; `{}`; and objects whose top-level
 * values are not all schemas. So is a schema of another language marked by a `~standard` key (a
 * Standard Schema value, which may be a plain object). A fluent-json-schema builder gives its JSON
 * ({@link plainSchema}). Pure: the input is never changed.
 *
 * @example
 * expandShorthand({ name: { type: 'string' }, age: { type: 'integer' }, required: ['name'] })
 * // { type: 'object',
 * //   properties: { name: { type: 'string' }, age: { type: 'integer' } },
 * //   required: ['name'] }
 * expandShorthand({ $ref: 'user#' }) // returned as it is
 */
export function expandShorthand(input: JsonSchema): JsonSchema {
  const schema = plainSchema(input)
  if (!isObject(schema) || '~standard' in schema) return schema
  const properties: Record<string, unknown> = {}
  let required: unknown[] | undefined
  let count = 0
  for (const key of Object.keys(schema)) {
    const value = schema[key]
    if (key === 'required' && Array.isArray(value)) {
      required = value
      continue
    }
    if (KEYWORDS.get(key)?.(value)) return schema
    if (!isObject(value) && typeof value !== 'boolean') return schema
    Object.defineProperty(properties, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    count++
  }
  if (count === 0) return schema
  const expanded: Record<string, unknown> = { type: 'object', properties }
  if (required !== undefined) expanded.required = [...required]
  return expanded
}
