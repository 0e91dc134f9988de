import { existsSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// One runner for the whole monorepo; each workspace keeps its own project config.
// The API integration suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projectConfigs = [
  'packages/contract/vitest.config.ts',
  'packages/bluebutton/vitest.config.ts',
  'packages/hcc/vitest.config.ts',
  'tools/bluebutton-sandbox/vitest.config.ts',
  'tools/stripe-standin/vitest.config.ts',
  'apps/web/vite.config.ts',
  'apps/api/vitest.unit.config.ts',
  'apps/api/vitest.int.config.ts',
  ...(process.env.TEST_DATABASE_URL ? ['apps/api/vitest.int-pg.config.ts'] : []),
]

export default defineConfig({
  test: {
    projects: [
      ...projectConfigs.filter((path) => existsSync(path)),
      // The lint config's own test: the architecture rules fail on code written to break them.
      { test: { name: 'lint-config', include: ['scripts/*.test.ts'], testTimeout: 60_000 } },
      // The plain-Node scripts' own tests (the dependency audit gate).
      { test: { name: 'scripts', include: ['scripts/*.test.mjs'] } },
    ],
  },
})
