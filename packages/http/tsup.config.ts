import { packageBuildConfig } from '../../tsup.shared'

// shims: `import.meta.url` in the CommonJS build (light-my-request is required on first inject).
export default packageBuildConfig({ shims: true })
