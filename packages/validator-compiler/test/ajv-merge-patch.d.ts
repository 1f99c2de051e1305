// ajv-merge-patch ships no type declarations.
declare module 'ajv-merge-patch' {
  import type Ajv from 'ajv'

  const addKeywords: (ajv: Ajv) => void
  export default addKeywords
}
