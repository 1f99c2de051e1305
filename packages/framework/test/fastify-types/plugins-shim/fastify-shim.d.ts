// The README's alternative to the `paths` mapping: `'fastify'` re-exports the framework.
declare module 'fastify' {
  export * from 'framework'
  export { default } from 'framework'
}
