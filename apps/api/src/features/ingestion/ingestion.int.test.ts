// The pull job against the in-process sandbox: stores, re-runs idempotently, pages with progress, holds a
// mismatched identity, survives Blue Button faults by retrying, and marks the request when the grant ends.
import { isValidNpi } from '@blueconsent/bluebutton'
import { requestDataSchema } from '@blueconsent/contract/patients'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { claims, medications, riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { loginAs } from '../../testing/http-client.ts'
import { storedCounts } from '../../testing/clinical-counts.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { transitionRequest } from '../authorization-requests/index.ts'
import { revokeGrantForRequest } from '../bluebutton/index.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  requestRow,
  sandboxName,
} from '../../testing/consent-testing.ts'
import { queueIngestion } from './ingestion.queue.ts'
import { runIngestion } from './ingestion.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const nameOf = (username: string) => {
  const name = sandboxName(username)
  return `${name.given} ${name.family}`
}

async function authorized(
  username: string,
  options: { persona?: 'ACO_USER' | 'AGENT_USER'; patientName?: string } = {},
) {
  const request = await createPendingRequest(t, {
    persona: options.persona ?? 'ACO_USER',
    patientName: options.patientName ?? nameOf(username),
  })
  const { callback } = await consentAtMedicare(t.app, request.token, { username })
  expect(callback).toContain('result=authorized')
  return request
}

// Clinical rows only: each run scores again (the newest score is the one shown), so scores are not counted.
async function counts(patientId: string) {
  const { riskScores: _scores, ...rows } = await storedCounts(t.app.ctx.db, patientId)
  return rows
}

