import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SiteConfig } from 'vitepress'
import { sidebar } from './sidebar.js'

/** The first `# ` heading of a page and its first paragraph, as llms.txt lists them. */
function summary(file: string): { title: string; text: string } {
  const source = readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '')
  const title = /^# (.+)$/m.exec(source)?.[1] ?? file
  const after = source.slice(source.indexOf(title) + title.length)
  const text = after
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .find((part) => part.length > 0 && !/^(#|```|\||:::|<|- )/.test(part))
  return { title, text: (text ?? '').replace(/\s+/g, ' ') }
}

/**
 * Writes `llms.txt` (the index of every page, https://llmstxt.org) and `llms-full.txt` (every
 * page's Markdown, one after the other) at the root of the built site.
 */
export function writeLlmsTxt(site: SiteConfig): void {
  const lines = [
    '# framework',
    '',
    '> A schema-first HTTP server framework for Node.js: encapsulated plugins, JSON Schema validation, schema-driven serialization, with the API of Fastify 4.',
    '',
  ]
  const full: string[] = []
  for (const section of sidebar) {
    lines.push(`## ${section.text}`, '')
    for (const item of section.items) {
      const page = join(site.srcDir, `${item.link.replace(/\/$/, '/index')}.md`)
      const { title, text } = summary(page)
      lines.push(`- [${title}](${item.link}): ${text}`)
      full.push(readFileSync(page, 'utf8'))
    }
    lines.push('')
  }
  writeFileSync(join(site.outDir, 'llms.txt'), lines.join('\n'))
  writeFileSync(join(site.outDir, 'llms-full.txt'), full.join('\n\n'))
}
