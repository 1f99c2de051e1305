import { convertSchema, type Place, resolveRoot } from './convert-schema.js'
import { isObject, type JsonObject } from './json.js'
import { toJsonSchema } from './schema-value.js'
import type { SharedScope } from './shared-types.js'

/** A route as the generator reads it: what `listRoutes(app)` of `@framework/core` returns. */
export interface TypedRoute {
  method: string
  url: string
  schema: unknown
  context: { getSchemas(): Readonly<Record<string, unknown>> }
}

/** Methods whose body the framework reads (packages/core: POST, PUT, PATCH, DELETE, OPTIONS, SEARCH). */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'SEARCH'])

/** The framework's own answers, by status, as the names `@framework/client` exports. */
export const builtInBodies = {
  400: 'BadRequestBody',
  404: 'NotFoundBody',
  413: 'PayloadTooLargeBody',
  415: 'UnsupportedMediaTypeBody',
  500: 'InternalServerErrorBody',
  503: 'ServiceUnavailableBody',
} as const

/** The names of the path parameters of a route path (`:id`, `:id(regex)`, `*`), `::` skipped. */
export function pathParams(url: string): string[] {
  const names: string[] = []
  for (const match of url.matchAll(/::|:([\w$]+)|\*/g)) {
    if (match[0] !== '::') names.push(match[1] ?? '*')
  }
  return names
}

/** True when an object schema (or the shared schema it references) requires a property. */
function requiresSome(raw: unknown, scope: SharedScope): boolean {
  const schema = resolveRoot(raw, scope)
  const required = schema?.required
  if (!Array.isArray(required)) return false
  const properties = isObject(schema?.properties) ? schema.properties : {}
  return required.some((name) => !(isObject(properties[name]) && 'default' in properties[name]))
}

function acceptsNull(raw: unknown, scope: SharedScope): boolean {
  const schema = resolveRoot(raw, scope)
  if (schema === undefined) return raw === true || raw === undefined
  if (schema.type === 'null' || schema.nullable === true) return true
  return Array.isArray(schema.type) && schema.type.includes('null')
}

/**
 * The JSON Schema of one route's entry in `Routes`, for json-schema-to-typescript: its request
 * parts (`params` from the path, closed and required; `query`, `headers` and `body` required when
 * they require something) and its `responses` by status. `used` collects the framework bodies
 * the entry names.
 */
export function routeEntry(route: TypedRoute, scope: SharedScope, used: Set<string>): JsonObject {
  const schema: JsonObject = isObject(route.schema) ? route.schema : {}
  const request: Place = { root: undefined, scope, reading: 'request' }
  const properties: JsonObject = {}
  const required: string[] = []
  let validates = false
  const part = (value: unknown) => {
    const json = toJsonSchema(value, 'input')
    return { json, converted: convertSchema(json, { ...request, root: json }) }
  }

  const names = pathParams(route.url)
  if (names.length > 0 || schema.params != null) {
    validates ||= schema.params != null
    const { json, converted } = part(schema.params)
    const declared = resolveRoot(json, scope)
    const object = isObject(converted) && !('tsType' in converted) ? converted : {}
    const props = { ...(isObject(object.properties) ? object.properties : {}) }
    for (const name of names) props[name] ??= { type: 'string' }
    const requiredNames = new Set([...names, ...((declared?.required as string[]) ?? [])])
    properties.params = {
      type: 'object',
      properties: props,
      required: [...requiredNames].filter((name) => name in props),
      additionalProperties: false,
    }
    if (requiredNames.size > 0) required.push('params')
  }

  const query = schema.querystring ?? schema.query
  if (query != null) {
    validates = true
    properties.query = part(query).converted
    if (requiresSome(part(query).json, scope)) required.push('query')
  } else {
    properties.query = { type: 'object' }
  }

  if (schema.headers != null) {
    validates = true
    const { json, converted } = part(schema.headers)
    properties.headers = converted
    if (requiresSome(json, scope)) required.push('headers')
  }

  const takesBody = bodyMethods.has(route.method)
  if (takesBody) {
    if (schema.body != null) {
      validates = true
      const { json, converted } = part(schema.body)
      properties.body = converted
      if (!acceptsNull(json, scope)) required.push('body')
    } else {
      properties.body = {}
    }
  }

  const responses = responseMap(schema.response, scope)
  const keys = Object.keys(responses)
  const covers = (status: number) =>
    keys.includes(String(status)) ||
    keys.includes(`${String(status)[0]}xx`) ||
    keys.includes('default')
  const builtIn = (status: keyof typeof builtInBodies, applies: boolean) => {
    if (!applies) return
    responses[status] = { tsType: builtInBodies[status] }
    used.add(builtInBodies[status])
  }
  builtIn(400, (validates || takesBody) && !covers(400))
  builtIn(404, !keys.includes('404'))
  builtIn(413, takesBody && !covers(413))
  builtIn(415, takesBody && !covers(415))
  builtIn(500, !covers(500))
  builtIn(503, !keys.includes('503'))

  properties.responses = {
    type: 'object',
    properties: sortStatuses(responses),
    required: Object.keys(responses),
    additionalProperties: false,
  }
  required.push('responses')
  return { type: 'object', properties, required, additionalProperties: false }
}

/** The declared responses by status key (`2XX` → `2xx`); a plain `200` of unknown when none is a success. */
function responseMap(response: unknown, scope: SharedScope): JsonObject {
  const out: JsonObject = {}
  if (isObject(response)) {
    for (const key of Object.keys(response)) {
      const value = response[key]
      if (value == null) continue
      const status = /^[1-5]xx$/i.test(key) ? key.toLowerCase() : key
      const json = toJsonSchema(value, 'output')
      out[status] = convertSchema(json, { root: json, scope, reading: 'response' })
    }
  }
  if (!Object.keys(out).some((key) => key === 'default' || /^[23]/.test(key))) out['200'] = {}
  return out
}

/** Status keys in order: codes, then classes, then `default`. */
function sortStatuses(responses: JsonObject): JsonObject {
  const rank = (key: string) => (key === 'default' ? '9' : key.endsWith('xx') ? `8${key}` : key)
  const sorted: JsonObject = {}
  for (const key of Object.keys(responses).sort((a, b) => (rank(a) < rank(b) ? -1 : 1))) {
    sorted[key] = responses[key]
  }
  return sorted
}
