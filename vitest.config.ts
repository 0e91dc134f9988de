import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { integrationProjects, PGLITE, POSTGRES } from './apps/api/vitest.int.projects.ts'

// One runner for the whole monorepo; each workspace keeps its own project config.
// The API integration suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projectConfigs = [
  'packages/contract/vitest.config.ts',
  'packages/bluebutton/vitest.config.ts',
  'packages/hcc/vitest.config.ts',
  'tools/bluebutton-sandbox/vitest.config.ts',
  'tools/stripe-standin/vitest.config.ts',
  'apps/web/vite.config.ts',
  'apps/api/vitest.unit.config.ts',
]

// The API integration suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const integration = [
  ...integrationProjects(PGLITE),
  ...(process.env.TEST_DATABASE_URL ? integrationProjects(POSTGRES) : []),
]

// Files that take minutes (real server processes killed and restarted, several instances behind nginx,
// fuzzing every route, every route for every role): they start first, so none of them is left running alone
// at the end while the other workers have nothing to do.
const LONG_FILES =
  /\/(crash-safety|pull-crash-safety|scale-out|scale-out-jobs|cluster|contract-fuzz|lifecycle-matrix|access-matrix|build)\.int(-pg)?\.test\.ts$/

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const long = (file: TestSpecification) => LONG_FILES.test(file.moduleId)
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))]
  }
}

export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself (one worker on a two-core machine), but the integration files
    // spend much of their time waiting on servers, timers and the database: two workers at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      ...projectConfigs.filter((path) => existsSync(path)),
      ...integration,
      // The lint config's own test: the architecture rules fail on code written to break them.
      { test: { name: 'lint-config', include: ['scripts/*.test.ts'], testTimeout: 60_000 } },
      // The plain-Node scripts' own tests (the dependency audit gate).
      { test: { name: 'scripts', include: ['scripts/*.test.mjs'] } },
    ],
  },
})
