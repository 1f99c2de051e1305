import { packageBuildConfig } from '../../tsup.shared'

// `require("@framework/openapi")` returns the plugin itself, with `.default` and `.openapi`.
export default packageBuildConfig({}, { commonJsDefault: true })
