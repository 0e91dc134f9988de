// transitionRequest: only the allowed moves, one winner when two race, and an event plus an audit row each time.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequestEvents } from '../../platform/db/schema/authorization-requests.ts'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { ALLOWED_TRANSITIONS, transitionRequest } from './transitions.ts'

let t: TestApp
let counter = 0

async function newRequest(): Promise<string> {
  counter += 1
  const client = await loginAs(t.app, 'ACO_ADMIN')
  const response = await client.request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      patient_mrn: `TR-${counter}`,
      contact_method: 'email',
      contact_value: `tr${counter}@example.org`,
      metadata: { patient_name: 'Kim Ito' },
    },
  })
  expect(response.statusCode).toBe(201)
  return response.json().request_id
}

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('transitionRequest', () => {
  it('ends in terminal states', () => {
    expect(ALLOWED_TRANSITIONS.denied).toEqual([])
    expect(ALLOWED_TRANSITIONS.expired).toEqual([])
    expect(ALLOWED_TRANSITIONS.revoked).toEqual([])
  })

  it('records who, when, from and to, and audits it', async () => {
    const id = await newRequest()
    const at = new Date('2026-03-01T12:00:00Z')
    const updated = await transitionRequest(t.app.ctx, t.app.ctx.db, {
      requestId: id,
      to: 'denied',
      event: 'patient_declined',
      actor: { kind: 'patient' },
      at,
    })
    expect(updated.status).toBe('denied')
    const [event] = await t.app.ctx.db
      .select()
      .from(authorizationRequestEvents)
      .where(
        and(
          eq(authorizationRequestEvents.requestId, id),
          eq(authorizationRequestEvents.event, 'patient_declined'),
        ),
      )
    expect(event).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'denied',
      actorKind: 'patient',
      actorUserId: null,
      occurredAt: at,
    })
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'authorization_request.patient_declined')))
    expect(audit[0]?.details).toMatchObject({ actor: 'patient', from: 'pending', to: 'denied' })
  })

  it('refuses moves out of a terminal state with 409', async () => {
    const id = await newRequest()
    await transitionRequest(t.app.ctx, t.app.ctx.db, {
      requestId: id,
      to: 'revoked',
      event: 'cancelled',
      actor: { kind: 'system' },
    })
    await expect(
      transitionRequest(t.app.ctx, t.app.ctx.db, {
        requestId: id,
        to: 'authorized',
        event: 'patient_authorized',
        actor: { kind: 'patient' },
      }),
    ).rejects.toMatchObject({ status: 409 })
    await expect(
      transitionRequest(t.app.ctx, t.app.ctx.db, {
        requestId: id,
        to: 'pending',
        event: 'x',
        actor: { kind: 'system' },
      }),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('lets exactly one of two racing transitions win', async () => {
    const id = await newRequest()
    const results = await Promise.allSettled([
      t.app.ctx.db.transaction((tx) =>
        transitionRequest(t.app.ctx, tx, {
          requestId: id,
          to: 'expired',
          event: 'expired',
          actor: { kind: 'system' },
        }),
      ),
      t.app.ctx.db.transaction((tx) =>
        transitionRequest(t.app.ctx, tx, {
          requestId: id,
          to: 'denied',
          event: 'patient_declined',
          actor: { kind: 'patient' },
        }),
      ),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const transitions = await t.app.ctx.db
      .select()
      .from(authorizationRequestEvents)
      .where(
        and(
          eq(authorizationRequestEvents.requestId, id),
          eq(authorizationRequestEvents.fromStatus, 'pending'),
        ),
      )
    expect(transitions.filter((e) => e.toStatus !== null && e.event !== 'created')).toHaveLength(1)
  })

  it('answers 404 for an unknown request', async () => {
    await expect(
      transitionRequest(t.app.ctx, t.app.ctx.db, {
        requestId: '00000000-0000-4000-8000-000000000000',
        to: 'expired',
        event: 'expired',
        actor: { kind: 'system' },
      }),
    ).rejects.toMatchObject({ status: 404 })
  })
})
