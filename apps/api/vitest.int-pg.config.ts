import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api-int-pg',
    // *.int-pg.test.ts: what only PostgreSQL has (roles and privileges).
    include: ['src/**/*.int.test.ts', 'src/**/*.int-pg.test.ts'],
    globalSetup: ['./vitest.int-pg.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
