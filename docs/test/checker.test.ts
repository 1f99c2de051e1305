import { fileURLToPath } from 'node:url'
import { createMarkdownRenderer } from 'vitepress'
import { describe, expect, it } from 'vitest'
import config from '../.vitepress/config.js'

const srcDir = fileURLToPath(new URL('..', import.meta.url))

/** Renders Markdown with the site's own Markdown settings (Twoslash, the fence location). */
async function render(markdown: string, relativePath: string): Promise<string> {
  const md = await createMarkdownRenderer(srcDir, config.markdown, '/', { warn() {} })
  return md.render(markdown, { relativePath })
}

describe('the type check of code blocks', () => {
  it('fails a page whose ts block does not compile, naming the page and the line', async () => {
    const page = [
      '# Broken',
      '',
      '```ts',
      "import framework from 'framework'",
      'const app = framework()',
      "app.listen({ port: 'eighty' })",
      '```',
    ].join('\n')
    await expect(render(page, 'guide/broken.md')).rejects.toThrow(
      /code block at docs\/guide\/broken\.md:3 does not type-check[\s\S]*\[2769\] docs\/guide\/broken\.md:6 /,
    )
  }, 120_000)

  it('renders a compiling block with the types of the framework on hover, and skips no-twoslash blocks', async () => {
    const page = [
      '```ts',
      "import framework from 'framework'",
      'const app = framework()',
      '```',
      '',
      '```ts no-twoslash',
      'const notChecked: number = "text"',
      '```',
    ].join('\n')
    const html = await render(page, 'guide/fine.md')
    expect(html).toContain('twoslash-hover')
    expect(html).toMatch(/Instance/)
    expect(html).toContain('notChecked')
  }, 120_000)
})
