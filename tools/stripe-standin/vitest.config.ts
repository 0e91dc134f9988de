import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'stripe-standin', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})
