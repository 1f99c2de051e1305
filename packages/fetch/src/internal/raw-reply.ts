/**
 * `reply.raw` on the Fetch transport: the Node-like header surface plugins use (`setHeader`,
 * `getHeader`, `getHeaders`, `removeHeader`, `hasHeader`, `statusCode`, `headersSent`), and the
 * promise of the `Response` the transport makes once the core has sent the reply.
 */
export class FetchRawReply {
  statusCode = 200
  /** True once the response was handed to the host. */
  headersSent = false
  /** Headers set on `reply.raw` directly, by lower-cased name (made on the first one). */
  #headers: Map<string, string | number | readonly string[]> | undefined
  /** The response, once written. */
  readonly response: Promise<Response>
  resolve!: (response: Response) => void
  /** Called once the body went out in full (or failed), for `whenFinished` and the onResponse hooks. */
  finished: Array<(error?: Error) => void> = []
  /** Whether the body went out (undefined: not yet). */
  outcome: { error?: Error } | undefined

  /** @param method The request's method (a HEAD response has no body). */
  constructor(readonly method: string) {
    this.response = new Promise((resolve) => {
      this.resolve = resolve
    })
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.#headers ??= new Map()
    this.#headers.set(name.toLowerCase(), value)
    return this
  }

  getHeader(name: string): string | number | readonly string[] | undefined {
    return this.#headers?.get(name.toLowerCase())
  }

  getHeaders(): Record<string, string | number | readonly string[]> {
    return this.#headers === undefined ? {} : Object.fromEntries(this.#headers)
  }

  getHeaderNames(): string[] {
    return this.#headers === undefined ? [] : [...this.#headers.keys()]
  }

  hasHeader(name: string): boolean {
    return this.#headers?.has(name.toLowerCase()) ?? false
  }

  removeHeader(name: string): void {
    this.#headers?.delete(name.toLowerCase())
  }

  /** Whether any header was set on `reply.raw` (and not removed). */
  get hasOwnHeaders(): boolean {
    return this.#headers !== undefined && this.#headers.size > 0
  }

  /** Marks the body as written in full, or failed, and tells whoever waits. */
  finish(error?: Error): void {
    if (this.outcome !== undefined) return
    this.outcome = error === undefined ? {} : { error }
    const finished = this.finished
    if (finished.length === 0) return
    this.finished = []
    for (const fn of finished) fn(error)
  }
}
