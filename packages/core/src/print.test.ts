import fp from 'framework-plugin'
import { describe, expect, it } from 'vitest'
import { createApp } from '../test/helpers/app.js'
import type { Instance } from './index.js'

describe('printRoutes / printPlugins', () => {
  it('prints the routes as a path tree with methods and the declaring plugin', async () => {
    const { app } = createApp()
    app.get('/', async () => 'root')
    app.get('/health', { exposeHeadRoutes: false }, async () => 'ok')
    app.register(
      async function users(instance) {
        instance.get('/', async () => [])
        instance.post('/', async () => ({}))
        instance.delete('/:id', async () => ({}))
        instance.register(
          fp(async (inner: Instance) => {
            inner.get('/me', async () => ({}))
          }, 'profile'),
        )
      },
      { prefix: '/users' },
    )
    app.register(async function admin(instance) {
      instance.put('/users/:id', async () => ({}))
    })
    await app.ready()
    expect(app.printRoutes()).toBe(
      [
        '/ (GET, HEAD) [root]',
        '├── health (GET) [root]',
        '└── users (GET, HEAD, POST) [users]',
        '    ├── / (GET, HEAD, POST) [users]',
        '    ├── :id (DELETE) [users], (PUT) [admin]',
        '    └── me (GET, HEAD) [profile]',
        '',
      ].join('\n'),
    )
  })

  it('prints the plugin tree, marking framework-plugin plugins', async () => {
    const { app } = createApp()
    app.register(fp(async () => {}, 'db'))
    app.register(async function users(instance) {
      instance.register(fp(async () => {}, 'auth'))
      instance.register(async function posts() {})
    })
    app.register(async () => {})
    await app.ready()
    expect(app.printPlugins()).toBe(
      [
        'root',
        '├── db (fp)',
        '├── users',
        '│   ├── auth (fp)',
        '│   └── posts',
        '└── anonymous',
        '',
      ].join('\n'),
    )
  })
})
