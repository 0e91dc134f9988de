// Key rotation's second half: re-seals every stored ciphertext with the current DATA_ENCRYPTION_KEY. Every
// column named `…_encrypted` in the public schema is found from the catalogue, so a new encrypted column is
// rotated without anyone remembering to list it. Rows are rewritten in batches, each batch in its own
// transaction, by primary key; a value already sealed with the current key is left alone, so the run can be
// stopped and started again. Search hashes do not change (lib/crypto.ts keeps them on the oldest key).
import { decrypt, encrypt, sealedWithCurrentKey, type CryptoKeys } from '../lib/crypto.ts'
import { transactionExecutor, type Database, type SqlExecutor } from './client.ts'

type EncryptedTable = { table: string; keys: string[]; columns: string[] }

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`

async function encryptedTables(database: SqlExecutor): Promise<EncryptedTable[]> {
  const { rows } = await database.executeSql(
    `select c.table_name as table, string_agg(c.column_name, ',' order by c.column_name) as columns,
            (select string_agg(k.column_name, ',' order by k.ordinal_position)
               from information_schema.table_constraints t
               join information_schema.key_column_usage k
                 on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
              where t.table_schema = 'public' and t.table_name = c.table_name
                and t.constraint_type = 'PRIMARY KEY') as keys
       from information_schema.columns c
       join information_schema.tables tb
         on tb.table_name = c.table_name and tb.table_schema = c.table_schema and tb.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name like '%\\_encrypted'
      group by c.table_name order by c.table_name`,
    [],
  )
  return rows.map((row) => {
    const keys = String(row.keys ?? '')
    if (!keys) throw new Error(`${String(row.table)} has encrypted columns but no primary key`)
    return { table: String(row.table), keys: keys.split(','), columns: String(row.columns).split(',') }
  })
}

/** The rows of a table holding at least one value not yet sealed with the current key. */
async function staleBatch(
  database: SqlExecutor,
  keysOf: CryptoKeys,
  spec: EncryptedTable,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const current = `v2:${keysOf.keyId}:%`
  const stale = spec.columns.map(
    (column) => `(${quote(column)} is not null and ${quote(column)} not like $1)`,
  )
  const { rows } = await database.executeSql(
    `select ${[...spec.keys, ...spec.columns].map(quote).join(', ')} from ${quote(spec.table)}
      where ${stale.join(' or ')} limit ${limit}`,
    [current],
  )
  return rows
}

export type RotationReport = Record<string, number>

export async function reencryptAll(
  database: Database,
  keys: CryptoKeys,
  options: { batchSize?: number } = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 500
  const report: RotationReport = {}
  for (const spec of await encryptedTables(database)) {
    let rotated = 0
    for (;;) {
      const rows = await staleBatch(database, keys, spec, batchSize)
      if (rows.length === 0) break
      await database.db.transaction(async (tx) => {
        for (const row of rows) {
          const columns = spec.columns.filter((column) => {
            const value = row[column]
            return typeof value === 'string' && !sealedWithCurrentKey(keys, value)
          })
          const values = columns.map((column) => encrypt(keys, decrypt(keys, String(row[column]))))
          const assignments = columns.map((column, index) => `${quote(column)} = $${index + 1}`)
          const where = spec.keys.map((key, index) => `${quote(key)} = $${columns.length + index + 1}`)
          await transactionExecutor(tx).executeSql(
            `update ${quote(spec.table)} set ${assignments.join(', ')} where ${where.join(' and ')}`,
            [...values, ...spec.keys.map((key) => row[key])],
          )
        }
      })
      rotated += rows.length
    }
    report[spec.table] = rotated
  }
  return report
}
