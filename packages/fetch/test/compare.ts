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

/**
 * The answer with what the JavaScript engine words left out: the invalid-JSON message quotes
 * `JSON.parse`'s own error, which V8 versions and JavaScriptCore (Bun) word differently, and so
 * the length of that body. Everything else of the answer is kept.
 */
export function withoutEngineWording(answer: Answer): Answer {
  const text = Buffer.from(answer.body, 'base64').toString('utf8')
  if (!text.includes('"FRM_ERR_CTP_INVALID_JSON"')) return answer
  const body = JSON.parse(text) as { message: string }
  body.message = body.message.replace(/^(Body is not valid JSON): .*$/, '$1: <engine message>')
  const { 'content-length': _length, ...headers } = answer.headers
  return { ...answer, headers, body: Buffer.from(JSON.stringify(body)).toString('base64') }
}
