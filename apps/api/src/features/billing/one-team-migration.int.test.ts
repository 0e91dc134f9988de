// The migration to one team model, on a copy of the demo data: the database is migrated to the version before
// it, seeded with the demo, and given the team rows the separate seat tables held (every user of a team's
// organisation on a seat, one removed, and seat invitations pending, accepted and revoked); after the
// migration every seat invitation is in the one invitations table with everything it had, and every seat is
// held by the same people through the organisation's members.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { openDatabase, type Database } from '../../platform/db/client.ts'
import { MIGRATIONS_DIR, migrateDatabase } from '../../platform/db/migrate.ts'
import { createCryptoKeys, encrypt, keyedHash, randomToken, sha256Hex } from '../../platform/lib/crypto.ts'
import { TEST_ENCRYPTION_KEY } from '../../testing/test-keys.ts'
import { seedDemo } from '../demo-data/index.ts'
import { pendingInvitationsOf } from '../invitations/index.ts'
import { activeMemberCount, membersOf } from '../members/index.ts'

const LAST_BEFORE = '0025_support_public_sender_email_optional'
const keys = createCryptoKeys(TEST_ENCRYPTION_KEY)
const now = new Date()
const HOUR_MS = 3_600_000

let database: Database
let folder: string
let dropDatabase: () => Promise<void> = async () => {}

/** The migrations up to the one before the team merge. */
function migrationsBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blueconsent-migrations-'))
  cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE)
  expect(last).toBeGreaterThan(0)
  for (const entry of journal.entries.slice(last + 1)) rmSync(join(dir, `${entry.tag}.sql`))
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

async function emptyDatabase(): Promise<Database> {
  const info = inject('testDatabase')
  if (info.backend === 'pglite') return openDatabase({ kind: 'pglite', dataDir: null })
  const name = `bc_test_migration_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: info.adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: info.adminUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  }
  const url = new URL(info.adminUrl)
  url.pathname = `/${name}`
  return openDatabase({ kind: 'postgres', url: url.toString() })
}

type Row = Record<string, unknown>
const rows = async (text: string, values: unknown[] = []): Promise<Row[]> =>
  (await database.executeSql(text, values)).rows

type Team = { organizationId: string; accountId: string; users: { id: string; is_active: boolean }[] }

/** What the old demo billing kept for each team: an account, every user on a seat, a seat invitation. */
async function legacyTeams(): Promise<Team[]> {
  const organizations = await rows(
    `select id from organizations where organization_type <> 'INDIVIDUAL' order by name`,
  )
  const teams: Team[] = []
  for (const { id } of organizations) {
    const users = (await rows(`select id, is_active from users where organization_id = $1 order by id`, [
      id,
    ])) as Team['users']
    if (users.length === 0) continue
    const [account] = await rows(
      `insert into billing_accounts (organization_id, account_type, team_name, seats_total)
       values ($1, 'TEAM', 'Demo team', $2) returning id`,
      [id, users.length + 1],
    )
    const accountId = String(account?.id)
    for (const user of users)
      await rows(`insert into billing_team_members (billing_account_id, user_id) values ($1, $2)`, [
        accountId,
        user.id,
      ])
    teams.push({ organizationId: String(id), accountId, users })
  }
  return teams
}

async function legacyInvitation(team: Team, email: string, outcome: 'pending' | 'accepted' | 'revoked') {
  const acceptedUser = team.users[0]?.id ?? null
  await rows(
    `insert into billing_team_invitations (billing_account_id, email_encrypted, email_hash, role, token_hash,
       invited_by_user_id, expires_at, accepted_at, accepted_user_id, revoked_at, created_at, last_sent_at)
     values ($1, $2, $3, 'PHYSICIAN_USER', $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      team.accountId,
      encrypt(keys, email),
      keyedHash(keys, email),
      sha256Hex(randomToken()),
      team.users[0]?.id ?? null,
      new Date(now.getTime() + 48 * HOUR_MS).toISOString(),
      outcome === 'accepted' ? now.toISOString() : null,
      outcome === 'accepted' ? acceptedUser : null,
      outcome === 'revoked' ? now.toISOString() : null,
      new Date(now.getTime() - HOUR_MS).toISOString(),
      new Date(now.getTime() - 30_000).toISOString(),
    ],
  )
}

