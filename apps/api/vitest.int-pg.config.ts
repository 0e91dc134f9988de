import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api-int-pg',
    include: ['src/**/*.int.test.ts'],
    globalSetup: ['./vitest.int-pg.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
