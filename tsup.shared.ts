import { defineConfig, type Options } from 'tsup'

/** The build every package shares: ESM + CommonJS + type declarations from src/index.ts. */
export function packageBuildConfig(overrides: Options = {}) {
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
    ...overrides,
  })
}
