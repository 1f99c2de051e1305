interface WithEmitWarning {
  process?: { emitWarning?: (message: string, options: { type: string; code: string }) => void }
}

/**
 * A process warning under one of Fastify's warning codes (`FSTWRN001`, `FSTDEP025`, ...), so code
 * that listens for Fastify's warnings hears ours; nothing where the host has no
 * `process.emitWarning` (Workers).
 *
 * @example
 * emitWarning('The headers schema of POST /:id is undefined', 'FastifyWarning', 'FSTWRN001')
 */
export function emitWarning(message: string, type: string, code: string): void {
  ;(globalThis as WithEmitWarning).process?.emitWarning?.(message, { type, code })
}
