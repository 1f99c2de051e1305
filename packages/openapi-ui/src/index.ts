import { openapiUi } from './openapi-ui.js'

export { openapiUi } from './openapi-ui.js'
export type { OpenApiUiOptions } from './openapi-ui-options.js'
export default openapiUi
