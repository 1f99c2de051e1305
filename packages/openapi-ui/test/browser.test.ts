import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openapi } from '@framework/openapi'
import framework from 'framework'
import { chromium } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openapiUi } from '../src/openapi-ui.js'

const executablePath = '/usr/bin/chromium'
const hasChromium = existsSync(executablePath)
const screenshot = fileURLToPath(new URL('../reports/docs-page.png', import.meta.url))

if (!hasChromium) {
  console.warn(
    `[openapi-ui] browser test skipped: ${executablePath} is not installed (apt-get install -y chromium)`,
  )
}

/** An app with a few documented operations, the docs page at /docs. */
function createApp() {
  const app = framework()
  app.register(openapi, { openapi: { info: { title: 'Bookshop', version: '1.0.0' } } })
  app.register(openapiUi)
  app.addSchema({
    $id: 'book',
    type: 'object',
    properties: { id: { type: 'integer' }, title: { type: 'string' } },
    required: ['title'],
  })
  app.get(
    '/books',
    {
      schema: {
        summary: 'List the books',
        tags: ['books'],
        querystring: { limit: { type: 'integer' } },
      },
    },
    async () => [],
  )
  app.post(
    '/books',
    {
      schema: {
        summary: 'Add a book',
        tags: ['books'],
        body: { $ref: 'book#' },
        response: { 201: { $ref: 'book#' } },
      },
    },
    async (request) => request.body,
  )
  app.delete(
    '/books/:id',
    { schema: { summary: 'Remove a book', tags: ['books'], params: { id: { type: 'integer' } } } },
    async () => null,
  )
  return app
}

describe('the docs page in a real browser (Debian chromium)', () => {
  it.skipIf(!hasChromium)(
    `renders every operation from local assets only, and a screenshot shows them${hasChromium ? '' : ` (skipped: ${executablePath} is not installed)`}`,
    async () => {
      const app = createApp()
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      const profile = await mkdtemp(join(tmpdir(), 'openapi-ui-chromium-'))
      const context = await chromium.launchPersistentContext(profile, {
        executablePath,
        headless: true,
        viewport: { width: 1280, height: 900 },
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      })
      try {
        const requested: string[] = []
        const failed: string[] = []
        context.on('request', (request) => requested.push(request.url()))
        context.on('requestfailed', (request) => failed.push(request.url()))
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        const response = await page.goto(`${address}/docs`)
        expect(response?.status()).toBe(200)
        await page.waitForSelector('.opblock-summary', { timeout: 30_000 })
        await page.waitForFunction(() => document.querySelectorAll('.opblock').length >= 3)

        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
        const text = await page.evaluate(() => document.body.innerText)
        for (const expected of [
          'Bookshop',
          'List the books',
          'Add a book',
          'Remove a book',
          '/books/{id}',
        ]) {
          expect(text).toContain(expected)
        }
        const operations = await page.$$eval('.opblock-summary-method', (nodes) =>
          nodes.map((node) => node.textContent),
        )
        expect(operations).toEqual(['GET', 'POST', 'DELETE'])

        // Open one operation: its documented responses (the framework's 400/413/415 too) appear.
        await page.click('.opblock-post .opblock-summary')
        await page.waitForSelector('.opblock-post .responses-table')
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
        const post = await page.$eval('.opblock-post', (node) => (node as HTMLElement).innerText)
        for (const status of ['201', '400', '413', '415']) expect(post).toContain(status)

        await mkdir(join(screenshot, '..'), { recursive: true })
        await page.screenshot({ path: screenshot, fullPage: true })

        expect(errors).toEqual([])
        expect(failed).toEqual([])
        expect(requested.length).toBeGreaterThan(0)
        for (const url of requested) expect(url.startsWith(`${address}/`), url).toBe(true)
      } finally {
        await context.close()
        await rm(profile, { recursive: true, force: true })
        await app.close()
      }
    },
    90_000,
  )
})
