import { packageBuildConfig } from '../../tsup.shared'

// `require('framework')` returns the factory itself, with `.default`, `.framework` and every named
// export as properties (API.md), the way CommonJS users of established frameworks expect.
export default packageBuildConfig({
  footer: ({ format }) =>
    format === 'cjs'
      ? { js: 'module.exports = Object.assign(module.exports.default, module.exports);' }
      : undefined,
})
