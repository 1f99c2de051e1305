// pnpm hooks for this workspace. Only `beforePacking` (run by `pnpm pack` and `pnpm publish`, so by
// `pnpm release` too): it shapes the package.json that goes into each tarball. The workspace's own
// manifests stay as they are. release/scripts/manifest.cjs holds the rules and says why.
const { publishedManifest } = require('./release/scripts/manifest.cjs')

module.exports = {
  hooks: {
    beforePacking(manifest) {
      return publishedManifest(manifest)
    },
  },
}
