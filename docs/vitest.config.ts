import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: '@framework/docs',
    include: ['test/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 30_000,
  },
})
