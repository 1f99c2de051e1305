import type { Instance } from '@framework/core'
import { listRoutes } from '@framework/core'
import { createError } from '@framework/error-formatter'
import fp from 'framework-plugin'
import { buildDocument } from './build-document.js'
import { checkOptions } from './internal/check-options.js'
import type { OpenApiDocument, OpenApiOptions } from './openapi-options.js'

declare module '@framework/core' {
  interface Instance {
    /**
     * The OpenAPI 3.1.0 document of every route of the application (after `ready()`; built on the
     * first call, then cached). Added by `@framework/openapi`.
     */
    openapi(): OpenApiDocument
  }
}

async function openapiPlugin(instance: Instance, options: OpenApiOptions): Promise<void> {
  const settings = checkOptions(options)
  let ready = false
  let document: OpenApiDocument | undefined
  let json: string | undefined
  let yaml: string | undefined

  instance.addHook('onReady', async () => {
    ready = true
  })
  const getDocument = (): OpenApiDocument => {
    if (!ready) throw createError('FRM_ERR_OPENAPI_NOT_READY')
    document ??= buildDocument(listRoutes(instance), settings)
    return document
  }
  instance.decorate('openapi', getDocument)

  if (!settings.exposeRoute) return
  const hidden = { schema: { hide: true } }
  instance.get(`${settings.routePrefix}/json`, hidden, async (_request, reply) => {
    json ??= JSON.stringify(getDocument())
    return reply.type('application/json; charset=utf-8').send(json)
  })
  instance.get(`${settings.routePrefix}/yaml`, hidden, async (_request, reply) => {
    if (yaml === undefined) {
      // Loaded on the first request for it: the YAML library costs start-up time otherwise.
      const { stringify } = await import('yaml')
      yaml = stringify(getDocument(), { aliasDuplicateObjects: false })
    }
    return reply.type('application/yaml; charset=utf-8').send(yaml)
  })
}

/**
 * Documents every route of the application as an OpenAPI 3.1.0 document. Register it anywhere
 * before `ready()` (it reads the routes once the application is ready, so routes declared after
 * it, in any context, are documented too). Wrapped with `framework-plugin`: `app.openapi()` and
 * the routes `<routePrefix>/json` and `<routePrefix>/yaml` land in the context it is registered in.
 *
 * @example
 * import framework from 'framework'
 * import openapi from '@framework/openapi'
 *
 * const app = framework()
 * app.register(openapi, { openapi: { info: { title: 'Shop', version: '1.0.0' } } })
 * app.get('/items/:id', { schema: { params: { id: { type: 'integer' } } } }, async (request) => request.params)
 * await app.ready()
 * app.openapi().paths['/items/{id}'].get.operationId // 'getItemsById'
 */
export const openapi = fp(openapiPlugin, { name: '@framework/openapi' })
