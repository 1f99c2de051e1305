// Prints the self time of a .cpuprofile per function (top N) and per file:
// `node bench/tools/summarize-profile.mjs <file.cpuprofile> [N]`.
import { readFileSync } from 'node:fs'
import { printProfileSummary, summarizeProfile } from './profile-summary.mjs'

const [file, n = '45'] = process.argv.slice(2)
const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')))
console.log(`total ${(summary.total / 1000).toFixed(0)} ms`)
printProfileSummary(summary, { functions: Number(n) })
