import { packageBuildConfig } from '../../tsup.shared'

// `require('framework')` returns the factory itself, with `.default` and `.framework` (API.md).
// `shims`: the CommonJS build gets `import.meta.url` (the logger loads pino on first use).
// `assemble`: the wiring other transports share (`framework/assemble`, used by @framework/fetch).
// `lib/symbols`, `lib/errors`: Fastify's module paths of the same names, for plugins' code and tests.
export default packageBuildConfig(
  {
    shims: true,
    entry: ['src/index.ts', 'src/assemble.ts', 'src/lib/symbols.ts', 'src/lib/errors.ts'],
  },
  { commonJsDefault: true },
)
