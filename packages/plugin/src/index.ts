import { fp } from './fp.js'

export {
  type AnyPlugin,
  fp,
  kDisplayName,
  kPluginMeta,
  kSkipOverride,
  type MarkedPlugin,
  type PluginDecoratorRequirements,
  type PluginMeta,
} from './fp.js'

export default fp
