import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Loads the built output in a separate, plain `node` process, the way users will. (Inside vitest
 * the `framework-source` condition is on, so dist/ would reach the sibling packages' TypeScript
 * sources instead of their builds.) The script registers the plugin on a minimal host that only
 * records hooks, then runs the recorded onRequest hook with a missing, a wrong and a right key.
 */
async function load(format: 'require' | 'import'): Promise<unknown> {
  const loader =
    format === 'require' ? "require('./dist/index.cjs')" : "await import('./dist/index.js')"
  const script = `
    const mod = ${loader}
    const hooks = []
    await mod.bearerAuth({ addHook: (name, fn) => hooks.push([name, fn]) }, { keys: ['k1'] })
    const answers = []
    for (const authorization of [undefined, 'Bearer k2', 'Bearer k1']) {
      const answer = {}
      const reply = {
        code(status) { answer.status = status; return reply },
        header(name, value) { answer[name] = value; return reply },
        send(body) { answer.body = body; return reply },
      }
      await hooks[0][1]({ headers: { authorization }, method: 'GET', url: '/', id: '1' }, reply)
      answers.push(answer)
    }
    let refused
    try {
      await mod.bearerAuth({ addHook() {} }, { keys: [] })
    } catch (error) {
      refused = [error.name, error.code]
    }
    console.log(JSON.stringify({
      keys: Object.keys(mod).sort(),
      defaultIsNamed: mod.default === mod.bearerAuth,
      skipsEncapsulation: mod.bearerAuth[Symbol.for('framework.skip-override')],
      displayName: mod.bearerAuth[Symbol.for('framework.display-name')],
      hooks: hooks.map(([name]) => name),
      answers,
      refused,
    }))
  `
  const body = format === 'require' ? `(async () => { ${script} })()` : script
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--input-type=${format === 'require' ? 'commonjs' : 'module'}`, '-e', body],
    { cwd: packageDir, env: { ...process.env, NODE_OPTIONS: '' } },
  )
  return JSON.parse(stdout)
}

describe('built output', () => {
  it.each(['require', 'import'] as const)(
    'loads with %s, exports the fp-wrapped plugin and answers as the sources do',
    async (format) => {
      expect(await load(format)).toEqual({
        keys: ['bearerAuth', 'default'],
        defaultIsNamed: true,
        skipsEncapsulation: true,
        displayName: '@framework/bearer-auth',
        hooks: ['onRequest'],
        answers: [
          {
            status: 401,
            'www-authenticate': 'Bearer',
            body: {
              statusCode: 401,
              error: 'Unauthorized',
              message:
                'Missing or malformed authorization header: send "Authorization: Bearer <key>"',
            },
          },
          {
            status: 401,
            'www-authenticate': 'Bearer error="invalid_token"',
            body: {
              statusCode: 401,
              error: 'Unauthorized',
              message: 'Authorization key is not valid',
            },
          },
          {},
        ],
        refused: ['FrameworkError', 'FRM_ERR_BEARER_AUTH_OPTIONS'],
      })
    },
  )
})
