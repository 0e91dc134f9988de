// A patient's text back (Twilio webhook or the dev 'reply as patient' control): YES opts in and sends the
// link, STOP denies every open request to that number and silences it, HELP explains.
import { toE164 } from '@blueconsent/contract/shared'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { keyedHash } from '../../platform/lib/crypto.ts'
import {
  acceptSmsOptIn,
  recordRequestEvent,
  recordSmsOptOut,
  type RequestRow,
} from '../authorization-requests/index.ts'
import { queueSms } from '../../platform/outbox/index.ts'
import { findOpenSmsRequests, findRequesterCopy } from './messaging.repository.ts'
import type { Language } from './templates/copy.ts'
import { helpSms, nothingPendingSms } from './templates/sms-templates.ts'

export type InboundAction = 'opted_in' | 'opted_out' | 'help' | 'ignored'
export type InboundResult = { action: InboundAction; requests: number }

const YES_WORDS = new Set(['YES', 'Y', 'SI', 'SÍ'])
// Twilio's standard opt-out words; any of them as the first word counts (opt-outs are honoured generously).
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])
const HELP_WORDS = new Set(['HELP', 'INFO', 'AYUDA'])

export function classifyReply(body: string): InboundAction {
  const first = (body.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}]/gu, '').toUpperCase()
  if (YES_WORDS.has(first)) return 'opted_in'
  if (STOP_WORDS.has(first)) return 'opted_out'
  if (HELP_WORDS.has(first)) return 'help'
  return 'ignored'
}

const normalisePhone = (from: string): string =>
  from.trim().startsWith('+') ? `+${from.replace(/\D/g, '')}` : toE164(from)

/** YES: each request waiting for it becomes pending; messaging texts the link on the consented event. */
async function optIn(ctx: AppContext, tx: DbOrTx, requests: RequestRow[], now: Date): Promise<number> {
  const waiting = requests.filter((r) => r.status === 'consent_pending' && r.smsConsent === 'awaiting_reply')
  for (const request of waiting) await acceptSmsOptIn(ctx, tx, request, now)
  return waiting.length
}

async function optOut(ctx: AppContext, tx: DbOrTx, requests: RequestRow[], now: Date): Promise<number> {
  for (const request of requests) await recordSmsOptOut(ctx, tx, request, now)
  return requests.length
}

async function help(
  ctx: AppContext,
  tx: DbOrTx,
  phone: string,
  requests: RequestRow[],
  now: Date,
): Promise<number> {
  const newest = requests[0]
  if (!newest) {
    await queueSms(ctx, tx, { template: 'sms_help', to: phone, body: nothingPendingSms('en').body })
    return 0
  }
  const requester = await findRequesterCopy(tx, newest.requesterUserId)
  await queueSms(ctx, tx, {
    template: 'sms_help',
    to: phone,
    organizationId: newest.organizationId,
    body: helpSms(newest.language as Language, requester.organizationName).body,
  })
  await recordRequestEvent(tx, { request: newest, event: 'sms_help', actor: { kind: 'patient' }, at: now })
  return 1
}

export async function handleInboundSms(
  ctx: AppContext,
  input: { from: string; body: string },
): Promise<InboundResult> {
  const action = classifyReply(input.body)
  if (action === 'ignored') return { action, requests: 0 }
  const phone = normalisePhone(input.from)
  const now = ctx.clock()
  return ctx.db.transaction(async (tx) => {
    const open = await findOpenSmsRequests(tx, keyedHash(ctx.keys, phone), now)
    if (action === 'opted_in') return { action, requests: await optIn(ctx, tx, open, now) }
    if (action === 'opted_out') return { action, requests: await optOut(ctx, tx, open, now) }
    return { action, requests: await help(ctx, tx, phone, open, now) }
  })
}
