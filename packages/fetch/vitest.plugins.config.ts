import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The framework package's own plugin suites (packages/framework/test/plugins), run against the
// Fetch transport: `framework` resolves to test/plugins/framework-on-fetch.ts. Only the plugins
// that do not need node:http are run (the README lists the others, with the reason).
const onFetch = fileURLToPath(new URL('./test/plugins/framework-on-fetch.ts', import.meta.url))
const plugins = ['cors', 'helmet', 'sensible', 'cookie', 'formbody', 'rate-limit', 'jwt']

export default defineConfig({
  root: fileURLToPath(new URL('../framework/', import.meta.url)),
  resolve: {
    conditions: ['framework-source'],
    alias: [{ find: /^framework$/, replacement: onFetch }],
  },
  ssr: { resolve: { conditions: ['framework-source'] } },
  test: {
    name: '@framework/fetch plugins',
    include: plugins.map((name) => `test/plugins/${name}.test.ts`),
    reporters: ['default'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
