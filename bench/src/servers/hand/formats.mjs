// Hand-written checks for the string formats the scenario schemas use, as strict as the
// "full" format mode schema-first frameworks enable by default (calendar-checked dates,
// RFC 3339 times with an offset, RFC 3986 URIs).

// WHATWG HTML "valid e-mail address" grammar.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i

const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|[+-](\d{2}):?(\d{2}))$/i

// RFC 3986 URI: scheme ":" hier-part [ "?" query ] [ "#" fragment ], built from its char sets.
const UNRESERVED_SUB = "a-z0-9\\-._~!$&'()*+,;="
const PCHAR = `(?:[${UNRESERVED_SUB}:@]|%[0-9a-f]{2})`
const USERINFO = `(?:(?:[${UNRESERVED_SUB}:]|%[0-9a-f]{2})*@)?`
const HOST = `(?:\\[[0-9a-f:.v]+\\]|(?:[${UNRESERVED_SUB}]|%[0-9a-f]{2})*)`
const HIER = `(?://${USERINFO}${HOST}(?::\\d*)?(?:/${PCHAR}*)*|/?(?:${PCHAR}+(?:/${PCHAR}*)*)?)`
const URI = new RegExp(
  `^[a-z][a-z0-9+\\-.]*:${HIER}(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
  'i',
)

export function isEmail(s) {
  return EMAIL.test(s)
}

export function isUuid(s) {
  return UUID.test(s)
}

export function isUri(s) {
  return URI.test(s)
}

/** `YYYY-MM-DD` naming a real calendar day. */
export function isDate(s) {
  const m = DATE.exec(s)
  if (m === null) return false
  const year = +m[1]
  const month = +m[2]
  const day = +m[3]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)
}

/** RFC 3339 date-time with a mandatory offset (`Z` or `±hh:mm`). */
export function isDateTime(s) {
  const t = s.length > 10 ? s.charCodeAt(10) : 0
  // 'T', 't' or a space separate the date from the time
  if (t !== 84 && t !== 116 && t !== 32) return false
  if (!isDate(s.slice(0, 10))) return false
  const m = TIME.exec(s.slice(11))
  if (m === null) return false
  const offsetOk = m[4] === undefined || (+m[4] <= 23 && +m[5] <= 59)
  return +m[1] <= 23 && +m[2] <= 59 && +m[3] <= 60 && offsetOk
}

function daysIn(year, month) {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}
