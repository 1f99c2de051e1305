import { expandShorthand, plainSchema } from '@framework/schema-registry'
import { isObject } from './json.js'

/** Request parts are documented from the schema's input, responses from its output. */
export type Direction = 'input' | 'output'

interface StandardJsonSchemaProps {
  vendor?: string
  jsonSchema: {
    input: (options: { target: string }) => unknown
    output: (options: { target: string }) => unknown
  }
}

const converted = new WeakMap<object, Partial<Record<Direction, unknown>>>()

/**
 * The Standard JSON Schema converter of a value (`value['~standard'].jsonSchema`), found
 * structurally: any library implementing the interface works, none is imported.
 */
function standardConverter(value: unknown): StandardJsonSchemaProps | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined
  const props = (value as { '~standard'?: unknown })['~standard']
  if (!isObject(props) || !isObject(props.jsonSchema)) return undefined
  const { input, output } = props.jsonSchema
  return typeof input === 'function' && typeof output === 'function'
    ? (props as unknown as StandardJsonSchemaProps)
    : undefined
}

/** True when `value` is a Standard Schema value (with or without a JSON Schema converter). */
export function isStandardSchema(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    isObject((value as { '~standard'?: unknown })['~standard'])
  )
}

/**
 * The JSON Schema a schema slot documents: a Standard Schema value through its JSON Schema
 * converter (draft 2020-12, the dialect of OpenAPI 3.1), a fluent-json-schema object through its
 * JSON, the shorthand (properties at the top level) expanded to a full object schema. Anything else
 * is returned as it is. Conversions are cached per value.
 *
 * @returns undefined for a Standard Schema value that has no JSON Schema converter
 */
export function toJsonSchema(value: unknown, direction: Direction): unknown {
  const converter = standardConverter(value)
  if (converter !== undefined) {
    const cache = converted.get(value as object) ?? {}
    if (!(direction in cache)) {
      cache[direction] = converter.jsonSchema[direction]({ target: 'draft-2020-12' })
      converted.set(value as object, cache)
    }
    return cache[direction]
  }
  if (isStandardSchema(value)) return undefined
  const plain = plainSchema(value)
  return isObject(plain) ? expandShorthand(plain as never) : plain
}
