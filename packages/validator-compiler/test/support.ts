import type {
  ValidateFunction,
  ValidatorCompileInput,
  ValidatorCompilerOptions,
} from '../src/index.js'
import { buildValidatorCompiler } from '../src/index.js'

type Part = ValidatorCompileInput['httpPart']

/**
 * A compiler over `shared`, with warnings collected instead of printed, and a short way to compile:
 * `compile(schema, part?, method?, url?)`.
 */
export function setup(
  shared: Record<string, object | boolean> = {},
  options: ValidatorCompilerOptions = {},
): {
  compile: (
    schema: object | boolean,
    httpPart?: Part,
    method?: string,
    url?: string,
  ) => ValidateFunction
  warnings: string[]
} {
  const warnings: string[] = []
  const compiler = buildValidatorCompiler({ onWarning: (m) => warnings.push(m), ...options })(
    shared,
  )
  return {
    compile: (schema, httpPart = 'body', method = 'POST', url = '/items') =>
      compiler({ schema, method, url, httpPart }),
    warnings,
  }
}

/** Runs `validate` on `data` and returns what a test usually checks: the result, data, errors. */
export function run(validate: ValidateFunction, data: unknown) {
  const valid = validate(data)
  return { valid, data, errors: validate.errors ?? null }
}

/** The error a function throws (fails the test when it does not throw). */
export function thrown(fn: () => unknown): Error & { code?: string; statusCode?: number } {
  try {
    fn()
  } catch (error) {
    return error as Error & { code?: string }
  }
  throw new Error('expected the call to throw')
}
