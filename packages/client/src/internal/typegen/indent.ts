/**
 * How much a line of TypeScript opens (`{`, `[`, `(`) minus what it closes, string literals
 * (`"a{"`, `'}'`) skipped.
 */
export function depthChange(line: string): number {
  let change = 0
  let quote = ''
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!
    if (quote !== '') {
      if (char === '\\') i++
      else if (char === quote) quote = ''
    } else if (char === '"' || char === "'") quote = char
    else if (char === '{' || char === '[' || char === '(') change++
    else if (char === '}' || char === ']' || char === ')') change--
  }
  return change
}

/**
 * Re-indents TypeScript written without indentation (json-schema-to-typescript's unformatted
 * output, and the generator's own), two spaces a level, so the generated file reads well without
 * running a formatter. Empty lines are dropped.
 */
export function indent(source: string): string {
  let depth = 0
  const lines: string[] = []
  for (const raw of source.split('\n')) {
    const line = raw.trim()
    if (line === '') continue
    const change = depthChange(line)
    const opensFirst = /^[}\])]/.test(line) ? 1 : 0
    const level = Math.max(0, depth - opensFirst)
    lines.push(`${'  '.repeat(level)}${line.startsWith('*') ? ' ' : ''}${line}`)
    depth = Math.max(0, depth + change)
  }
  return lines.join('\n')
}

/**
 * The members of an interface json-schema-to-typescript wrote unformatted
 * (`export interface X {\nt0: string\nt1: {\na: number\n}\n}`), by name: `{ t0: 'string', t1: '{\na: number\n}' }`.
 */
export function interfaceMembers(source: string): Map<string, string> {
  const members = new Map<string, string>()
  const lines = source.split('\n').filter((line) => line.trim() !== '')
  let depth = 0
  let name = ''
  let text: string[] = []
  const flush = () => {
    if (name !== '') members.set(name, text.join('\n'))
  }
  for (const line of lines.slice(1, -1)) {
    const member = depth === 0 ? /^([\w$]+): (.*)$/.exec(line.trim()) : null
    if (member !== null) {
      flush()
      name = member[1]!
      text = [member[2]!]
    } else {
      text.push(line.trim())
    }
    depth += depthChange(line)
  }
  flush()
  return members
}
