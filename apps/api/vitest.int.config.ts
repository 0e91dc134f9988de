import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api-int',
    include: ['src/**/*.int.test.ts'],
    globalSetup: ['./vitest.int.setup.ts'],
    // Timeouts catch a hung test, they measure nothing (speed is measured in bench/): CI runs these files two at a
    // time beside lint and the browser journeys on two cores, where a test app's start alone can take 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
