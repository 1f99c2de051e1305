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
