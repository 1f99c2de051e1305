import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** Writes `source` to `dir/name` and runs it with node from `dir`; resolves to its stdout. */
export async function runScript(dir: string, name: string, source: string): Promise<string> {
  await writeFile(join(dir, name), source)
  const { stdout } = await promisify(execFile)(process.execPath, [name], {
    cwd: dir,
    timeout: 30_000,
  })
  return stdout
}
