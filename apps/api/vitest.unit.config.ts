import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api-unit',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.int.test.ts', 'src/**/*.int-pg.test.ts', '**/node_modules/**'],
  },
})
