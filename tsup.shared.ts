import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { appendFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { build, defineConfig, type Options } from 'tsup'

/**
 * Makes `require(pkg)` return the default export itself, with every named export (and `default`)
 * as its properties: what CommonJS users of established plugins and factories expect
 * (`const fp = require('framework-plugin')`). Appended after the build, once every export is assigned.
 */
const defaultExportAsModule = '\nmodule.exports = Object.assign(exports.default, exports);\n'

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number]

/**
 * Bundler variants: a relative import of `./x.js` builds from `./x.bundler.ts` when that file
 * exists. The Node builds load some dependencies on first use through `createRequire` (pino,
 * Ajv, fast-json-stringify, light-my-request: tens of milliseconds of start-up each), which
 * bundlers cannot follow; the `.bundler.ts` twin imports them statically, so esbuild, Rollup and
 * webpack put them in the bundle.
 */
const bundlerVariants: EsbuildPlugin = {
  name: 'bundler-variants',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
      const variant = resolve(args.resolveDir, args.path).replace(/\.js$/, '.bundler.ts')
      return existsSync(variant) ? { path: variant } : undefined
    })
  },
}

/** The installed version of every dependency of the package in the current directory. */
function dependencyVersions(): Record<string, string> {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies?: Record<string, string>
  }
  const requireHere = createRequire(join(process.cwd(), 'package.json'))
  const versions: Record<string, string> = {}
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    try {
      versions[name] = String(requireHere(`${name}/package.json`).version)
    } catch {
      // a package whose exports hide package.json: not needed by a bundler variant
    }
  }
  return versions
}

/** Whether the package has bundler variants (`src/**\/*.bundler.ts`). */
function hasBundlerVariants(dir = 'src'): boolean {
  if (!existsSync(dir)) return false
  return readdirSync(dir).some((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? hasBundlerVariants(path) : entry.endsWith('.bundler.ts')
  })
}

/**
 * dist/index.bundler.js: the ESM build for bundlers (the `module` export condition, which esbuild,
 * Rollup and webpack use and Node ignores), built after the others with the bundler variants.
 */
function buildForBundlers(): Promise<void> {
  // Subpath entries with a `module` condition of their own (framework/assemble) get one too.
  const entry: Record<string, string> = { 'index.bundler': 'src/index.ts' }
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
    exports?: Record<string, { module?: string; 'framework-source'?: string }>
  }
  for (const target of Object.values(manifest.exports ?? {})) {
    const bundled = target.module?.match(/^\.\/dist\/(.+)\.js$/)?.[1]
    const source = target['framework-source']
    if (bundled !== undefined && source !== undefined) entry[bundled] = source
  }
  return build({
    config: false,
    entry,
    format: ['esm'],
    dts: false,
    clean: false,
    // No source maps: they doubled what users install and pointed at src/, which is not published.
    sourcemap: false,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    silent: true,
    esbuildPlugins: [bundlerVariants],
    define: { __DEPENDENCY_VERSIONS__: JSON.stringify(dependencyVersions()) },
  })
}

/** The build every package shares: ESM + CommonJS + type declarations from src/index.ts. */
export function packageBuildConfig(
  overrides: Options = {},
  { commonJsDefault = false }: { commonJsDefault?: boolean } = {},
) {
  const forBundlers = hasBundlerVariants()
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: false,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    onSuccess: async () => {
      if (commonJsDefault) await appendFile('dist/index.cjs', defaultExportAsModule)
      if (forBundlers) await buildForBundlers()
    },
    ...overrides,
  })
}
