import { readFile, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { fixtureFile, generateFixture } from './fixtures/generate.js'

describe('generated fixture', () => {
  it('the committed types of the fixture app are current (UPDATE_FIXTURES=1 rewrites them)', async () => {
    const text = await generateFixture()
    if (process.env.UPDATE_FIXTURES === '1') await writeFile(fixtureFile, text)
    expect(await readFile(fixtureFile, 'utf8')).toBe(text)
  })

  it('gives the same text on every run', async () => {
    expect(await generateFixture()).toBe(await generateFixture())
  })
})
