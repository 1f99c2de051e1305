/** One request of the corpus. */
export interface CorpusRequest {
  method: string
  url: string
  headers?: Record<string, string>
  body?: string
}

/** What two hosts must answer alike: status, headers (not the per-connection ones), bytes. */
export interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Headers that belong to the connection or the moment, not to the application's answer. */
const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** The comparable answer of a `Response`. */
export async function answerOf(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!connectionHeaders.has(name)) headers[name] = value
  })
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  }
}

/** Asks `base` (http://127.0.0.1:port) every request of the corpus, one after the other. */
export async function askAll(base: string, corpus: readonly CorpusRequest[]): Promise<Answer[]> {
  const answers: Answer[] = []
  for (const request of corpus) {
    // identity: hosts that compress on their own (workerd) answer the bytes the application wrote.
    const response = await fetch(base + request.url, {
      method: request.method,
      headers: { 'accept-encoding': 'identity', ...request.headers },
      body: request.body,
    })
    answers.push(await answerOf(response))
  }
  return answers
}
