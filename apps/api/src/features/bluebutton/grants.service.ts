// Blue Button tokens per (client id, beneficiary), encrypted at rest. Refresh tokens are
// single use, so refreshes are serialised on the grant row (SELECT ... FOR UPDATE) and the rotated
// refresh token is committed before the new access token is handed out. Expired grants are never refreshed.
import {
  BlueButtonError,
  isBlueButtonError,
  type AccessTokenSource,
  type BlueButtonClient,
  type TokenSet,
} from '@blueconsent/bluebutton'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { decrypt, encrypt, keyedHash } from '../../platform/lib/crypto.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import { blueButtonClients } from './clients.ts'
import {
  destroyGrantTokens,
  findGrantRow,
  findLiveGrantForUpdate,
  grantIdOfRequest,
  lockGrant,
  otherAuthorizedRequestUses,
  setGrantPart2Shared,
  storeRefreshedTokens,
  upsertGrant,
  type GrantRow,
} from './grants.repository.ts'

export type { GrantRow }

// An access token this close to its end is refreshed first rather than failing mid-page.
const ACCESS_TOKEN_MARGIN_MS = 60_000

export const beneficiaryHash = (ctx: AppContext, patientId: string): string =>
  keyedHash(ctx.keys, `bluebutton-patient:${patientId}`)

/** Creates or replaces the pair's tokens: a new consent revokes the pair's older tokens at CMS anyway. */
export async function saveGrant(
  ctx: AppContext,
  tx: DbOrTx,
  input: { clientId: string; patientId: string; tokens: TokenSet },
): Promise<GrantRow> {
  const { tokens } = input
  const now = ctx.clock()
  const values = {
    accessTokenEncrypted: encrypt(ctx.keys, tokens.accessToken),
    refreshTokenEncrypted: tokens.refreshToken ? encrypt(ctx.keys, tokens.refreshToken) : null,
    accessExpiresAt: tokens.expiresAt,
    grantExpiresAt: tokens.accessGrantExpiration,
    scopes: tokens.scopes.join(' '),
    demographicsWithheld: tokens.demographicsWithheld,
    // A new consent may answer the Part 2 question differently; the next pull tells.
    part2Shared: null,
    revokedAt: null,
    updatedAt: now,
  }
  const row = await upsertGrant(tx, {
    clientId: input.clientId,
    beneficiaryHash: beneficiaryHash(ctx, input.patientId),
    beneficiaryEncrypted: encrypt(ctx.keys, input.patientId),
    values,
  })
  if (!row) throw new Error('grant upsert returned no row')
  return row
}

export const findGrant = (db: DbOrTx, grantId: string): Promise<GrantRow | undefined> =>
  findGrantRow(db, grantId)

export const recordGrantPart2Sharing = (db: DbOrTx, grantId: string, shared: boolean | null): Promise<void> =>
  setGrantPart2Shared(db, grantId, shared)

const grantGone = (detail: string): BlueButtonError =>
  new BlueButtonError({ code: 'revoked', endpoint: 'token', detail })

function usableAccessToken(ctx: AppContext, row: GrantRow, rejected: string | null): string | null {
  if (!row.accessTokenEncrypted) return null
  const token = decrypt(ctx.keys, row.accessTokenEncrypted)
  const fresh =
    row.accessExpiresAt !== null &&
    row.accessExpiresAt.getTime() - ACCESS_TOKEN_MARGIN_MS > ctx.clock().getTime()
  return fresh && token !== rejected ? token : null
}

/**
 * A current access token for the grant, refreshing when the stored one is stale or was just rejected.
 * Two pullers racing here take turns on the row lock; the second one finds the first one's new token.
 */
export async function currentAccessToken(
  ctx: AppContext,
  grantId: string,
  client: BlueButtonClient,
  rejected: string | null,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockGrant(tx, grantId)
    if (!row || row.revokedAt) throw grantGone('The Medicare grant was revoked in this portal.')
    if (row.grantExpiresAt && row.grantExpiresAt.getTime() <= ctx.clock().getTime()) {
      throw new BlueButtonError({
        code: 'reconsent_required',
        endpoint: 'token',
        detail: 'The Medicare grant has ended.',
      })
    }
    const usable = usableAccessToken(ctx, row, rejected)
    if (usable) return usable
    if (!row.refreshTokenEncrypted) {
      throw new BlueButtonError({
        code: 'one_time_app',
        endpoint: 'token',
        detail: 'One-time access has ended.',
      })
    }
    const tokens = await client.refresh(decrypt(ctx.keys, row.refreshTokenEncrypted))
    await storeRefreshedTokens(tx, row.id, {
      accessTokenEncrypted: encrypt(ctx.keys, tokens.accessToken),
      refreshTokenEncrypted: tokens.refreshToken ? encrypt(ctx.keys, tokens.refreshToken) : null,
      accessExpiresAt: tokens.expiresAt,
      updatedAt: ctx.clock(),
    })
    return tokens.accessToken
  })
}

/** For the client's FHIR calls: asks again (refreshing) after a 401. */
export const grantTokenSource =
  (ctx: AppContext, grantId: string, client: BlueButtonClient): AccessTokenSource =>
  (rejected) =>
    currentAccessToken(ctx, grantId, client, rejected)

/**
 * Revokes at CMS and destroys the tokens when no other authorized request uses the grant. CMS is best
 * effort (its revoke answers 200 even for unknown tokens); the local tokens are destroyed regardless.
 */
export async function revokeGrantForRequest(ctx: AppContext, tx: DbOrTx, requestId: string): Promise<void> {
  const grantId = await grantIdOfRequest(tx, requestId)
  if (!grantId) return
  if (await otherAuthorizedRequestUses(tx, grantId, requestId)) return
  const grant = await findLiveGrantForUpdate(tx, grantId)
  if (!grant) return
  if (grant.accessTokenEncrypted) {
    // CMS is told after commit, by a job: a network call inside this transaction would hold its row locks
    // (and, on PGlite, the whole database) for as long as CMS takes to answer.
    const job: RevokeAtBlueButtonJob = {
      clientId: grant.clientId,
      accessTokenEncrypted: grant.accessTokenEncrypted,
    }
    await ctx.jobs.enqueue(tx, QUEUES.revokeAtBlueButton, job)
  }
  await destroyGrantTokens(tx, grant.id, ctx.clock())
}

export type RevokeAtBlueButtonJob = { clientId: string; accessTokenEncrypted: string }

/**
 * Revokes a destroyed grant's token at CMS. Transient failures throw so the queue retries with backoff; a
 * token CMS no longer knows (expired, already revoked) needs nothing more.
 */
export async function revokeAtBlueButton(ctx: AppContext, job: RevokeAtBlueButtonJob): Promise<void> {
  const client = blueButtonClients(ctx).byClientId(job.clientId)
  if (!client) return
  try {
    await client.revoke(decrypt(ctx.keys, job.accessTokenEncrypted))
  } catch (error) {
    if (isBlueButtonError(error) && !error.transient) return
    throw error
  }
}
