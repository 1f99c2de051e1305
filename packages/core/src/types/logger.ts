/**
 * The logger the core writes to: pino-shaped. `createInstance` uses a no-op logger when none is
 * given; the umbrella passes pino.
 *
 * @example
 * const logger: Logger = pino()
 */
export interface Logger {
  info(...args: any[]): void
  warn(...args: any[]): void
  error(...args: any[]): void
  debug(...args: any[]): void
  trace(...args: any[]): void
  fatal(...args: any[]): void
  /** A logger that adds `bindings` to every line (the core binds `reqId` per request). */
  child(bindings: Record<string, unknown>, options?: { level?: string }): Logger
  [extra: string]: any
}

/**
 * Makes the logger of one request (Fastify 4.20's `childLoggerFactory`): `this` is the instance
 * of the route's context, `bindings` holds the request id under `requestIdLogLabel`, `options`
 * the route's `level` and `serializers` when it has them.
 */
export type ChildLoggerFactory = (
  this: any,
  logger: Logger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
  rawReq: any,
) => Logger

/** Serializers of the request logger's fields by name (pino's `serializers`). */
export type LogSerializers = Record<string, (value: any) => unknown>