const INVITATION_COLUMNS = [
  'id',
  'email_encrypted',
  'email_hash',
  'role',
  'token_hash',
  'invited_by_user_id',
  'expires_at',
  'accepted_at',
  'accepted_user_id',
  'revoked_at',
  'created_at',
  'last_sent_at',
]

let teams: Team[]
let legacy: Row[]
let invitationsBefore: number

beforeAll(async () => {
  folder = migrationsBefore()
  database = await emptyDatabase()
  await migrateDatabase(database, folder)
  await seedDemo({ db: database.db, keys })
  teams = await legacyTeams()
  // One removed member: the old seat list kept them inactive, and their account was deactivated with it.
  const removed = teams[0]?.users.at(-1)
  if (removed) {
    await rows(`update billing_team_members set is_active = false, removed_at = now() where user_id = $1`, [
      removed.id,
    ])
    await rows(`update users set is_active = false where id = $1`, [removed.id])
    removed.is_active = false
  }
  for (const [index, team] of teams.entries()) {
    await legacyInvitation(team, `seat.pending.${index}@example.org`, 'pending')
    await legacyInvitation(team, `seat.accepted.${index}@example.org`, 'accepted')
    await legacyInvitation(team, `seat.revoked.${index}@example.org`, 'revoked')
  }
  legacy = await rows(
    `select ${INVITATION_COLUMNS.map((column) => `i.${column}`).join(', ')}, a.organization_id
     from billing_team_invitations i join billing_accounts a on a.id = i.billing_account_id order by i.id`,
  )
  invitationsBefore = (await rows('select id from invitations')).length
  await migrateDatabase(database)
}, 120_000)

afterAll(async () => {
  await database?.close()
  await dropDatabase()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

describe('the one team model migration', () => {
  it('moves every seat invitation into the invitations table with everything it had', async () => {
    expect(teams.length).toBeGreaterThan(2)
    expect(legacy).toHaveLength(teams.length * 3)
    const moved = await rows(
      `select ${INVITATION_COLUMNS.join(', ')}, organization_id, tin_ids from invitations
       where id = any($1::uuid[]) order by id`,
      [legacy.map((row) => row.id)],
    )
    expect(moved).toEqual(legacy.map((row) => ({ ...row, tin_ids: [] })))
    expect(await rows('select id from invitations')).toHaveLength(invitationsBefore + legacy.length)
  })

  it('leaves the seats with the same people: the organisation’s members, active as they were', async () => {
    const ctx = { keys, clock: () => now } as unknown as Parameters<typeof pendingInvitationsOf>[0]
    for (const team of teams) {
      const members = await membersOf(database.db, team.organizationId)
      expect(
        members
          .map((member) => ({ id: member.id, is_active: member.isActive }))
          .sort((a, b) => a.id.localeCompare(b.id)),
      ).toEqual(team.users)
      expect(await activeMemberCount(database.db, team.organizationId)).toBe(
        team.users.filter((user) => user.is_active).length,
      )
      const pending = await pendingInvitationsOf(ctx, database.db, team.organizationId)
      expect(pending.map((invitation) => invitation.email)).toContain(
        `seat.pending.${teams.indexOf(team)}@example.org`,
      )
      expect(pending.map((invitation) => invitation.email)).not.toContain(
        `seat.revoked.${teams.indexOf(team)}@example.org`,
      )
    }
  })

  it('drops the separate seat tables', async () => {
    const left = await rows(
      `select table_name from information_schema.tables where table_name like 'billing_team_%'`,
    )
    expect(left).toEqual([])
  })
})
