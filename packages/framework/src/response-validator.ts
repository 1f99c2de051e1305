import type { ResponseValidatorCompilerFactory } from '@framework/core'
import { buildValidatorCompiler } from '@framework/validator-compiler'
import type { FrameworkOptions } from './options.js'

/**
 * The JSON Schema side of response validation: a separate Ajv (the user's plugins and options)
 * that never changes the payload it checks: no type coercion, no removal of properties, no
 * defaults. Only built when some route validates its replies.
 */
export function jsonResponseValidator(
  validator: FrameworkOptions['validator'],
): ResponseValidatorCompilerFactory {
  let factory: ReturnType<typeof buildValidatorCompiler> | undefined
  return (sharedSchemas) => {
    factory ??= buildValidatorCompiler({
      customOptions: {
        ...validator?.customOptions,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
      },
      plugins: validator?.plugins,
      // The request validator already warned about these options.
      onWarning: () => {},
    })
    const compile = factory(sharedSchemas)
    // The part is only a label in the compiler's messages ("The response 200 schema of GET /x").
    return ({ schema, method, url, httpStatus }) =>
      compile({ schema, method, url, httpPart: `response ${httpStatus}` as 'body' })
  }
}
