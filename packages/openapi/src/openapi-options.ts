/** The `info` object of the document (OpenAPI 3.1: `title` and `version` are required). */
export interface OpenApiInfo {
  title: string
  version: string
  description?: string
  summary?: string
  termsOfService?: string
  contact?: { name?: string; url?: string; email?: string }
  license?: { name: string; identifier?: string; url?: string }
}

/** A server the API is reached at. */
export interface OpenApiServer {
  url: string
  description?: string
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>
}

/** A tag of the document, described once (operations name it in `schema.tags`). */
export interface OpenApiTag {
  name: string
  description?: string
}

/**
 * Options of the `openapi` plugin.
 *
 * @example
 * app.register(openapi, {
 *   openapi: { info: { title: 'Shop', version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }] },
 *   routePrefix: '/openapi',
 * })
 */
export interface OpenApiOptions {
  /** Document-level fields: `info` (default `{ title: 'API', version: '0.0.0' }`), `servers`, `tags`. */
  openapi?: {
    info?: OpenApiInfo
    servers?: OpenApiServer[]
    tags?: OpenApiTag[]
  }
  /** Where the document is served: `<routePrefix>/json` and `<routePrefix>/yaml`. Default `/openapi`. */
  routePrefix?: string
  /** Serve the document over HTTP. Default true; with false only `app.openapi()` gives it. */
  exposeRoute?: boolean
}

/** An OpenAPI 3.1.0 document, as JSON-compatible data. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: OpenApiInfo
  servers?: OpenApiServer[]
  tags?: OpenApiTag[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: {
    schemas?: Record<string, unknown>
    responses?: Record<string, unknown>
  }
}

/** One operation of the document. */
export interface OpenApiOperation {
  operationId: string
  summary?: string
  description?: string
  tags?: string[]
  deprecated?: boolean
  parameters?: Array<Record<string, unknown>>
  requestBody?: Record<string, unknown>
  responses: Record<string, unknown>
}
