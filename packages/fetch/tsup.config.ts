import { packageBuildConfig } from '../../tsup.shared'

export default packageBuildConfig()
