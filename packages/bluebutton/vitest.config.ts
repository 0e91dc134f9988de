import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'bluebutton', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})
