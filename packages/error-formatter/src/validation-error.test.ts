import { describe, expect, it } from 'vitest'
import { errorBody } from './error-body.js'
import { FrameworkError } from './framework-error.js'
import {
  createValidationError,
  dataVarOf,
  defaultSchemaErrorFormatter,
  type FrameworkSchemaValidationError,
  formatValidationMessage,
  isValidationError,
  verbatimSchemaErrorFormatter,
} from './validation-error.js'

const required: FrameworkSchemaValidationError = {
  keyword: 'required',
  instancePath: '',
  schemaPath: '#/required',
  params: { missingProperty: 'name' },
  message: "must have required property 'name'",
}
const integer: FrameworkSchemaValidationError = {
  keyword: 'type',
  instancePath: '/age',
  schemaPath: '#/properties/age/type',
  params: { type: 'integer' },
  message: 'must be integer',
}
const maximum: FrameworkSchemaValidationError = {
  keyword: 'maximum',
  instancePath: '/limit',
  schemaPath: '#/properties/limit/maximum',
  params: { comparison: '<=', limit: 100 },
  message: 'must be <= 100',
}

describe('default message', () => {
  it("[7.1] a missing required property reads `<part> should have required property '<name>'`", () => {
    expect(formatValidationMessage([required], 'body')).toBe(
      "body should have required property 'name'",
    )
  })

  it('[7.1] the instance path follows the part and "must" is spoken as "should"', () => {
    expect(formatValidationMessage([integer], 'body')).toBe('body/age should be integer')
    expect(formatValidationMessage([maximum], 'querystring')).toBe(
      'querystring/limit should be <= 100',
    )
  })

  it('joins several errors with a comma and a space', () => {
    expect(formatValidationMessage([required, integer], 'params')).toBe(
      "params should have required property 'name', params/age should be integer",
    )
  })

  it('keeps a custom message (errorMessage keyword) as it is', () => {
    const custom = { ...integer, keyword: 'errorMessage', message: 'age has to be a whole number' }
    expect(formatValidationMessage([custom], 'body')).toBe('body/age age has to be a whole number')
  })

  it('names the keyword when an error has no message', () => {
    const bare = { keyword: 'format', instancePath: '/mail', schemaPath: '', params: {} }
    expect(formatValidationMessage([bare], 'body')).toBe(
      'body/mail should pass the "format" keyword',
    )
  })

  it('prints an error without instancePath as dataVar + message (not `bodyundefined`)', () => {
    const custom = [
      { message: 'is not a thing' },
      { ...integer },
    ] as FrameworkSchemaValidationError[]
    expect(formatValidationMessage(custom, 'body')).toBe(
      'body is not a thing, body/age should be integer',
    )
  })

  it('only rewrites a leading "must"', () => {
    const text = { ...integer, message: 'mustard must be yellow' }
    expect(formatValidationMessage([text], 'body')).toBe('body/age shouldard must be yellow')
  })
})

describe('validation error object', () => {
  it('[2.7] carries statusCode 400, the raw errors as validation, and the context', () => {
    const errors = [required]
    const error = createValidationError('body', errors)
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe("body should have required property 'name'")
    expect(error.statusCode).toBe(400)
    expect(error.validation).toBe(errors)
    expect(error.validationContext).toBe('body')
    // Fastify 4's code on the error object; errorBody leaves it out of the 400 body.
    expect((error as { code?: string }).code).toBe('FRM_ERR_VALIDATION')
    expect(errorBody(error, 400)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "body should have required property 'name'",
    })
  })

  it('[2.7] says `query` as the context and `querystring` to the formatter', () => {
    const seen: string[] = []
    const error = createValidationError('query', [maximum], (errors, dataVar) => {
      seen.push(dataVar)
      return new Error(`${errors.length} in ${dataVar}`)
    })
    expect(seen).toEqual(['querystring'])
    expect(error.validationContext).toBe('query')
    expect(error.message).toBe('1 in querystring')
    expect(dataVarOf('query')).toBe('querystring')
    expect(dataVarOf('headers')).toBe('headers')
  })

  it('[7.4] calls the formatter with the given `this`', () => {
    const instance = { name: 'app' }
    let self: unknown
    createValidationError(
      'params',
      [integer],
      function (this: unknown) {
        self = this
        return new Error('x')
      },
      instance,
    )
    expect(self).toBe(instance)
  })

  it('[7.4] refuses a formatter that does not return an Error', () => {
    const formatter = (() => 'not an error') as never
    expect(() => createValidationError('body', [required], formatter)).toThrow(FrameworkError)
    expect(() => createValidationError('body', [required], formatter)).toThrow(
      'schemaErrorFormatter must synchronously return an Error, it returned a string',
    )
  })

  it('[4.2.7] an Error returned by a custom library keeps its own message', () => {
    const libraryError = new Error('"name" is required')
    const error = createValidationError('body', libraryError)
    expect(error).toBe(libraryError)
    expect(error.message).toBe('"name" is required')
    expect(error.statusCode).toBe(400)
    expect(error.validation).toBe(libraryError)
    expect(error.validationContext).toBe('body')
  })

  it('an Error that has its own validationContext, status and validation keeps them', () => {
    const libraryError = Object.assign(new Error('bad'), {
      validationContext: 'payload',
      statusCode: 422,
      validation: [{ path: 'x' }],
    })
    const error = createValidationError('body', libraryError)
    expect([error.validationContext, error.statusCode, error.validation]).toEqual([
      'payload',
      422,
      [{ path: 'x' }],
    ])
  })

  it('[4.2.9] a non-Error, non-array failure goes through the formatter as one error', () => {
    const error = createValidationError('headers', { message: 'token expired' })
    expect(error.message).toBe('headers token expired')
    expect(error.validation).toEqual({ message: 'token expired' })
    expect(createValidationError('body', 'bad').message).toBe('body bad')
  })

  it('isValidationError tells validation errors from others', () => {
    expect(isValidationError(createValidationError('body', [required]))).toBe(true)
    expect(isValidationError(Object.assign(new Error('x'), { statusCode: 400 }))).toBe(false)
    expect(isValidationError({ statusCode: 400, validation: [], validationContext: 'body' })).toBe(
      false,
    )
  })

  it('the default formatter returns a plain Error with the default message', () => {
    const error = defaultSchemaErrorFormatter([integer], 'body')
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('body/age should be integer')
  })
})

describe('verbatimSchemaErrorFormatter', () => {
  it("keeps each error's wording (a custom validator's): must stays must", () => {
    const errors = [
      {
        keyword: 'type',
        instancePath: '/n',
        schemaPath: '#',
        params: {},
        message: 'must be integer',
      },
      { keyword: 'x', instancePath: '', schemaPath: '#', params: {}, message: 'needs q' },
    ]
    expect(verbatimSchemaErrorFormatter(errors, 'body').message).toBe(
      'body/n must be integer, body needs q',
    )
    expect(defaultSchemaErrorFormatter(errors, 'body').message).toBe(
      'body/n should be integer, body needs q',
    )
  })
})
