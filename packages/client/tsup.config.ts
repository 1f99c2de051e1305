import { packageBuildConfig } from '../../tsup.shared'

// Three entries: the client (no Node import), the generator, and the `framework-typegen` command.
export default packageBuildConfig({
  entry: ['src/index.ts', 'src/typegen.ts', 'src/cli.ts'],
  platform: 'neutral',
  external: [
    '@framework/core',
    '@framework/error-formatter',
    '@framework/schema-registry',
    'json-schema-to-typescript',
  ],
})
