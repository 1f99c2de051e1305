import type { MarkdownRenderer } from 'vitepress'

/** `[2322] 418 - Type ...` in a Twoslash error: the code and the offset in the block. */
const compilerError = /\[(\d+)\] (\d+) - /g

/**
 * Makes a code block that fails to highlight (a Twoslash type error, above all) fail the build
 * with the page and the line: `docs/guide/routes.md:42` for the block, and for each compiler
 * error the line of the page it is on.
 */
export function reportFenceLocation(md: MarkdownRenderer): void {
  const fence = md.renderer.rules.fence
  if (!fence) return
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    try {
      return fence(tokens, index, options, env, self)
    } catch (error) {
      const token = tokens[index]
      const page = `docs/${env.relativePath ?? env.path ?? '(unknown page)'}`
      const line = (token?.map?.[0] ?? 0) + 1
      const code = token?.content ?? ''
      const message = (error instanceof Error ? error.message : String(error)).replace(
        compilerError,
        (_, ts: string, offset: string) => {
          const inBlock = code.slice(0, Number(offset)).split('\n').length
          return `[${ts}] ${page}:${line + inBlock} - `
        },
      )
      throw new Error(`code block at ${page}:${line} does not type-check:\n${message}`, {
        cause: error,
      })
    }
  }
}
