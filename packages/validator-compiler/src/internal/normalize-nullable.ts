import { type SchemaNode, walkSchema } from './schema-walk.js'

/**
 * The keywords that can refuse `null` when a schema has no `type`: every other keyword only
 * applies to one JSON type (`properties` to objects, `minimum` to numbers...) and lets `null` pass.
 */
const NULL_SENSITIVE = [
  '$merge',
  '$patch',
  '$ref',
  'allOf',
  'anyOf',
  'const',
  'else',
  'enum',
  'if',
  'not',
  'oneOf',
  'then',
]

/**
 * Makes `nullable` (the OpenAPI keyword the specification lists in 4.2.3) safe everywhere, in place.
 *
 * Ajv handles `nullable` beside a `type`, but refuses to compile it without one. Without a `type`:
 * - `nullable: false`, or `nullable: true` with nothing that could refuse `null`, is dropped;
 * - `nullable: true` beside keywords that could refuse `null` (`$ref`, `enum`, `oneOf`...) moves
 *   those keywords into `anyOf: [{ type: 'null' }, { ...them }]`, so `null` is accepted and any
 *   other value is checked as before. Annotations, `definitions` and `$id` stay where they were,
 *   so references into the schema keep working.
 */
export function normalizeNullable(schema: unknown): void {
  walkSchema(schema, (node: SchemaNode) => {
    if (!('nullable' in node) || 'type' in node) return
    const nullable = node.nullable
    delete node.nullable
    if (nullable !== true) return
    const moved: SchemaNode = {}
    for (const keyword of NULL_SENSITIVE) {
      if (keyword in node) {
        moved[keyword] = node[keyword]
        delete node[keyword]
      }
    }
    if (Object.keys(moved).length > 0) node.anyOf = [{ type: 'null' }, moved]
  })
}
