// drizzle-kit's record of the schema (migrations/meta) must match the TypeScript schema: otherwise the next
// `npm run db:generate` repeats a hand-written migration's changes or stops at interactive questions. After a
// hand-written migration, `npm run db:snapshot --workspace @blueconsent/api` brings the record up to date.
import { spawnSync } from 'node:child_process'
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const apiRoot = join(import.meta.dirname, '../../..')
const migrations = join(apiRoot, 'src/platform/db/migrations')
// Inside apps/api and named relatively: drizzle-kit reads an absolute `out` as relative to the working folder.
const copyName = `.migrations-check-${process.pid}`
const copy = join(apiRoot, copyName)
const config = join(apiRoot, `drizzle-check-${process.pid}.config.ts`)

afterAll(() => {
  rmSync(copy, { recursive: true, force: true })
  rmSync(config, { force: true })
})

describe('migration snapshots', { timeout: 120_000 }, () => {
  it('record exactly the TypeScript schema: drizzle-kit generates nothing', () => {
    cpSync(migrations, copy, { recursive: true })
    const before = readdirSync(copy).sort()
    writeFileSync(
      config,
      `import { defineConfig } from 'drizzle-kit'\nexport default defineConfig({ dialect: 'postgresql', schema: './src/platform/db/schema/index.ts', out: './${copyName}' })\n`,
    )
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(apiRoot, 'scripts/drizzle-generate.ts'), `--config=${config}`],
      // No terminal: a question drizzle-kit would ask (a rename it cannot decide) ends the run instead.
      { cwd: apiRoot, encoding: 'utf8', input: '', timeout: 100_000 },
    )
    expect(`${run.stdout}${run.stderr}`).toContain('No schema changes')
    expect(readdirSync(copy).sort()).toEqual(before)
  })
})
