import type { Core } from '../context/index.js'
import { drawTree, type PrintNode } from '../util/index.js'
import { servedUrls } from './route-table.js'

interface PathNode extends PrintNode {
  segment: string
  byPath: Map<string, PathNode>
  /** plugin name → methods, in declaration order. */
  routes: Map<string, string[]>
}

function pathNode(segment: string): PathNode {
  return { segment, label: segment, children: [], byPath: new Map(), routes: new Map() }
}

/**
 * The routes as a tree of path segments; each path lists its methods and, in brackets, the plugin
 * that declared them (automatic HEAD routes included):
 * ```
 * / (GET, HEAD) [root]
 * └── users (GET, HEAD, POST) [users]
 *     └── :id (DELETE) [users]
 * ```
 */
export function printRoutes(core: Core): string {
  const root = pathNode('/')
  const add = (url: string, method: string, plugin: string): void => {
    let node = root
    const segments = url === '/' ? [] : url.split('/').slice(1)
    for (const segment of segments) {
      let child = node.byPath.get(segment)
      if (child === undefined) {
        child = pathNode(segment === '' ? '/' : segment)
        node.byPath.set(segment, child)
        node.children.push(child)
      }
      node = child
    }
    const methods = node.routes.get(plugin) ?? []
    if (!methods.includes(method)) methods.push(method)
    node.routes.set(plugin, methods)
  }
  for (const record of core.routes) {
    for (const url of servedUrls(core, record)) {
      for (const method of record.methods) add(url, method, record.pluginName)
    }
  }
  const label = (node: PathNode): void => {
    const groups = [...node.routes].map(
      ([plugin, methods]) => `(${methods.join(', ')}) [${plugin}]`,
    )
    node.label = groups.length === 0 ? node.segment : `${node.segment} ${groups.join(', ')}`
    for (const child of node.children) label(child as PathNode)
  }
  label(root)
  return drawTree(root)
}
