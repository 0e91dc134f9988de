// Test helpers for the consent → Blue Button → ingestion loop (imported by *.int.test.ts only).
import {
  createBeneficiaryRegistry,
  simulateBeneficiaryConsent,
  type ConsentOutcome,
} from '@blueconsent/bluebutton-sandbox'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { demoUser, type DemoPersona } from '../features/demo-data/index.ts'
import { authorizationRequests } from '../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../platform/db/schema/bluebutton.ts'
import { patients } from '../platform/db/schema/patients.ts'
import { users } from '../platform/db/schema/users.ts'
import { encrypt, keyedHash } from '../platform/lib/crypto.ts'
import { createClient, type TestClient } from './http-client.ts'
import type { TestApp } from './test-app.ts'
import { injectFetch } from '../features/bluebutton/index.ts'
import { issueConsentToken } from '../features/authorization-requests/index.ts'

const registry = createBeneficiaryRegistry('blueconsent')

/** The sandbox beneficiary's name, so a request can be made out to them (or deliberately not). */
export function sandboxName(username: string): { given: string; family: string } {
  const beneficiary = registry.findByUsername(username)
  if (!beneficiary) throw new Error(`no sandbox beneficiary ${username}`)
  return beneficiary.name
}

export type PendingRequest = { requestId: string; patientId: string; token: string; requesterId: string }

/** A pending request with a fresh consent link, as the create endpoint leaves it. */
export async function createPendingRequest(
  t: TestApp,
  input: {
    persona: DemoPersona
    patientName: string
    language?: 'en' | 'es'
    birthDate?: string
    /** The birth date typed on the request (encrypted as the create endpoint stores it). */
    requestedBirthDate?: string
    /** A second request for a patient who already has one (a renewal, say); else a new patient. */
    patientId?: string
  },
): Promise<PendingRequest> {
  const { ctx } = t.app
  const [requester] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(input.persona).email))
  if (!requester?.organizationId) throw new Error('demo requester without organisation')
  const contact = `patient-${Math.random().toString(36).slice(2)}@example.test`
  const [patient] = input.patientId
    ? await ctx.db.select().from(patients).where(eq(patients.id, input.patientId))
    : await ctx.db
        .insert(patients)
        .values({
          organizationId: requester.organizationId,
          fullName: input.patientName,
          birthDate: input.birthDate ?? null,
          emailEncrypted: encrypt(ctx.keys, contact),
          emailHash: keyedHash(ctx.keys, contact),
        })
        .returning()
  if (!patient) throw new Error('patient insert failed')
  const link = issueConsentToken(ctx.clock())
  const agent = input.persona === 'AGENT_USER' || input.persona === 'AGENT_ADMIN'
  const [request] = await ctx.db
    .insert(authorizationRequests)
    .values({
      organizationId: requester.organizationId,
      requesterUserId: requester.id,
      patientId: patient.id,
      status: 'pending',
      authorizationType: agent ? 'insurance_agent' : 'healthcare_provider',
      patientName: input.patientName,
      contactMethod: 'email',
      contactEncrypted: encrypt(ctx.keys, contact),
      contactHash: keyedHash(ctx.keys, contact),
      patientBirthDateEncrypted: input.requestedBirthDate
        ? encrypt(ctx.keys, input.requestedBirthDate)
        : null,
      language: input.language ?? 'en',
      consentTokenHash: link.tokenHash,
      consentTokenExpiresAt: link.expiresAt,
    })
    .returning()
  if (!request) throw new Error('request insert failed')
  return { requestId: request.id, patientId: patient.id, token: link.token, requesterId: requester.id }
}

/** The patient's browser: connect on our page, log in and answer at the sandbox, follow the redirect back. */
export async function consentAtMedicare(
  app: FastifyInstance,
  token: string,
  choice: { username: string; allow?: boolean; shareDemographics?: boolean; sharePart2?: boolean },
): Promise<{ patient: TestClient; outcome: ConsentOutcome; callback: string | null }> {
  const patient = createClient(app)
  const connect = await patient.request({
    method: 'POST',
    url: `/api/consent/${token}/connect/`,
    payload: {},
  })
  if (connect.statusCode !== 200) throw new Error(`connect failed: ${connect.statusCode} ${connect.body}`)
  const viaApp = injectFetch(app)
  const outcome = await simulateBeneficiaryConsent(
    (connect.json() as { authorize_url: string }).authorize_url,
    {
      ...choice,
      fetch: (input, init) => viaApp(String(input), init ?? {}),
    },
  )
  if (outcome.kind !== 'redirect') return { patient, outcome, callback: null }
  const back = await patient.request({
    method: 'GET',
    url: `${outcome.location.pathname}${outcome.location.search}`,
  })
  return { patient, outcome, callback: back.headers.location ?? null }
}

export async function latestRun(t: TestApp, requestId: string) {
  const [run] = await t.app.ctx.db
    .select()
    .from(ingestionRuns)
    .where(eq(ingestionRuns.requestId, requestId))
    .orderBy(desc(ingestionRuns.createdAt))
    .limit(1)
  if (!run) throw new Error('no ingestion run')
  return run
}

export async function requestRow(t: TestApp, requestId: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(authorizationRequests)
    .where(eq(authorizationRequests.id, requestId))
  if (!row) throw new Error('no request')
  return row
}
