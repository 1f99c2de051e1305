import { packageBuildConfig } from '../../tsup.shared'

// `require('framework')` returns the factory itself, with `.default` and `.framework` (API.md).
// `shims`: the CommonJS build gets `import.meta.url` (the logger loads pino on first use).
export default packageBuildConfig({ shims: true }, { commonJsDefault: true })
