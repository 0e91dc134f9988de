// The patient's side of a request: the link, 'Connect with Medicare' (PKCE and state kept server-side),
// 'Decline', and Blue Button's callback. Receipts and the first data pull follow from the request's
// denied and authorized events.
import { type ConsentLanguage, type ConsentPage, type ConsentResult } from '@blueconsent/contract/consent'
import { ROLE_LABELS } from '@blueconsent/contract/shared'
import { isBlueButtonError, type BlueButtonClient, type TokenSet } from '@blueconsent/bluebutton'
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { decrypt, encrypt, sha256Hex } from '../../platform/lib/crypto.ts'
import {
  findRequestedDurationDays,
  hashConsentToken,
  transitionRequest,
} from '../authorization-requests/index.ts'
import { blueButtonClients, saveGrant, SCOPES_BY_TYPE } from '../bluebutton/index.ts'
import { recordBlueButtonPatient } from '../patients/index.ts'
import {
  claimConsentFlow,
  findRequest,
  findRequestByTokenHash,
  insertConsentFlow,
  organizationIsActive,
  type RequestRow,
  type RequestWithRequester,
} from './consent.repository.ts'
import { grantEnd, medicareGrantEnd } from './grant-end.ts'

// Blue Button's own consent step is valid 10 minutes; ours a little longer to cover the login.
const FLOW_VALIDITY_MS = 30 * 60 * 1000

const linkGone = (): AppError => new AppError(409, 'conflict', 'This link can no longer be used.')

type LinkState = ConsentPage['state']

function linkState(ctx: AppContext, found: RequestWithRequester | undefined): LinkState {
  if (!found) return 'invalid'
  if (!found.organizationActive) return 'unavailable'
  const { request } = found
  if (request.consentAnsweredAt) return 'answered'
  // Cancelled by staff or swept as expired before the patient answered: the link simply stopped working.
  if (request.status !== 'pending') return 'expired'
  const expires = request.consentTokenExpiresAt
  return expires && expires.getTime() > ctx.clock().getTime() ? 'open' : 'expired'
}

function toConsentPage(
  state: LinkState,
  found: RequestWithRequester | undefined,
  durationDays: number | null,
): ConsentPage {
  const request = found?.request
  const agent = request?.authorizationType === 'insurance_agent'
  // A deactivated organisation's link tells the patient nothing about the request, not even who sent it.
  if (state === 'unavailable')
    return { ...toConsentPage('invalid', undefined, null), state, language: request?.language ?? 'en' }
  const shown = found && state !== 'invalid'
  return {
    state,
    status: request?.status ?? null,
    language: request?.language ?? 'en',
    requester_name: shown ? `${found.requesterFirstName} ${found.requesterLastName}`.trim() || null : null,
    requester_role: shown ? found.requesterRole : null,
    requester_role_label: shown ? ROLE_LABELS[found.requesterRole] : null,
    organization_name: shown ? found.organizationName : null,
    data_types: !request ? [] : agent ? ['medications'] : ['medications', 'claims', 'risk_score'],
    authorization_type: request?.authorizationType ?? null,
    access_duration: !request ? null : agent ? 'one_time' : 'thirteen_months',
    duration_days: shown && !agent ? durationDays : null,
    expires_at: request?.consentTokenExpiresAt?.toISOString() ?? null,
  }
}

const lookup = (ctx: AppContext, db: DbOrTx, token: string): Promise<RequestWithRequester | undefined> =>
  findRequestByTokenHash(db, hashConsentToken(token))

export async function describeConsentLink(ctx: AppContext, token: string): Promise<ConsentPage> {
  const found = await lookup(ctx, ctx.db, token)
  const durationDays = found ? await findRequestedDurationDays(ctx.db, found.request.id) : null
  return toConsentPage(linkState(ctx, found), found, durationDays)
}

async function openRequest(ctx: AppContext, db: DbOrTx, token: string): Promise<RequestRow> {
  const found = await lookup(ctx, db, token)
  const state = linkState(ctx, found)
  if (!found) throw new AppError(404, 'not_found', 'Not found.')
  if (state !== 'open') throw linkGone()
  return found.request
}

