/** A node of a printed tree. */
export interface PrintNode {
  label: string
  children: PrintNode[]
}

/**
 * Draws a tree with box characters, one node per line:
 * ```
 * root
 * ├── a
 * │   └── b
 * └── c
 * ```
 */
export function drawTree(root: PrintNode): string {
  const lines = [root.label]
  const walk = (node: PrintNode, indent: string): void => {
    node.children.forEach((child, index) => {
      const last = index === node.children.length - 1
      lines.push(`${indent}${last ? '└── ' : '├── '}${child.label}`)
      walk(child, indent + (last ? '    ' : '│   '))
    })
  }
  walk(root, '')
  return `${lines.join('\n')}\n`
}
