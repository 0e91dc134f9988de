// The rules of invitations. An admin invites into their own organisation (the platform admin chooses one),
// grants only the roles their own role may give, and limits TIN-scoped roles to active TINs of that
// organisation; admins invited get every active TIN. A link's token is random, stored hashed, works once and
// for a limited time; resending replaces it, revoking voids it. Emails go through the outbox, in the same
// transaction as the invitation, so an invitation never exists without its message or the other way round.
import {
  INVITE_ROLE_LABELS,
  INVITATION_MESSAGES,
  bulkSentText,
  grantableRoles,
  invitationEmailError,
  needsTinSelection,
  type Invitation,
  type InvitationAccept,
  type InvitationAccepted,
  type InvitationBulkResult,
  type InvitationSent,
  type InvitationStatus,
  type InvitationVerify,
  type TinCatalogItem,
} from '@blueconsent/contract/invitations'
import { isAdminRole, roleFitsOrganizationType, type Role } from '@blueconsent/contract/shared'
import { maskTin, tinDigits } from '@blueconsent/contract/tins'
import {
  completeSignIn,
  mayHoldSession,
  type Actor,
  type ClientInfo,
  type SecondFactorGate,
  type SignIn,
} from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, fieldError, notFound } from '../../platform/errors.ts'
import { decrypt, encrypt, keyedHash, randomToken, sha256Hex } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import {
  activeTinsOfOrganization,
  createAccount,
  hashNewPassword,
  passwordWeakness,
  organizationById,
  organizationOptions,
  userByEmail,
  userById,
} from '../../platform/identity/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import {
  findByTokenHash,
  findInvitation,
  findPendingForEmail,
  insertInvitation,
  lockInvitationAddress,
  selectInvitations,
  updateInvitation,
  type InvitationWithNames,
} from './invitations.repository.ts'
import { formatMoment } from '@blueconsent/contract/durations'

const HOUR_MS = 3_600_000
const LIST_LIMIT = 500

type Scope = { role: Role; organization_id?: string | null; tin_ids?: string[] }
export type Target = {
  organizationId: string | null
  organizationName: string | null
  role: Role
  tinIds: string[]
}

/** The platform admin sees every organisation's invitations; an organisation admin their own. */
const listScope = (source: Actor): string | null =>
  source.principal.role === 'ADMIN' ? null : (source.principal.organizationId ?? '')

export function invitationStatus(row: InvitationWithNames['invitation'], now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted'
  if (row.revokedAt) return 'revoked'
  return row.expiresAt <= now ? 'expired' : 'pending'
}

export function toInvitation(ctx: AppContext, row: InvitationWithNames): Invitation {
  const { invitation } = row
  return {
    id: invitation.id,
    email: decrypt(ctx.keys, invitation.emailEncrypted),
    role: invitation.role,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
    is_accepted: invitation.acceptedAt !== null,
    status: invitationStatus(invitation, ctx.clock()),
    organization_name: row.organizationName,
    invited_by_email: row.invitedByEmail,
    tin_ids: invitation.tinIds,
  }
}

export async function listInvitations(ctx: AppContext, source: Actor) {
  const rows = await selectInvitations(ctx.db, listScope(source), LIST_LIMIT)
  return { count: rows.length, results: rows.map((row) => toInvitation(ctx, row)) }
}

/** Where the invitee goes and with what: the checks the form makes, made again here. */
async function resolveTarget(ctx: AppContext, db: DbOrTx, source: Actor, scope: Scope): Promise<Target> {
  const inviter = source.principal
  if (!grantableRoles(inviter.role).includes(scope.role))
    throw fieldError('role', INVITATION_MESSAGES.roleNotGrantable)
  const organizationId = inviter.role === 'ADMIN' ? (scope.organization_id ?? null) : inviter.organizationId
  const organization = organizationId ? await organizationById(db, organizationId) : undefined
  if (organizationId && !organization) throw fieldError('organization_id', 'Organization not found')
  if (!roleFitsOrganizationType(scope.role, organization?.organizationType ?? null))
    throw fieldError('role', INVITATION_MESSAGES.roleNotGrantable)
  return {
    organizationId,
    organizationName: organization?.name ?? null,
    role: scope.role,
    tinIds: await resolveTins(db, organizationId, scope),
  }
}

