import { packageBuildConfig } from '../../tsup.shared'

// `require("@framework/openapi-ui")` returns the plugin itself, with `.default` and `.openapiUi`.
export default packageBuildConfig({}, { commonJsDefault: true })
