import nodeFramework from 'framework'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../examples/edge/app.mjs'
import fetchFramework, { toFetchHandler } from '../src/index.js'
import { type Answer, answerOf, askAll } from './compare.js'
import { corpus } from './fixtures/corpus.mjs'

let reference: Answer[]
const nodeApp = buildApp(nodeFramework)

beforeAll(async () => {
  const address = await nodeApp.listen({ port: 0, host: '127.0.0.1' })
  reference = await askAll(address, corpus)
})

afterAll(() => nodeApp.close())

describe('the same application through the fetch handler under node', () => {
  it('answers every request of the corpus with the status, headers and bytes of node:http', async () => {
    const handler = toFetchHandler(buildApp(fetchFramework))
    const answers: Answer[] = []
    for (const request of corpus) {
      const response = await handler(
        new Request(`http://127.0.0.1${request.url}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        }),
      )
      answers.push(await answerOf(response))
    }
    for (let index = 0; index < corpus.length; index++) {
      expect({ request: corpus[index], ...answers[index] }).toEqual({
        request: corpus[index],
        ...reference[index],
      })
    }
  })

  it('answers 400, 404, 413 and 415 with the framework bodies', () => {
    const statuses = reference.map((answer) => answer.status)
    expect(statuses).toEqual([
      200, 200, 200, 400, 201, 400, 415, 415, 400, 413, 200, 200, 200, 200, 204, 418, 404, 404, 404,
      // A static path with a query, a `;` parameter (part of the path, as in Fastify 5: no route),
      // a percent-escape; then a trailing slash and another case (no route), and HEAD of a text
      // route.
      200, 404, 200, 404, 404, 200,
    ])
    const body = (index: number) =>
      JSON.parse(Buffer.from(reference[index]!.body, 'base64').toString())
    expect(body(9)).toEqual({
      statusCode: 413,
      code: 'FRM_ERR_CTP_BODY_TOO_LARGE',
      error: 'Payload Too Large',
      message: 'Request body is too large',
    })
  })
})
