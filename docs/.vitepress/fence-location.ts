import type MarkdownIt from 'markdown-it'

/**
 * Makes a code block that fails to highlight (a Twoslash type error, above all) fail the build
 * with the page and the line of its opening fence, e.g. `guide/routes.md:42`.
 */
export function reportFenceLocation(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence
  if (!fence) return
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    try {
      return fence(tokens, index, options, env, self)
    } catch (error) {
      const line = (tokens[index]?.map?.[0] ?? 0) + 1
      const where = `${env.relativePath ?? env.path ?? '(unknown page)'}:${line}`
      const message = error instanceof Error ? error.message : String(error)
      throw new Error(`code block at docs/${where} does not type-check:\n${message}`, {
        cause: error,
      })
    }
  }
}
