import { defineConfig } from 'vitest/config'

// One runner for the whole monorepo; each workspace keeps its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'tools/*', 'apps/web', 'apps/api/vitest.unit.config.ts', 'apps/api/vitest.int.config.ts'],
  },
})
