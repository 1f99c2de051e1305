import { createError } from '@framework/error-formatter'
import coerce from 'semver/functions/coerce.js'
import gt from 'semver/functions/gt.js'
import satisfies from 'semver/functions/satisfies.js'
import valid from 'semver/functions/valid.js'
import {
  describe,
  isThenable,
  kDisplayName,
  kFastifyDisplayName,
  kFastifySkipOverride,
  kPluginMeta,
  kSkipOverride,
} from '../util/index.js'
import type { ContextState } from './context-state.js'
import { hasScopedDecorator } from './scoped-decorators.js'

/**
 * The Fastify API levels the core implements: Fastify 4.29 and the newest Fastify 5 release whose
 * additions it has. A plugin's `meta.fastify` range (written for Fastify by fastify-plugin) is
 * checked against them, as Fastify checks it against its own version: a range that admits either
 * level loads, so both lines of the ecosystem's plugins do.
 */
export const fastifyApiLevels = ['4.29.1', '5.12.8'] as const

/** The Fastify 4 level (kept for readers of the single-level constant). */
export const fastifyApiLevel = fastifyApiLevels[0]

/** Whether a `meta.fastify` range admits one of the levels (prereleases of a level count too). */
export function admitsApiLevel(range: string): boolean {
  return fastifyApiLevels.some((level) => satisfies(level, range, { includePrerelease: true }))
}

/** A plugin function with what framework-plugin recorded about it. */
export interface PluginInfo {
  fn: (...args: any[]) => unknown
  /** meta name, display name, function name, or `anonymous`. */
  name: string
  /** False for `anonymous`: an unnamed plugin is not recorded for dependency checks. */
  named: boolean
  /** The name its metadata gives (`meta.name`), which the requirement errors quote. */
  metaName: string | undefined
  /**
   * The name `hasPlugin` and `pluginName` know it by: its name, or for an anonymous function the
   * first two lines of its source joined by ` -- ` (what Fastify 4 shows).
   */
  chainName: string
  skipOverride: boolean
  /** The Fastify versions the plugin says it works with (`meta.fastify`, a semver range). */
  fastifyRange: string | undefined
  dependencies: readonly string[]
  decorators: {
    instance?: readonly string[]
    /** fastify-plugin's name for `instance`. */
    fastify?: readonly string[]
    request?: readonly string[]
    reply?: readonly string[]
  }
}

/**
 * Checks what `register` received: a function, a module whose default export is one, or a promise
 * (checked once it settles).
 *
 * @throws FRM_ERR_PLUGIN_NOT_VALID
 */
export function assertPluginInput(plugin: unknown): void {
  if (typeof plugin === 'function' || isThenable(plugin)) return
  unwrapPlugin(plugin)
}

/** The plugin function of a function or module. */
export function unwrapPlugin(plugin: unknown): (...args: any[]) => unknown {
  if (typeof plugin === 'function') return plugin as (...args: any[]) => unknown
  if (
    typeof plugin === 'object' &&
    plugin !== null &&
    typeof (plugin as { default?: unknown }).default === 'function'
  ) {
    return (plugin as { default: (...args: any[]) => unknown }).default
  }
  throw createError('FRM_ERR_PLUGIN_NOT_VALID', describe(plugin))
}

/** Reads the marks framework-plugin put on a plugin. */
export function readPluginInfo(plugin: unknown): PluginInfo {
  const fn = unwrapPlugin(plugin)
  const marks = fn as unknown as Record<symbol, unknown>
  const meta = (marks[kPluginMeta] ?? {}) as {
    name?: unknown
    fastify?: unknown
    dependencies?: unknown
    decorators?: PluginInfo['decorators']
  }
  const displayName = marks[kDisplayName] ?? marks[kFastifyDisplayName]
  const candidate =
    typeof meta.name === 'string' && meta.name !== ''
      ? meta.name
      : typeof displayName === 'string' && displayName !== ''
        ? displayName
        : fn.name
  return {
    fn,
    name: candidate || 'anonymous',
    named: candidate !== '',
    metaName: typeof meta.name === 'string' ? meta.name : undefined,
    chainName: candidate || sourcePreview(fn),
    skipOverride: marks[kSkipOverride] === true || marks[kFastifySkipOverride] === true,
    fastifyRange: typeof meta.fastify === 'string' ? meta.fastify : undefined,
    dependencies: Array.isArray(meta.dependencies) ? meta.dependencies : [],
    decorators: meta.decorators ?? {},
  }
}

