/**
 * True for functions declared `async`. Such a function reports its outcome through its promise,
 * so it is never called in callback style, whatever its parameter count.
 */
export function isAsyncFunction(fn: Function): boolean {
  return Object.prototype.toString.call(fn) === '[object AsyncFunction]'
}
