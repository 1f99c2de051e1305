import { framework } from './factory.js'

export {
  codes,
  createError,
  type ErrorCode,
  FrameworkError,
  type FrameworkSchemaValidationError,
  isValidationError,
  type SchemaErrorFormatter,
  type ValidationError,
} from '@framework/error-formatter'
export { fp } from 'framework-plugin'
export type { FrameworkLogger, LoggerOption } from './logger.js'
export type { FrameworkOptions, ValidatorPlugin } from './options.js'
export { framework }
export default framework
