// ajv-merge-patch ships no type declarations.
declare module 'ajv-merge-patch' {
  /** Adds the `$merge` and `$patch` keywords to an Ajv instance. */
  const mergePatch: (ajv: any) => unknown
  export default mergePatch
}
