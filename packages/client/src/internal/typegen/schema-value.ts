import { expandShorthand, plainSchema } from '@framework/schema-registry'
import { isObject } from './json.js'

/** Request parts are typed from a schema's input, responses from its output. */
export type Direction = 'input' | 'output'

type Convert = (options: { target: string }) => unknown

/**
 * The JSON Schema a schema slot holds: a Standard Schema value through its Standard JSON Schema
 * converter (Draft 7, else Draft 2020-12), a fluent-json-schema object through its JSON, the
 * shorthand (properties at the top level) expanded. Undefined for a Standard Schema value without
 * a converter (its type is then `unknown`).
 */
export function toJsonSchema(value: unknown, direction: Direction): unknown {
  const standard =
    (typeof value === 'object' || typeof value === 'function') && value !== null
      ? (value as { '~standard'?: { jsonSchema?: Partial<Record<Direction, Convert>> } })[
          '~standard'
        ]
      : undefined
  if (isObject(standard)) {
    const convert = standard.jsonSchema?.[direction]
    if (typeof convert !== 'function') return undefined
    try {
      return convert({ target: 'draft-07' })
    } catch {
      return convert({ target: 'draft-2020-12' })
    }
  }
  const plain = plainSchema(value)
  return isObject(plain) ? expandShorthand(plain as never) : plain
}
