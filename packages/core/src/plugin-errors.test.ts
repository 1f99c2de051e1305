import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { Instance, Logger } from './index.js'

/** A logger that records its error lines. */
function recordingLogger(lines: unknown[][]): Logger {
  const logger: any = {
    error: (...args: unknown[]) => lines.push(args),
    warn() {},
    info() {},
    debug() {},
    trace() {},
    fatal() {},
    child: () => logger,
  }
  return logger
}

describe('plugin errors', () => {
  it('fails ready() with the very error the plugin threw, and names the plugin in a log line', async () => {
    const logged: unknown[][] = []
    const { app } = createApp({ logger: recordingLogger(logged) })
    const original = Object.assign(new Error('cannot connect'), { code: 'E_DB' })
    app.register(async function database() {
      throw original
    })
    const error = await app.ready().catch((e) => e)
    expect(error).toBe(original)
    expect(error.code).toBe('E_DB')
    expect(logged).toEqual([
      [{ err: original, plugin: 'database' }, "Plugin 'database' failed to load"],
    ])
  })

  it('passes on an error given to done as it is', async () => {
    const { app } = createApp()
    const original = new Error('nope')
    app.register(
      fp(
        (_instance: Instance, _opts: unknown, done: (e?: Error) => void) => done(original),
        'cb-plugin',
      ),
    )
    await expect(app.ready()).rejects.toBe(original)
  })

  it('names the nested plugin that failed, not its parent, once', async () => {
    const logged: unknown[][] = []
    const { app } = createApp({ logger: recordingLogger(logged) })
    app.register(async function outer(instance) {
      instance.register(async function inner() {
        throw new Error('deep')
      })
    })
    await expect(app.ready()).rejects.toThrow(/^deep$/)
    expect(logged.map((entry) => entry[1])).toEqual(["Plugin 'inner' failed to load"])
  })

  it('passes on a coded framework error as it is', async () => {
    const { app } = createApp()
    app.decorate('taken', 1)
    app.register(
      fp(async (instance: Instance) => {
        instance.decorate('taken', 2)
      }, 'redeclarer'),
    )
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_DEC_ALREADY_PRESENT')
  })

  it('does not load the plugins registered after a failed one', async () => {
    const { app } = createApp()
    const loaded: string[] = []
    app.register(async function first() {
      loaded.push('first')
      throw new Error('first failed')
    })
    app.register(async function second() {
      loaded.push('second')
    })
    await expect(app.ready()).rejects.toThrow('first failed')
    expect(loaded).toEqual(['first'])
  })

  it('rejects `await app.register(p)` with the error', async () => {
    const { app } = createApp()
    const original = new Error('bad')
    await expect(
      app.register(async function failing() {
        throw original
      }),
    ).rejects.toBe(original)
  })

  it('fails a plugin slower than pluginTimeout with a message naming it', async () => {
    const { app } = createApp({ pluginTimeout: 30 })
    app.register(async function slowDatabase() {
      await new Promise(() => {})
    })
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_PLUGIN_TIMEOUT')
    expect(error.message).toBe(
      "fastify-plugin: Plugin did not start in time: 'slowDatabase'. You may have forgotten to call 'done' function or to resolve a Promise",
    )
    // Its cause is avvio's own error, as in Fastify.
    expect(error.cause).toMatchObject({
      code: 'AVV_ERR_PLUGIN_EXEC_TIMEOUT',
      message:
        "Plugin did not start in time: 'slowDatabase'. You may have forgotten to call 'done' function or to resolve a Promise",
    })
  })

  it('times out a callback plugin that never calls done, naming its framework-plugin name', async () => {
    const { app } = createApp({ pluginTimeout: 20 })
    app.register(fp((_instance: Instance, _opts: unknown, _done: () => void) => {}, 'forgetful'))
    await expect(app.ready()).rejects.toThrow(
      "fastify-plugin: Plugin did not start in time: 'forgetful'.",
    )
  })

  it('names an anonymous plugin that times out by the start of its source, as Fastify does', async () => {
    const { app } = createApp({ pluginTimeout: 20 })
    // biome-ignore lint/complexity/useArrowFunction: the message quotes a function expression's source
    app.register(function (_instance: Instance, _opts: unknown, _done: () => void) {
      // never calls done
    })
    // The first two lines of its source (as the test runner compiled it), joined by ` -- `.
    await expect(app.ready()).rejects.toThrow(
      /^fastify-plugin: Plugin did not start in time: 'function ?\(_instance, _opts, _done\) \{ -- \/\/ never calls done'\. You may have forgotten/,
    )
  })

  it('blames the slow child, not the parent awaiting it', async () => {
    const { app } = createApp({ pluginTimeout: 40 })
    app.register(async function parent(instance) {
      await instance.register(async function stuckChild() {
        await new Promise(() => {})
      })
    })
    await expect(app.ready()).rejects.toThrow("Plugin did not start in time: 'stuckChild'")
  })

  it('does not time out with pluginTimeout 0', async () => {
    const { app } = createApp({ pluginTimeout: 0 })
    app.register(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    await expect(app.ready()).resolves.toBe(app)
  })
})

describe('framework-plugin metadata', () => {
  it('a version the application set in a release-candidate phase (-rc, -pre, -alpha) loads plugins of the major before', async () => {
    for (const version of ['99.0.0-rc.1', '99.0.0-pre.1', '99.0.0-alpha.1']) {
      const { app } = createApp()
      Object.defineProperty(app, 'version', { value: version })
      app.register(
        fp((_i: Instance, _o: unknown, done: () => void) => done(), {
          name: 'p',
          fastify: '^98.x',
        }),
      )
      await expect(app.ready()).resolves.toBe(app)
    }
  })

  it('meta.fastify is checked against both API levels, 4.29.1 and 5.12.8', async () => {
    for (const range of ['4.x', '5.x', '>=4 <6', '>=5.0.0-rc.1', '^5.0.0-alpha.3']) {
      const { app } = createApp()
      app.register(fp(async () => {}, { name: 'either', fastify: range }))
      await expect(app.ready()).resolves.toBe(app)
    }
    const { app } = createApp()
    app.register(fp(async () => {}, { name: 'future', fastify: '6.x' }))
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_PLUGIN_VERSION_MISMATCH')
    expect(error.message).toBe(
      "fastify-plugin: future - expected '6.x' fastify version, '4.29.1' and '5.12.8' are installed (the two Fastify API levels the framework implements): widen the plugin's `fastify` range or install its Fastify 4 or Fastify 5 release",
    )
  })

  it('fails with a clear error when a dependency is not registered', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, { name: 'auth', dependencies: ['database'] }))
    const error = await app.ready().catch((e) => e)
    expect(error.code).toBe('FRM_ERR_PLUGIN_DEPENDENCY_MISSING')
    expect(error.message).toBe("The dependency 'database' of plugin 'auth' is not registered")
  })

  it('accepts a dependency registered before, here or in an ancestor', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, 'database'))
    app.register(async (child) => {
      child.register(fp(async () => {}, { name: 'auth', dependencies: ['database'] }))
    })
    await expect(app.ready()).resolves.toBe(app)
  })

  it('does not see a dependency registered in a sibling', async () => {
    const { app } = createApp()
    app.register(async (first) => {
      first.register(fp(async () => {}, 'database'))
    })
    app.register(async (second) => {
      second.register(fp(async () => {}, { name: 'auth', dependencies: ['database'] }))
    })
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'database' of plugin 'auth' is not registered",
    )
  })

  it('fails with a clear error when a required decorator is missing', async () => {
    for (const [decorators, missing] of [
      [{ instance: ['db'] }, "'db' required by 'needs' is not present in Fastify"],
      [{ request: ['user'] }, "'user' required by 'needs' is not present in Request"],
      [{ reply: ['view'] }, "'view' required by 'needs' is not present in Reply"],
    ] as const) {
      const { app } = createApp()
      app.register(fp(async () => {}, { name: 'needs', decorators }))
      const error = await app.ready().catch((e) => e)
      expect(error.code).toBe('FRM_ERR_PLUGIN_DECORATOR_MISSING')
      expect(error.message).toBe(`The decorator ${missing}`)
    }
  })

  it('accepts required decorators that are visible', async () => {
    const { app } = createApp()
    app.decorate('db', {} as never)
    app.decorateRequest('user', null)
    app.decorateReply('view', () => {})
    app.register(
      fp(async () => {}, {
        name: 'needs',
        decorators: { instance: ['db'], request: ['user'], reply: ['view'] },
      }),
    )
    await expect(app.ready()).resolves.toBe(app)
  })

  it('answers hasPlugin for fp names here; an encapsulated plugin knows only its own name', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, 'by-meta'))
    let inside: boolean[] = []
    app.register(async function byFunctionName(child: Instance) {
      inside = [child.hasPlugin('byFunctionName'), child.hasPlugin('by-meta')]
    })
    await app.ready()
    expect([
      app.hasPlugin('by-meta'),
      app.hasPlugin('byFunctionName'),
      app.hasPlugin('framework'),
      app.hasPlugin('nope'),
    ]).toEqual([true, false, true, false])
    expect(inside).toEqual([true, true])
  })
})
