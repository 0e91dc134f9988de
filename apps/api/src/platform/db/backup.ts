// Backups of either database, to one file. PostgreSQL: pg_dump's custom format (compressed, restorable table
// by table with pg_restore), taken while the portal runs. PGlite: its own data-directory dump (a gzipped
// tarball), taken through the directory lock, so the portal must be stopped first; restore writes a fresh
// directory, never over a live one. Encrypted columns stay encrypted: a backup is useless without
// DATA_ENCRYPTION_KEY, which is kept elsewhere on purpose.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { DatabaseConfig } from '../config.ts'
import { openDatabase } from './client.ts'

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${errors.trim()}`)),
    )
  })
}

export async function backupDatabase(config: DatabaseConfig, file: string): Promise<void> {
  if (config.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, config.url])
    return
  }
  if (!config.dataDir) throw new Error('An in-memory PGlite database has nothing to back up.')
  const database = await openDatabase(config)
  try {
    const dump = await database.pglite?.dumpDataDir('gzip')
    if (!dump) throw new Error('PGlite did not produce a dump')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
}

export async function restoreDatabase(config: DatabaseConfig, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`)
  if (config.kind === 'postgres') {
    // Into the database DATABASE_URL names, replacing what is there (the schema is in the dump).
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--dbname',
      config.url,
      file,
    ])
    return
  }
  if (!config.dataDir) throw new Error('Restore needs DATA_DIR: an in-memory database cannot be restored.')
  if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0)
    throw new Error(
      `${config.dataDir} is not empty: restore into a new DATA_DIR (or move the old one aside first).`,
    )
  const database = await openDatabase(config, { loadDataDir: new Blob([readFileSync(file)]) })
  await database.close()
}
