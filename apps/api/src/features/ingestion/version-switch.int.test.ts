// Switching the portal from Blue Button v2 to v3: CMS names every claim, drug event and coverage differently in
// v3, so the first pull after the switch is whole and replaces what v2 stored instead of adding to it. The
// patient's claims, fills, adherence and risk score read the same as before; the run says v3, and it is audited.
import { patientAdherenceSchema } from '@blueconsent/contract/adherence'
import { requestDataSchema } from '@blueconsent/contract/patients'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { claims, coverages, medications } from '../../platform/db/schema/clinical.ts'
import { loginAs } from '../../testing/http-client.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  sandboxName,
  type PendingRequest,
} from '../../testing/consent-testing.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { injectFetch, useBlueButtonTransport } from '../bluebutton/index.ts'
import { runIngestion } from './ingestion.service.ts'

const SWITCH_AUDIT = 'ingestion.api_version_switched'
const HOUR = 3_600_000

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const nameOf = (username: string) => {
  const name = sandboxName(username)
  return `${name.given} ${name.family}`
}

/** The portal's configured Blue Button version, as an operator changes BLUEBUTTON_API_VERSION and restarts. */
function configureVersion(apiVersion: 'v2' | 'v3'): void {
  t.app.ctx.config.bluebutton.apiVersion = apiVersion
  // A new transport drops the clients built for the previous version.
  useBlueButtonTransport(t.app.ctx, injectFetch(t.app))
}

async function authorized(username: string, options: { patientId?: string } = {}): Promise<PendingRequest> {
  const request = await createPendingRequest(t, {
    persona: 'ACO_USER',
    patientName: nameOf(username),
    ...options,
  })
  const { callback } = await consentAtMedicare(t.app, request.token, { username })
  expect(callback).toContain('result=authorized')
  return request
}

/** A later pull of an authorized request, as a retry or a scheduled refresh queues it. */
async function pullAgain(requestId: string) {
  t.clock.advance(HOUR)
  const previous = await latestRun(t, requestId)
  const [run] = await t.app.ctx.db
    .insert(ingestionRuns)
    .values({ requestId, patientId: previous.patientId, status: 'queued', createdAt: t.app.ctx.clock() })
    .returning()
  if (!run) throw new Error('no run')
  const outcome = await runIngestion(t.app.ctx, run.id)
  return { outcome, run: await latestRun(t, requestId) }
}

/**
 * CMS's v2 names an EOB by CCW's claim id and v3 by IDR's, with no crosswalk; the stand-in keeps v2's names in
 * v3, so the v2 rows are renamed as CMS's v2 would have named them.
 */
async function nameAsCcw(patientId: string): Promise<void> {
  const db = t.app.ctx.db
  for (const table of [claims, medications] as const)
    await db
      .update(table)
      .set({ resourceId: sql`'ccw-' || ${table.resourceId}` })
      .where(eq(table.patientId, patientId))
}

/** The patient's released rows of each kind: resource ids, and the version that stored each. */
async function storedRows(patientId: string) {
  const db = t.app.ctx.db
  const rowsOf = async (table: typeof claims | typeof coverages | typeof medications) =>
    db
      .select({ resourceId: table.resourceId, apiVersion: table.apiVersion })
      .from(table)
      .where(and(eq(table.patientId, patientId), isNull(table.heldRunId)))
  return {
    claims: await rowsOf(claims),
    medications: await rowsOf(medications),
    coverages: await rowsOf(coverages),
  }
}