async function resolveTins(db: DbOrTx, organizationId: string | null, scope: Scope): Promise<string[]> {
  if (!needsTinSelection(scope.role)) return []
  const chosen = [...new Set(scope.tin_ids ?? [])]
  if (chosen.length === 0) throw fieldError('tin_ids', INVITATION_MESSAGES.selectTin)
  const active = new Set(
    organizationId ? (await activeTinsOfOrganization(db, organizationId)).map((tin) => tin.id) : [],
  )
  if (chosen.some((id) => !active.has(id))) throw fieldError('tin_ids', INVITATION_MESSAGES.tinNotYours)
  return chosen
}

/**
 * Refuses only what the inviter's organisation already knows: one of its members, or its own pending
 * invitation. An address with an account in another organisation is invited like any other (its owner's
 * email says what to do), so the answer never tells an organisation who uses the platform elsewhere.
 */
export async function refuseTaken(
  ctx: AppContext,
  db: DbOrTx,
  target: Target,
  email: string,
  emailHash: string,
) {
  const account = await userByEmail(db, email)
  if (account && account.organizationId === target.organizationId)
    throw fieldError('email', INVITATION_MESSAGES.alreadyMember)
  if (await findPendingForEmail(db, target.organizationId, emailHash, ctx.clock()))
    throw fieldError('email', INVITATION_MESSAGES.alreadyInvited)
}

const acceptUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/app/accept-invitation/${token}`
const loginUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/app/login`

