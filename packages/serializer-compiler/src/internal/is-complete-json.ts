/**
 * Whether the output of a serializer whose schema has untyped places is JSON. Where the schema
 * gives no type, fast-json-stringify writes `JSON.stringify(value)`, which is `undefined` for a
 * function or a symbol; the only broken output it can give is therefore the bare word `undefined`
 * (or no string at all). The word inside a string value does not count: only when it stands where
 * a value starts is the whole text parsed to decide, so the usual cost is one `indexOf`.
 *
 * @example
 * isCompleteJson('{"a":undefined}') // false
 * isCompleteJson('{"a":"undefined"}') // true
 */
export function isCompleteJson(output: unknown): output is string {
  if (typeof output !== 'string') return false
  let at = output.indexOf('undefined')
  while (at !== -1) {
    const before = at === 0 ? '' : output[at - 1]
    if (before === '' || before === ':' || before === ',' || before === '[') return parses(output)
    at = output.indexOf('undefined', at + 9)
  }
  return true
}

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
