// fast-json-stringify ships no declarations for the runtime modules its standalone code requires;
// own-require.bundler.ts imports them as values and never looks inside.
declare module 'fast-json-stringify/lib/serializer.js' {
  const Serializer: unknown
  export default Serializer
}
declare module 'fast-json-stringify/lib/validator.js' {
  const Validator: unknown
  export default Validator
}
