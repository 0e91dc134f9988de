// The API integration suite's projects: every *.int.test.ts on PGlite (api-int) and, when TEST_DATABASE_URL is
// set, again on PostgreSQL with the PostgreSQL-only files (api-int-pg).
//
// Files share one module registry per worker (isolate: false): each file builds its own app on its own
// database and the app keeps no state in a module, so a fresh import of the whole app per file bought nothing
// and cost about a third of the suite's CPU. A file that mocks one of the app's modules imports the app again
// after the mock (vi.resetModules). The few files that need a process of their own (tracing must load before
// Fastify, http and pg, which Node itself caches) run in the `…-own-process` projects, isolated as before.
import { fileURLToPath } from 'node:url'
import { defineProject, type UserWorkspaceConfig } from 'vitest/config'

const API_ROOT = fileURLToPath(new URL('.', import.meta.url))

/** Files that must start with no app module loaded in their process. */
export const OWN_PROCESS_FILES = ['src/platform/telemetry/tracing.int.test.ts']

type Backend = { name: string; include: string[]; globalSetup: string }

export const PGLITE: Backend = {
  name: 'api-int',
  include: ['src/**/*.int.test.ts'],
  globalSetup: './vitest.int.setup.ts',
}

export const POSTGRES: Backend = {
  name: 'api-int-pg',
  // *.int-pg.test.ts: what only PostgreSQL has (roles and privileges, several instances on one database).
  include: ['src/**/*.int.test.ts', 'src/**/*.int-pg.test.ts'],
  globalSetup: './vitest.int-pg.setup.ts',
}

function project(backend: Backend, ownProcess: boolean): UserWorkspaceConfig {
  return defineProject({
    root: API_ROOT,
    test: {
      name: ownProcess ? `${backend.name}-own-process` : backend.name,
      include: ownProcess ? OWN_PROCESS_FILES : backend.include,
      exclude: ownProcess ? [] : ['**/node_modules/**', ...OWN_PROCESS_FILES],
      isolate: ownProcess,
      globalSetup: [backend.globalSetup],
      // Timeouts catch a hung test, they measure nothing (speed is measured in bench/): CI runs these files two
      // at a time beside lint and the browser journeys on two cores, where a test app's start alone can take 30 s.
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  })
}

/** The shared-registry project of a backend and its own-process companion. */
export const integrationProjects = (backend: Backend): UserWorkspaceConfig[] => [
  project(backend, false),
  project(backend, true),
]
