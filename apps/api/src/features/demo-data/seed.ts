// Idempotent demo seed: run at start in demo mode and by `npm run db:seed`. Existing rows are left as
// they are (a demo user who changed their password keeps it).
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../platform/context.ts'
import { hashPassword, userByEmail } from '../../platform/identity/index.ts'
import { encrypt, keyedHash, type CryptoKeys } from '../../platform/lib/crypto.ts'
import type { Db } from '../../platform/db/client.ts'
import {
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  DEMO_TINS,
  DEMO_USERS,
  type DemoOrganizationKey,
} from './demo-personas.ts'
import { maskTin, tinDigits } from '@blueconsent/contract/tins'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { tins, userTins } from '../../platform/db/schema/tins.ts'
import { userGroups, users } from '../../platform/db/schema/users.ts'

async function ensureOrganization(db: Db, key: DemoOrganizationKey): Promise<string> {
  const spec = DEMO_ORGANIZATIONS[key]
  const [existing] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.name, spec.name), eq(organizations.isDemo, true)))
  if (existing) return existing.id
  const [created] = await db
    .insert(organizations)
    .values({ name: spec.name, organizationType: spec.organizationType, isDemo: true })
    .returning({ id: organizations.id })
  if (!created) throw new Error('organisation insert returned no row')
  return created.id
}

async function ensureTin(
  db: Db,
  keys: CryptoKeys,
  organizationId: string,
  tin: (typeof DEMO_TINS)[number],
): Promise<string> {
  const digits = tinDigits(tin.identifier)
  const hash = keyedHash(keys, digits)
  const [existing] = await db
    .select({ id: tins.id })
    .from(tins)
    .where(and(eq(tins.organizationId, organizationId), eq(tins.identifierHash, hash)))
  if (existing) return existing.id
  const [created] = await db
    .insert(tins)
    .values({
      organizationId,
      identifierEncrypted: encrypt(keys, digits),
      identifierHash: hash,
      identifierMasked: maskTin(digits),
      providerOrgName: tin.providerOrgName,
    })
    .returning({ id: tins.id })
  if (!created) throw new Error('TIN insert returned no row')
  return created.id
}

export async function seedDemo(ctx: Pick<AppContext, 'db' | 'keys'>): Promise<{ created: number }> {
  const { db, keys } = ctx
  const organizationIds = new Map<DemoOrganizationKey, string>()
  for (const key of Object.keys(DEMO_ORGANIZATIONS) as DemoOrganizationKey[]) {
    organizationIds.set(key, await ensureOrganization(db, key))
  }
  const acoId = organizationIds.get('aco')
  if (!acoId) throw new Error('demo ACO missing')
  const tinIds = []
  for (const tin of DEMO_TINS) tinIds.push(await ensureTin(db, keys, acoId, tin))

  let created = 0
  let passwordHash: string | undefined
  for (const persona of DEMO_USERS) {
    const existing = await userByEmail(db, persona.email)
    if (existing) {
      // A database seeded before admin groups existed gets the demo ACO admin's group on its next start.
      if (persona.role === 'ACO_ADMIN') await ensureOrganizationAdminGroup(db, existing.id)
      continue
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD)
    const [user] = await db
      .insert(users)
      .values({
        email: persona.email,
        passwordHash,
        firstName: persona.firstName,
        lastName: persona.lastName,
        role: persona.role,
        organizationId: persona.organization ? (organizationIds.get(persona.organization) ?? null) : null,
        allTins: persona.role === 'ACO_ADMIN',
        isSuperuser: persona.role === 'ADMIN',
        isDemo: true,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id })
    if (!user) throw new Error('user insert returned no row')
    const firstTin = tinIds[0]
    if (persona.role === 'ACO_USER' && firstTin)
      await db.insert(userTins).values({ userId: user.id, tinId: firstTin })
    // The ACO's admin administers their own organisation in the admin area (the demo ADMIN: the platform).
    if (persona.role === 'ACO_ADMIN') await ensureOrganizationAdminGroup(db, user.id)
    created += 1
  }
  return { created }
}

const ensureOrganizationAdminGroup = (db: Db, userId: string) =>
  db.insert(userGroups).values({ userId, name: 'Organization Admin' }).onConflictDoNothing()
