/** Marks a plugin whose body runs in the context that registers it (no new child context). */
export const kSkipOverride: unique symbol = Symbol.for('framework.skip-override')
/** The name the core shows for a plugin in errors, `printRoutes()` and `printPlugins()`. */
export const kDisplayName: unique symbol = Symbol.for('framework.display-name')
/** The {@link PluginMeta} given to `fp`, read by the core at load time. */
export const kPluginMeta: unique symbol = Symbol.for('plugin-meta')
/**
 * The marks the real `fastify-plugin` writes. `fp` writes them too, so a plugin wrapped here also
 * skips encapsulation when it is registered on Fastify; the core reads either pair.
 */
const kFastifySkipOverride = Symbol.for('skip-override')
const kFastifyDisplayName = Symbol.for('fastify.display-name')

/** The decorators a plugin needs to find, by kind, before it loads. */
export interface PluginDecoratorRequirements {
  /** Names given to `decorate()`. */
  instance?: readonly string[]
  /** Names given to `decorateRequest()`. */
  request?: readonly string[]
  /** Names given to `decorateReply()`. */
  reply?: readonly string[]
}

/**
 * What `fp` records about a plugin. The core checks `dependencies` and `decorators` when the plugin
 * loads, and fails `ready()` with an error naming the plugin and what is missing.
 */
export interface PluginMeta {
  /** The plugin's name: shown in errors and printouts, answered by `hasPlugin(name)`. */
  name?: string
  /**
   * The Fastify versions the plugin works with, as a semver range (`'4.x'`, `'>=4.16.0'`), as
   * fastify-plugin takes it. The core checks it against the Fastify API level it implements
   * (4.29) and refuses a plugin whose range excludes it.
   */
  fastify?: string
  /** Names of plugins that must be visible (registered before, here or in an ancestor). */
  dependencies?: readonly string[]
  /** Decorators that must be visible in the context the plugin runs in. */
  decorators?: PluginDecoratorRequirements
  /**
   * `true` keeps the plugin encapsulated (it gets its own child context, like an unwrapped plugin)
   * while still carrying its name and requirements. Default `false`: the plugin runs in the
   * context that registers it.
   */
  encapsulate?: boolean
}

/** Any plugin function: `async (instance, opts) => {}` or `(instance, opts, done) => {}`. */
export type AnyPlugin = (...args: any[]) => unknown

/** A plugin as `fp` returns it: the same function, carrying the marks. */
export type MarkedPlugin<P extends AnyPlugin> = P & {
  [kSkipOverride]?: boolean
  [kDisplayName]?: string
  [kPluginMeta]?: PluginMeta
}

/**
 * Wraps a plugin so that it skips encapsulation: it runs in the context that registers it, so the
 * decorators, hooks, routes, schemas and handlers it adds are visible to that context (and to that
 * context's other descendants). `meta` names the plugin and lists what it needs.
 *
 * Returns the same function, marked with well-known symbols the core reads
 * (`Symbol.for('framework.skip-override')`, `Symbol.for('framework.display-name')`,
 * `Symbol.for('plugin-meta')`). A module namespace (`{ default: fn }`) is accepted too.
 *
 * @throws TypeError when `plugin` is not a function (nor a module whose default export is one), or
 * when `meta` is neither a string nor an object
 * @example
 * import fp from 'framework-plugin'
 *
 * export default fp(async (app) => {
 *   app.decorate('db', await connect())
 * }, { name: 'db', dependencies: ['config'] })
 */
export function fp<P extends AnyPlugin>(
  plugin: P | { default: P },
  meta?: string | PluginMeta,
): MarkedPlugin<P> {
  const fn = unwrapModule(plugin)
  const info = normalizeMeta(meta)
  const marked = fn as MarkedPlugin<P>
  const marks = fn as unknown as Record<symbol, unknown>
  marked[kSkipOverride] = info.encapsulate !== true
  marks[kFastifySkipOverride] = info.encapsulate !== true
  const name = info.name ?? (fn.name !== '' ? fn.name : undefined)
  if (name !== undefined) {
    marked[kDisplayName] = name
    marks[kFastifyDisplayName] = name
    info.name = name
  }
  marked[kPluginMeta] = info
  return marked
}

function unwrapModule<P extends AnyPlugin>(plugin: P | { default: P }): P {
  if (typeof plugin === 'function') return plugin
  if (
    typeof plugin === 'object' &&
    plugin !== null &&
    typeof (plugin as { default?: unknown }).default === 'function'
  ) {
    return (plugin as { default: P }).default
  }
  throw new TypeError(
    `framework-plugin expects a plugin function (or a module whose default export is one), received ${describe(plugin)}`,
  )
}

function normalizeMeta(meta: string | PluginMeta | undefined): PluginMeta {
  if (meta === undefined) return {}
  if (typeof meta === 'string') return { name: meta }
  if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) {
    if (meta.name !== undefined && (typeof meta.name !== 'string' || meta.name === '')) {
      throw new TypeError(
        `framework-plugin: meta.name must be a non-empty string, received ${describe(meta.name)}`,
      )
    }
    if (meta.fastify !== undefined && typeof meta.fastify !== 'string') {
      throw new TypeError(
        `framework-plugin: meta.fastify must be a semver range such as '4.x', received ${describe(meta.fastify)}`,
      )
    }
    for (const dependency of meta.dependencies ?? []) {
      if (typeof dependency !== 'string') {
        throw new TypeError(
          `framework-plugin: meta.dependencies must list plugin names (strings), received ${describe(dependency)}`,
        )
      }
    }
    return { ...meta }
  }
  throw new TypeError(
    `framework-plugin: meta must be a plugin name or an object { name, dependencies, decorators }, received ${describe(meta)}`,
  )
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string '${value}'`
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}
