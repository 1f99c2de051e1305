import type { StandardSchemaV1 } from '@standard-schema/spec'
import { loadOptional } from './load-optional.js'

/** A JSON Schema object as a converter returns it. */
export type JsonSchemaObject = Record<string, unknown>

/** How a conversion is meant: `inputOnly` describes the accepted data and lets transforms pass. */
export interface ConversionMode {
  inputOnly: boolean
}

/**
 * Converts one Standard Schema value to the JSON Schema (draft-07) of the data it accepts, or
 * throws when the schema has parts JSON Schema cannot express (transforms, unless
 * `mode.inputOnly`). Returns undefined when it does not handle this value, so the next converter
 * is tried.
 */
export type JsonSchemaConverter = (
  schema: StandardSchemaV1,
  mode: ConversionMode,
) => JsonSchemaObject | undefined

const TARGET = 'draft-07'

/**
 * ArkType: its own `toJsonSchema()`, which refuses morphs (transforms); its Standard JSON Schema
 * output turns a morph into `{}` instead, which would serialize anything. Input only: its Standard
 * JSON Schema input side.
 */
export const arktypeConverter: JsonSchemaConverter = (schema, mode) => {
  if (mode.inputOnly) return undefined
  const own = (schema as unknown as { toJsonSchema?: unknown }).toJsonSchema
  if (typeof own !== 'function') return undefined
  return own.call(schema, { target: TARGET }) as JsonSchemaObject
}

/**
 * The Standard JSON Schema interface (Zod 4, and any library that has it): the input side is the
 * data a route receives or a handler returns; the output side is converted too, because a library
 * refuses there what a transform makes inexpressible.
 */
export const standardJsonSchemaConverter: JsonSchemaConverter = (schema, mode) => {
  const converter = (schema['~standard'] as { jsonSchema?: unknown }).jsonSchema as
    | { input?: unknown; output?: unknown }
    | undefined
  if (
    typeof converter !== 'object' ||
    converter === null ||
    typeof converter.input !== 'function' ||
    typeof converter.output !== 'function'
  ) {
    return undefined
  }
  if (!mode.inputOnly) converter.output({ target: TARGET })
  return converter.input({ target: TARGET }) as JsonSchemaObject
}

interface ValibotToJsonSchema {
  toJsonSchema: (schema: unknown, config: { typeMode: 'input' | 'output' }) => JsonSchemaObject
}

let valibotModule: ValibotToJsonSchema | null | undefined

/**
 * Valibot: `@valibot/to-json-schema`, loaded when first needed if the application installed it.
 * Its output mode refuses transforms; its input mode gives the accepted data.
 */
export const valibotConverter: JsonSchemaConverter = (schema, mode) => {
  if (valibotModule === undefined) {
    valibotModule = loadOptional<ValibotToJsonSchema>('@valibot/to-json-schema') ?? null
  }
  if (valibotModule === null) {
    throw new Error(
      'Valibot schemas are converted by @valibot/to-json-schema: install it beside valibot (npm install @valibot/to-json-schema)',
    )
  }
  if (!mode.inputOnly) valibotModule.toJsonSchema(schema, { typeMode: 'output' })
  return valibotModule.toJsonSchema(schema, { typeMode: 'input' })
}

/** The converters tried for a vendor, in order, before the Standard JSON Schema interface. */
export const vendorConverters: Readonly<Record<string, JsonSchemaConverter>> = {
  arktype: arktypeConverter,
}

/** The converters tried for a vendor after the Standard JSON Schema interface. */
export const vendorFallbacks: Readonly<Record<string, JsonSchemaConverter>> = {
  valibot: valibotConverter,
}
