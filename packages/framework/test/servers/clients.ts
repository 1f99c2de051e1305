import { request as httpRequest } from 'node:http'
import { connect, constants } from 'node:http2'
import { request as httpsRequest } from 'node:https'
import { tls } from '../../../../test-support/fixtures/tls/index.js'

/** The four ways a client reaches the server in these tests. */
export type Protocol = 'http1' | 'https' | 'h2c' | 'h2'

export interface Sent {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
}

export interface Received {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * One request with node's own clients: node:http, node:https (trusting the test certificate) or
 * node:http2 (a session per request, closed after it).
 */
export function send(protocol: Protocol, base: string, sent: Sent): Promise<Received> {
  if (protocol === 'h2c' || protocol === 'h2') return sendH2(base, sent)
  const url = new URL(sent.path, base)
  const request = protocol === 'https' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: sent.method ?? 'GET',
        headers: sent.headers,
        agent: false,
        ...(protocol === 'https' ? { ca: tls.cert } : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(sent.body)
  })
}

function sendH2(base: string, sent: Sent): Promise<Received> {
  const session = connect(base, base.startsWith('https') ? { ca: tls.cert } : {})
  return new Promise<Received>((resolve, reject) => {
    session.on('error', reject)
    const stream = session.request({
      [constants.HTTP2_HEADER_METHOD]: sent.method ?? 'GET',
      [constants.HTTP2_HEADER_PATH]: sent.path,
      ...sent.headers,
    })
    let status = 0
    let headers: Received['headers'] = {}
    stream.on('response', (head) => {
      status = Number(head[':status'])
      headers = head as Received['headers']
    })
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () =>
      resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') }),
    )
    stream.on('error', reject)
    stream.end(sent.body)
  }).finally(() => session.close())
}
