// Self time of a .cpuprofile, per function and per file: shared by summarize-profile.mjs and
// profile.mjs.

/** Sums each sampled node's time and groups it by function (with location) and by file. */
export function summarizeProfile(profile) {
  const dt = new Map()
  for (let i = 0; i < profile.samples.length; i++) {
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
  }
  let total = 0
  const self = new Map()
  const byFile = new Map()
  for (const node of profile.nodes) {
    const t = dt.get(node.id) ?? 0
    total += t
    const { functionName, url, lineNumber } = node.callFrame
    const short = url
      .replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
      .replace(/^file:\/\/\/work\/main\//, '')
    const key = `${functionName || '(anon)'} ${short}:${lineNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + t)
    const fileKey = short || '(native)'
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + t)
  }
  return { total, self, byFile }
}

/** Prints the top `functions` functions and top `files` files by share of self time. */
export function printProfileSummary({ total, self, byFile }, { functions = 45, files = 30 } = {}) {
  const share = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, functions)) {
    console.log(`${share(t)}  ${k}`)
  }
  console.log('--- by file')
  for (const [k, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, files)) {
    console.log(`${share(t)}  ${k}`)
  }
}
