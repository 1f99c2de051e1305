import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const packagesDir = new URL('../../packages/', import.meta.url)
const site = 'https://github.com/framework-dev/framework/blob/main/docs/'

describe('the READMEs shipped in the packages', () => {
  for (const name of readdirSync(packagesDir)) {
    it(`packages/${name}/README.md stands on its own and points to the site`, () => {
      const readme = readFileSync(new URL(`${name}/README.md`, packagesDir), 'utf8')
      expect(readme).not.toMatch(/\bAPI\.md/)
      expect(readme).not.toMatch(/specification|the spec\b/i)
      expect(readme).toMatch(/^```sh\nnpm install /m)
      const links = [...readme.matchAll(/\]\((https:[^)]+)\)/g)].map((match) => match[1]!)
      const pages = links.filter((link) => link.startsWith(site))
      expect(pages.length).toBeGreaterThan(0)
      for (const page of pages) {
        const file = new URL(`../${page.slice(site.length)}`, import.meta.url)
        expect(() => readFileSync(file), page).not.toThrow()
      }
    })
  }
})
