/**
 * Options of the `openapiUi` plugin.
 *
 * @example
 * app.register(openapiUi, { routePrefix: '/reference', title: 'Shop API' })
 */
export interface OpenApiUiOptions {
  /** Where the page is served (and its assets, under `<routePrefix>/static/`). Default `/docs`. */
  routePrefix?: string
  /**
   * The URL of the OpenAPI document the page shows. By default the page reads
   * `<routePrefix>/openapi.json`, which serves `app.openapi()` of `@framework/openapi`.
   */
  url?: string
  /** The page title. Default: the document's `info.title`, else `API documentation`. */
  title?: string
}
