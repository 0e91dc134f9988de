// The account's active sessions: one per signed-in browser (a refresh family), with the device, where it was
// last used from and when; the user ends one, or every one but the session they are using. Audited.
import { describeDevice, type ActiveSession, type ActiveSessionList } from '@blueconsent/contract/two-factor'
import { type Actor } from './principal.ts'
import type { AppContext } from '../context.ts'
import { notFound, permissionDenied } from '../errors.ts'
import { writeAudit } from '../audit/index.ts'
import { isExpired } from './auth.service.ts'
import {
  listLiveSessions,
  revokeFamily,
  revokeUserSessions,
  type RefreshSessionRow,
} from './auth.repository.ts'

/** The caller's live sessions, one per family (the newest live token of each). */
async function liveFamilies(ctx: AppContext, userId: string): Promise<RefreshSessionRow[]> {
  const now = ctx.clock()
  const byFamily = new Map<string, RefreshSessionRow>()
  for (const row of await listLiveSessions(ctx.db, userId))
    if (!isExpired(row, now) && !byFamily.has(row.familyId)) byFamily.set(row.familyId, row)
  return [...byFamily.values()]
}

/** Sessions are a portal sign-in's business: an OAuth client's token has no session to keep or end. */
function portalSession(source: Actor): string {
  const family = source.principal.sessionFamilyId
  if (!family || source.principal.clientId) throw permissionDenied()
  return family
}

const toSession = (row: RefreshSessionRow, currentFamily: string): ActiveSession => ({
  id: row.familyId,
  device: describeDevice(row.userAgent),
  ip_address: row.ipAddress,
  created_at: row.familyCreatedAt.toISOString(),
  last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
  current: row.familyId === currentFamily,
})

export async function listSessions(ctx: AppContext, source: Actor): Promise<ActiveSessionList> {
  const current = portalSession(source)
  const rows = await liveFamilies(ctx, source.principal.userId)
  const results = rows
    .map((row) => toSession(row, current))
    // The session in hand first, then the most recently used.
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at))
  return { count: results.length, results }
}

/** Ends one of the caller's sessions (their current one included: that is a sign-out). */
export async function revokeSession(ctx: AppContext, source: Actor, familyId: string): Promise<void> {
  const current = portalSession(source)
  const families = await liveFamilies(ctx, source.principal.userId)
  if (!families.some((row) => row.familyId === familyId)) throw notFound()
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await revokeFamily(tx, familyId, now)
    await writeAudit(tx, source, {
      action: 'session.revoke',
      patientId: null,
      targetType: 'session',
      targetId: familyId,
      details: { current: familyId === current },
      at: now,
    })
  })
}

/** Ends every session of the caller but the one making the request; answers how many ended. */
export async function revokeOtherSessions(ctx: AppContext, source: Actor): Promise<number> {
  const current = portalSession(source)
  const others = (await liveFamilies(ctx, source.principal.userId)).filter((row) => row.familyId !== current)
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await revokeUserSessions(tx, source.principal.userId, now, current)
    await writeAudit(tx, source, {
      action: 'session.revoke_others',
      patientId: null,
      targetType: 'user',
      targetId: source.principal.userId,
      details: { signed_out: others.length },
      at: now,
    })
  })
  return others.length
}
