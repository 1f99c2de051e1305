// Exact work of the type checker: how many calls of TypeScript's own functions checking a project
// takes (issue 14). Timings on a shared machine move by 10 % from run to run; this count does not
// move at all, so it tells two versions of the types apart where `run.mjs` cannot.
//
// It loads a copy of the installed `typescript.js` with a counter at the top of every function,
// checks each project given (a directory with a tsconfig.json, such as those `run.mjs` leaves in
// bench/results/types/), and prints the calls made while checking (parsing and binding excluded),
// with the functions called most (or, with --functions, the calls of the functions named).
// Usage: node bench/types/count.mjs [--top 20] [--functions isConstContext,checkObjectLiteral] <project dir>...
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const source = require.resolve('typescript/lib/typescript.js')
const copy = fileURLToPath(new URL('../results/types/counting/typescript.cjs', import.meta.url))

const args = process.argv.slice(2)
/** The value of option `--name`, else `fallback`. */
function option(name, fallback) {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : args[at + 1]
}
const top = Number(option('top', '20'))
const functions = option('functions', undefined)?.split(',')
// Every argument that is neither an option nor an option's value is a project.
const projects = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'))
if (projects.length === 0) {
  console.error(
    'usage: node bench/types/count.mjs [--top 20] [--functions name,...] <project dir>...',
  )
  process.exit(1)
}

/** Adds `__calls.name++` to every function declaration of TypeScript's single-file build. */
async function instrument() {
  const lines = (await readFile(source, 'utf8')).split('\n')
  const counted = lines.map((line) => {
    const declaration = line.match(/^\s*function (\w+)\(.*\) \{\s*$/)
    return declaration
      ? `${line} __calls[${JSON.stringify(declaration[1])}] = (__calls[${JSON.stringify(declaration[1])}] || 0) + 1;`
      : line
  })
  const folder = new URL('../results/types/counting/', import.meta.url)
  await mkdir(folder, { recursive: true })
  await writeFile(
    copy,
    `var __calls = (globalThis.__calls = Object.create(null));\n${counted.join('\n')}`,
  )
  // TypeScript looks for its lib files beside itself.
  const libs = resolve(source, '..')
  for (const file of await readdir(libs)) {
    if (/^lib\..*\.d\.ts$/.test(file)) await copyFile(`${libs}/${file}`, new URL(file, folder))
  }
}

await instrument()
const ts = require(copy)
for (const project of projects) {
  const dir = resolve(project)
  const config = ts.getParsedCommandLineOfConfigFile(
    `${dir}/tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )
  const program = ts.createProgram(config.fileNames, config.options)
  // Parse and bind first (their calls are the same for every version of the types), then count.
  program.getSourceFiles()
  program.getGlobalDiagnostics()
  const before = { ...globalThis.__calls }
  const errors = program.getSemanticDiagnostics().length
  const calls = Object.entries(globalThis.__calls)
    .map(([name, count]) => [name, count - (before[name] ?? 0)])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
  const total = calls.reduce((sum, [, count]) => sum + count, 0)
  console.log(`${project}: ${(total / 1e6).toFixed(2)} M calls, ${errors} errors`)
  const shown = functions ? calls.filter(([name]) => functions.includes(name)) : calls.slice(0, top)
  for (const [name, count] of shown) {
    console.log(`  ${String(count).padStart(10)} ${name}`)
  }
}
