import framework, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'framework'
import { describe, expectTypeOf, it } from 'vitest'

// Fastify 5's types of decorate, decorateRequest and decorateReply: a declared decoration takes
// only a value of its declared type.

declare module 'framework' {
  interface FastifyInstance {
    typedDecoration: string
    typedDecorationMethod(input: string): string
  }
  interface FastifyRequest {
    typedRequestDecoration: boolean
  }
  interface FastifyReply {
    typedReplyDecoration(code: number): string
  }
}

const app = framework()

describe('decorate checks a declared decoration', () => {
  it('takes a value, accessors or a method of the declared type', () => {
    app.decorate('typedDecoration', 'foo')
    app.decorate('typedDecoration', {
      getter() {
        expectTypeOf(this).toMatchTypeOf<FastifyInstance>()
        return 'foo'
      },
      setter(value) {
        expectTypeOf(value).toEqualTypeOf<string>()
      },
    })
    app.decorate('typedDecorationMethod', function (input) {
      expectTypeOf(input).toEqualTypeOf<string>()
      expectTypeOf(this).toMatchTypeOf<FastifyInstance>()
      return input.toUpperCase()
    })
    // Declared now, set later (Fastify 4.29's pattern): null is taken.
    app.decorate('typedDecoration', null)
    app.decorate('typedDecoration')
    // A name nobody declared takes anything.
    app.decorate('anythingElse', 42)
    expectTypeOf(app.decorate('anythingElse', 1)).toEqualTypeOf(app)
  })

  it('refuses a value of another type', () => {
    // @ts-expect-error: typedDecoration is declared a string
    app.decorate('typedDecoration', 1)
    // @ts-expect-error: the getter must return a string
    app.decorate('typedDecoration', { getter: () => true })
    // @ts-expect-error: the method must return a string
    app.decorate('typedDecorationMethod', () => 1)
    // @ts-expect-error: an explicit type argument checks the value too
    app.decorate<string>('other', true)
  })
})

describe('decorateRequest and decorateReply check theirs', () => {
  it('take values of the declared types, with the request or reply as `this`', () => {
    app.decorateRequest('typedRequestDecoration', false)
    app.decorateRequest('typedRequestDecoration', {
      getter() {
        expectTypeOf(this).toMatchTypeOf<FastifyRequest>()
        return true
      },
    })
    app.decorateRequest('typedRequestDecoration', null)
    app.decorateReply('typedReplyDecoration', function (code) {
      expectTypeOf(code).toEqualTypeOf<number>()
      expectTypeOf(this).toMatchTypeOf<FastifyReply>()
      return String(code)
    })
  })

  it('refuse values of other types', () => {
    // @ts-expect-error: typedRequestDecoration is declared a boolean
    app.decorateRequest('typedRequestDecoration', 'yes')
    // @ts-expect-error: the method takes a number and returns a string
    app.decorateReply('typedReplyDecoration', (code: string) => code)
  })
})