async function inviterName(db: DbOrTx, userId: string): Promise<string> {
  const inviter = await userById(db, userId)
  const name = [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ')
  return name || 'A BlueConsent administrator'
}

export type InvitationEmail = {
  to: string
  role: Role
  organizationName: string | null
  token: string
  expiresAt: Date
}

/** Writes an invitation's email in the caller's transaction: the organisation's own, or a paid seat's. */
export type InvitationMailer = (
  ctx: AppContext,
  tx: DbOrTx,
  source: Actor,
  message: InvitationEmail,
) => Promise<void>

/** The link to set up an account, or, to an address that already has one, what its owner can do instead. */
async function sendInvitationEmail(ctx: AppContext, tx: DbOrTx, source: Actor, message: InvitationEmail) {
  const who = await inviterName(tx, source.principal.userId)
  const where = message.organizationName ?? 'BlueConsent'
  if (await userByEmail(tx, message.to)) {
    await queueEmail(ctx, tx, {
      template: 'invitation',
      to: message.to,
      subject: `${who} invited you to ${where} on BlueConsent`,
      text: [
        'Hello,',
        '',
        `${who} invited you to join ${where} on BlueConsent as ${INVITE_ROLE_LABELS[message.role]}.`,
        'This address already has a BlueConsent account, and an account belongs to one organization, so the invitation cannot be used with it.',
        `If you should work in ${where}, ask ${who} to invite another address of yours. To sign in to your account (or reset its password), go to:`,
        '',
        loginUrl(ctx),
        '',
        'If you were not expecting this, you can ignore this email.',
      ].join('\n'),
    })
    return
  }
  await queueEmail(ctx, tx, {
    template: 'invitation',
    to: message.to,
    subject: `${who} invited you to ${where} on BlueConsent`,
    text: [
      'Hello,',
      '',
      `${who} invited you to join ${where} on BlueConsent as ${INVITE_ROLE_LABELS[message.role]}.`,
      'To set your name and password, open this link:',
      '',
      acceptUrl(ctx, message.token),
      '',
      `The link works once and expires on ${formatMoment(message.expiresAt, 'en')}. If you were not expecting this, you can ignore this email.`,
    ].join('\n'),
  })
}

export async function createInvitation(
  ctx: AppContext,
  tx: DbOrTx,
  source: Actor,
  email: string,
  target: Target,
  mailer: InvitationMailer = sendInvitationEmail,
): Promise<InvitationWithNames> {
  const emailHash = keyedHash(ctx.keys, email)
  await lockInvitationAddress(tx, target.organizationId, emailHash)
  await refuseTaken(ctx, tx, target, email, emailHash)
  const token = randomToken()
  const now = ctx.clock()
  const expiresAt = new Date(now.getTime() + ctx.config.invitationTtlHours * HOUR_MS)
  const row = await insertInvitation(tx, {
    organizationId: target.organizationId,
    emailEncrypted: encrypt(ctx.keys, email),
    emailHash,
    role: target.role,
    tinIds: target.tinIds,
    tokenHash: sha256Hex(token),
    invitedByUserId: source.principal.userId,
    expiresAt,
    createdAt: now,
    lastSentAt: now,
  })
  await mailer(ctx, tx, source, {
    to: email,
    role: target.role,
    organizationName: target.organizationName,
    token,
    expiresAt,
  })
  await auditInvitation(ctx, tx, source, 'invitation.send', row.id, { role: target.role })
  // A team whose seats are all held adds one (paid now) before this invitation can stand.
  await ctx.events.publish(ctx, tx, 'invitation.sent', { organizationId: target.organizationId, at: now })
  return (await findInvitation(tx, null, row.id)) as InvitationWithNames
}

async function auditInvitation(
  ctx: AppContext,
  db: DbOrTx,
  source: Actor,
  action: string,
  invitationId: string,
  details: Record<string, string | number | boolean | null> = {},
) {
  await writeAudit(db, source, {
    action,
    patientId: null,
    targetType: 'invitation',
    targetId: invitationId,
    details,
    at: ctx.clock(),
  })
}

export async function sendInvitation(
  ctx: AppContext,
  source: Actor,
  input: Scope & { email: string },
): Promise<InvitationSent> {
  return ctx.db.transaction(async (tx) => {
    const target = await resolveTarget(ctx, tx, source, input)
    const row = await createInvitation(ctx, tx, source, input.email, target)
    return {
      detail: `Invitation sent to ${input.email}`,
      invitation: toInvitation(ctx, row),
      login_url: loginUrl(ctx),
    }
  })
}

/** One invitation inside the caller's transaction (the setup wizard sends its invitations with the profile). */
export async function sendInvitationWithin(
  ctx: AppContext,
  tx: DbOrTx,
  source: Actor,
  input: Scope & { email: string },
): Promise<void> {
  const target = await resolveTarget(ctx, tx, source, input)
  await createInvitation(ctx, tx, source, input.email, target)
}

/**
 * One invitation per address, each in its own transaction: a taken address is reported and the others are
 * still sent. The role and TINs are checked once, before anything is sent.
 */
export async function sendBulkInvitations(
  ctx: AppContext,
  source: Actor,
  input: Scope & { emails: string[] },
): Promise<InvitationBulkResult> {
  const target = await resolveTarget(ctx, ctx.db, source, input)
  const emails = [...new Set(input.emails.map((email) => email.trim().toLowerCase()))]
  const results: InvitationBulkResult['results'] = []
  for (const email of emails) {
    // The single invitation's rule, address by address: one typo does not hold back the others.
    const invalid = invitationEmailError(email)
    results.push(invalid ? { email, sent: false, error: invalid } : await sendOne(ctx, source, email, target))
  }
  const sent = results.filter((result) => result.sent).length
  return { detail: bulkSentText(sent), sent, results }
}

async function sendOne(ctx: AppContext, source: Actor, email: string, target: Target) {
  try {
    await ctx.db.transaction((tx) => createInvitation(ctx, tx, source, email, target))
    return { email, sent: true, error: null }
  } catch (error) {
    const message = error instanceof Error && 'fields' in error ? firstFieldMessage(error) : null
    if (message === null) throw error
    return { email, sent: false, error: message }
  }
}

const firstFieldMessage = (error: Error): string | null => {
  const fields = (error as Error & { fields: Record<string, string[]> }).fields
  return Object.values(fields)[0]?.[0] ?? null
}

async function loadManaged(ctx: AppContext, db: DbOrTx, source: Actor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound()
  const row = await findInvitation(db, listScope(source), id)
  if (!row) throw notFound()
  return row
}

/** How a resend is answered: the email to write, and the error for an invitation accepted or revoked. */
export type ResendOptions = { mailer?: InvitationMailer; usedError?: () => Error }

export async function resendInvitation(
  ctx: AppContext,
  source: Actor,
  id: string,
  options: ResendOptions = {},
): Promise<Invitation> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadManaged(ctx, tx, source, id)
    const status = invitationStatus(row.invitation, ctx.clock())
    if (status === 'accepted' || status === 'revoked')
      throw options.usedError?.() ?? fieldError('invitation_id', INVITATION_MESSAGES.resendFailed)
    const token = randomToken()
    const now = ctx.clock()
    const expiresAt = new Date(now.getTime() + ctx.config.invitationTtlHours * HOUR_MS)
    // The new token replaces the old one: the earlier link stops working.
    await updateInvitation(tx, row.invitation.id, { tokenHash: sha256Hex(token), expiresAt, lastSentAt: now })
    const email = decrypt(ctx.keys, row.invitation.emailEncrypted)
    await (options.mailer ?? sendInvitationEmail)(ctx, tx, source, {
      to: email,
      role: row.invitation.role,
      organizationName: row.organizationName,
      token,
      expiresAt,
    })
    await auditInvitation(ctx, tx, source, 'invitation.resend', row.invitation.id)
    return toInvitation(ctx, (await findInvitation(tx, null, row.invitation.id)) as InvitationWithNames)
  })
}

