import * as ajv from 'ajv'
import * as dataType from 'ajv/dist/compile/validate/dataType.js'
import * as equal from 'ajv/dist/runtime/equal.js'
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js'
import * as uri from 'ajv/dist/runtime/uri.js'
import * as validationError from 'ajv/dist/runtime/validation_error.js'
import * as standalone from 'ajv/dist/standalone/index.js'
import * as ajvFormats from 'ajv-formats'
import { fastFormats, fullFormats } from 'ajv-formats/dist/formats.js'
import { precompiledRequireWith } from './precompiled-require.js'

// The build bundlers use (`module` condition) gets this file instead of own-require.ts: static
// imports, so that esbuild, Rollup and webpack put Ajv in the bundle. Each id answers what
// `require(id)` answers in Node, whichever way the bundler maps CommonJS onto ESM.

declare const __DEPENDENCY_VERSIONS__: Record<string, string>

/** The CommonJS `exports.default` of a module, as either interop mode of a bundler gives it. */
function esModuleDefault(namespace: { default?: unknown }): any {
  const value = namespace.default as { __esModule?: boolean; default?: unknown } | undefined
  return value?.__esModule === true && 'default' in value ? value.default : value
}

const modules: Record<string, unknown> = {
  // `require('ajv')` is the Ajv class, with `.default` and every named export (`_`...) on it.
  ajv: esModuleDefault(ajv),
  'ajv-formats': esModuleDefault(ajvFormats),
  'ajv-formats/dist/formats': { fullFormats, fastFormats },
  'ajv/dist/compile/validate/dataType.js': { reportTypeError: dataType.reportTypeError },
  'ajv/dist/standalone/index.js': { default: esModuleDefault(standalone) },
  // What standalone (precompiled) validators require.
  'ajv/dist/runtime/equal': { default: esModuleDefault(equal) },
  'ajv/dist/runtime/ucs2length': { default: esModuleDefault(ucs2length) },
  'ajv/dist/runtime/uri': { default: esModuleDefault(uri) },
  'ajv/dist/runtime/validation_error': { default: esModuleDefault(validationError) },
}

/** `require` as seen from this package, for the ids it uses. */
export function ownRequire(id: string): any {
  if (id in modules) return modules[id]
  const error = new Error(`Cannot find module '${id}' in the bundled validator compiler`)
  Object.assign(error, { code: 'MODULE_NOT_FOUND' })
  throw error
}

/** See own-require.ts. */
export const precompiledRequire = (fallback: ((id: string) => unknown) | undefined) =>
  precompiledRequireWith(ownRequire, fallback)

/** The version of a dependency this build was made with, or `'?'`. */
export function versionOf(name: string): string {
  return __DEPENDENCY_VERSIONS__[name] ?? '?'
}
