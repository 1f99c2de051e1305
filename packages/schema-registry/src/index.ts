export { expandShorthand } from './expand-shorthand.js'
export type { JsonSchema, JsonSchemaObject } from './json-schema.js'
export { plainSchema } from './plain-schema.js'
export { SchemaRegistry } from './schema-registry.js'
