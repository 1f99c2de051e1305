import { defineConfig } from 'vitest/config'

// The tarballs are packed and installed once (test/global-setup.ts), then every test file reads them.
export default defineConfig({
  test: {
    name: '@framework/release-tests',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
