import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** A fenced code block of a page: where it starts, its language, its fence words and code. */
export interface CodeBlock {
  /** `guide/getting-started.md:21`: the page and the line of the opening fence. */
  where: string
  lang: string
  meta: string[]
  code: string
  /** The code of the ```` ```text output ```` block that follows it, if there is one. */
  output?: string
}

/** Every Markdown page of the site (not node_modules, not the build). */
export function pages(root: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(root, entry.name)
    if (entry.isDirectory()) found.push(...pages(path))
    else if (entry.name.endsWith('.md') && entry.name !== 'README.md') found.push(path)
  }
  return found.sort()
}

/** The fenced code blocks of one page, in order. */
export function codeBlocks(root: string, file: string): CodeBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n')
  const blocks: CodeBlock[] = []
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(\w+)\s*(.*)$/.exec(lines[index] ?? '')
    if (!open) continue
    const start = index
    const body: string[] = []
    while (++index < lines.length && lines[index] !== '```') body.push(lines[index] ?? '')
    const block: CodeBlock = {
      where: `${relative(root, file)}:${start + 1}`,
      lang: open[1] ?? '',
      meta: (open[2] ?? '').split(/\s+/).filter(Boolean),
      code: body.join('\n'),
    }
    const previous = blocks.at(-1)
    if (previous && block.lang === 'text' && block.meta.includes('output')) {
      previous.output = block.code
    }
    blocks.push(block)
  }
  return blocks
}

/**
 * The code a runnable block executes: Twoslash's notations removed (`// ---cut---`, `// ^?`,
 * `// @errors: ...`), as the reader sees it plus the lines the page hides above a cut.
 */
export function runnableSource(code: string): string {
  return code
    .split('\n')
    .filter((line) => !/^\s*\/\/\s*(---cut(-\w+)?---|\^[?|!]|@\w+)/.test(line))
    .join('\n')
}
