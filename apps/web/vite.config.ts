// Vite config for the web app; it is also the vitest project 'web' (listed in the root vitest.config.ts).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))
// The API (Fastify) listens here in development; it also serves the OAuth server under /o/.
const apiTarget = process.env.BLUECONSENT_API_URL ?? 'http://127.0.0.1:8000'

// npm hoists @vitejs/plugin-react to the root, where it sees vitest's vite 8 and hands this app's vite 7 dev
// server vite 8's native refresh-wrapper plugin, which vite 7 rejects ("Missing field moduleType"). Keep the
// plugin's own JavaScript refresh wrapper instead; builds and tests never use it.
function reactPlugins() {
  return react().map((plugin) =>
    plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'vite:react:refresh-wrapper'
      ? {
          ...plugin,
          applyToEnvironment: (environment: { config: { consumer: string } }) =>
            environment.config.consumer === 'client',
        }
      : plugin,
  )
}

/**
 * React Router ships a production build beside its development one, but its package exports name only the
 * development build, whose dev-only warnings then reach production users and cost every page about 0.6 kB
 * gzip. Production bundles take the production build; the dev server and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      const production = resolved?.id.replace(
        '/react-router/dist/development/',
        '/react-router/dist/production/',
      )
      return resolved && production && existsSync(production) ? { ...resolved, id: production } : resolved
    },
  }
}

export default defineConfig({
  root,
  plugins: [reactRouterProductionBuild(), reactPlugins(), tailwindcss()],
  // '@/components/ui/…' instead of '../../../components/ui/…'; the same alias is in tsconfig.json's paths.
  resolve: { alias: { '@/': `${root}src/` } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/o': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-size.mjs sum exactly what the login route loads.
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // zod ships /*#__PURE__*/ annotations in places Rollup cannot use; Rollup drops them and says so on
      // every build. Harmless (the code is unchanged), so that one note is silenced; every other warning shows.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
        warn(warning)
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // Generous for the same reason as asyncUtilTimeout in setup.ts (CI's lanes share two cores).
    testTimeout: 20_000,
    // One jsdom for all files: environment start-up dominated the run (about 2.5 s per file on this
    // machine). src/testing/setup.ts resets every global (session, query cache, storage, cookies, timers).
    isolate: false,
  },
})
