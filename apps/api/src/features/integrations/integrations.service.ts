// The rules for third-party apps: an organisation's admins register, list, rotate and delete the apps of
// their own organisation (a platform administrator those of any); every user lists and revokes the apps
// they authorized. Another organisation's app answers 404. Every change is audited.
import { WEB_OAUTH_CLIENT_ID } from '@blueconsent/contract/auth'
import {
  INTEGRATION_MESSAGES,
  type AuthorizedAppList,
  type IntegrationApp,
  type IntegrationAppCreate,
  type IntegrationAppCredentials,
  type IntegrationAppList,
} from '@blueconsent/contract/integrations'
import { type Actor, type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notFound } from '../../platform/errors.ts'
import { randomToken } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { hashPassword } from '../../platform/identity/index.ts'
import {
  deleteApp,
  findApp,
  insertApp,
  listApps,
  listUserGrants,
  organizationName,
  replaceSecretHash,
  revokeClientGrants,
  revokeUserGrant,
  type AppRow,
} from './integrations.repository.ts'

/** An app's own token manages no apps: it could otherwise mint itself siblings or read their list. */
function refuseAppTokens(principal: Principal): void {
  if (principal.clientId !== null && principal.clientId !== WEB_OAUTH_CLIENT_ID)
    throw new AppError(403, 'permission_denied', INTEGRATION_MESSAGES.thirdPartyToken)
}

/** The organisation the caller administers apps of: null means every one (the platform). */
function organizationScope(principal: Principal): string | null {
  refuseAppTokens(principal)
  return principal.isSuperuser ? null : (principal.organizationId ?? NO_ORGANIZATION)
}

// An organisation admin without an organisation administers nothing: this id matches no row.
const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000'

const appView = (row: AppRow): IntegrationApp => ({
  id: row.id,
  client_id: row.clientId,
  name: row.name,
  redirect_uris: row.redirectUris,
  organization: { id: row.organizationId, name: row.organizationName },
  created_at: row.createdAt.toISOString(),
})

/** 256 bits of randomness: hashed for storage, shown to the admin once. */
const newSecret = (): string => randomToken(32)

async function audit(
  tx: DbOrTx,
  source: Actor,
  action: string,
  app: { id: string; clientId: string; organizationId: string },
  at: Date,
): Promise<void> {
  await writeAudit(tx, source, {
    action,
    patientId: null,
    targetType: 'oauth_client',
    targetId: app.id,
    details: { client_id: app.clientId, organization_id: app.organizationId },
    at,
  })
}

export async function listIntegrationApps(
  ctx: AppContext,
  principal: Principal,
  filter: { organization_id?: string | undefined },
): Promise<IntegrationAppList> {
  const scope = organizationScope(principal)
  const organizationId = scope ?? filter.organization_id ?? null
  return { results: (await listApps(ctx.db, organizationId)).map(appView) }
}

export async function createIntegrationApp(
  ctx: AppContext,
  source: Actor,
  input: IntegrationAppCreate,
): Promise<IntegrationAppCredentials> {
  const scope = organizationScope(source.principal)
  const organizationId = scope ?? input.organization_id ?? source.principal.organizationId
  if (!organizationId || organizationId === NO_ORGANIZATION)
    throw fieldError('organization_id', INTEGRATION_MESSAGES.organizationRequired)
  if (scope === null && !(await organizationName(ctx.db, organizationId))) throw notFound()
  const secret = newSecret()
  const clientSecretHash = await hashPassword(secret)
  const clientId = `bc_${randomToken(16)}`
  const now = ctx.clock()
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await insertApp(tx, {
      clientId,
      name: input.name,
      redirectUris: [...new Set(input.redirect_uris)],
      clientSecretHash,
      organizationId,
      createdAt: now,
    })
    await audit(tx, source, 'integration.app_create', { id: inserted, clientId, organizationId }, now)
    return inserted
  })
  return { id, client_id: clientId, client_secret: secret }
}

async function appInScope(ctx: AppContext, principal: Principal, id: string): Promise<AppRow> {
  const row = await findApp(ctx.db, id, organizationScope(principal))
  if (!row) throw notFound()
  return row
}

/** A new secret replaces the old at once: a client still using the old one fails to authenticate. */
export async function rotateIntegrationSecret(
  ctx: AppContext,
  source: Actor,
  id: string,
): Promise<IntegrationAppCredentials> {
  const app = await appInScope(ctx, source.principal, id)
  const secret = newSecret()
  const clientSecretHash = await hashPassword(secret)
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await replaceSecretHash(tx, app.id, clientSecretHash)
    await audit(tx, source, 'integration.app_secret_rotate', app, now)
  })
  return { id: app.id, client_id: app.clientId, client_secret: secret }
}

/** Deleting an app ends every grant users gave it: its tokens fail on their next request. */
export async function deleteIntegrationApp(ctx: AppContext, source: Actor, id: string): Promise<void> {
  const app = await appInScope(ctx, source.principal, id)
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    await revokeClientGrants(tx, app.clientId, now)
    await deleteApp(tx, app.id)
    await audit(tx, source, 'integration.app_delete', app, now)
  })
}

export async function listAuthorizedApps(ctx: AppContext, principal: Principal): Promise<AuthorizedAppList> {
  refuseAppTokens(principal)
  const now = ctx.clock()
  const accessTokensSince = new Date(now.getTime() - ctx.tokens.lifetimeSeconds * 1000)
  const rows = await listUserGrants(ctx.db, principal.userId, { now, accessTokensSince })
  return {
    results: rows.map((row) => ({
      grant_id: row.grantId,
      app_name: row.appName,
      organization_name: row.organizationName,
      scopes: row.scope.split(' ').filter(Boolean),
      authorized_at: row.authorizedAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
    })),
  }
}

/** The user takes back what they allowed: the app's access and refresh tokens fail on the next request. */
export async function revokeAuthorizedApp(ctx: AppContext, source: Actor, grantId: string): Promise<void> {
  refuseAppTokens(source.principal)
  const now = ctx.clock()
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeUserGrant(tx, source.principal.userId, grantId, now))) throw notFound()
    await writeAudit(tx, source, {
      action: 'integration.grant_revoke',
      patientId: null,
      targetType: 'oauth_grant',
      targetId: grantId,
      at: now,
    })
  })
}
