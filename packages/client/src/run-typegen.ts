import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createError } from '@framework/error-formatter'
import { generateRouteTypes } from './generate-route-types.js'

/** Where `runTypegen` reports. */
export interface TypegenOptions {
  cwd?: string
  log?: (line: string) => void
  error?: (line: string) => void
}

const usage =
  'usage: framework-typegen <entry> [--out file] [--check] [--export name]\n' +
  '  <entry>   a module exporting the application (default export, or `app`), or a function building it\n' +
  '  --out     the file to write (default: routes.generated.ts beside the entry)\n' +
  '  --check   write nothing; exit 1 when the file is missing or stale\n' +
  '  --export  the export to read instead of `default`/`app`'

interface Closable {
  ready(): PromiseLike<unknown>
  close?: () => PromiseLike<unknown>
}

function isApp(value: unknown): value is Closable {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { ready?: unknown }).ready === 'function'
  )
}

/** The application an entry module exports: the app itself, or what the exported function returns. */
async function loadApp(file: string, name: string | undefined): Promise<Closable> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
  const exported = name !== undefined ? module[name] : (module.default ?? module.app)
  const value = typeof exported === 'function' && !isApp(exported) ? await exported() : exported
  if (!isApp(value)) {
    throw createError('FRM_ERR_TYPEGEN_NO_APP', file, name === undefined ? '' : ` named '${name}'`)
  }
  return value
}

/**
 * The `framework-typegen` command: loads the entry, generates its route types and writes them
 * (only when they changed), or with `--check` compares them with the file on disk.
 *
 * @returns the exit code: 0, 1 for a stale or missing file under `--check`, 2 for a usage error
 */
export async function runTypegen(argv: string[], options: TypegenOptions = {}): Promise<number> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`))
  const error = options.error ?? ((line: string) => process.stderr.write(`${line}\n`))
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (cause) {
    error(`${(cause as Error).message}\n${usage}`)
    return 2
  }
  const { values, positionals } = parsed
  if (positionals.length !== 1) {
    error(usage)
    return 2
  }
  const cwd = options.cwd ?? process.cwd()
  const entry = resolve(cwd, positionals[0]!)
  const out = resolve(cwd, values.out ?? resolve(dirname(entry), 'routes.generated.ts'))
  const app = await loadApp(entry, values.export)
  let text: string
  try {
    text = await generateRouteTypes(app)
  } finally {
    await app.close?.()
  }
  const current = await readFile(out, 'utf8').catch(() => undefined)
  if (values.check) {
    if (current === text) {
      log(`${out} is up to date`)
      return 0
    }
    error(
      `${out} is ${current === undefined ? 'missing' : 'stale'}: run framework-typegen ${positionals[0]} to regenerate it`,
    )
    return 1
  }
  if (current !== text) {
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, text)
  }
  log(`${current === text ? 'unchanged' : 'wrote'} ${out}`)
  return 0
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      check: { type: 'boolean' },
      export: { type: 'string' },
    },
  })
}
