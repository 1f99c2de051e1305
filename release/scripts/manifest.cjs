// The rules that turn a workspace package.json into the published one. pnpm has already replaced
// `workspace:` ranges with real ones (`workspace:^` -> `^0.1.0`) and applied `publishConfig` when
// this runs (.pnpmfile.cjs, hook `beforePacking`).

/** Our own packages: the umbrella, the plugin helper and everything under `@framework/`. */
function isInternal(name) {
  return name === 'framework' || name === 'framework-plugin' || name.startsWith('@framework/')
}

/**
 * `^0.1.0` -> `>=0.1.0 <1.0.0`: before 1.0 a caret range stops at the next minor, so
 * `@framework/openapi@0.2.0` beside `framework@0.1.0` would install a second `@framework/core`.
 * The packages are released together; any 0.x at or above the one we built against is accepted.
 * From 1.0 on, carets are left alone.
 */
function widenInternalRange(range) {
  const match = /^\^(0\.\d+\.\d+)$/.exec(range)
  return match ? `>=${match[1]} <1.0.0` : range
}

/** Drops the dev-only `framework-source` condition (it points at src/, which is not shipped). */
function withoutSourceCondition(value) {
  if (Array.isArray(value)) return value.map(withoutSourceCondition)
  if (value === null || typeof value !== 'object') return value
  const result = {}
  for (const [key, entry] of Object.entries(value)) {
    if (key !== 'framework-source') result[key] = withoutSourceCondition(entry)
  }
  return result
}

/** The manifest as published. */
function publishedManifest(manifest) {
  const result = { ...manifest }
  if (result.exports !== undefined) result.exports = withoutSourceCondition(result.exports)
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = result[field]
    if (deps === undefined) continue
    result[field] = Object.fromEntries(
      Object.entries(deps).map(([name, range]) => [
        name,
        isInternal(name) ? widenInternalRange(range) : range,
      ]),
    )
  }
  // Build and test scripts are for the workspace, not for installers.
  delete result.scripts
  // devDependencies mean nothing to an installer and name workspace-only packages: leave them out.
  delete result.devDependencies
  return result
}

module.exports = { isInternal, publishedManifest, widenInternalRange }
