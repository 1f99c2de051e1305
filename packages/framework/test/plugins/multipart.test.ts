import { existsSync } from 'node:fs'
import multipart4 from '@fastify/multipart'
import multipart5 from '@fastify/multipart-5'
import { describe, expect, it } from 'vitest'
import { makeApp } from '../spec/helpers'
import { itBothRaw } from './helpers'

// @fastify/multipart 8 (the last line for Fastify 4) and 10.1 (the Fastify-5 line), used as their
// README shows: every case runs on both lines. Every app passes limits.fileSize: without it the
// plugin reads instance.initialConfig.bodyLimit (see the skipped test below).

const boundary = '----framework-multipart-test'

/** A multipart/form-data body: fields are [name, value], files [name, filename, type, content]. */
function form(parts: Array<[string, string] | [string, string, string, string]>) {
  const chunks: string[] = []
  for (const part of parts) {
    chunks.push(`--${boundary}\r\n`)
    if (part.length === 2) {
      chunks.push(`Content-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`)
    } else {
      chunks.push(
        `Content-Disposition: form-data; name="${part[0]}"; filename="${part[1]}"\r\n` +
          `Content-Type: ${part[2]}\r\n\r\n${part[3]}\r\n`,
      )
    }
  }
  chunks.push(`--${boundary}--\r\n`)
  return {
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(chunks.join('')),
  }
}

const upload = form([
  ['title', 'notes'],
  ['doc', 'notes.txt', 'text/plain', 'first line\nsecond line'],
])

/**
 * The plugin's two release lines, and what `request.saveRequestFiles()` resolves with on each:
 * the files (8), or `{ files, values }` (10.1, whose values hold the upload's `title` field).
 */
const lines = [
  ['Fastify 4', { multipart: multipart4, savedFiles: (saved: any) => saved }],
  [
    'Fastify 5',
    {
      multipart: multipart5,
      savedFiles: (saved: any) => {
        expect(saved.values).toMatchObject({ title: { value: 'notes' } })
        return saved.files
      },
    },
  ],
] as const

