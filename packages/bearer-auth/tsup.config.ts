import { packageBuildConfig } from '../../tsup.shared'

// `require('@framework/bearer-auth')` returns the plugin itself, with `.default` and `.bearerAuth`.
export default packageBuildConfig({}, { commonJsDefault: true })
