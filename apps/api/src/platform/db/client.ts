// One database handle for the app, backed by PGlite (embedded default) or PostgreSQL (DATABASE_URL).
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { DatabaseConfig } from '../config.ts'
import * as schema from './schema/index.ts'
import { lockDataDir } from './data-dir-lock.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type DbOrTx = Db | Tx

/**
 * Independent reads: together on the pool, one after another inside a transaction. A transaction holds one
 * connection, and node-postgres deprecates (and from 9.0 refuses) a query sent while another runs on it.
 */
export async function readAll<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const thunks = reads as readonly (() => PromiseLike<unknown>)[]
  if (!(db instanceof PgTransaction)) return (await Promise.all(thunks.map((read) => read()))) as unknown as T
  const results: unknown[] = []
  for (const read of thunks) results.push(await read())
  return results as unknown as T
}

export type SqlResult = { rows: Record<string, unknown>[] }
/** The raw-SQL shape pg-boss 10 expects for its `db` option. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<SqlResult> }

export type Database = SqlExecutor & {
  kind: 'pglite' | 'postgres'
  db: Db
  /** Present for PGlite, so tests can snapshot a migrated database. */
  pglite: PGlite | null
  /** PostgreSQL's connection pool as the metrics report it: open, idle and waiting clients. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number }
  close(): Promise<void>
}

export type OpenOptions = {
  /** Starts PGlite from a tarball made by `dumpDataDir` (test templates). */
  loadDataDir?: Blob
  /** Told when the server ends an idle pooled connection (restart, failover, admin command). */
  onConnectionError?: (error: Error) => void
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, options) : openPglite(config.dataDir, options)
}

async function openPglite(dataDir: string | null, options: OpenOptions): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const unlock = dataDir ? lockDataDir(dataDir) : () => {}
  const lite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  }).catch((error: unknown) => {
    unlock()
    throw error
  })
  const db = drizzlePglite(lite, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    pglite: lite,
    async executeSql(text, values) {
      if (values && values.length > 0) return (await lite.query(text, values)) as SqlResult
      // pg-boss sends multi-statement DDL without parameters; only exec() accepts that.
      const results = await lite.exec(text)
      return (results[results.length - 1] ?? { rows: [] }) as SqlResult
    },
    async close() {
      await lite.close()
      unlock()
    },
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client whose connection the server ends emits 'error' on the pool; unheard, that event would
  // crash the process. The pool has already dropped the client, and the next query opens a fresh one.
  pool.on('error', (error) => options.onConnectionError?.(error))
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  return {
    kind: 'postgres',
    db,
    pglite: null,
    async executeSql(text, values) {
      return (await pool.query(text, values)) as unknown as SqlResult
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    close: () => pool.end(),
  }
}

/**
 * Runs pg-boss's raw SQL inside a Drizzle transaction, so a job is committed or rolled back together with
 * the state change that caused it. pg-boss writes `$1`-style placeholders; Drizzle renumbers its own, so
 * each placeholder becomes a bound parameter in order (a repeated `$1` simply binds the value twice).
 */
export function transactionExecutor(tx: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = []
      let last = 0
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)))
        chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`)
        last = match.index + match[0].length
      }
      chunks.push(sql.raw(text.slice(last)))
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as SqlResult
      return { rows: result.rows }
    },
  }
}
