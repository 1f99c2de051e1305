import { describe, expect, it } from 'vitest'
import { FetchTransport } from './fetch-transport.js'
import { FetchRawReply } from './internal/raw-reply.js'

/** What the transport makes of one `send` of the core. */
async function sent(payload: unknown, status = 200, method = 'GET') {
  const transport = new FetchTransport()
  const res = new FetchRawReply(method)
  let finished: Error | undefined | 'no' = 'no'
  transport.send(res, status, { 'content-type': 'text/plain' }, payload as never, (error) => {
    finished = error
  })
  const response = await res.response
  return { response, text: await response.text(), finished: () => finished }
}

describe('FetchTransport.send: the payloads the core hands over', () => {
  it('writes a string with its byte length', async () => {
    const { response, text, finished } = await sent('héllo')
    expect(response.headers.get('content-length')).toBe('6')
    expect(text).toBe('héllo')
    expect(finished()).toBe(undefined)
  })

  it('streams a web ReadableStream, and reports the end once it went out', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('web '))
        controller.enqueue(new TextEncoder().encode('stream'))
        controller.close()
      },
    })
    const { response, text, finished } = await sent(stream)
    expect(response.headers.get('content-length')).toBe(null)
    expect(text).toBe('web stream')
    expect(finished()).toBe(undefined)
  })

  it("streams a Response's body with the reply's status and headers", async () => {
    const { response, text } = await sent(new Response('from a Response'), 201)
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(text).toBe('from a Response')
  })

  it('sends no body for 204 and HEAD, as node:http frames them', async () => {
    const noContent = await sent('ignored', 204)
    expect(noContent.response.headers.has('content-type')).toBe(false)
    expect(noContent.text).toBe('')
    const head = await sent(null, 200, 'HEAD')
    expect(head.response.headers.has('content-length')).toBe(false)
    expect(head.text).toBe('')
  })
})
