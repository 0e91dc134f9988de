// The demo seed: one user per persona, TINs encrypted at rest, and idempotent.
import { ROLES } from '@blueconsent/contract/shared'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decrypt, keyedHash } from '../../platform/lib/crypto.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { DEMO_TINS, DEMO_USERS, demoUser } from './demo-personas.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { tins, userTins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'
import { seedDemo } from './seed.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

describe('demo seed', () => {
  it('has one demo user for every role except PATIENT, with the documented emails', async () => {
    const rows = await t.app.ctx.db.select({ email: users.email, role: users.role }).from(users)
    expect(rows.map((row) => row.role).sort()).toEqual(ROLES.filter((role) => role !== 'PATIENT').sort())
    expect(rows.map((row) => row.email).sort()).toEqual(DEMO_USERS.map((user) => user.email).sort())
    for (const row of rows) expect(row.email).toMatch(/@demo\.blueconsent\.app$/)
  })

  it('stores TINs encrypted with a keyed hash for lookups, and scopes ACO_USER to one', async () => {
    const { ctx } = t.app
    const rows = await ctx.db.select().from(tins)
    expect(rows).toHaveLength(DEMO_TINS.length)
    for (const row of rows) {
      expect(row.identifierEncrypted).not.toContain(row.identifierMasked.slice(-4))
      const plain = decrypt(ctx.keys, row.identifierEncrypted)
      expect(row.identifierHash).toBe(keyedHash(ctx.keys, plain.replace(/\D/g, '')))
      expect(row.identifierMasked).toBe(`XX-XXX${plain.slice(-4)}`)
      expect(plain).toMatch(/^\d{9}$/)
    }
    const [acoUser] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoUser('ACO_USER').email))
    const assigned = await ctx.db
      .select()
      .from(userTins)
      .where(eq(userTins.userId, acoUser?.id ?? ''))
    expect(assigned).toHaveLength(1)
  })

  it('is idempotent', async () => {
    expect(await seedDemo(t.app.ctx)).toEqual({ created: 0 })
    const [count] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)
    expect(count?.n).toBe(DEMO_USERS.length)
  })
})

describe('audit log', () => {
  it('accepts inserts and refuses updates and deletes', async () => {
    const { db } = t.app.ctx
    await db.insert(auditLog).values({ action: 'test.event', targetType: 'user' })
    await expect(db.update(auditLog).set({ action: 'tampered' })).rejects.toThrow()
    await expect(db.delete(auditLog)).rejects.toThrow()
    const rows = await db.select().from(auditLog)
    expect(rows.map((row) => row.action)).toEqual(['test.event'])
  })
})
