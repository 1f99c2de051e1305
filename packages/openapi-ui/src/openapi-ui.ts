import type { FrameworkReply, Instance } from '@framework/core'
import { createError } from '@framework/error-formatter'
import fp from 'framework-plugin'
import { loadAsset } from './internal/assets.js'
import { checkOptions } from './internal/check-options.js'
import { type PageSettings, renderInit, renderPage } from './internal/page.js'
import type { OpenApiUiOptions } from './openapi-ui-options.js'

/** What `@framework/openapi` adds to an instance (read structurally: no dependency on it). */
type WithDocument = { openapi?: () => { info?: { title?: unknown } } }

async function openapiUiPlugin(instance: Instance, options: OpenApiUiOptions): Promise<void> {
  const settings = checkOptions(options)
  const base = `${instance.prefix}${settings.routePrefix}`
  const documentOf = () => (instance as unknown as WithDocument).openapi?.()
  let page: string | undefined
  let init: string | undefined
  const pageSettings = (): PageSettings => {
    const title = documentOf()?.info?.title
    return {
      base,
      url: settings.url ?? `${base}/openapi.json`,
      title: settings.title ?? (typeof title === 'string' ? title : 'API documentation'),
    }
  }

  if (settings.url === undefined) {
    instance.addHook('onReady', async () => {
      if (typeof (instance as unknown as WithDocument).openapi !== 'function') {
        throw createError(
          'FRM_ERR_OPENAPI_OPTIONS',
          'openapi-ui: there is no OpenAPI document to show: register @framework/openapi in this context or an ancestor, or give the url option',
        )
      }
    })
  }

  const hidden = { schema: { hide: true } }
  const sendPage = async (_request: unknown, reply: FrameworkReply) => {
    page ??= renderPage(pageSettings())
    return reply.type('text/html; charset=utf-8').send(page)
  }
  instance.get(settings.routePrefix === '' ? '/' : settings.routePrefix, hidden, sendPage)
  if (settings.routePrefix !== '') instance.get(`${settings.routePrefix}/`, hidden, sendPage)
  instance.get(`${settings.routePrefix}/init.js`, hidden, async (_request, reply) => {
    init ??= renderInit(pageSettings())
    return reply.type('text/javascript; charset=utf-8').send(init)
  })
  instance.get(`${settings.routePrefix}/static/:file`, hidden, async (request, reply) => {
    const asset = loadAsset((request.params as { file: string }).file)
    if (asset === undefined) return reply.callNotFound()
    const { type, body } = await asset
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(body)
  })
  if (settings.url === undefined) {
    let json: string | undefined
    instance.get(`${settings.routePrefix}/openapi.json`, hidden, async (_request, reply) => {
      json ??= JSON.stringify(documentOf())
      return reply.type('application/json; charset=utf-8').send(json)
    })
  }
}

/**
 * Serves an interactive page for the application's OpenAPI document (Swagger UI), at `/docs` by
 * default. Its scripts and stylesheets come from the `swagger-ui-dist` npm package and are served
 * by the application itself: nothing is loaded from a CDN. By default the page shows the document
 * of `@framework/openapi` (`app.openapi()`), so register that plugin too (in this context or an
 * ancestor), or point `url` at a document.
 *
 * @example
 * import framework from 'framework'
 * import openapi from '@framework/openapi'
 * import openapiUi from '@framework/openapi-ui'
 *
 * const app = framework()
 * app.register(openapi, { openapi: { info: { title: 'Shop', version: '1.0.0' } } })
 * app.register(openapiUi) // GET /docs
 */
export const openapiUi = fp(openapiUiPlugin, { name: '@framework/openapi-ui' })
