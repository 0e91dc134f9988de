import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'hcc', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})
