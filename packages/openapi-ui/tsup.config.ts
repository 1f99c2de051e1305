import { packageBuildConfig } from '../../tsup.shared'

// `require("@framework/openapi-ui")` returns the plugin itself, with `.default` and `.openapiUi`.
export default packageBuildConfig(
  // `shims`: `import.meta.url` also works in the CommonJS build (assets.ts resolves swagger-ui-dist with it).
  { shims: true },
  { commonJsDefault: true },
)
