import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openapi } from '@framework/openapi'
import framework from 'framework'
import { afterEach, describe, expect, it } from 'vitest'
import { assetDirectory } from './internal/assets.js'
import { openapiUi } from './openapi-ui.js'

const apps: Array<ReturnType<typeof framework>> = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

function createApp() {
  const app = framework()
  apps.push(app)
  app.register(openapi, { openapi: { info: { title: 'Shop <API>', version: '1.0.0' } } })
  app.get('/items', { schema: { summary: 'List items' } }, async () => [])
  return app
}

/** Every URL an HTML page refers to (src, href). */
function urlsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]!)
}

describe('the openapi-ui plugin', () => {
  it('serves the page at /docs, referring only to its own assets (no CDN)', async () => {
    const app = createApp()
    app.register(openapiUi)
    await app.ready()
    const page = await app.inject('/docs')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<title>Shop &lt;API&gt;</title>')
    expect(urlsOf(page.body)).toEqual([
      '/docs/static/swagger-ui.css',
      '/docs/static/index.css',
      '/docs/static/favicon-32x32.png',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/init.js',
    ])
    expect(page.body).not.toMatch(/https?:\/\//)
    expect((await app.inject('/docs/')).body).toBe(page.body)
    for (const url of urlsOf(page.body)) expect((await app.inject(url)).statusCode).toBe(200)
  })

  it('serves the assets from swagger-ui-dist with their content types', async () => {
    const app = createApp()
    app.register(openapiUi)
    await app.ready()
    const bundle = await app.inject('/docs/static/swagger-ui-bundle.js')
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(
      bundle.rawPayload.equals(readFileSync(join(assetDirectory(), 'swagger-ui-bundle.js'))),
    ).toBe(true)
    expect((await app.inject('/docs/static/swagger-ui.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    )
    expect((await app.inject('/docs/static/favicon-32x32.png')).headers['content-type']).toBe(
      'image/png',
    )
    for (const url of [
      '/docs/static/package.json',
      '/docs/static/..%2Fpackage.json',
      '/docs/static/x.js',
    ]) {
      expect((await app.inject(url)).statusCode).toBe(404)
    }
  })

  it('starts Swagger UI on the app document, served beside the page', async () => {
    const app = createApp()
    app.register(openapiUi)
    await app.ready()
    const init = await app.inject('/docs/init.js')
    expect(init.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(init.body).toContain(
      'var config = {"url":"/docs/openapi.json","dom_id":"#swagger-ui","deepLinking":true,"validatorUrl":null,"layout":"BaseLayout"};',
    )
    const document = await app.inject('/docs/openapi.json')
    expect(document.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(document.json()).toEqual(app.openapi())
    expect(Object.keys(document.json().paths)).toEqual(['/items'])
  })

  it('routePrefix, title and url options, under the context prefix, over a real socket', async () => {
    const app = createApp()
    app.register(
      async (child) => {
        child.register(openapiUi, { routePrefix: '/reference', title: 'Ref', url: '/openapi/json' })
      },
      { prefix: '/v1' },
    )
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const page = await fetch(`${address}/v1/reference`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Ref</title>')
    expect(html).toContain('src="/v1/reference/static/swagger-ui-bundle.js"')
    const init = await (await fetch(`${address}/v1/reference/init.js`)).text()
    expect(init).toContain('"url":"/openapi/json"')
    expect((await fetch(`${address}/v1/reference/openapi.json`)).status).toBe(404)
    expect((await fetch(`${address}/docs`)).status).toBe(404)
  })

  it('fails ready with a clear error when there is no document to show', async () => {
    const app = framework()
    apps.push(app)
    app.register(openapiUi)
    const error = await app.ready().then(
      () => undefined,
      (failure) => failure,
    )
    expect(error).toMatchObject({
      code: 'FRM_ERR_OPENAPI_OPTIONS',
      message:
        'openapi: openapi-ui: there is no OpenAPI document to show: register @framework/openapi in this context or an ancestor, or give the url option',
    })
  })

  it.each([
    [
      { routePrefix: 'docs' },
      'openapi: openapi-ui: routePrefix must be a path starting with \'/\', received "docs"',
    ],
    [
      { url: '' },
      'openapi: openapi-ui: url must be a non-empty string (the URL of the OpenAPI document)',
    ],
    [{ title: 1 }, 'openapi: openapi-ui: title must be a string'],
  ])('refuses bad options %j', async (options, message) => {
    const app = createApp()
    app.register(openapiUi, options as never)
    const error = await app.ready().then(
      () => undefined,
      (failure) => failure,
    )
    const coded = error?.code === 'FRM_ERR_OPENAPI_OPTIONS' ? error : error?.cause
    expect(coded).toMatchObject({ code: 'FRM_ERR_OPENAPI_OPTIONS', message })
  })
})
