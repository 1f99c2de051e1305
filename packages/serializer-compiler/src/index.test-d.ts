import { describe, expectTypeOf, it } from 'vitest'
import {
  buildResponseSelector,
  buildSerializerCompiler,
  type SerializeFunction,
  type SerializerCompileInput,
  type SerializerCompiler,
  type SerializerCompilerOptions,
} from './index.js'

describe('public types', () => {
  it('buildSerializerCompiler: options → shared schemas → input → serialize', () => {
    expectTypeOf(buildSerializerCompiler)
      .parameter(0)
      .toEqualTypeOf<SerializerCompilerOptions | undefined>()
    const compilerFor = buildSerializerCompiler()
    expectTypeOf(compilerFor)
      .parameter(0)
      .toEqualTypeOf<Readonly<Record<string, object | boolean>>>()
    expectTypeOf(compilerFor({})).toEqualTypeOf<SerializerCompiler>()
    expectTypeOf<SerializerCompiler>().parameter(0).toEqualTypeOf<SerializerCompileInput>()
    expectTypeOf<SerializerCompiler>().returns.toEqualTypeOf<SerializeFunction>()
    expectTypeOf<SerializeFunction>().toEqualTypeOf<(data: unknown) => string>()
  })

  it('accepts the shapes the core passes: JSON Schema records and boolean schemas', () => {
    type CoreJsonSchema = Record<string, any> | boolean
    const shared: Readonly<Record<string, CoreJsonSchema>> = {}
    const compile = buildSerializerCompiler()(shared)
    const input: { schema: CoreJsonSchema; method: string; url: string; httpStatus: string } = {
      schema: { type: 'string' },
      method: 'GET',
      url: '/',
      httpStatus: '200',
    }
    expectTypeOf(compile(input)).toEqualTypeOf<SerializeFunction>()
  })

  it('SerializerCompileInput names the route and the status key', () => {
    expectTypeOf<SerializerCompileInput>().toEqualTypeOf<{
      schema: object | boolean
      method: string
      url: string
      httpStatus: string
    }>()
  })

  it('options are the documented fast-json-stringify options', () => {
    expectTypeOf<SerializerCompilerOptions['rounding']>().toEqualTypeOf<
      'ceil' | 'floor' | 'round' | 'trunc' | undefined
    >()
    expectTypeOf<SerializerCompilerOptions['largeArrayMechanism']>().toEqualTypeOf<
      'default' | 'json-stringify' | undefined
    >()
    interface AjvLikeOptions {
      strictTypes?: boolean | 'log'
    }
    const ajv: AjvLikeOptions = { strictTypes: false }
    expectTypeOf(buildSerializerCompiler({ ajv })).toBeFunction()
    // @ts-expect-error `schema` is not an option: shared schemas come from addSchema()
    buildSerializerCompiler({ schema: {} })
  })

  it('buildResponseSelector: keys → status code → key or undefined', () => {
    expectTypeOf(buildResponseSelector).parameter(0).toEqualTypeOf<readonly string[]>()
    expectTypeOf(buildResponseSelector(['200'])).toEqualTypeOf<
      (statusCode: number) => string | undefined
    >()
  })
})
