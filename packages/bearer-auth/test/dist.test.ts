import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuilt } from '../../../test-support/run-built.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Loads the built output in a separate, plain `node` process, the way users will (see
 * test-support/run-built.ts). The script registers the plugin on a minimal host that only records
 * hooks, then runs the recorded onRequest hook with a missing, a wrong and a right key.
 */
function load(format: 'require' | 'import'): Promise<unknown> {
  return runBuilt(
    packageDir,
    format,
    `const hooks = []
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
    return {
      keys: Object.keys(mod).sort(),
      defaultIsNamed: mod.default === mod.bearerAuth,
      skipsEncapsulation: mod.bearerAuth[Symbol.for('framework.skip-override')],
      displayName: mod.bearerAuth[Symbol.for('framework.display-name')],
      hooks: hooks.map(([name]) => name),
      answers,
      refused,
    }`,
  )
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

  it('require returns the plugin itself, with .default and .bearerAuth', async () => {
    const report = await runBuilt(
      packageDir,
      'require',
      `return { callable: typeof mod, self: mod.default === mod && mod.bearerAuth === mod, skips: mod[Symbol.for('framework.skip-override')] }`,
    )
    expect(report).toEqual({ callable: 'function', self: true, skips: true })
  })
})
