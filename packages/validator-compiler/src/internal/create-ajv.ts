import { createError } from '@framework/error-formatter'
import Ajv, { type Options } from 'ajv'
import addFormats from 'ajv-formats'
import { FINITE_KEYWORD, finiteNumberKeyword } from './finite-numbers.js'
import { type PluginEntry, pluginName } from './normalize-plugins.js'
import { allowCallMarker } from './shared-functions.js'

/**
 * A new Ajv instance: the resolved options, ajv-formats, the finite-number keyword, then the user's
 * plugins in order. A plugin that throws fails with FRM_ERR_PLUGIN_FAILED naming it.
 */
export function createAjv(options: Options, plugins: readonly PluginEntry[]): Ajv {
  const ajv = new Ajv(options)
  addFormats(ajv)
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
