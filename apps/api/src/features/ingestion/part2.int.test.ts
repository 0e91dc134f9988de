// Blue Button v3's 42 CFR Part 2 choice end to end: the scopes each authorization type asks for, what the pull
// records of the patient's choice (per run and per grant), what the risk answers say, and a refused v2 claims
// call that fails the pull once with its reason instead of being retried.
import type { FetchLike } from '@blueconsent/bluebutton'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedBlueButtonConfig } from '../../platform/config.ts'
import { bluebuttonGrants, ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { claimDiagnoses, claims } from '../../platform/db/schema/clinical.ts'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'
import { injectFetch, useBlueButtonTransport } from '../bluebutton/index.ts'
import { PART2_REFUSED_ERROR, runIngestion } from './ingestion.service.ts'

// The worklist's caveats, by their opening words (risk-gaps owns the sentences).
const NOT_SHARED = /^May be missing substance-use conditions/
const V2_UNKNOWN = /^Blue Button withholds claims of substance use/

// Substance use + schizophrenia + depression: some of this beneficiary's claims carry F10–F19 diagnoses.
const SUD_USER = 'BBUser00002'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    config: { bluebutton: { ...embeddedBlueButtonConfig(TEST_PUBLIC_URL), apiVersion: 'v3' } },
  })
})
afterAll(() => t?.close())

const nameOf = (username: string) => {
  const name = sandboxName(username)
  return `${name.given} ${name.family}`
}

async function authorizedAndPulled(
  username: string,
  choice: { sharePart2: boolean; persona?: 'ACO_USER' | 'AGENT_USER' },
) {
  const request = await createPendingRequest(t, {
    persona: choice.persona ?? 'ACO_USER',
    patientName: nameOf(username),
  })
  const { callback } = await consentAtMedicare(t.app, request.token, {
    username,
    sharePart2: choice.sharePart2,
  })
  expect(callback).toContain('result=authorized')
  const run = await latestRun(t, request.requestId)
  expect(await runIngestion(t.app.ctx, run.id)).toBe('completed')
  return request
}

async function grantOf(requestId: string) {
  const { grantId } = await requestRow(t, requestId)
  const [grant] = await t.app.ctx.db
    .select()
    .from(bluebuttonGrants)
    .where(eq(bluebuttonGrants.id, grantId ?? ''))
  if (!grant) throw new Error('no grant')
  return grant
}

async function substanceUseDiagnoses(patientId: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ code: claimDiagnoses.code })
    .from(claimDiagnoses)
    .innerJoin(claims, eq(claims.id, claimDiagnoses.claimId))
    .where(eq(claims.patientId, patientId))
  return rows.map((r) => r.code.replace('.', '')).filter((code) => /^F1[0-689]/.test(code))
}

async function answersFor(patientId: string) {
  const staff = await loginAs(t.app, 'ACO_USER')
  const risk = await staff.request({ method: 'GET', url: `/api/patients/${patientId}/risk_score/` })
  const patient = await staff.request({ method: 'GET', url: `/api/patients/${patientId}/` })
  const gaps = await staff.request({ method: 'GET', url: `/api/risk-gaps/patients/${patientId}/` })
  expect([risk.statusCode, patient.statusCode, gaps.statusCode]).toEqual([200, 200, 200])
  return {
    risk: risk.json<{ score: number | null; substance_use_claims_shared?: boolean | null }>(),
    authorization: patient.json<{ authorization: { substance_use_claims_shared?: boolean | null } }>()
      .authorization,
    caveats: gaps.json<{ caveats: string[] }>().caveats,
  }
}

