import { packageBuildConfig } from '../../tsup.shared'

// `require('framework-plugin')` returns `fp` itself, with `.default` and `.fp`.
export default packageBuildConfig({}, { commonJsDefault: true })