/** A fresh state + PKCE verifier per click; the browser then goes to Blue Button's authorize page. */
export async function startConnect(
  ctx: AppContext,
  token: string,
  language: ConsentLanguage | undefined,
): Promise<string> {
  const request = await openRequest(ctx, ctx.db, token)
  const lang = language ?? request.language
  const client = blueButtonClients(ctx).forType(request.authorizationType)
  const authorization = await client.createAuthorizationRequest({
    lang,
    scopes: SCOPES_BY_TYPE[request.authorizationType],
  })
  await insertConsentFlow(ctx.db, {
    requestId: request.id,
    stateHash: sha256Hex(authorization.state),
    codeVerifierEncrypted: encrypt(ctx.keys, authorization.codeVerifier),
    clientId: client.clientId,
    language: lang,
    expiresAt: new Date(ctx.clock().getTime() + FLOW_VALIDITY_MS),
  })
  return authorization.url
}

export async function declineConsent(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const request = await openRequest(ctx, tx, token)
    await answer(ctx, tx, request, 'denied', 'patient_declined')
  })
}

async function answer(
  ctx: AppContext,
  tx: DbOrTx,
  request: RequestRow,
  to: 'denied',
  event: string,
): Promise<void> {
  const now = ctx.clock()
  await transitionRequest(ctx, tx, {
    requestId: request.id,
    to,
    event,
    actor: { kind: 'patient' },
    at: now,
    patch: { consentAnsweredAt: now },
  })
}

export type CallbackOutcome = { result: ConsentResult; language: ConsentLanguage }

/** Blue Button's redirect: exchange the code at once (single use, ~60 s), then authorize and queue the pull. */
export async function handleCallback(
  ctx: AppContext,
  query: URLSearchParams,
  log: FastifyBaseLogger,
): Promise<CallbackOutcome> {
  const state = query.get('state')
  const flow = state ? await claimConsentFlow(ctx.db, sha256Hex(state), ctx.clock()) : undefined
  if (!state || !flow) return { result: 'error', language: 'en' }
  const language = flow.language
  const request = await findRequest(ctx.db, flow.requestId)
  const client = blueButtonClients(ctx).byClientId(flow.clientId)
  if (!request || !client || request.status !== 'pending' || request.consentAnsweredAt)
    return { result: 'error', language }
  // The organisation was deactivated while the patient was at Medicare: nothing is authorized for it.
  if (!(await organizationIsActive(ctx.db, request.organizationId))) return { result: 'error', language }
  try {
    const { code } = client.parseCallback(query, state)
    const tokens = await client.exchangeCode({
      code,
      codeVerifier: decrypt(ctx.keys, flow.codeVerifierEncrypted),
    })
    const patientId = await client.resolvePatientId(tokens)
    await authorize(ctx, { request, client, tokens, patientId })
    return { result: 'authorized', language }
  } catch (error) {
    if (isBlueButtonError(error) && error.code === 'access_denied') {
      await ctx.db.transaction((tx) => answer(ctx, tx, request, 'denied', 'patient_denied_at_medicare'))
      return { result: 'denied', language }
    }
    log.warn({ err: error, requestId: request.id }, 'Blue Button callback failed')
    return { result: 'error', language }
  }
}

type Authorization = { request: RequestRow; client: BlueButtonClient; tokens: TokenSet; patientId: string }

async function authorize(ctx: AppContext, input: Authorization): Promise<void> {
  const { request, client, tokens, patientId } = input
  const now = ctx.clock()
  const durationDays = await findRequestedDurationDays(ctx.db, request.id)
  await ctx.db.transaction(async (tx) => {
    const grant = await saveGrant(ctx, tx, { clientId: client.clientId, patientId, tokens })
    await recordBlueButtonPatient(ctx, tx, request.patientId, patientId)
    await transitionRequest(ctx, tx, {
      requestId: request.id,
      to: 'authorized',
      event: 'patient_authorized',
      actor: { kind: 'patient' },
      at: now,
      details: { client_id: client.clientId, scopes: tokens.scopes.join(' ') },
      patch: {
        grantId: grant.id,
        authorizedAt: now,
        consentAnsweredAt: now,
        expiresAt: grantEnd(now, request, tokens, durationDays),
        medicareAccessEndsAt: medicareGrantEnd(now, tokens),
        statusMessage: tokens.demographicsWithheld
          ? 'The patient did not share name and birth date with this organisation.'
          : null,
      },
    })
  })
}