/** The first two lines of a function's source, trimmed, joined by ` -- `. */
export function sourcePreview(fn: (...args: any[]) => unknown): string {
  return Function.prototype.toString
    .call(fn)
    .split('\n')
    .slice(0, 2)
    .map((line) => line.trim())
    .join(' -- ')
}

/** Whether a plugin of that name was registered in `state` or an ancestor (dependency checks). */
export function isRegistered(state: ContextState, name: string): boolean {
  for (const scope of state.chain()) if (scope.plugins.has(name)) return true
  return false
}

/**
 * `hasPlugin(name)`, as Fastify 4 answers it: inside a context, its own plugin and the
 * framework-plugin plugins loaded into it so far; from its ancestors, only the framework-plugin
 * plugins they loaded (never an ancestor's own, encapsulated, plugin, nor a sibling's).
 */
export function hasPlugin(state: ContextState, name: string): boolean {
  if (state.pluginNames.includes(name)) return true
  for (let scope = state.parent; scope !== undefined; scope = scope.parent) {
    if (scope.pluginNames.indexOf(name) > 0) return true
  }
  return false
}

/**
 * Whether a version the application set on the root instance (`Object.defineProperty(app,
 * 'version', { value })`, as Fastify's tests do) admits `range`, read as Fastify reads its own
 * version: a release candidate also loads plugins written for earlier majors.
 */
function setVersionAdmits(registrar: ContextState, range: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(registrar.core.root.instance, 'version')
  const version = descriptor?.value
  if (typeof version !== 'string' || valid(version) === null) return false
  // Fastify's release-candidate phase: an `-rc`, `-pre` or `-alpha` version.
  const candidate = /-(?:rc|pre|alpha).+$/u.test(version)
  const floor = coerce(range)
  if (candidate && floor !== null && gt(version, floor)) return true
  return satisfies(version, range, { includePrerelease: candidate })
}

/**
 * Checks a plugin's declared Fastify range, dependencies and decorators against the context it
 * loads into, in Fastify's order.
 *
 * @throws FRM_ERR_PLUGIN_VERSION_MISMATCH, FRM_ERR_PLUGIN_DEPENDENCY_MISSING,
 * FRM_ERR_PLUGIN_DECORATOR_MISSING
 */
export function assertRequirements(info: PluginInfo, registrar: ContextState): void {
  const range = info.fastifyRange
  if (range !== undefined && !setVersionAdmits(registrar, range) && !admitsApiLevel(range)) {
    const [v4, v5] = fastifyApiLevels
    throw createError('FRM_ERR_PLUGIN_VERSION_MISMATCH', info.name, range, v4, v5)
  }
  for (const dependency of info.dependencies) {
    if (!isRegistered(registrar, dependency)) {
      throw createError('FRM_ERR_PLUGIN_DEPENDENCY_MISSING', dependency, String(info.metaName))
    }
  }
  // fastify-plugin's meta names instance decorators `fastify`; framework-plugin's says `instance`.
  const instanceDecorators = [
    ...(info.decorators.instance ?? []),
    ...(info.decorators.fastify ?? []),
  ]
  // As Fastify words it: the plugin is named only when its metadata names it.
  const requiredBy = info.metaName === undefined ? '' : ` required by '${info.metaName}'`
  for (const name of instanceDecorators) {
    if (!(name in registrar.instance)) {
      throw createError('FRM_ERR_PLUGIN_DECORATOR_MISSING', name, requiredBy, 'Fastify')
    }
  }
  for (const [kind, where] of [
    ['request', 'Request'],
    ['reply', 'Reply'],
  ] as const) {
    for (const name of info.decorators[kind] ?? []) {
      if (!hasScopedDecorator(registrar, kind, name)) {
        throw createError('FRM_ERR_PLUGIN_DECORATOR_MISSING', name, requiredBy, where)
      }
    }
  }
}
