/**
 * Re-indents json-schema-to-typescript's unformatted output (two spaces a level, by its braces),
 * so the generated file reads well without running a formatter.
 */
export function indent(source: string): string {
  let depth = 0
  const lines: string[] = []
  for (const raw of source.split('\n')) {
    const line = raw.trim()
    if (line === '') continue
    const closes = /^[}\]]/.test(line)
    if (closes) depth = Math.max(0, depth - 1)
    const comment = line.startsWith('*') ? ' ' : ''
    lines.push(`${'  '.repeat(depth)}${comment}${line}`)
    if (/[{[]$/.test(line)) depth++
  }
  return lines.join('\n')
}
