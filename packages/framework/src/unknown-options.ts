/**
 * Factory options neither this framework nor Fastify 4 knows. Applications often pass their whole
 * configuration object to the factory (`framework({ ...config, logger })`), so most such keys are
 * theirs, not mistakes: each is reported once per process (not once per instance), at debug level,
 * unless it looks like a misspelled option (then at warn level, naming the option it resembles).
 * Only the key is ever reported, never its value (a configuration holds secrets).
 */

/** A message about the options, and the level it is reported at. */
export interface OptionNotice {
  level: 'warn' | 'debug'
  message: string
}

/** The unknown keys already reported in this process. */
const reported = new Set<string>()

/**
 * The notice for the unknown option `name`, or null when it was already reported in this process.
 *
 * @example
 * unknownOptionNotice('bodyLimt', knownOptions)
 * // { level: 'warn', message: "framework: option 'bodyLimt' is unknown and ignored: did you mean 'bodyLimit'?" }
 * unknownOptionNotice('databaseUrl', knownOptions)
 * // { level: 'debug', message: "framework: option 'databaseUrl' is unknown and ignored" }
 * unknownOptionNotice('databaseUrl', knownOptions) // null: reported already
 */
export function unknownOptionNotice(name: string, known: Iterable<string>): OptionNotice | null {
  if (reported.has(name)) return null
  reported.add(name)
  const intended = likelyIntended(name, known)
  return intended === null
    ? { level: 'debug', message: `framework: option '${name}' is unknown and ignored` }
    : {
        level: 'warn',
        message: `framework: option '${name}' is unknown and ignored: did you mean '${intended}'?`,
      }
}

/**
 * The known option `name` is most likely a misspelling of, or null: the closest one (ignoring
 * case) within an edit distance of 2, and of at most a third of the name's length, so that short
 * keys of an application's own (`env`, `db`, `port`) are not taken for typos.
 *
 * @example
 * likelyIntended('bodyLimt', ['bodyLimit', 'logger']) // 'bodyLimit'
 * likelyIntended('trustproxy', ['trustProxy']) // 'trustProxy'
 * likelyIntended('port', ['bodyLimit', 'logger']) // null
 */
export function likelyIntended(name: string, known: Iterable<string>): string | null {
  const lower = name.toLowerCase()
  const allowed = Math.min(2, Math.floor(name.length / 3))
  let best: string | null = null
  let bestDistance = allowed + 1
  for (const option of known) {
    const distance = editDistance(lower, option.toLowerCase(), bestDistance)
    if (distance < bestDistance) {
      best = option
      bestDistance = distance
    }
  }
  return best
}

/**
 * The Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbours) between `a` and `b`, or `ceiling` when it is at least
 * that much.
 */
function editDistance(a: string, b: string, ceiling: number): number {
  if (Math.abs(a.length - b.length) >= ceiling) return ceiling
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1)
      }
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin >= ceiling) return ceiling
    before = previous
    previous = current
  }
  return Math.min(previous[b.length]!, ceiling)
}