export async function revokeInvitation(ctx: AppContext, source: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await loadManaged(ctx, tx, source, id)
    if (invitationStatus(row.invitation, ctx.clock()) === 'accepted')
      throw fieldError('invitation_id', INVITATION_MESSAGES.revokeFailed)
    await updateInvitation(tx, row.invitation.id, { revokedAt: ctx.clock() })
    await auditInvitation(ctx, tx, source, 'invitation.revoke', row.invitation.id)
  })
}

// An unknown, used, revoked or expired link all answer alike: nothing tells a guesser which it was.
const invalid = (): AppError => new AppError(404, 'not_found', INVITATION_MESSAGES.invalidOrExpired)

export async function usableInvitation(ctx: AppContext, db: DbOrTx, token: string, lock = false) {
  if (token.length < 20 || token.length > 200) throw invalid()
  const row = await findByTokenHash(db, sha256Hex(token), lock)
  if (!row || invitationStatus(row.invitation, ctx.clock()) !== 'pending') throw invalid()
  return row
}

export async function verifyInvitation(ctx: AppContext, token: string): Promise<InvitationVerify> {
  const row = await usableInvitation(ctx, ctx.db, token)
  return {
    email: decrypt(ctx.keys, row.invitation.emailEncrypted),
    role: row.invitation.role,
    organization_name: row.organizationName,
  }
}

/**
 * Creates the invitee's account with the invited role, organisation and TINs; the invitation is used up in
 * the same transaction, so a link works once even when two tabs submit together.
 */