/** What the staff read: the claims and fills (by what they are, not their CMS ids), adherence and the score. */
async function answers(request: PendingRequest) {
  // Signed in afresh: the test clock moves hours between pulls, past a session's life.
  const staff = await loginAs(t.app, 'ACO_USER')
  const data = await staff.request({ url: `/api/healthplans/requests/${request.requestId}/data/` })
  expect(data.statusCode).toBe(200)
  const body = requestDataSchema.parse(data.json())
  const fillYear = body.data.medications
    .map((fill) => fill.start_date?.slice(0, 4) ?? '')
    .sort()
    .at(-1)
  const adherence = await staff.request({
    url: `/api/patients/${request.patientId}/adherence/?year=${fillYear}`,
  })
  expect(adherence.statusCode).toBe(200)
  const risk = await staff.request({ url: `/api/patients/${request.patientId}/risk_score/` })
  expect(risk.statusCode).toBe(200)
  const claimKeys = body.data.claims.map((claim) =>
    JSON.stringify([
      claim.claim_type,
      claim.date,
      claim.end_date,
      claim.medicare_paid_cents,
      claim.diagnoses.length,
    ]),
  )
  const fills = body.data.medications.map((fill) =>
    JSON.stringify([fill.ndc, fill.start_date, fill.days_supply, fill.plan_paid_cents]),
  )
  return {
    claims: claimKeys.sort(),
    fills: fills.sort(),
    measures: patientAdherenceSchema
      .parse(adherence.json())
      .measures.map(({ measure, status, pdc, fills: count, covered_days }) => ({
        measure,
        status,
        pdc,
        fills: count,
        covered_days,
      })),
    score: risk.json<{ score: number | null }>().score,
  }
}

async function switchAudits(requestId: string) {
  return t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, SWITCH_AUDIT), eq(auditLog.targetId, requestId)))
}

const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i)

describe('Blue Button v2 → v3', { timeout: 60_000 }, () => {
  let request: PendingRequest
  let before: Awaited<ReturnType<typeof answers>>
  let v2Rows: Awaited<ReturnType<typeof storedRows>>

  it('pulls over v2 and records the version on the run and the rows', async () => {
    configureVersion('v2')
    request = await authorized('BBUser00000')
    expect(await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)).toBe('completed')
    await nameAsCcw(request.patientId)
    const run = await latestRun(t, request.requestId)
    expect(run.apiVersion).toBe('v2')
    v2Rows = await storedRows(request.patientId)
    expect(v2Rows.claims.length).toBeGreaterThan(0)
    expect(v2Rows.medications.length).toBeGreaterThan(0)
    expect(v2Rows.coverages.length).toBeGreaterThan(0)
    for (const rows of Object.values(v2Rows))
      expect(new Set(rows.map((r) => r.apiVersion))).toEqual(new Set(['v2']))
    before = await answers(request)
    expect(before.score).not.toBeNull()
    expect(before.measures.some((m) => m.pdc !== null)).toBe(true)
    // Incremental under the same version: the second v2 pull asks only for what changed.
    const again = await pullAgain(request.requestId)
    expect(again.outcome).toBe('completed')
    expect(again.run.lastUpdatedAfter).not.toBeNull()
    expect(await switchAudits(request.requestId)).toEqual([])
  })

  it('the first v3 pull is whole and replaces the v2 rows: same claims, fills, adherence and score', async () => {
    configureVersion('v3')
    const { outcome, run } = await pullAgain(request.requestId)
    expect(outcome).toBe('completed')
    expect(run.apiVersion).toBe('v3')
    expect(run.lastUpdatedAfter).toBeNull()
    const rows = await storedRows(request.patientId)
    for (const kind of ['claims', 'medications', 'coverages'] as const) {
      const ids = rows[kind].map((r) => r.resourceId)
      expect(duplicates(ids), kind).toEqual([])
      expect(new Set(rows[kind].map((r) => r.apiVersion)), kind).toEqual(new Set(['v3']))
    }
    // CMS's v3 names differ: no v2 claim or drug event id survives.
    const v2ClaimIds = new Set(v2Rows.claims.map((r) => r.resourceId))
    expect(rows.claims.filter((r) => v2ClaimIds.has(r.resourceId))).toEqual([])
    expect(rows.claims).toHaveLength(v2Rows.claims.length)
    expect(rows.medications).toHaveLength(v2Rows.medications.length)
    const after = await answers(request)
    expect(after.claims).toEqual(before.claims)
    expect(after.fills).toEqual(before.fills)
    expect(after.measures).toEqual(before.measures)
    expect(after.score).toBe(before.score)
  })

  it('audits the switch with the versions and counts, and nothing that names the patient', async () => {
    const audits = await switchAudits(request.requestId)
    expect(audits).toHaveLength(1)
    const run = await latestRun(t, request.requestId)
    expect(audits[0]).toMatchObject({ patientId: request.patientId, actorUserId: null })
    expect(audits[0]?.details).toEqual({
      run_id: run.id,
      from_version: 'v2',
      to_version: 'v3',
      claims_removed: v2Rows.claims.length,
      medications_removed: v2Rows.medications.length,
      coverages_removed: expect.any(Number),
    })
    expect((audits[0]?.details as { coverages_removed: number }).coverages_removed).toBeGreaterThan(0)
    expect(JSON.stringify(audits[0]?.details)).not.toContain(sandboxName('BBUser00000').family)
  })

  it('the next v3 pull is incremental again and changes nothing', async () => {
    const rowsBefore = await storedRows(request.patientId)
    const { outcome, run } = await pullAgain(request.requestId)
    expect(outcome).toBe('completed')
    expect(run.apiVersion).toBe('v3')
    expect(run.lastUpdatedAfter).not.toBeNull()
    const rowsAfter = await storedRows(request.patientId)
    for (const kind of ['claims', 'medications', 'coverages'] as const)
      expect(rowsAfter[kind].map((r) => r.resourceId).sort(), kind).toEqual(
        rowsBefore[kind].map((r) => r.resourceId).sort(),
      )
    expect(await switchAudits(request.requestId)).toHaveLength(1)
  })
})

