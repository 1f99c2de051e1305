import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect } from 'vitest'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every schema of an OpenAPI document, with where it is (for the failure message). */
function schemasOf(document: Record<string, any>): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = []
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    found.push([`components.schemas.${name}`, schema])
  }
  const media = (where: string, content: unknown) => {
    if (!isObject(content)) return
    for (const [type, entry] of Object.entries(content)) {
      if (isObject(entry) && entry.schema !== undefined)
        found.push([`${where} ${type}`, entry.schema])
    }
  }
  for (const [name, response] of Object.entries(document.components?.responses ?? {})) {
    media(`components.responses.${name}`, (response as any).content)
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, any>)) {
      const where = `${method.toUpperCase()} ${path}`
      for (const parameter of operation.parameters ?? []) {
        found.push([`${where} ${parameter.in} ${parameter.name}`, parameter.schema])
      }
      media(`${where} requestBody`, operation.requestBody?.content)
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        media(`${where} ${status}`, (response as any).content)
      }
    }
  }
  return found
}

/** Document references to components become references into one Ajv schema holding them all. */
function toAjvRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toAjvRefs)
  if (!isObject(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `https://openapi.test/components#/$defs/${value.slice('#/components/schemas/'.length)}`
        : ['enum', 'const', 'default', 'examples', 'example'].includes(key)
          ? value
          : toAjvRefs(value)
  }
  return out
}

/**
 * Checks a generated document two ways: the OpenAPI 3.1 validator (the document's structure and
 * that every `$ref` resolves), and Ajv's 2020-12 build in strict mode compiling every schema in it
 * (one validator alone misses schema errors inside the document).
 */
export async function expectValidOpenApi(document: unknown): Promise<void> {
  const validator = new Validator()
  const result = await validator.validate(structuredClone(document) as never)
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([])
  expect(result.valid).toBe(true)
  expect(validator.version).toBe('3.1')
  expect(() => validator.resolveRefs()).not.toThrow()

  const ajv = new Ajv2020({ strict: true, allErrors: false, validateFormats: false })
  ajv.addKeyword('example')
  const doc = document as Record<string, any>
  ajv.addSchema({
    $id: 'https://openapi.test/components',
    $defs: toAjvRefs(doc.components?.schemas ?? {}),
  })
  for (const [where, schema] of schemasOf(doc)) {
    expect(() => ajv.compile(toAjvRefs(schema) as object), where).not.toThrow()
  }
}