const fault = (clientId: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/bb-sandbox/__admin/faults/${clientId}`, payload: body })
const clearFaults = (clientId: string) =>
  t.app.inject({ method: 'DELETE', url: `/bb-sandbox/__admin/faults/${clientId}` })

async function dataAs(persona: 'ACO_USER' | 'AGENT_USER', requestId: string) {
  const client = await loginAs(t.app, persona)
  return client.request({ method: 'GET', url: `/api/healthplans/requests/${requestId}/data/` })
}

describe('ingestion', () => {
  it('pulls, maps and stores everything with progress; the requester then reads it', async () => {
    const request = await authorized('BBUser00000')
    const run = await latestRun(t, request.requestId)
    expect(await runIngestion(t.app.ctx, run.id)).toBe('completed')
    const done = await latestRun(t, request.requestId)
    expect(done.status).toBe('completed')
    // 155 EOBs at 50 per page.
    expect(done.pagesTotal).toBe(4)
    expect(done.pagesFetched).toBe(4)
    expect(done.resourcesFetched).toBe(155)
    const stored = await counts(request.patientId)
    expect(stored.claims + stored.medications).toBe(155)
    expect(stored.diagnoses).toBeGreaterThan(0)
    const [patient] = await t.app.ctx.db.select().from(patients).where(eq(patients.id, request.patientId))
    expect(patient?.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // The sandbox sends SSA state codes ('03'); the patient keeps the postal abbreviation people read.
    expect(patient?.state).toMatch(/^[A-Z]{2}$/)
    expect(patient?.mbiEncrypted).toMatch(/^v2:[0-9a-f]{16}:/)
    expect(patient?.dataAsOf).not.toBeNull()
    const [score] = await t.app.ctx.db
      .select()
      .from(riskScores)
      .where(eq(riskScores.patientId, request.patientId))
    expect(Number(score?.score)).toBeGreaterThan(0)
    expect([2024, 2025, 2026]).toContain(score?.paymentYear)

    const response = await dataAs('ACO_USER', request.requestId)
    expect(response.statusCode).toBe(200)
    const body = requestDataSchema.parse(response.json())
    expect(body.data.claims.length).toBe(stored.claims)
    expect(body.data.medications.length).toBe(stored.medications)
    expect(body.risk_score?.hccs.length).toBeGreaterThan(0)
    expect(body.patient_identifier).toBe(nameOf('BBUser00000'))
    // CDC's words beside every diagnosis behind the score, and Blue Button's 'Name - NAME SALT' drug displays
    // served as one name.
    const evidence = body.risk_score?.hccs.flatMap((hcc) => hcc.diagnoses) ?? []
    expect(evidence.filter((diagnosis) => !diagnosis.description)).toEqual([])
    expect(body.data.medications.filter((fill) => fill.name?.includes(' - '))).toEqual([])
  })

  it('stores only real NPIs: the sandbox’s placeholder prescriber and provider ids become unknown', async () => {
    // BBUser00014's Part D fills carry placeholder prescribers; BBUser00012 has claims.
    const patientIds: string[] = []
    for (const username of ['BBUser00014', 'BBUser00012']) {
      const request = await authorized(username)
      expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('completed')
      patientIds.push(request.patientId)
    }
    const db = t.app.ctx.db
    const fills = await db
      .select({ npi: medications.prescriberNpi, resource: medications.resource })
      .from(medications)
      .where(inArray(medications.patientId, patientIds))
    const bills = await db
      .select({ npi: claims.providerNpi })
      .from(claims)
      .where(inArray(claims.patientId, patientIds))
    for (const rows of [fills, bills]) {
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((row) => row.npi === null || isValidNpi(row.npi))).toBe(true)
      expect(rows.some((row) => row.npi !== null)).toBe(true)
    }
    // The pulled resources did carry the placeholder, which the original resources (FHIR export) keep.
    expect(fills.some((row) => JSON.stringify(row.resource).includes('999999999999999'))).toBe(true)
  })

  it('is idempotent: a second run changes no counts and asks only for newer data', async () => {
    const request = await authorized('BBUser00001')
    await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)
    const first = await counts(request.patientId)
    expect(first.claims + first.medications).toBeGreaterThan(0)
    // A full re-run of the same data (as after a crash) upserts in place.
    const rerun = await t.app.ctx.db.transaction((tx) =>
      queueIngestion(t.app.ctx, tx, { id: request.requestId, patientId: request.patientId }),
    )
    await t.app.ctx.db
      .update(ingestionRuns)
      .set({ status: 'failed' })
      .where(and(eq(ingestionRuns.requestId, request.requestId), ne(ingestionRuns.id, rerun)))
    expect(await runIngestion(t.app.ctx, rerun)).toBe('completed')
    expect(await counts(request.patientId)).toEqual(first)
    // The next run is incremental.
    const next = await t.app.ctx.db.transaction((tx) =>
      queueIngestion(t.app.ctx, tx, { id: request.requestId, patientId: request.patientId }),
    )
    expect(await runIngestion(t.app.ctx, next)).toBe('completed')
    const incremental = await latestRun(t, request.requestId)
    expect(incremental.lastUpdatedAfter).not.toBeNull()
    expect(await counts(request.patientId)).toEqual(first)
  })

  it('finishes a run superseded mid-pull (its job handed on at the expiry) and its successor: one risk score', async () => {
    const request = await authorized('BBUser00006')
    const first = await latestRun(t, request.requestId)
    // The third Blue Button call waits: the pull is under way when pg-boss would hand its job on.
    await fault('blueconsent-provider', { kind: 'slow', delayMs: 1500, after: 2, count: 1 })
    try {
      const slow = runIngestion(t.app.ctx, first.id)
      for (let tries = 0; (await latestRun(t, request.requestId)).status !== 'running'; tries += 1) {
        expect(tries).toBeLessThan(200)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      // The same job again, as after its expiry: the run still `running` is superseded by a new one.
      t.clock.advance(60_000)
      expect(await runIngestion(t.app.ctx, first.id)).toBe('superseded')
      t.clock.advance(60_000)
      // The slow worker was alive: it still finishes, however long it took, and stores the score.
      expect(await slow).toBe('completed')
    } finally {
      await clearFaults('blueconsent-provider')
    }
    const successor = await latestRun(t, request.requestId)
    expect(successor.id).not.toBe(first.id)
    // The successor pulls the same record again and completes without a second score.
    expect(await runIngestion(t.app.ctx, successor.id)).toBe('skipped')
    const runs = await t.app.ctx.db
      .select({ id: ingestionRuns.id, status: ingestionRuns.status })
      .from(ingestionRuns)
      .where(eq(ingestionRuns.requestId, request.requestId))
    expect(runs.map((run) => run.status)).toEqual(['completed', 'completed'])
    expect((await storedCounts(t.app.ctx.db, request.patientId)).riskScores).toBe(1)
    // A job of the finished run handed on late finds it done.
    expect(await runIngestion(t.app.ctx, first.id)).toBe('skipped')
  })

  it('holds the data for review when the Medicare name does not match the request', async () => {
    const request = await authorized('BBUser00001', { patientName: 'Someone Else-Entirely' })
    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('held_for_review')
    expect((await latestRun(t, request.requestId)).status).toBe('held_for_review')
    expect((await requestRow(t, request.requestId)).identityReview).toBe('pending')
    const [patient] = await t.app.ctx.db.select().from(patients).where(eq(patients.id, request.patientId))
    // Never merged silently: the Medicare demographics are not copied onto the patient.
    expect(patient?.familyName).toBeNull()
    const response = await dataAs('ACO_USER', request.requestId)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('held_for_review')
  })

  it('holds the data for review when the patient withheld name and birth date at Medicare', async () => {
    const request = await createPendingRequest(t, { persona: 'ACO_USER', patientName: nameOf('BBUser00007') })
    const { callback } = await consentAtMedicare(t.app, request.token, {
      username: 'BBUser00007',
      shareDemographics: false,
    })
    expect(callback).toContain('result=authorized')
    expect((await requestRow(t, request.requestId)).statusMessage).toMatch(/did not share/)
    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('held_for_review')
    expect((await counts(request.patientId)).claims).toBeGreaterThan(0)
    expect((await dataAs('ACO_USER', request.requestId)).json().code).toBe('held_for_review')
  })

  it('serves agents medications only', async () => {
    const request = await authorized('BBUser00000', { persona: 'AGENT_USER' })
    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('completed')
    expect((await counts(request.patientId)).claims).toBe(0)
    const response = await dataAs('AGENT_USER', request.requestId)
    expect(response.statusCode).toBe(200)
    const body = requestDataSchema.parse(response.json())
    expect(body.data.medications.length).toBeGreaterThan(0)
    expect(body.data.claims).toEqual([])
    expect(body.risk_score).toBeNull()
  })

  it('hides other organisations’ requests and rejects malformed ids', async () => {
    const request = await authorized('BBUser00001')
    expect((await dataAs('AGENT_USER', request.requestId)).statusCode).toBe(404)
    const bad = await dataAs('ACO_USER', 'not-a-uuid')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ detail: 'Invalid request ID format', code: 'validation_error' })
  })

  it('stops serving data once the request is revoked, and destroys the tokens', async () => {
    const request = await authorized('BBUser00002')
    await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)
    expect((await dataAs('ACO_USER', request.requestId)).statusCode).toBe(200)
    await t.app.ctx.db.transaction(async (tx) => {
      await revokeGrantForRequest(t.app.ctx, tx, request.requestId)
      await transitionRequest(t.app.ctx, tx, {
        requestId: request.requestId,
        to: 'revoked',
        event: 'revoked',
        actor: { kind: 'system' },
      })
    })
    const response = await dataAs('ACO_USER', request.requestId)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('not_authorized')
    const row = await requestRow(t, request.requestId)
    const grant = await t.app.ctx.db.query.bluebuttonGrants.findFirst({
      where: (g, { eq: equals }) => equals(g.id, row.grantId!),
    })
    expect(grant?.accessTokenEncrypted).toBeNull()
    expect(grant?.revokedAt).not.toBeNull()
  })

  it('stops serving data after the grant expires', async () => {
    const request = await authorized('BBUser00001', { persona: 'AGENT_USER' })
    await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)
    expect((await dataAs('AGENT_USER', request.requestId)).statusCode).toBe(200)
    t.clock.advance(11 * 60 * 60 * 1000)
    try {
      const response = await dataAs('AGENT_USER', request.requestId)
      expect(response.statusCode).toBe(409)
      expect(response.json().code).toBe('not_authorized')
    } finally {
      t.clock.advance(-11 * 60 * 60 * 1000)
    }
  })
})

describe('Blue Button faults', () => {
  it('retries a transient failure later (the job throws; the run is queued again) and then completes', async () => {
    const request = await authorized('BBUser00001')
    const run = await latestRun(t, request.requestId)
    expect(
      (await fault('blueconsent-provider', { kind: 'server-error', status: 503 })).statusCode,
    ).toBeLessThan(300)
    try {
      await expect(runIngestion(t.app.ctx, run.id)).rejects.toMatchObject({ code: 'transient' })
    } finally {
      await clearFaults('blueconsent-provider')
    }
    const waiting = await latestRun(t, request.requestId)
    expect(waiting.status).toBe('queued')
    expect(waiting.error).toContain('transient')
    expect(await runIngestion(t.app.ctx, run.id)).toBe('completed')
  })

  it.each([
    ['a cut-off bundle', { kind: 'malformed' }],
    ['a 500', { kind: 'server-error', status: 500 }],
    ['a 504', { kind: 'server-error', status: 504 }],
    ['a long rate limit', { kind: 'rate-limit', retryAfterSeconds: 600 }],
  ])(
    'ends a run hit by %s in a state the requester sees, serves nothing partial, and a later run completes',
    async (_, spec) => {
      const clean = await authorized('BBUser00002')
      expect(await runIngestion(t.app.ctx, (await latestRun(t, clean.requestId)).id)).toBe('completed')
      const complete = await counts((await requestRow(t, clean.requestId)).patientId)
      const request = await authorized('BBUser00002')
      const run = await latestRun(t, request.requestId)
      await fault('blueconsent-provider', spec)
      try {
        await runIngestion(t.app.ctx, run.id).catch(() => 'thrown')
      } finally {
        await clearFaults('blueconsent-provider')
      }
      const after = await latestRun(t, request.requestId)
      expect(['queued', 'failed']).toContain(after.status)
      expect(after.error).toEqual(expect.any(String))
      // The requester sees the pull has not finished, and what is served is never a half-pulled record.
      const status = await (
        await loginAs(t.app, 'ACO_USER')
      ).request({
        method: 'GET',
        url: `/api/healthplans/requests/${request.requestId}/status/`,
      })
      expect(status.json().ingestion?.status).not.toBe('completed')
      expect(await runIngestion(t.app.ctx, run.id)).toBe('completed')
      expect(await counts((await requestRow(t, request.requestId)).patientId)).toEqual(complete)
    },
  )

  it('serves nothing of a first pull that broke half-way, and everything once a pull completes', async () => {
    const request = await authorized('BBUser00004')
    const run = await latestRun(t, request.requestId)
    // The beneficiary, the coverage and the first page of claims answer; every later call fails.
    await fault('blueconsent-provider', { kind: 'server-error', status: 500, after: 3 })
    try {
      await runIngestion(t.app.ctx, run.id).catch(() => 'thrown')
    } finally {
      await clearFaults('blueconsent-provider')
    }
    expect((await latestRun(t, request.requestId)).status).not.toBe('completed')
    const broken = await dataAs('ACO_USER', request.requestId)
    expect(broken.statusCode).toBe(200)
    expect(broken.json()).toMatchObject({
      data_as_of: null,
      data: { medications: [], claims: [] },
      risk_score: null,
    })
    // The patient's record page follows the same rule.
    const patientId = (await requestRow(t, request.requestId)).patientId
    const record = await (
      await loginAs(t.app, 'ACO_USER')
    ).request({
      method: 'GET',
      url: `/api/patients/${patientId}/consolidated/`,
    })
    expect(record.json()).toMatchObject({ data_as_of: null, medications: [], claims: [] })
    expect(await runIngestion(t.app.ctx, run.id)).toBe('completed')
    const whole = requestDataSchema.parse((await dataAs('ACO_USER', request.requestId)).json())
    expect(whole.data_as_of).not.toBeNull()
    expect(whole.data.medications.length + whole.data.claims.length).toBeGreaterThan(0)
  })

  it('rides out a short rate limit inside one run (the client waits Retry-After)', async () => {
    const request = await authorized('BBUser00001')
    await fault('blueconsent-provider', { kind: 'rate-limit', retryAfterSeconds: 1, count: 1 })
    try {
      expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('completed')
    } finally {
      await clearFaults('blueconsent-provider')
    }
  })

  it('marks the request when the patient removed the app at Medicare.gov, without retrying', async () => {
    const request = await authorized('BBUser00003')
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/bb-sandbox/__admin/enrollee-revocations',
      payload: { clientId: 'blueconsent-provider', patientId: '-10000020000003' },
    })
    expect(revoke.statusCode).toBeLessThan(300)
    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('failed')
    const run = await latestRun(t, request.requestId)
    expect(run.status).toBe('failed')
    expect((await requestRow(t, request.requestId)).statusMessage).toMatch(/withdrawn/)
  })
})
