/**
 * Where a compiler's warnings go. Ajv's own warnings (an unknown format, strict-types notes) are
 * prefixed with the route part being compiled, and a warning already given is not repeated (Ajv
 * reports some twice).
 */
export class WarningSink {
  /** The route part being compiled, e.g. `POST /items, part body`, while Ajv compiles it. */
  where: string | undefined
  private readonly given = new Set<string>()
  private readonly onWarning: (message: string) => void

  constructor(onWarning: (message: string) => void) {
    this.onWarning = onWarning
  }

  /** Passes `message` on, once. */
  warn(message: string): void {
    if (this.given.has(message)) return
    this.given.add(message)
    this.onWarning(message)
  }

  /** Passes on a warning from Ajv, naming the route part it concerns. */
  ajvWarning(...args: unknown[]): void {
    const text = args.map(String).join(' ')
    this.warn(this.where === undefined ? text : `${this.where}: ${text}`)
  }
}
