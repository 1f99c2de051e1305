import type { OpenApiOperation } from '../openapi-options.js'
import { contentSchemas } from './content-map.js'
import { isObject, type JsonObject } from './json.js'
import { type ParameterLocation, partParameters } from './parameters.js'
import type { PathTemplate } from './path-template.js'
import { frameworkResponses, responseDescription, responseKey } from './responses.js'
import type { SchemaComponents } from './schema-components.js'
import { toJsonSchema } from './schema-value.js'
import type { SharedScope } from './shared-scope.js'

/** Methods whose body the framework parses and validates (API.md "Validation"). */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH'])

/** What one operation is built from. */
export interface OperationInput {
  method: string
  schema: JsonObject
  operationId: string
  template: PathTemplate
  scope: SharedScope
}

const parts: ReadonlyArray<[ParameterLocation, (schema: JsonObject) => unknown]> = [
  ['path', (schema) => schema.params],
  ['query', (schema) => schema.querystring ?? schema.query],
  ['header', (schema) => schema.headers],
]

/**
 * One operation: summary, description, tags and deprecated from the route schema, parameters from
 * params, querystring and headers, the request body, a response per declared status, and the
 * framework's own 400 (validating routes) and 413/415 (routes with a body schema) where the route
 * declares no schema for them.
 */
export function buildOperation(
  input: OperationInput,
  components: SchemaComponents,
): OpenApiOperation {
  const { schema, operationId, scope, method } = input
  const operation = { operationId } as OpenApiOperation
  if (typeof schema.summary === 'string') operation.summary = schema.summary
  if (typeof schema.description === 'string') operation.description = schema.description
  if (Array.isArray(schema.tags))
    operation.tags = schema.tags.filter((tag) => typeof tag === 'string')
  if (schema.deprecated === true) operation.deprecated = true

  let validates = false
  const parameters: Array<Record<string, unknown>> = []
  for (const [location, pick] of parts) {
    const value = pick(schema)
    let found: Array<Record<string, unknown>> = []
    if (value !== undefined && value !== null) {
      validates = true
      const json = toJsonSchema(value, 'input')
      const placed = components.place(json, scope, `${operationId}_${location}`)
      found = partParameters(placed, location, components)
    }
    if (location === 'path') found = pathParameters(found, input.template)
    parameters.push(...found)
  }
  if (parameters.length > 0) operation.parameters = parameters

  const hasBody = bodyMethods.has(method) && schema.body !== undefined && schema.body !== null
  if (hasBody) {
    validates = true
    const byType = contentSchemas(schema.body)
    if (byType !== undefined) {
      const content: Record<string, unknown> = {}
      let index = 0
      for (const [type, value] of byType) {
        const json = toJsonSchema(value, 'input')
        const name = index++ === 0 ? `${operationId}_body` : `${operationId}_body_${index}`
        content[type] = { schema: components.place(json, scope, name) }
      }
      operation.requestBody = { required: true, content }
    } else {
      const json = toJsonSchema(schema.body, 'input')
      operation.requestBody = {
        required: !acceptsNull(json),
        content: {
          'application/json': { schema: components.place(json, scope, `${operationId}_body`) },
        },
      }
    }
  }

  operation.responses = responses(schema.response, operationId, scope, components)
  const declared = Object.keys(operation.responses)
  const covers = (status: string) =>
    declared.includes(status) || declared.includes(`${status[0]}XX`) || declared.includes('default')
  if (validates && !covers('400')) {
    operation.responses['400'] = { $ref: `#/components/responses/${frameworkResponses[400]}` }
  }
  if (hasBody && !covers('413')) {
    operation.responses['413'] = { $ref: `#/components/responses/${frameworkResponses[413]}` }
  }
  if (hasBody && !covers('415')) {
    operation.responses['415'] = { $ref: `#/components/responses/${frameworkResponses[415]}` }
  }
  return operation
}

/** Path parameters for every `{name}` of the path, in path order (a string when undeclared). */
function pathParameters(
  declared: Array<Record<string, unknown>>,
  template: PathTemplate,
): Array<Record<string, unknown>> {
  return template.params.map(
    (name) =>
      declared.find((parameter) => parameter.name === name) ?? {
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  )
}

function responses(
  response: unknown,
  operationId: string,
  scope: SharedScope,
  components: SchemaComponents,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (isObject(response)) {
    for (const key of Object.keys(response)) {
      const value = response[key]
      if (value === undefined || value === null) continue
      const status = responseKey(key)
      const byType = contentSchemas(value)
      if (byType !== undefined) {
        const content: Record<string, unknown> = {}
        let index = 0
        for (const [type, schema] of byType) {
          const json = toJsonSchema(schema, 'output')
          const name = `${operationId}_${status}${index++ === 0 ? '' : `_${index}`}`
          content[type] = { schema: components.place(json, scope, name) }
        }
        out[status] = { description: responseDescription(status, value), content }
        continue
      }
      const json = toJsonSchema(value, 'output')
      const entry: Record<string, unknown> = { description: responseDescription(status, json) }
      if (json !== undefined) {
        entry.content = {
          'application/json': { schema: components.place(json, scope, `${operationId}_${status}`) },
        }
      }
      out[status] = entry
    }
  }
  if (
    !Object.keys(out).some((key) => key === 'default' || key.startsWith('2') || key.startsWith('3'))
  ) {
    out['200'] = { description: 'OK' }
  }
  return out
}

function acceptsNull(schema: unknown): boolean {
  if (!isObject(schema)) return schema === true
  if (schema.type === 'null' || schema.nullable === true) return true
  return Array.isArray(schema.type) && schema.type.includes('null')
}
