import { createError } from '@framework/error-formatter'
import type { Ajv, Options } from 'ajv'
import type addFormatsType from 'ajv-formats'
import { FINITE_KEYWORD, finiteNumberKeyword } from './finite-numbers.js'
import { memoizedUriResolver } from './memoized-uri.js'
import { type PluginEntry, pluginName } from './normalize-plugins.js'
import { ownRequire } from './own-require.js'
import { allowCallMarker } from './shared-functions.js'

let library: { Ajv: typeof Ajv; addFormats: typeof addFormatsType } | undefined

/** Ajv and ajv-formats, loaded by the first Ajv instance (not needed for precompiled validators). */
function ajvLibrary(): NonNullable<typeof library> {
  library ??= { Ajv: ownRequire('ajv').default, addFormats: ownRequire('ajv-formats').default }
  return library
}

/**
 * A new Ajv instance: the resolved options, ajv-formats, the finite-number keyword, then the user's
 * plugins in order. Ajv's default URI resolver is memoized (see memoized-uri.ts). A plugin that throws fails with FRM_ERR_PLUGIN_FAILED naming it. When the
 * plugins include ajv-formats itself (its function is named `formatsPlugin`, as Fastify's
 * compiler checks), it is not added by default too: the user's, with its options, is the one.
 */
export function createAjv(options: Options, plugins: readonly PluginEntry[]): Ajv {
  const { Ajv, addFormats } = ajvLibrary()
  const ajv = new Ajv(options)
  // Not a resolver of the application's (`customOptions.uriResolver`): that one may not be pure.
  if (options.uriResolver === undefined)
    ajv.opts.uriResolver = memoizedUriResolver(ajv.opts.uriResolver)
  if (!plugins.some((entry) => entry.plugin.name === 'formatsPlugin')) addFormats(ajv)
  if (ajv.getKeyword(FINITE_KEYWORD) === false) ajv.addKeyword(finiteNumberKeyword)
  for (const entry of plugins) {
    try {
      if (entry.options) entry.plugin(ajv, entry.options.value)
      else entry.plugin(ajv)
    } catch (error) {
      throw createError('FRM_ERR_PLUGIN_FAILED', pluginName(entry), error, { cause: error })
    }
  }
  allowCallMarker(ajv)
  return ajv
}
