import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeBlocks, runnableSource } from './blocks.js'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const recipe = codeBlocks(root, join(root, 'recipes/database.md')).find((block) =>
  block.meta.includes('run'),
)

/** The directory of Debian's PostgreSQL programs (`/usr/lib/postgresql/<major>/bin`), if any. */
function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const majors = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return majors[0] === undefined ? undefined : join(base, majors[0], 'bin')
}

const hasAptGet = ['/usr/bin/apt-get', '/bin/apt-get'].some((path) => existsSync(path))
const isRoot = process.getuid?.() === 0

/** Debian's postgresql, installed with apt-get where that is possible and it is missing. */
function findOrInstallPostgres(): string | undefined {
  const found = postgresBin()
  if (found || !hasAptGet || !isRoot) return found
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore', timeout: 120_000 })
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
      env,
      stdio: 'ignore',
      timeout: 240_000,
    })
  } catch {
    return undefined
  }
  return postgresBin()
}

const bin = findOrInstallPostgres()
const skipReason =
  bin === undefined
    ? hasAptGet
      ? 'PostgreSQL is not installed and apt-get could not install it (apt-get install postgresql)'
      : 'no PostgreSQL binaries and no apt-get on this machine (apt-get install postgresql)'
    : undefined
if (skipReason) console.warn(`docs/test/database-pg.test.ts skipped: ${skipReason}`)

/** A port nothing listens on now, on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Runs a PostgreSQL program, as the `postgres` user when this process is root (initdb refuses root). */
function pgProgram(name: string, args: string[], timeout: number) {
  const program = join(bin ?? '', name)
  return isRoot
    ? run('runuser', ['-u', 'postgres', '--', program, ...args], { timeout })
    : run(program, args, { timeout })
}

// The recipe's `pg` path: the same block the docs run on PGlite, run here with `DATABASE_URL`
// pointing at a PostgreSQL cluster this test creates (initdb), starts (pg_ctl, 127.0.0.1, a free
// port, its socket in the cluster folder) and stops.
describe.skipIf(skipReason !== undefined)('the database recipe against a PostgreSQL server', () => {
  let dir = ''
  let url = ''

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'framework-docs-pg-'))
    const data = join(dir, 'data')
    mkdirSync(data)
    if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir])
    await pgProgram('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync'], 60_000)
    const port = await freePort()
    await pgProgram(
      'pg_ctl',
      [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
        '-w',
        '-t',
        '30',
        'start',
      ],
      45_000,
    )
    url = `postgres://postgres@127.0.0.1:${port}/postgres`
  }, 120_000)

  afterAll(async () => {
    if (dir === '') return
    await pgProgram('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop'], 30_000).catch(
      () => undefined,
    )
    rmSync(dir, { recursive: true, force: true })
  }, 45_000)

  it('runs the recipe block with DATABASE_URL, prints its output, and the rows are in the server', async () => {
    expect(recipe?.output).toBeDefined()
    const source = ts.transpileModule(runnableSource(recipe?.code ?? ''), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText
    const work = join(root, '.runnable')
    mkdirSync(work, { recursive: true })
    const file = join(work, 'database-pg.mjs')
    writeFileSync(file, source)
    const { stdout } = await run(process.execPath, [file], {
      cwd: root,
      timeout: 30_000,
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
    })
    expect(stdout.trim()).toBe(recipe?.output?.trim())

    // The row the recipe wrote is in PostgreSQL itself (PGlite would have left nothing there).
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const { rows } = await client.query('select id, name from users order by id')
      expect(rows).toEqual([{ id: 1, name: 'Ada' }])
      const { rows: version } = await client.query('select version()')
      expect(String(version[0]?.version)).toMatch(/^PostgreSQL \d+/)
    } finally {
      await client.end()
    }

    // Run again: the recipe is idempotent against a server that keeps its data.
    const again = await run(process.execPath, [file], {
      cwd: root,
      timeout: 30_000,
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
    })
    expect(again.stdout.trim()).toBe(recipe?.output?.trim())
  }, 90_000)
})