describe.each(lines)('[plugins] @fastify/multipart (%s)', (_line, { multipart, savedFiles }) => {
  itBothRaw(
    'request.file() gives the first file, its stream and the fields before it',
    async ({ send }) => {
      const app = makeApp()
      app.register(multipart, { limits: { fileSize: 1000 } })
      app.post('/upload', async (request: any) => {
        const data = await request.file()
        const content = (await data.toBuffer()).toString()
        return {
          fieldname: data.fieldname,
          filename: data.filename,
          encoding: data.encoding,
          mimetype: data.mimetype,
          content,
          title: data.fields.title.value,
        }
      })
      const response = await send(app, upload)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        fieldname: 'doc',
        filename: 'notes.txt',
        encoding: '7bit',
        mimetype: 'text/plain',
        content: 'first line\nsecond line',
        title: 'notes',
      })
    },
  )

  itBothRaw('request.parts() iterates fields and files in order', async ({ send }) => {
    const app = makeApp()
    app.register(multipart, { limits: { fileSize: 1000 } })
    app.post('/upload', async (request: any) => {
      const seen: string[] = []
      for await (const part of request.parts()) {
        if (part.type === 'file') seen.push(`file ${part.filename}: ${await part.toBuffer()}`)
        else seen.push(`field ${part.fieldname}=${part.value}`)
      }
      return seen
    })
    const response = await send(
      app,
      form([
        ['a', '1'],
        ['one', 'one.txt', 'text/plain', 'ONE'],
        ['b', '2'],
        ['two', 'two.txt', 'text/plain', 'TWO'],
      ]),
    )
    expect(response.json()).toEqual([
      'field a=1',
      'file one.txt: ONE',
      'field b=2',
      'file two.txt: TWO',
    ])
  })

  itBothRaw(
    'attachFieldsToBody: keyValues puts fields and file contents on request.body',
    async ({ send }) => {
      const app = makeApp()
      app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 1000 } })
      app.post('/upload', async (request: any) => ({
        title: request.body.title,
        doc: Buffer.from(request.body.doc).toString(),
      }))
      const response = await send(app, upload)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ title: 'notes', doc: 'first line\nsecond line' })
    },
  )

  itBothRaw('attachFieldsToBody: true gives part objects on request.body', async ({ send }) => {
    const app = makeApp()
    app.register(multipart, { attachFieldsToBody: true, limits: { fileSize: 1000 } })
    app.post('/upload', async (request: any) => ({
      title: request.body.title.value,
      doc: (await request.body.doc.toBuffer()).toString(),
      mimetype: request.body.doc.mimetype,
      filename: request.body.doc.filename,
    }))
    const ok = await send(app, upload)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({
      title: 'notes',
      doc: 'first line\nsecond line',
      mimetype: 'text/plain',
      filename: 'notes.txt',
    })
  })

  // API.md, Validation: the body a registered parser produced is validated against the route's
  // body schema, as Fastify does (the README's attachFieldsToBody + body schema examples).
  itBothRaw(
    'attachFieldsToBody: keyValues with a body schema: valid fields reach the handler, others 400',
    async ({ send }) => {
      const app = makeApp()
      app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 1000 } })
      app.post(
        '/upload',
        {
          schema: {
            body: {
              type: 'object',
              required: ['title'],
              properties: { title: { type: 'string', minLength: 3 } },
            },
          },
        },
        async (request: any) => ({ title: request.body.title, doc: String(request.body.doc) }),
      )
      const response = await send(app, upload)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ title: 'notes', doc: 'first line\nsecond line' })
      const short = await send(app, form([['title', 'no']]))
      expect(short.statusCode).toBe(400)
      expect(short.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/title should NOT have fewer than 3 characters',
      })
    },
  )

  itBothRaw(
    'attachFieldsToBody: true with the shared schema of sharedSchemaId validates the part objects',
    async ({ send }) => {
      const app = makeApp()
      app.register(multipart, {
        attachFieldsToBody: true,
        sharedSchemaId: '#mySharedSchema',
        limits: { fileSize: 1000 },
      })
      app.post(
        '/upload',
        {
          schema: {
            body: {
              type: 'object',
              required: ['title', 'doc'],
              properties: {
                title: {
                  type: 'object',
                  properties: { value: { type: 'string', enum: ['notes'] } },
                },
                doc: { $ref: '#mySharedSchema' },
              },
            },
          },
        },
        async (request: any) => ({
          title: request.body.title.value,
          filename: request.body.doc.filename,
        }),
      )
      const response = await send(app, upload)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ title: 'notes', filename: 'notes.txt' })
      const missing = await send(app, form([['title', 'notes']]))
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toBe("body should have required property 'doc'")
    },
  )

  itBothRaw('a file over limits.fileSize is a 413 with the plugin’s error', async ({ send }) => {
    const app = makeApp()
    app.register(multipart, { limits: { fileSize: 5 } })
    app.post('/upload', async (request: any) => {
      const data = await request.file()
      await data.toBuffer()
      return 'read'
    })
    const response = await send(app, upload)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      statusCode: 413,
      code: 'FST_REQ_FILE_TOO_LARGE',
      error: 'Payload Too Large',
      message: 'request file too large',
    })
  })

  itBothRaw('more files than limits.files is a 413', async ({ send }) => {
    const app = makeApp()
    app.register(multipart, { limits: { fileSize: 1000, files: 1 } })
    app.post('/upload', async (request: any) => {
      for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer()
      return 'read'
    })
    const response = await send(
      app,
      form([
        ['one', 'one.txt', 'text/plain', 'ONE'],
        ['two', 'two.txt', 'text/plain', 'TWO'],
      ]),
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      statusCode: 413,
      code: 'FST_FILES_LIMIT',
      error: 'Payload Too Large',
      message: 'reach files limit',
    })
  })

  itBothRaw(
    'request.saveRequestFiles() writes the files to disk and removes them after the response',
    async ({ send }) => {
      const app = makeApp()
      app.register(multipart, { limits: { fileSize: 1000 } })
      let saved = ''
      app.post('/upload', async (request: any) => {
        const files = savedFiles(await request.saveRequestFiles())
        saved = files[0].filepath
        const { readFile } = await import('node:fs/promises')
        return { exists: existsSync(saved), content: await readFile(saved, 'utf8') }
      })
      const response = await send(app, upload)
      expect(response.json()).toEqual({ exists: true, content: 'first line\nsecond line' })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(existsSync(saved)).toBe(false)
    },
  )

  itBothRaw('request.file() on a request that is not multipart is a 406', async ({ send }) => {
    const app = makeApp()
    app.register(multipart, { limits: { fileSize: 1000 } })
    app.post('/upload', async (request: any) => {
      await request.file()
      return 'read'
    })
    const response = await send(app, {
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(response.statusCode).toBe(406)
    expect(response.json()).toEqual({
      statusCode: 406,
      code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
      error: 'Not Acceptable',
      message: 'the request is not multipart',
    })
  })

  it('registers without options (file size limit from initialConfig.bodyLimit)', async () => {
    const app = makeApp({ bodyLimit: 10 })
    app.register(multipart)
    app.post('/upload', async (request: any) => (await (await request.file()).toBuffer()).length)
    const response = await app.inject(upload)
    expect(response.statusCode).toBe(413)
  })
})
