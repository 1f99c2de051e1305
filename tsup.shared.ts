import { appendFile } from 'node:fs/promises'
import { defineConfig, type Options } from 'tsup'

/**
 * Makes `require(pkg)` return the default export itself, with every named export (and `default`)
 * as its properties: what CommonJS users of established plugins and factories expect
 * (`const fp = require('framework-plugin')`). Appended after the build, once every export is assigned.
 */
const defaultExportAsModule = '\nmodule.exports = Object.assign(exports.default, exports);\n'

/** The build every package shares: ESM + CommonJS + type declarations from src/index.ts. */
export function packageBuildConfig(
  overrides: Options = {},
  { commonJsDefault = false }: { commonJsDefault?: boolean } = {},
) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    onSuccess: commonJsDefault
      ? () => appendFile('dist/index.cjs', defaultExportAsModule)
      : undefined,
    ...overrides,
  })
}
