/** What {@link scanSchema} found in a schema. */
export interface SchemaScan {
  /**
   * Some place of the schema gives fast-json-stringify no type (no `type`, `$ref`, `const`,
   * combinator or keyword it infers a type from, or a boolean schema). There it writes
   * `JSON.stringify(value)`, which is `undefined`, not JSON, for a function or a symbol, so the
   * output of such a schema is checked before it is returned.
   */
  untyped: boolean
  /** The schema refers to another schema by its id (`user#`, `user#/definitions/x`, `user#foo`). */
  externalRef: boolean
  /**
   * The JSON pointer of the first `default` or `const` that has no JSON form (a function, a
   * symbol): fast-json-stringify would write `undefined` for it.
   */
  literalWithoutJson: string | undefined
}

/** Keywords whose value is one subschema. */
const single = ['additionalItems', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else']
/** Keywords whose value is an array of subschemas. */
const lists = ['allOf', 'anyOf', 'oneOf']
/** Keywords whose value maps names to subschemas. */
const maps = ['properties', 'patternProperties', 'definitions', 'dependencies']
/** Keywords fast-json-stringify infers a type from, or serializes a schema by, when `type` is absent. */
const typing = [
  'type',
  '$ref',
  'const',
  'allOf',
  'anyOf',
  'oneOf',
  // object
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'maxProperties',
  'minProperties',
  'dependencies',
  // array
  'items',
  'additionalItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  // string
  'maxLength',
  'minLength',
  'pattern',
  // number
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
]

/**
 * Walks every subschema of a JSON Schema (Draft 7 keywords) once and reports what decides how its
 * serializer must be guarded. Reads only; never changes the schema.
 *
 * @example
 * scanSchema({ type: 'object', properties: { a: {} } }).untyped // true
 * scanSchema({ $ref: 'user#' }).externalRef // true
 */
export function scanSchema(schema: unknown): SchemaScan {
  const scan: SchemaScan = { untyped: false, externalRef: false, literalWithoutJson: undefined }
  visit(schema, '', scan, new Set())
  return scan
}

function visit(node: unknown, pointer: string, scan: SchemaScan, seen: Set<object>): void {
  if (typeof node === 'boolean') {
    scan.untyped = true
    return
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node) || seen.has(node)) return
  seen.add(node)
  const schema = node as Record<string, unknown>

  if (!isTyped(schema)) scan.untyped = true
  if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) scan.externalRef = true
  if (scan.literalWithoutJson === undefined) {
    if (hasNoJsonForm(schema.default)) scan.literalWithoutJson = `${pointer}/default`
    else if (hasNoJsonForm(schema.const)) scan.literalWithoutJson = `${pointer}/const`
  }

  for (const keyword of single) {
    const value = schema[keyword]
    // `additionalProperties: true` is written with JSON.stringify too, but fast-json-stringify
    // skips the values that have no JSON form there: only a subschema needs a look.
    if (keyword === 'additionalProperties' && typeof value === 'boolean') continue
    if (value !== undefined) visit(value, `${pointer}/${keyword}`, scan, seen)
  }
  const items = schema.items
  if (Array.isArray(items)) {
    for (let index = 0; index < items.length; index++) {
      visit(items[index], `${pointer}/items/${index}`, scan, seen)
    }
  } else if (items !== undefined) {
    visit(items, `${pointer}/items`, scan, seen)
  }
  for (const keyword of lists) {
    const list = schema[keyword]
    if (Array.isArray(list)) {
      for (let index = 0; index < list.length; index++) {
        visit(list[index], `${pointer}/${keyword}/${index}`, scan, seen)
      }
    }
  }
  for (const keyword of maps) {
    const map = schema[keyword]
    if (typeof map !== 'object' || map === null) continue
    for (const name of Object.keys(map)) {
      const value = (map as Record<string, unknown>)[name]
      // `dependencies` also holds arrays of property names, which are not subschemas.
      if (!Array.isArray(value))
        visit(value, `${pointer}/${keyword}/${escapePointer(name)}`, scan, seen)
    }
  }
}

function isTyped(schema: Record<string, unknown>): boolean {
  if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
    return true
  }
  for (const keyword of typing) {
    if (schema[keyword] !== undefined) return true
  }
  return false
}

function hasNoJsonForm(value: unknown): boolean {
  return typeof value === 'function' || typeof value === 'symbol'
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1')
}
