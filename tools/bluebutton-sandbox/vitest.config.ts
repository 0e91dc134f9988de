import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'bluebutton-sandbox', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})
