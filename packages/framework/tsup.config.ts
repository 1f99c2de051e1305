import { appendFile } from 'node:fs/promises'
import { packageBuildConfig } from '../../tsup.shared'

// `require('framework')` returns the factory itself, with `.default`, `.framework` and every named
// export as properties (API.md), the way CommonJS users of established frameworks expect. Appended
// after the build, so it runs once every export has been assigned.
const commonJsShape = '\nmodule.exports = Object.assign(exports.default, exports);\n'

export default packageBuildConfig({
  onSuccess: () => appendFile('dist/index.cjs', commonJsShape),
})
