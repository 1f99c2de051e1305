import { packageBuildConfig } from '../../tsup.shared'

// shims: `import.meta.url` in the CommonJS build (light-my-request is required on first inject).
// neutral: the transport-neutral pieces other transports import (`@framework/http/neutral`).
export default packageBuildConfig({ shims: true, entry: ['src/index.ts', 'src/neutral.ts'] })
