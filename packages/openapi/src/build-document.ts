import { isObject } from './internal/json.js'
import { buildOperation } from './internal/operation.js'
import { OperationIds } from './internal/operation-ids.js'
import { toPathTemplate } from './internal/path-template.js'
import { frameworkResponse, frameworkResponses } from './internal/responses.js'
import { SchemaComponents } from './internal/schema-components.js'
import { SharedScope } from './internal/shared-scope.js'
import type {
  OpenApiDocument,
  OpenApiInfo,
  OpenApiOperation,
  OpenApiServer,
  OpenApiTag,
} from './openapi-options.js'

/** A route as `buildDocument` reads it: what `listRoutes(app)` of `@framework/core` returns. */
export interface DocumentedRoute {
  method: string
  url: string
  schema: Record<string, unknown> | undefined
  /** The declaring context: its `getSchemas()` are the shared schemas the route's `$ref`s reach. */
  context: { getSchemas(): Readonly<Record<string, unknown>> }
}

/** Document-level fields. */
export interface DocumentSettings {
  info: OpenApiInfo
  servers?: OpenApiServer[] | undefined
  tags?: OpenApiTag[] | undefined
}

/** OpenAPI's methods, in the order operations are listed within a path. */
const methodOrder = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/**
 * Builds the OpenAPI 3.1.0 document of a list of routes. Routes with `schema.hide` and methods
 * OpenAPI has no field for (`SEARCH`) are left out. The same routes give the same document:
 * paths in declaration order, methods in OpenAPI's order, components sorted by name.
 *
 * @example
 * import { listRoutes } from '@framework/core'
 * await app.ready()
 * const document = buildDocument(listRoutes(app), { info: { title: 'Shop', version: '1.0.0' } })
 */
export function buildDocument(
  routes: readonly DocumentedRoute[],
  settings: DocumentSettings,
): OpenApiDocument {
  const components = new SchemaComponents()
  const scopes = new WeakMap<object, SharedScope>()
  const ids = new OperationIds()
  const visible = routes.filter(
    (route) => route.schema?.hide !== true && methodOrder.includes(route.method.toLowerCase()),
  )
  const reserved = visible.map((route) => {
    const requested = route.schema?.operationId
    if (typeof requested !== 'string') return false
    const free = !ids.isTaken(requested)
    if (free) ids.reserve(requested)
    return free
  })

  const paths = new Map<string, Record<string, OpenApiOperation>>()
  const used = new Set<400 | 413 | 415>()
  visible.forEach((route, index) => {
    const schema = isObject(route.schema) ? route.schema : {}
    const shared = route.context.getSchemas()
    let scope = scopes.get(shared)
    if (scope === undefined) {
      scope = new SharedScope(shared)
      scopes.set(shared, scope)
    }
    const template = toPathTemplate(route.url)
    const requested = typeof schema.operationId === 'string' ? schema.operationId : undefined
    const operationId = ids.next(route.method, route.url, requested, reserved[index]!)
    const operation = buildOperation(
      { method: route.method, schema, operationId, template, scope },
      components,
    )
    for (const status of [400, 413, 415] as const) {
      const ref = operation.responses[String(status)] as { $ref?: string } | undefined
      if (ref?.$ref === `#/components/responses/${frameworkResponses[status]}`) used.add(status)
    }
    const item = paths.get(template.path) ?? {}
    item[route.method.toLowerCase()] = operation
    paths.set(template.path, item)
  })

  const document: OpenApiDocument = { openapi: '3.1.0', info: settings.info, paths: {} }
  if (settings.servers !== undefined) document.servers = settings.servers
  if (settings.tags !== undefined) document.tags = settings.tags
  for (const [path, item] of paths) {
    const ordered: Record<string, OpenApiOperation> = {}
    for (const method of methodOrder) if (item[method] !== undefined) ordered[method] = item[method]
    document.paths[path] = ordered
  }
  const schemas = components.toObject()
  const responses: Record<string, unknown> = {}
  for (const status of [400, 413, 415] as const) {
    if (used.has(status)) responses[frameworkResponses[status]] = frameworkResponse(status)
  }
  if (Object.keys(schemas).length > 0 || used.size > 0) {
    document.components = {}
    if (Object.keys(schemas).length > 0) document.components.schemas = schemas
    if (used.size > 0) document.components.responses = responses
  }
  return document
}
