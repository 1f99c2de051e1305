import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { handler } from '../../../../examples/serverless/lambda.mjs'

// examples/serverless/lambda.mjs (@fastify/aws-lambda 6.4, its Fastify-5 line, unchanged) fed the
// events each AWS trigger sends, recorded in examples/serverless/events/: API Gateway REST (payload
// 1.0) and HTTP APIs (payload 2.0), an Application Load Balancer, a function URL.

function event(name: string): Record<string, any> {
  const url = new URL(`../../../../examples/serverless/events/${name}.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8'))
}

const context = { awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef' }

/** The response without its `date` header (the clock's). */
async function invoke(input: Record<string, any>): Promise<Record<string, any>> {
  const response = (await handler(input, context)) as Record<string, any>
  expect(response.headers.date).toMatch(/GMT$/)
  delete response.headers.date
  return response
}

describe('[serverless] AWS Lambda through @fastify/aws-lambda', () => {
  it('API Gateway REST API: path and query string reach the route, validated and coerced', async () => {
    expect(await invoke(event('api-gateway-rest'))).toEqual({
      statusCode: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': '21',
        connection: 'keep-alive',
      },
      isBase64Encoded: false,
      body: '{"id":42,"full":true}',
    })
  })

  it('API Gateway REST API: several set-cookie headers come back as multiValueHeaders', async () => {
    const input = event('api-gateway-rest')
    Object.assign(input, { httpMethod: 'POST', path: '/api/session', body: '{}' })
    input.headers['Content-Type'] = 'application/json'
    input.multiValueHeaders['Content-Type'] = ['application/json']
    input.queryStringParameters = null
    input.multiValueQueryStringParameters = null
    const response = await invoke(input)
    expect(response.statusCode).toBe(200)
    expect(response.multiValueHeaders).toEqual({ 'set-cookie': ['session=new', 'theme=dark'] })
    expect(response.body).toBe('{"signedIn":true}')
  })

  it('API Gateway HTTP API: the cookies array is the cookie header; set-cookie becomes cookies', async () => {
    expect(await invoke(event('api-gateway-http'))).toEqual({
      statusCode: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': '17',
        connection: 'keep-alive',
      },
      isBase64Encoded: false,
      cookies: ['session=renewed', 'theme=dark'],
      body: '{"signedIn":true}',
    })
  })

  it('Application Load Balancer: the body is validated and serialized by the route schemas', async () => {
    expect(await invoke(event('alb'))).toEqual({
      statusCode: 201,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': '14',
        connection: 'keep-alive',
      },
      isBase64Encoded: false,
      body: '{"name":"Ada"}', // the password is not in the 201 schema
    })
    const invalid = event('alb')
    invalid.body = '{"nickname":"Ada"}'
    invalid.headers['content-length'] = String(invalid.body.length)
    const response = await invoke(invalid)
    expect(response.statusCode).toBe(400)
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
  })

  it('function URL: a binary response is base64-encoded', async () => {
    expect(await invoke(event('function-url'))).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'image/png', 'content-length': '8', connection: 'keep-alive' },
      isBase64Encoded: true,
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64'),
    })
  })

  it('an unknown path answers the framework 404 through every trigger', async () => {
    const input = event('api-gateway-http')
    input.rawPath = '/api/nothing'
    input.requestContext.http.path = '/api/nothing'
    const response = await invoke(input)
    expect(response.statusCode).toBe(404)
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route POST:/api/nothing not found',
    })
  })
})
