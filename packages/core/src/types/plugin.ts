import type { DoneCallback } from './hooks.js'
import type { Instance } from './instance.js'

/**
 * A plugin: `async (instance, opts) => {}` or `(instance, opts, done) => {}` (declare `done` and call
 * it). `instance` is a new child context, or the registering context itself for a plugin wrapped
 * with `framework-plugin`. Its routes infer their types from their schemas, shared schemas of the
 * `SharedSchemas` interface included (`Local`: those an inline plugin's parent collected).
 *
 * @example
 * const users: Plugin<{ table: string }> = async (app, opts) => {
 *   app.get('/', async () => db.all(opts.table))
 * }
 * app.register(users, { prefix: '/users', table: 'users' })
 */
export type Plugin<Options = Record<string, any>, Local extends object = {}> = (
  instance: Instance<Local>,
  opts: Options,
  done: DoneCallback,
) => unknown

/**
 * What `register` accepts: a plugin, a module whose default export is one, or a promise of either.
 *
 * @example
 * app.register(import('./routes/users.js'), { prefix: '/users' })
 */
export type PluginInput<Options = Record<string, any>, Local extends object = {}> =
  | Plugin<Options, Local>
  | { default: Plugin<Options, Local> }
  | PromiseLike<Plugin<Options, Local> | { default: Plugin<Options, Local> }>

/**
 * Options `register` reads itself; the rest goes to the plugin.
 *
 * @example
 * app.register(usersPlugin, { prefix: '/users' })
 */
export interface RegisterOptions {
  /** Prefix for the routes of the new context (composes with its ancestors' prefixes). */
  prefix?: string
  /** The level of the request loggers of the new context's routes (Fastify's `logLevel`). */
  logLevel?: string
  /** Serializers of the request log fields of the new context's routes (pino's `serializers`). */
  logSerializers?: Record<string, (value: any) => unknown>
}
