import { readFile } from 'node:fs/promises'
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { describe, expect, inject, it } from 'vitest'

const { packed } = inject('release')

describe.each(packed)('$name tarball', ({ tarball }) => {
  it('publint finds nothing', async () => {
    const data = await readFile(tarball)
    const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
    const { messages, pkg } = await publint({
      pack: { tarball: buffer as ArrayBuffer },
      level: 'suggestion',
    })
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([])
  })

  it('arethetypeswrong finds nothing (node10, node16 CJS and ESM, bundler)', async () => {
    const result = await checkPackage(
      createPackageFromTarballData(new Uint8Array(await readFile(tarball))),
    )
    expect('problems' in result ? result.problems : []).toEqual([])
  })
})
