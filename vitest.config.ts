import { defineConfig } from 'vitest/config'

// `npx vitest` at the root runs every package as a project; CI goes through turbo.
export default defineConfig({
  test: { projects: ['packages/*'] },
})
