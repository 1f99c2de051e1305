import { createError } from '@framework/error-formatter'

/** A compiler factory in the core's two-step shape: shared schemas, then one route part. */
type CompilerFactory<Input, Compiled> = (
  sharedSchemas: Readonly<Record<string, object | boolean>>,
) => (input: Input) => Compiled

interface PartInput {
  method: string
  url: string
  httpPart?: string
  httpStatus?: string
}

/** Where a host without code generation is told to look. */
const DEFAULT_BUILD_STEP =
  'run the build step that writes it (framework-precompile, or precompile(buildApp, file)) and pass the module as `precompiled`'

/**
 * The compilers of a host that forbids code generation from strings (Cloudflare Workers): a part
 * the precompiled module holds is taken from it as usual; one it lacks would be compiled, which
 * throws a bare EvalError there. That failure becomes FRM_ERR_PRECOMPILED_MISSING, naming the
 * route, the part and the build step, and fails `ready()`.
 *
 * @example
 * const only = precompiledOnly('node build.mjs', true)
 * const validators = only.validators(buildValidatorCompiler({ precompiled }))
 */
export function precompiledOnly(buildStep: string | undefined, hasModule: boolean) {
  const step = `${hasModule ? '' : 'no precompiled module was given; '}${buildStep ?? DEFAULT_BUILD_STEP}`
  const guard =
    (describePart: (input: PartInput) => string) =>
    <F extends CompilerFactory<any, any>>(factory: F): F =>
      ((sharedSchemas: Readonly<Record<string, object | boolean>>) => {
        const compile = factory(sharedSchemas)
        return (input: PartInput) => {
          try {
            return compile(input)
          } catch (error) {
            if (!isCodeGenerationRefusal(error)) throw error
            throw createError(
              'FRM_ERR_PRECOMPILED_MISSING',
              describePart(input),
              input.method,
              input.url,
              step,
              { cause: error },
            )
          }
        }
      }) as F
  return {
    validators: guard((input: PartInput) => input.httpPart ?? 'request'),
    serializers: guard((input: PartInput) => `response ${input.httpStatus ?? ''}`.trim()),
  }
}

/** An EvalError (what `new Function` throws where code generation is forbidden), or one caused by it. */
function isCodeGenerationRefusal(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    if (current instanceof EvalError) return true
    if (current instanceof Error && /code generation from strings/i.test(current.message))
      return true
    current = (current as { cause?: unknown } | null)?.cause
  }
  return false
}
