import type { Logger } from '../types/logger.js'

function noop(): void {}

/** The logger used when none is given: every method does nothing, `child` returns itself. */
export function createNoopLogger(): Logger {
  const logger: Logger = {
    info: noop,
    warn: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    child: () => logger,
  }
  return logger
}
