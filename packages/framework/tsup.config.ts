import { packageBuildConfig } from '../../tsup.shared'

// `require('framework')` returns the factory itself, with `.default` and `.framework` (API.md).
export default packageBuildConfig({}, { commonJsDefault: true })
