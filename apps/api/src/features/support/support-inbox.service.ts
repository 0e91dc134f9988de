// The admin support inbox's rules. Every read and action is filtered by the admin's scope (a superuser: every
// request; an admin-group member: their organisation's, never the public form's), so anything else is 404.
// Subject, message, sender and replies are decrypted only into the answer to the admin reading them; audit
// rows carry the reference and what changed, never text; the reply's email subject names only the reference.
import type {
  SupportAdmin,
  SupportAdminList,
  SupportInboxItem,
  SupportInboxList,
  SupportRequestDetail,
  SupportStatus,
} from '@blueconsent/contract/support'
import { SUPPORT_INBOX_MESSAGES } from '@blueconsent/contract/support'
import { isValidPatientId } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { adminScopeOf } from '../../platform/access/access.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { queueEmail } from '../../platform/outbox/index.ts'
import {
  countInbox,
  findInboxRequest,
  insertReply,
  repliesOf,
  selectAdmins,
  selectInbox,
  senderAccount,
  updateRequest,
  type InboxFilter,
  type InboxRow,
  type InboxScope,
  type RequestChange,
} from './support-inbox.repository.ts'

type Page = { page: number; pageSize: number; path: string }
type Details = Record<string, string | number | boolean | null | string[]>

const badRequest = (detail: string): AppError => new AppError(400, 'validation_error', detail)

/** null for a superuser (every request); else the admin's own organisation id. */
function scopeOf(source: Actor): InboxScope {
  const scope = adminScopeOf(source.principal)
  if (scope.kind === 'platform') return null
  // An admin-group member without an organisation administers nothing: a scope no row matches.
  return scope.organizationId ?? '00000000-0000-0000-0000-000000000000'
}

const fullName = (first: string | null, last: string | null): string =>
  [first, last].filter(Boolean).join(' ')

const adminOf = (row: { id: string; firstName: string; lastName: string; email: string }): SupportAdmin => ({
  id: row.id,
  name: fullName(row.firstName, row.lastName) || row.email,
  email: row.email,
})

async function audit(
  ctx: AppContext,
  db: DbOrTx,
  source: Actor,
  action: string,
  targetId: string | null,
  details: Details,
): Promise<void> {
  await writeAudit(db, source, {
    action,
    patientId: null,
    targetType: targetId ? 'support_request' : 'admin',
    targetId,
    details,
    at: ctx.clock(),
  })
}

function toItem(ctx: AppContext, row: InboxRow): SupportInboxItem {
  const request = row.request
  return {
    id: request.id,
    reference: request.reference,
    subject: decrypt(ctx.keys, request.subjectEncrypted),
    sender_name: request.senderNameEncrypted ? decrypt(ctx.keys, request.senderNameEncrypted) : null,
    sender_email: request.senderEmailEncrypted ? decrypt(ctx.keys, request.senderEmailEncrypted) : null,
    organization_id: request.organizationId,
    organization_name: row.organizationName,
    source: request.source,
    status: request.status,
    assignee:
      request.assigneeId && row.assigneeEmail
        ? adminOf({
            id: request.assigneeId,
            firstName: row.assigneeFirstName ?? '',
            lastName: row.assigneeLastName ?? '',
            email: row.assigneeEmail,
          })
        : null,
    created_at: request.createdAt.toISOString(),
  }
}

export type InboxQuery = { status?: SupportStatus; assignee?: string }

export async function listSupportInbox(
  ctx: AppContext,
  source: Actor,
  query: InboxQuery,
  page: Page,
): Promise<SupportInboxList> {
  const filter: InboxFilter = { scope: scopeOf(source), status: query.status }
  if (query.assignee === 'me') filter.assigneeId = source.principal.userId
  else if (query.assignee === 'unassigned') filter.assigneeId = null
  else if (query.assignee) filter.assigneeId = query.assignee
  const total = await countInbox(ctx.db, filter)
  const rows = await selectInbox(ctx.db, filter, page.pageSize, (page.page - 1) * page.pageSize)
  // Listing shows subjects and senders: it is a read like opening one, recorded with the filters used.
  await audit(ctx, ctx.db, source, 'admin.support_viewed', null, {
    filters: Object.keys(query).filter((key) => query[key as keyof InboxQuery] !== undefined),
    results: rows.length,
  })
  const kept = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `&${key}=${encodeURIComponent(String(value))}`)
    .join('')
  const url = (n: number) => `${page.path}?page=${n}&page_size=${page.pageSize}${kept}`
  return {
    count: total,
    next: page.page * page.pageSize < total ? url(page.page + 1) : null,
    previous: page.page > 1 ? url(page.page - 1) : null,
    results: rows.map((row) => toItem(ctx, row)),
  }
}

/** The administrators the inbox can be filtered by: those within the reader's scope. */
export async function listSupportAdmins(ctx: AppContext, source: Actor): Promise<SupportAdminList> {
  const rows = await selectAdmins(ctx.db, scopeOf(source), undefined)
  return { results: rows.map(adminOf) }
}

async function load(db: DbOrTx, source: Actor, id: string, forUpdate = false): Promise<InboxRow> {
  if (!isValidPatientId(id)) throw notFound()
  const row = await findInboxRequest(db, scopeOf(source), id, forUpdate)
  if (!row) throw notFound()
  return row
}

