// Brings drizzle-kit's record of the schema up to date after a hand-written migration. drizzle-kit compares
// the TypeScript schema with the newest snapshot in migrations/meta; a migration written by hand (SQL that
// drizzle-kit cannot express: triggers, partitions, data moves) leaves that snapshot behind, and the next
// `db:generate` would repeat its changes or stop at interactive rename questions. This writes the snapshot of
// the current TypeScript schema under the newest journal entry and chains every snapshot's prevId in journal
// order. Run after adding a hand-written migration and its schema change:
//   npm run db:snapshot --workspace @blueconsent/api
import { randomUUID } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

type Snapshot = { id: string; prevId: string } & Record<string, unknown>
type Journal = { entries: { idx: number; tag: string }[] }

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const meta = join(apiRoot, 'src/platform/db/migrations/meta')
const FIRST_PREV_ID = '00000000-0000-0000-0000-000000000000'

/** The snapshot drizzle-kit makes of the TypeScript schema from nothing (its first migration's). */
function freshSnapshot(): Snapshot {
  const out = mkdtempSync(join(tmpdir(), 'drizzle-snapshot-'))
  const config = join(apiRoot, `drizzle-snapshot-${process.pid}.config.ts`)
  writeFileSync(
    config,
    [
      "import { defineConfig } from 'drizzle-kit'",
      `export default defineConfig({ dialect: 'postgresql', schema: './src/platform/db/schema/index.ts', out: ${JSON.stringify(out)} })`,
      '',
    ].join('\n'),
  )
  try {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(apiRoot, 'scripts/drizzle-generate.ts'), `--config=${config}`],
      { cwd: apiRoot, encoding: 'utf8' },
    )
    if (run.status !== 0) throw new Error(`drizzle-kit generate failed:\n${run.stdout}\n${run.stderr}`)
    return JSON.parse(readFileSync(join(out, 'meta/0000_snapshot.json'), 'utf8')) as Snapshot
  } finally {
    rmSync(config, { force: true })
    rmSync(out, { recursive: true, force: true })
  }
}

const snapshotPath = (idx: number): string => join(meta, `${String(idx).padStart(4, '0')}_snapshot.json`)

export function repairSnapshots(): { written: string; chained: number } {
  const journal = JSON.parse(readFileSync(join(meta, '_journal.json'), 'utf8')) as Journal
  const newest = journal.entries.at(-1)
  if (!newest) throw new Error('the migration journal is empty')
  const fresh = freshSnapshot()
  const newestPath = snapshotPath(newest.idx)
  const kept = existsSync(newestPath) ? (JSON.parse(readFileSync(newestPath, 'utf8')) as Snapshot) : null
  writeFileSync(newestPath, `${JSON.stringify({ ...fresh, id: kept?.id ?? randomUUID() }, null, 2)}\n`)
  let prevId = FIRST_PREV_ID
  let chained = 0
  for (const entry of journal.entries) {
    const path = snapshotPath(entry.idx)
    if (!existsSync(path)) continue
    const snapshot = JSON.parse(readFileSync(path, 'utf8')) as Snapshot
    if (snapshot.prevId !== prevId) {
      writeFileSync(path, `${JSON.stringify({ ...snapshot, prevId }, null, 2)}\n`)
      chained += 1
    }
    prevId = snapshot.id
  }
  const strays = readdirSync(meta).filter(
    (name) =>
      name.endsWith('_snapshot.json') && !journal.entries.some((e) => snapshotPath(e.idx).endsWith(name)),
  )
  if (strays.length > 0) throw new Error(`snapshots without a journal entry: ${strays.join(', ')}`)
  return { written: newestPath, chained }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { written, chained } = repairSnapshots()
  console.log(`wrote ${written}; ${chained} snapshot(s) re-chained`)
}
