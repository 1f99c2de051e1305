import { createError } from '@framework/error-formatter'
import type { AjvPlugin } from '../validator-compiler-types.js'

/** One plugin, ready to apply. */
export interface PluginEntry {
  plugin: AjvPlugin
  /** Present when the plugin was given as a `[function, options]` pair. */
  options?: { value: unknown }
  /** Its position in `validator.plugins`, for error messages. */
  index: number
}

/**
 * Checks `validator.plugins` once, when the compiler is built: every entry is a function or a
 * `[function, options]` pair, else FRM_ERR_VALIDATOR_PLUGIN names the entry's index.
 */
export function normalizePlugins(plugins: unknown): PluginEntry[] {
  if (plugins === undefined) return []
  if (!Array.isArray(plugins)) {
    throw createError(
      'FRM_ERR_INVALID_OPTION',
      'validator.plugins',
      'it must be an array of plugin functions or [function, options] pairs',
    )
  }
  return plugins.map((entry: unknown, index): PluginEntry => {
    if (typeof entry === 'function') return { plugin: entry as AjvPlugin, index }
    if (Array.isArray(entry) && entry.length >= 1 && entry.length <= 2) {
      const [plugin, options] = entry as [unknown, unknown]
      if (typeof plugin === 'function') {
        return { plugin: plugin as AjvPlugin, options: { value: options }, index }
      }
    }
    throw createError('FRM_ERR_VALIDATOR_PLUGIN', index, describeEntry(entry))
  })
}

/** The name a plugin is given in error messages, e.g. `validator.plugins[1] (ajvErrors)`. */
export function pluginName(entry: PluginEntry): string {
  const name = entry.plugin.name
  return `validator.plugins[${entry.index}]${name ? ` (${name})` : ''}`
}

function describeEntry(entry: unknown): string {
  if (Array.isArray(entry)) {
    if (entry.length === 0) return 'an empty array'
    if (entry.length > 2) return `an array of ${entry.length} items`
    return `an array whose first item is ${describeEntry(entry[0])}`
  }
  if (entry === null || entry === undefined) return String(entry)
  if (typeof entry === 'string') return `the string ${JSON.stringify(entry)}`
  if (typeof entry === 'object') {
    return 'default' in entry && typeof entry.default === 'function'
      ? 'a module object (pass its default export)'
      : 'an object'
  }
  return `${typeof entry} ${String(entry)}`
}
