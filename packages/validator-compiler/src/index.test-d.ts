import type { FrameworkSchemaValidationError } from '@framework/error-formatter'
import ajvErrors from 'ajv-errors'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type AjvPlugin,
  buildValidatorCompiler,
  defaultAjvOptions,
  type ValidateFunction,
  type ValidatorCompileInput,
  type ValidatorCompilerOptions,
} from './index.js'

describe('public types', () => {
  it('buildValidatorCompiler takes options and returns the two-step factory', () => {
    expectTypeOf(buildValidatorCompiler)
      .parameter(0)
      .toEqualTypeOf<ValidatorCompilerOptions | undefined>()
    const factory = buildValidatorCompiler()
    expectTypeOf(factory).parameter(0).toEqualTypeOf<Readonly<Record<string, object | boolean>>>()
    expectTypeOf(factory({})).toEqualTypeOf<(input: ValidatorCompileInput) => ValidateFunction>()
  })

  it('a validate function returns a boolean and carries the errors', () => {
    expectTypeOf<ReturnType<ValidateFunction>>().toEqualTypeOf<boolean>()
    expectTypeOf<ValidateFunction['errors']>().toEqualTypeOf<
      FrameworkSchemaValidationError[] | null | undefined
    >()
  })

  it('plugins are real Ajv plugins, alone or with their options', () => {
    expectTypeOf(ajvErrors).toExtend<AjvPlugin>()
    expectTypeOf([ajvErrors, [ajvErrors, { singleError: true }]] as Array<
      AjvPlugin | [AjvPlugin, unknown]
    >).toExtend<ValidatorCompilerOptions['plugins']>()
  })

  it('customOptions accepts Ajv options and jsonPointers', () => {
    expectTypeOf({ allErrors: true, jsonPointers: true, coerceTypes: false as const }).toExtend<
      NonNullable<ValidatorCompilerOptions['customOptions']>
    >()
  })

  it("fits the core's validator-compiler factory contract, structurally", () => {
    // The shape @framework/core declares (not imported: this package must not depend on it).
    type JsonSchema = Record<string, any> | boolean
    type CoreFactory = (shared: Readonly<Record<string, JsonSchema>>) => (input: {
      schema: JsonSchema
      method: string
      url: string
      httpPart: 'body' | 'querystring' | 'params' | 'headers'
    }) => {
      (data: unknown): boolean | { value?: unknown; error?: unknown } | PromiseLike<boolean>
      errors?: FrameworkSchemaValidationError[] | null
    }
    expectTypeOf(buildValidatorCompiler()).toExtend<CoreFactory>()
  })

  it('httpPart is one of the four request parts', () => {
    expectTypeOf<ValidatorCompileInput['httpPart']>().toEqualTypeOf<
      'body' | 'querystring' | 'params' | 'headers'
    >()
  })

  it('defaultAjvOptions is read-only and literal', () => {
    expectTypeOf(defaultAjvOptions.coerceTypes).toEqualTypeOf<'array'>()
    expectTypeOf(defaultAjvOptions).toExtend<Readonly<{ allErrors: false }>>()
  })
})
