import { existsSync, mkdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveSite } from './static-server.js'

const executablePath = '/usr/bin/chromium'
const hasChromium = existsSync(executablePath)
const dist = fileURLToPath(new URL('../.vitepress/dist', import.meta.url))
const screenshots = join(dist, 'screenshots')

if (!hasChromium) {
  console.warn(
    `[docs] browser test skipped: ${executablePath} is not installed (apt-get install -y chromium)`,
  )
}

let site: Awaited<ReturnType<typeof serveSite>>
let context: BrowserContext
let profile: string

/** Opens a page of the built site; collects its console errors and uncaught exceptions. */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
  })
  const response = await page.goto(`${site.url}${path}`)
  expect(response?.status()).toBe(200)
  await page.waitForSelector('.VPContent')
  return { page, errors }
}

describe.skipIf(!hasChromium)('the built site in a real browser (Debian chromium)', () => {
  beforeAll(async () => {
    site = await serveSite(dist)
    profile = await mkdtemp(join(tmpdir(), 'docs-chromium-'))
    mkdirSync(screenshots, { recursive: true })
    context = await chromium.launchPersistentContext(profile, {
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
  }, 60_000)

  afterAll(async () => {
    await context?.close()
    if (profile) await rm(profile, { recursive: true, force: true })
    await new Promise((resolve) => site?.server.close(resolve))
  })

  it('renders the home page with no console error', async () => {
    const { page, errors } = await open('/')
    await expect(page.locator('.VPHero .name').textContent()).resolves.toContain('framework')
    await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true })
    expect(errors).toEqual([])
  })

  it('renders a guide page whose code shows its types on hover', async () => {
    const { page, errors } = await open('/guide/getting-started')
    await expect(page.locator('h1').textContent()).resolves.toContain('Getting started')
    const token = page.locator('.twoslash-hover', { hasText: 'listen' }).first()
    await token.hover()
    const popup = page.locator('.v-popper__popper--shown .twoslash-popup-code')
    await popup.waitFor({ state: 'visible', timeout: 10_000 })
    await expect(popup.textContent()).resolves.toMatch(/listen/)
    await page.screenshot({ path: join(screenshots, 'guide-getting-started.png') })
    expect(errors).toEqual([])
  })

  it('renders a reference page with no console error', async () => {
    const { page, errors } = await open('/reference/error-codes')
    await expect(page.locator('h1').textContent()).resolves.toContain('Error codes')
    const code = page.locator('td code').getByText('FRM_ERR_NOT_FOUND', { exact: true })
    await expect(code.count()).resolves.toBe(1)
    await page.screenshot({ path: join(screenshots, 'reference-error-codes.png') })
    expect(errors).toEqual([])
  })

  it('finds a term with the search box and opens the page it names', async () => {
    const { page, errors } = await open('/')
    await page.locator('.VPNavBarSearch button').click()
    await page.locator('.VPLocalSearchBox input').fill('encapsulation')
    const first = page.locator('.VPLocalSearchBox .result').first()
    await first.waitFor({ state: 'visible', timeout: 10_000 })
    await expect(page.locator('.VPLocalSearchBox .result').count()).resolves.toBeGreaterThan(0)
    await page.screenshot({ path: join(screenshots, 'search.png') })
    await first.click()
    await page.waitForURL(/\/guide\//)
    expect(errors).toEqual([])
  })
})
