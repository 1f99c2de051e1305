import { createError } from '@framework/error-formatter'

type Done = (error: Error | null, body?: Buffer | string) => void

/**
 * A body of declared length within the limit, delimited by the host's HTTP server, read as text
 * in one go (`request.text()`: Bun decodes it straight from its buffer, cheaper than copying the
 * bytes out and decoding them), for a parser that takes text. The text is what
 * `Buffer#toString('utf8')` gives for the same bytes (see `asDeclared`); a text that cannot come
 * from the declared length fails as `readWhole` fails (413 past the limit, else 400).
 */
export function readWholeText(request: Request, limit: number, declared: number, done: Done): void {
  request.text().then(
    (text) => {
      const decoded = asDeclared(text, declared)
      if (decoded !== null) done(null, decoded)
      else if (Buffer.byteLength(text) - 2 * replacements(text) > limit)
        done(createError('FRM_ERR_CTP_BODY_TOO_LARGE'))
      else done(createError('FRM_ERR_CTP_INVALID_CONTENT_LENGTH'))
    },
    (error: Error) => done(error),
  )
}

/**
 * `text` (from `Request#text()`) as `Buffer#toString('utf8')` decodes `declared` bytes, or null
 * when it cannot come from that many bytes. Two differences to undo: `text()` drops a leading
 * byte order mark (3 bytes; `toString` keeps U+FEFF), and an invalid sequence of 1 to 3 bytes
 * reads as U+FFFD, 3 bytes when counted again. So the bytes read were between the text's UTF-8
 * length less 2 per U+FFFD and that length (plus 3 with a dropped mark). Only for a body the
 * host delimited by its Content-Length: a body 3 bytes short would read as a dropped mark.
 */
export function asDeclared(text: string, declared: number): string | null {
  const length = Buffer.byteLength(text)
  if (length === declared) return text
  const slack = 2 * replacements(text)
  if (declared < length) return declared >= length - slack ? text : null
  // More bytes than the text holds: a dropped byte order mark, or a short body.
  return declared <= length + 3 && declared >= length + 3 - slack ? `\uFEFF${text}` : null
}

/** How many U+FFFD the text holds. */
function replacements(text: string): number {
  let count = 0
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) count++
  return count
}
