import { packageBuildConfig } from '../../tsup.shared'

// `shims`: the CommonJS build gets `import.meta.url`, which loads optional converters.
export default packageBuildConfig({ shims: true })
