// Seeds N synthetic patients (default 1,000,000) into a fresh PostgreSQL database built by the app's own
// migrations. MBIs and MRNs are encrypted with the app's crypto and carry its keyed hashes, as the app's
// code stores them. The patients indexes are dropped for the load and rebuilt from their own definitions
// afterwards; the name index (patient_name_terms, patient_name_vocabulary) is filled by migration 0005's
// statement-level triggers as each batch lands, as it is in the app. The tables are then vacuumed and
// analysed, the state autovacuum keeps a live database in (index-only scans need the visibility map).
// Usage: npx tsx bench/patients/seed.ts [count] [database-url]
import pg from 'pg'
import { openDatabase } from '../../apps/api/src/platform/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/platform/db/migrate.ts'
import { hashPassword } from '../../apps/api/src/platform/identity/passwords.ts'
import { createCryptoKeys, encrypt, keyedHash } from '../../apps/api/src/platform/lib/crypto.ts'
import { BENCH, benchDatabaseUrl } from './settings.ts'
import { syntheticMbi, syntheticMrn, syntheticPatient } from './synthetic.ts'

const count = Number(process.argv[2] ?? 1_000_000)
const url = benchDatabaseUrl(process.argv[3])
const BATCH = 5_000

async function recreateDatabase(): Promise<void> {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
  await client.end()
}

async function createOrganizations(client: pg.Client): Promise<string[]> {
  const ids: string[] = []
  for (let index = 0; index < BENCH.organizations; index += 1) {
    const { rows } = await client.query<{ id: string }>(
      `insert into organizations (name, organization_type) values ($1, 'ACO') returning id`,
      [`Bench ACO ${index}`],
    )
    ids.push(rows[0]!.id)
  }
  // One ACO admin (all TINs) in the first organisation, for the API half of the benchmark.
  await client.query(
    `insert into users (email, password_hash, first_name, last_name, role, organization_id, all_tins)
     values ($1, $2, 'Bench', 'Admin', 'ACO_ADMIN', $3, true)`,
    [BENCH.userEmail, await hashPassword(BENCH.userPassword), ids[0]],
  )
  return ids
}

async function dropPatientIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'patients' and indexname <> 'patients_pkey'`,
  )
  for (const row of rows) await client.query(`drop index "${row.indexname}"`)
  return rows.map((row) => row.indexdef)
}

async function insertBatch(
  client: pg.Client,
  organizationIds: string[],
  start: number,
  end: number,
): Promise<void> {
  const keys = createCryptoKeys(BENCH.encryptionKey)
  const columns: unknown[][] = [[], [], [], [], [], [], [], [], [], [], []]
  for (let index = start; index < end; index += 1) {
    const person = syntheticPatient(index)
    const mbi = syntheticMbi(index)
    const mrn = syntheticMrn(index)
    const values = [
      organizationIds[index % organizationIds.length],
      person.fullName,
      JSON.stringify([person.given]),
      person.family,
      person.birthDate,
      person.gender,
      encrypt(keys, mrn),
      keyedHash(keys, mrn),
      encrypt(keys, mbi),
      keyedHash(keys, mbi),
      'MA',
    ]
    values.forEach((value, column) => columns[column]!.push(value))
  }
  await client.query(
    `insert into patients (organization_id, full_name, given_names, family_name, birth_date, gender,
       mrn_encrypted, mrn_hash, mbi_encrypted, mbi_hash, state)
     select * from unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::date[], $6::text[],
       $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])`,
    columns,
  )
}

async function main(): Promise<void> {
  const started = Date.now()
  await recreateDatabase()
  const database = await openDatabase({ kind: 'postgres', url })
  await migrateDatabase(database)
  await database.close()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const organizationIds = await createOrganizations(client)
  const indexes = await dropPatientIndexes(client)
  for (let start = 0; start < count; start += BATCH) {
    await insertBatch(client, organizationIds, start, Math.min(count, start + BATCH))
    if ((start / BATCH) % 20 === 0)
      process.stdout.write(`${start + BATCH} rows, ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
  }
  const loaded = Date.now()
  await client.query("set maintenance_work_mem = '512MB'")
  for (const definition of indexes) await client.query(definition)
  await client.query('vacuum analyze patients, patient_name_terms, patient_name_vocabulary')
  await client.end()
  process.stdout.write(
    `seeded ${count} patients in ${((loaded - started) / 1000).toFixed(0)} s, indexes rebuilt in ${((Date.now() - loaded) / 1000).toFixed(0)} s\n`,
  )
}

await main()
