// Global setup for the PostgreSQL integration suite: a template database on TEST_DATABASE_URL's server.
// Each test app then gets `CREATE DATABASE … TEMPLATE …` (fast) and drops it when it closes.
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from './src/platform/db/client.ts'
import { prepareTemplate } from './src/testing/template.ts'

const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL
  if (!given) throw new Error('TEST_DATABASE_URL is required for api-int-pg')
  // Databases are created and dropped from the server's maintenance database, whatever the URL names.
  const adminUrl = withDatabase(given, 'postgres')
  const templateName = `bc_template_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${templateName}`)
  await admin.query(`CREATE DATABASE ${templateName}`)
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, templateName) })
  await prepareTemplate(database)
  await database.close()
  project.provide('testDatabase', { backend: 'postgres', adminUrl, templateName })
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`)
    await admin.end()
  }
}
