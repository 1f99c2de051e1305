import { describe, expect, it } from 'vitest'
import { buildValidatorCompiler } from '../index.js'

/** An Ajv keyword that rewrites its parent schema while compiling (as @fastify/multipart's). */
const rewritingKeyword = (ajv: any) =>
  ajv.addKeyword({
    keyword: 'isUpload',
    compile: (_value: unknown, parent: Record<string, unknown>) => {
      parent.type = 'string'
      parent.format = 'binary'
      delete parent.isUpload
      return () => true
    },
  })

describe('keyword rewrites', () => {
  it('what a keyword rewrites in the compiled copy reaches the route schema', () => {
    const compile = buildValidatorCompiler({ plugins: [rewritingKeyword] })({})
    const schema = {
      type: 'object',
      properties: { file: { isUpload: true }, name: { type: 'string', nullable: true } },
    }
    compile({ schema, method: 'POST', url: '/a', httpPart: 'body' })
    // The keyword's rewrite, and nothing of the compiler's own preparation (nullable stays).
    expect(schema).toEqual({
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        name: { type: 'string', nullable: true },
      },
    })
  })

  it('a deeply equal schema compiled from the cache gets the same rewrite', () => {
    const compile = buildValidatorCompiler({ plugins: [rewritingKeyword] })({})
    const make = () => ({ type: 'object', properties: { file: { isUpload: true } } })
    const first = make()
    const second = make()
    const a = compile({ schema: first, method: 'POST', url: '/a', httpPart: 'body' })
    const b = compile({ schema: second, method: 'POST', url: '/b', httpPart: 'body' })
    expect(a).toBe(b)
    expect(second).toEqual({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
    })
  })

  it('a keyword given in customOptions.keywords rewrites the route schema too', () => {
    const compile = buildValidatorCompiler({
      customOptions: {
        keywords: [
          {
            keyword: 'isUpload',
            compile: (_value: unknown, parent: Record<string, unknown>) => {
              parent.type = 'string'
              delete parent.isUpload
              return () => true
            },
          },
        ],
      },
    })({})
    const schema = { type: 'object', properties: { file: { isUpload: true } } }
    compile({ schema, method: 'POST', url: '/a', httpPart: 'body' })
    expect(schema).toEqual({ type: 'object', properties: { file: { type: 'string' } } })
  })

  it('a schema no keyword rewrites is left untouched', () => {
    const compile = buildValidatorCompiler({})({})
    const schema = { type: 'object', properties: { n: { type: 'number', nullable: true } } }
    const before = JSON.stringify(schema)
    compile({ schema, method: 'POST', url: '/a', httpPart: 'body' })
    expect(JSON.stringify(schema)).toBe(before)
  })
})
