export { buildValidatorCompiler } from './build-validator-compiler.js'
export { defaultAjvOptions } from './default-ajv-options.js'
export type {
  PrecompiledChunk,
  PrecompiledSetCode,
  PrecompiledValidators,
  RequireFunction,
} from './precompiled-types.js'
export { ValidatorCollector } from './validator-collector.js'
export type {
  AjvPlugin,
  ValidateFunction,
  ValidatorCompileInput,
  ValidatorCompilerOptions,
} from './validator-compiler-types.js'
