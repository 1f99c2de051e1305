import { describe, expect, it } from 'vitest'
import { errorBody, errorBodyJson, errorStatusCode, statusText } from './error-body.js'
import { createError } from './framework-error.js'
import { createValidationError } from './validation-error.js'

describe('error bodies', () => {
  it('[7.1] a validation error body is exactly statusCode, error and message', () => {
    const error = createValidationError('body', [
      {
        keyword: 'required',
        instancePath: '',
        schemaPath: '#/required',
        params: { missingProperty: 'name' },
        message: "must have required property 'name'",
      },
    ])
    expect(errorBody(error, 400)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
  })

  it('adds the code of a coded error', () => {
    expect(errorBody(createError('FRM_ERR_NOT_FOUND', 'GET', '/x'), 404)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET:/x not found',
      code: 'FRM_ERR_NOT_FOUND',
    })
  })

  it('never includes a stack trace', () => {
    const body = errorBody(new Error('boom'), 500)
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode'])
    expect(JSON.stringify(body)).not.toContain('at ')
  })

  it('takes messages from strings and message-bearing objects', () => {
    expect(errorBody('plain', 500).message).toBe('plain')
    expect(errorBody({ message: 'obj' }, 500).message).toBe('obj')
    expect(errorBody(42, 500).message).toBe('42')
  })

  it('uses a status only when it is an integer from 400 to 599', () => {
    const withStatus = (statusCode: unknown) => Object.assign(new Error('x'), { statusCode })
    expect(errorStatusCode(withStatus(418))).toBe(418)
    expect(errorStatusCode(withStatus(599))).toBe(599)
    expect(errorStatusCode(withStatus(302))).toBe(500)
    expect(errorStatusCode(withStatus(600))).toBe(500)
    expect(errorStatusCode(withStatus(404.5))).toBe(500)
    expect(errorStatusCode(withStatus('404'))).toBe(500)
    expect(errorStatusCode(Object.assign(new Error('x'), { status: 409 }))).toBe(409)
    expect(errorStatusCode(new Error('x'))).toBe(500)
    expect(errorStatusCode(null)).toBe(500)
  })

  it('names status texts, with a generic text for unknown codes', () => {
    expect(statusText(415)).toBe('Unsupported Media Type')
    expect(statusText(413)).toBe('Payload Too Large')
    expect(statusText(499)).toBe('Client Error')
    expect(statusText(599)).toBe('Server Error')
  })
})

describe('errorBodyJson', () => {
  const messages = [
    'body/age must be integer',
    'body/email must match format "email"',
    'querystring/q must match pattern "^\\d+$"',
    'line\nbreak\ttab\u0000nul',
    'lone \ud800 surrogate, emoji \u{1F600}, accents éà',
    '',
  ]

  it.each(messages)('is the JSON of errorBody for %j', (message) => {
    expect(errorBodyJson(message, 400)).toBe(JSON.stringify(errorBody(message, 400)))
    expect(JSON.parse(errorBodyJson(message, 400))).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message,
    })
  })

  it('names the status text of other codes, generic ones included', () => {
    expect(errorBodyJson('x', 418)).toBe('{"statusCode":418,"error":"I\'m a Teapot","message":"x"}')
    expect(errorBodyJson('x', 499)).toBe(JSON.stringify(errorBody('x', 499)))
  })
})