async function detailOf(
  ctx: AppContext,
  db: DbOrTx,
  source: Actor,
  row: InboxRow,
): Promise<SupportRequestDetail> {
  const request = row.request
  const [account, replies, assignable] = await Promise.all([
    request.userId ? senderAccount(db, request.userId) : Promise.resolve(null),
    repliesOf(db, request.id),
    selectAdmins(db, scopeOf(source), request.organizationId),
  ])
  return {
    ...toItem(ctx, row),
    message: decrypt(ctx.keys, request.messageEncrypted),
    account: account
      ? {
          id: account.id,
          name: fullName(account.firstName, account.lastName) || account.email,
          email: account.email,
          role: account.role,
          is_active: account.isActive,
        }
      : null,
    answered_at: request.answeredAt?.toISOString() ?? null,
    closed_at: request.closedAt?.toISOString() ?? null,
    replies: replies.map((reply) => ({
      id: reply.id,
      author_name: fullName(reply.firstName, reply.lastName) || null,
      body: decrypt(ctx.keys, reply.bodyEncrypted),
      created_at: reply.createdAt.toISOString(),
    })),
    assignable: assignable.map(adminOf),
  }
}

export async function getSupportRequest(
  ctx: AppContext,
  source: Actor,
  id: string,
): Promise<SupportRequestDetail> {
  const row = await load(ctx.db, source, id)
  await audit(ctx, ctx.db, source, 'admin.support_viewed', row.request.id, {
    reference: row.request.reference,
  })
  return detailOf(ctx, ctx.db, source, row)
}

/** One change of a request, with its audit row, in one transaction; answers the request as it now is. */
async function act(
  ctx: AppContext,
  source: Actor,
  id: string,
  step: (tx: DbOrTx, row: InboxRow) => Promise<{ action: string; details: Details }>,
): Promise<SupportRequestDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await load(tx, source, id, true)
    const { action, details } = await step(tx, row)
    await audit(ctx, tx, source, action, row.request.id, { reference: row.request.reference, ...details })
    return detailOf(ctx, tx, source, await load(tx, source, id))
  })
}

/** Assign to an administrator who can see the request and whom the assigning admin administers; null unassigns. */
export async function assignSupportRequest(
  ctx: AppContext,
  source: Actor,
  id: string,
  assigneeId: string | null,
): Promise<SupportRequestDetail> {
  return act(ctx, source, id, async (tx, row) => {
    if (assigneeId !== null) {
      const admins = await selectAdmins(tx, scopeOf(source), row.request.organizationId)
      if (!admins.some((admin) => admin.id === assigneeId))
        throw badRequest(SUPPORT_INBOX_MESSAGES.notAnAdmin)
    }
    await updateRequest(tx, row.request.id, { assigneeId })
    return {
      action: 'admin.support_assigned',
      details: { assignee_before: row.request.assigneeId, assignee_after: assigneeId },
    }
  })
}

/**
 * The reply is stored encrypted and emailed to the sender in the same transaction (the outbox delivers it
 * after commit), and the request becomes answered.
 */
export async function replyToSupportRequest(
  ctx: AppContext,
  source: Actor,
  id: string,
  body: string,
): Promise<SupportRequestDetail> {
  return act(ctx, source, id, async (tx, row) => {
    const request = row.request
    if (request.status === 'closed') throw badRequest(SUPPORT_INBOX_MESSAGES.replyToClosed)
    if (!request.senderEmailEncrypted) throw badRequest(SUPPORT_INBOX_MESSAGES.noReplyAddress)
    const now = ctx.clock()
    await insertReply(tx, {
      requestId: request.id,
      authorId: source.principal.userId,
      bodyEncrypted: encrypt(ctx.keys, body),
      createdAt: now,
    })
    const name = request.senderNameEncrypted ? decrypt(ctx.keys, request.senderNameEncrypted) : null
    await queueEmail(ctx, tx, {
      template: 'support-reply',
      to: decrypt(ctx.keys, request.senderEmailEncrypted),
      // The outbox keeps subjects in the clear: the reference only.
      subject: `Re: your support request ${request.reference}`,
      text: [
        `Hello ${name ?? 'there'},`,
        '',
        body,
        '',
        `Request ID: ${request.reference}`,
        'Please quote the request ID if you write to us about it.',
        '',
        '— BlueConsent support',
      ].join('\n'),
    })
    const change: RequestChange = { status: 'answered', answeredAt: now }
    await updateRequest(tx, request.id, change)
    return {
      action: 'admin.support_replied',
      details: { status_before: request.status, status_after: 'answered' },
    }
  })
}

/** Close, or reopen (back to new: it waits for someone again, and counts as waiting on the dashboard). */
export async function setSupportRequestClosed(
  ctx: AppContext,
  source: Actor,
  id: string,
  closed: boolean,
): Promise<SupportRequestDetail> {
  return act(ctx, source, id, async (tx, row) => {
    const request = row.request
    if (closed && request.status === 'closed') throw badRequest(SUPPORT_INBOX_MESSAGES.alreadyClosed)
    if (!closed && request.status !== 'closed') throw badRequest(SUPPORT_INBOX_MESSAGES.notClosed)
    const status = closed ? 'closed' : 'new'
    await updateRequest(tx, request.id, { status, closedAt: closed ? ctx.clock() : null })
    return {
      action: 'admin.support_status_changed',
      details: { status_before: request.status, status_after: status },
    }
  })
}