describe('a pull held for identity review across the switch', { timeout: 60_000 }, () => {
  it('leaves the v2 rows alone while held, and replaces them when confirmed', async () => {
    configureVersion('v2')
    const first = await authorized('BBUser00004')
    await runIngestion(t.app.ctx, (await latestRun(t, first.requestId)).id)
    await nameAsCcw(first.patientId)
    const v2Rows = await storedRows(first.patientId)
    const before = await answers(first)
    configureVersion('v3')
    t.clock.advance(HOUR)
    const held = await createPendingRequest(t, {
      persona: 'ACO_USER',
      patientName: nameOf('BBUser00004'),
      patientId: first.patientId,
    })
    // Demographics withheld at Medicare: nothing to match the name against, so the pull is held.
    await consentAtMedicare(t.app, held.token, { username: 'BBUser00004', shareDemographics: false })
    expect(await runIngestion(t.app.ctx, (await latestRun(t, held.requestId)).id)).toBe('held_for_review')
    expect((await latestRun(t, held.requestId)).apiVersion).toBe('v3')
    expect(await storedRows(first.patientId)).toEqual(v2Rows)
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const confirmed = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${held.requestId}/identity-review/`,
      payload: { decision: 'confirm', reason: 'Same person; the name was withheld at Medicare.' },
    })
    expect(confirmed.statusCode).toBe(200)
    const rows = await storedRows(first.patientId)
    for (const kind of ['claims', 'medications', 'coverages'] as const) {
      expect(duplicates(rows[kind].map((r) => r.resourceId)), kind).toEqual([])
      expect(new Set(rows[kind].map((r) => r.apiVersion)), kind).toEqual(new Set(['v3']))
    }
    expect(rows.claims).toHaveLength(v2Rows.claims.length)
    expect(rows.medications).toHaveLength(v2Rows.medications.length)
    const after = await answers(first)
    expect(after.claims).toEqual(before.claims)
    expect(after.measures).toEqual(before.measures)
    expect(after.score).toBe(before.score)
    // The released v3 run is now the patient's last: the next pull (of the confirmed request) is incremental.
    const next = await pullAgain(held.requestId)
    expect(next.outcome).toBe('completed')
    expect(next.run.apiVersion).toBe('v3')
    expect(next.run.lastUpdatedAfter).not.toBeNull()
  })
})