export async function acceptInvitation(ctx: AppContext, token: string, input: InvitationAccept) {
  // Hashed before the transaction (argon2 takes a while); a password made of the invited address is refused
  // inside it, once the invitation says which address that is.
  const passwordHash = await hashNewPassword(input.password, 'password')
  return ctx.db.transaction(async (tx) => {
    const row = await usableInvitation(ctx, tx, token, true)
    const email = decrypt(ctx.keys, row.invitation.emailEncrypted)
    const weakness = passwordWeakness(input.password, { email })
    if (weakness) throw fieldError('password', weakness)
    if (await userByEmail(tx, email)) throw fieldError('email', INVITATION_MESSAGES.accountExists)
    const role = row.invitation.role
    const organizationId = row.invitation.organizationId
    const activeTins = organizationId
      ? new Set((await activeTinsOfOrganization(tx, organizationId)).map((tin) => tin.id))
      : new Set<string>()
    const now = ctx.clock()
    const user = await createAccount(tx, {
      email,
      passwordHash,
      firstName: input.first_name.trim(),
      lastName: input.last_name.trim(),
      role,
      organizationId: row.invitation.organizationId,
      allTins: await worksUnderAllTins(tx, role, organizationId, row.invitation.tinIds),
      // A TIN deactivated since the invitation was sent is not given.
      tinIds: row.invitation.tinIds.filter((id) => activeTins.has(id)),
      // The invitation went to this address: following its link proves it.
      emailVerifiedAt: now,
      at: now,
    })
    await updateInvitation(tx, row.invitation.id, { acceptedAt: now, acceptedUserId: user.id })
    return { detail: 'Your account is ready. Sign in to continue.', login_url: loginUrl(ctx), email, user }
  })
}

/**
 * Accepts the invitation and signs the new member in: they proved the address by following the single-use
 * link and chose the password a moment ago, so asking for it again adds nothing. A second factor the
 * organisation requires still comes first: then no session starts and the member signs in to enrol.
 */
export async function acceptInvitationAndSignIn(
  ctx: AppContext,
  token: string,
  input: InvitationAccept,
  client: ClientInfo,
  secondFactor: SecondFactorGate,
): Promise<{ body: InvitationAccepted; session: SignIn['session'] | null }> {
  const { user, ...accepted } = await acceptInvitation(ctx, token, input)
  const mayStart =
    (await mayHoldSession(ctx.db, user)) &&
    !(await secondFactor.afterPassword(ctx, user, { rememberMe: false, client }))
  if (!mayStart) return { body: { ...accepted, session: null }, session: null }
  const signIn = await completeSignIn(ctx, user, false, client)
  return {
    body: { ...accepted, detail: INVITATION_MESSAGES.accountReadySignedIn, session: signIn.body },
    session: signIn.session,
  }
}

/**
 * Admins and roles not limited to TINs work under all of them. So does an invitee onto a paid seat (no TINs
 * chosen) of a practice or an agency; an ACO's seat holder waits for its admin to assign TINs.
 */
async function worksUnderAllTins(
  db: DbOrTx,
  role: Role,
  organizationId: string | null,
  tinIds: readonly string[],
): Promise<boolean> {
  if (!needsTinSelection(role) || isAdminRole(role)) return true
  if (tinIds.length > 0 || !organizationId) return false
  return (await organizationById(db, organizationId))?.organizationType !== 'ACO'
}

/** The TINs the inviter may give: their organisation's active TINs (the platform admin names one). */
export async function tinCatalog(
  ctx: AppContext,
  source: Actor,
  organizationId: string | undefined,
): Promise<{ results: TinCatalogItem[] }> {
  const orgId = source.principal.role === 'ADMIN' ? (organizationId ?? null) : source.principal.organizationId
  if (!orgId) return { results: [] }
  const rows = await activeTinsOfOrganization(ctx.db, orgId)
  return {
    results: rows.map((tin) => {
      const digits = tinDigits(decrypt(ctx.keys, tin.identifierEncrypted))
      return { id: tin.id, tin_value: digits, display_name: tin.providerOrgName, masked_tin: maskTin(digits) }
    }),
  }
}

/** The pick-list of organisations: every one for the platform admin, the caller's own for anyone else. */
export async function organizationList(ctx: AppContext, source: Actor) {
  const { principal } = source
  if (principal.role !== 'ADMIN' && !principal.organizationId) return { results: [] }
  const results = await organizationOptions(
    ctx.db,
    principal.role === 'ADMIN' ? null : principal.organizationId,
  )
  return { results }
}
