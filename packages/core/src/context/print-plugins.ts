import { drawTree, type PrintNode } from '../util/index.js'
import type { PluginNode } from './context-state.js'

/**
 * The plugin tree: each plugin under the one that registered it; a framework-plugin plugin is
 * marked `(fp)` since it has no context of its own.
 */
export function printPlugins(root: PluginNode): string {
  const toPrint = (node: PluginNode): PrintNode => ({
    label: node.encapsulated ? node.name : `${node.name} (fp)`,
    children: node.children.map(toPrint),
  })
  return drawTree(toPrint(root))
}
