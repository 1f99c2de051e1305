/**
 * `reply.raw` on the Fetch transport: the Node-like header surface plugins use (`setHeader`,
 * `getHeader`, `getHeaders`, `removeHeader`, `hasHeader`, `statusCode`, `headersSent`), and the
 * `Response` the transport makes once the core has sent the reply: `response` is that `Response`
 * itself when it was made before anyone asked (the whole lifecycle ran synchronously), else a
 * promise of it (made only then).
 */
export class FetchRawReply {
  statusCode = 200
  /** True once the response was handed to the host. */
  headersSent = false
  /** Headers set on `reply.raw` directly, by lower-cased name (made on the first one). */
  #headers: Map<string, string | number | readonly string[]> | undefined
  /** The response, once written and not yet asked for. */
  #written: Response | undefined
  /** The promise handed out before the response was written, and how to settle it. */
  #pending: Promise<Response> | undefined
  #resolve: ((response: Response) => void) | undefined
  /** Called once the body went out in full (or failed), for `whenFinished` and the onResponse hooks. */
  finished: Array<(error?: Error) => void> | null = null
  /** Whether the body went out (undefined: not yet). */
  outcome: { error?: Error } | undefined

  /**
   * @param method The request's method (a HEAD response has no body).
   * @param client The raw request: told to keep the client's address right before the response
   *   is handed over when something waits for the body's end (Bun forgets it then).
   */
  constructor(
    readonly method: string,
    readonly client?: { keep?(): void },
  ) {}

  /** The `Response` if it was already made, else a promise of it. */
  get response(): Response | Promise<Response> {
    if (this.#written !== undefined) return this.#written
    this.#pending ??= this.#promise()
    return this.#pending
  }

  /** The promise of the response (apart: its closure costs a request answered at once nothing). */
  #promise(): Promise<Response> {
    return new Promise((resolve) => {
      this.#resolve = resolve
    })
  }

  /** Hands the response over: to whoever already asked for it, else to the next to ask. */
  respond(response: Response): void {
    if (this.finished !== null) this.client?.keep?.()
    if (this.#resolve !== undefined) this.#resolve(response)
    else this.#written = response
  }

  /** Adds a listener of the body's end (see `finish`). */
  onFinished(fn: (error?: Error) => void): void {
    if (this.finished === null) this.finished = [fn]
    else this.finished.push(fn)
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
    if (finished === null) return
    this.finished = null
    for (const fn of finished) fn(error)
  }
}
