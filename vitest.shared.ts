import { defineConfig } from 'vitest/config'

/**
 * The vitest settings every package shares. Sources of sibling packages are
 * resolved through the `framework-source` export condition, so tests never need a build;
 * the `dist.test.ts` of each package loads its built output on purpose.
 */
export function packageTestConfig(name: string) {
  return defineConfig({
    resolve: { conditions: ['framework-source'] },
    ssr: { resolve: { conditions: ['framework-source'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
      reporters: ['default', 'json'],
      outputFile: { json: 'reports/vitest.json' },
      testTimeout: 20_000,
      hookTimeout: 20_000,
    },
  })
}
