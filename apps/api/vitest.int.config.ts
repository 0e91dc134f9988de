import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api-int',
    include: ['src/**/*.int.test.ts'],
    globalSetup: ['./vitest.int.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