describe('42 CFR Part 2 sharing under Blue Button v3', () => {
  it('not shared: the pull has no substance-use claims and every answer says they may be missing', async () => {
    const request = await authorizedAndPulled(SUD_USER, { sharePart2: false })
    expect((await latestRun(t, request.requestId)).part2Shared).toBe(false)
    const grant = await grantOf(request.requestId)
    expect(grant.part2Shared).toBe(false)
    expect(grant.scopes.split(' ').sort()).toEqual([
      'patient/Coverage.rs',
      'patient/ExplanationOfBenefit.rs',
      'patient/Patient.rs',
    ])
    expect(await substanceUseDiagnoses(request.patientId)).toEqual([])
    const answers = await answersFor(request.patientId)
    expect(answers.risk.score).not.toBeNull()
    expect(answers.risk.substance_use_claims_shared).toBe(false)
    expect(answers.authorization.substance_use_claims_shared).toBe(false)
    expect(answers.caveats.some((c) => NOT_SHARED.test(c))).toBe(true)
  })

  it('shared: the substance-use claims arrive and no answer warns', async () => {
    const request = await authorizedAndPulled(SUD_USER, { sharePart2: true })
    expect((await latestRun(t, request.requestId)).part2Shared).toBe(true)
    expect((await grantOf(request.requestId)).part2Shared).toBe(true)
    expect((await substanceUseDiagnoses(request.patientId)).length).toBeGreaterThan(0)
    const answers = await answersFor(request.patientId)
    expect(answers.risk.substance_use_claims_shared).toBe(true)
    expect(answers.authorization.substance_use_claims_shared).toBe(true)
    expect(answers.caveats.some((c) => NOT_SHARED.test(c) || V2_UNKNOWN.test(c))).toBe(false)
  })

  it('an agent asks for claims, Patient and Coverage (its Policies page), and the pull completes', async () => {
    const request = await authorizedAndPulled('BBUser00000', { sharePart2: false, persona: 'AGENT_USER' })
    const grant = await grantOf(request.requestId)
    expect(grant.scopes.split(' ').sort()).toEqual([
      'patient/Coverage.rs',
      'patient/ExplanationOfBenefit.rs',
      'patient/Patient.rs',
    ])
    expect((await latestRun(t, request.requestId)).status).toBe('completed')
  })

  it('a v2 claims call refused for a grant without Part 2 fails the pull once, with its reason, no retry', async () => {
    const request = await authorizedAndPulled(SUD_USER, { sharePart2: false })
    const { ctx } = t.app
    // The portal is switched back to v2 while grants made under v3 without Part 2 consent remain.
    const calls: string[] = []
    const viaApp = injectFetch(t.app)
    const counting: FetchLike = (input, init) => {
      calls.push(new URL(input).pathname)
      return viaApp(input, init)
    }
    ctx.config.bluebutton.apiVersion = 'v2'
    useBlueButtonTransport(ctx, counting)
    try {
      const target = await queueAgain(request.requestId)
      // Resolving (not throwing) is what tells the job queue not to retry: it retries only thrown errors.
      await expect(runIngestion(ctx, target.id)).resolves.toBe('failed')
      const failed = await latestRun(t, request.requestId)
      expect(failed.id).toBe(target.id)
      expect(failed.status).toBe('failed')
      expect(failed.error).toBe(PART2_REFUSED_ERROR)
      expect(failed.finishedAt).not.toBeNull()
      // One claims call, not retried by the client either (a 403 is final).
      expect(calls.filter((path) => /\/v2\/fhir\/ExplanationOfBenefit\/?$/.test(path))).toHaveLength(1)
      expect(calls.some((path) => path.includes('/v3/'))).toBe(false)
    } finally {
      ctx.config.bluebutton.apiVersion = 'v3'
      useBlueButtonTransport(ctx, viaApp)
    }
  })
})

async function queueAgain(requestId: string) {
  const run = await latestRun(t, requestId)
  const [fresh] = await t.app.ctx.db
    .insert(ingestionRuns)
    .values({ requestId, patientId: run.patientId, status: 'queued' })
    .returning()
  if (!fresh) throw new Error('no run')
  return fresh
}
