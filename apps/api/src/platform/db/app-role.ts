// The role the API runs as in production: it reads and writes rows but owns nothing, so it can neither
// alter a table nor drop the audit log's triggers, and it holds no UPDATE, DELETE or TRUNCATE on the audit
// log at all. Migrations (ours and pg-boss's) run as the owner through `npm run db:migrate`. The audit log's
// monthly partitions are reached through the parent only: the role holds nothing on them, and the partitions
// the daily job creates (as their owner, through audit_log_create_partitions) are granted to no one.
import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { JOB_SCHEMA } from '../jobs/queue.ts'

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** Grants `role` what the API needs on the current schema; run as the owner after the migrations. */
export async function grantAppRole(database: Database, role: string): Promise<void> {
  if (database.kind !== 'postgres')
    throw new Error('Database roles exist on PostgreSQL only (the embedded database has one user).')
  if (!ROLE_NAME.test(role))
    throw new Error(`"${role}" is not a plain PostgreSQL role name (lower case, digits, _).`)
  const app = sql.identifier(role)
  const jobs = sql.identifier(JOB_SCHEMA)
  const statements = [
    sql`grant usage on schema public to ${app}`,
    sql`grant select, insert, update, delete on all tables in schema public to ${app}`,
    sql`revoke update, delete, truncate on audit_log from ${app}`,
    sql`grant usage, select on all sequences in schema public to ${app}`,
    // The job queue's tables are the queue's working state; pg-boss adds a table per new queue.
    sql`grant usage, create on schema ${jobs} to ${app}`,
    sql`grant select, insert, update, delete on all tables in schema ${jobs} to ${app}`,
    sql`grant usage, select on all sequences in schema ${jobs} to ${app}`,
  ]
  for (const statement of statements) await database.db.execute(statement)
  const { rows } = await database.executeSql(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'audit_log'::regclass`,
    [],
  )
  for (const { name } of rows)
    await database.db.execute(sql`revoke all on ${sql.identifier(String(name))} from ${app}`)
}
