import type { Plugin } from 'framework'
import './shared.js'

/** A plugin typed in its own file: it declares nothing about the shared schemas. */
export const productsPlugin: Plugin<{ currency: string }> = async (app, opts) => {
  app.get(
    '/:sku',
    {
      schema: {
        params: { sku: { $ref: 'types.product#/properties/sku' } },
        response: { 200: { $ref: 'types.product#' } },
      },
    },
    async (request) => ({ sku: String(request.params.sku), price: opts.currency.length }),
  )
}
