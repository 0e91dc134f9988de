// 'Clear My Requests' hides; its Undo and 'Show hidden' bring requests back; hiding never changes access.
import {
  authorizationRequestSchema,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoPersona } from '../demo-data/index.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

const BASE = '/api/healthplans/requests/'
let t: TestApp
const clients = new Map<DemoPersona, TestClient>()
let counter = 0

async function as(persona: DemoPersona): Promise<TestClient> {
  let client = clients.get(persona)
  if (!client) {
    client = await loginAs(t.app, persona)
    clients.set(persona, client)
  }
  return client
}

async function create(persona: DemoPersona): Promise<AuthorizationRequest> {
  counter += 1
  const response = await (
    await as(persona)
  ).request({
    method: 'POST',
    url: BASE,
    payload: {
      health_plan: 'medicare',
      patient_mrn: `CLR-${Date.now()}-${counter}`,
      contact_method: 'email',
      contact_value: `clear${counter}@example.org`,
      metadata: { patient_name: 'Maria Lopez' },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return authorizationRequestSchema.parse(response.json())
}

async function listIds(persona: DemoPersona, query = ''): Promise<string[]> {
  const response = await (await as(persona)).request({ url: `${BASE}?page_size=100${query}` })
  expect(response.statusCode).toBe(200)
  return response.json<{ results: AuthorizationRequest[] }>().results.map((r) => r.request_id)
}

const hide = async (persona: DemoPersona, id: string) =>
  (await as(persona)).request({ method: 'POST', url: `${BASE}${id}/hide/` })

const unhide = async (persona: DemoPersona, ids: string[]) =>
  (await as(persona)).request({ method: 'POST', url: `${BASE}unhide/`, payload: { request_ids: ids } })

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

describe('clear, undo and show hidden', () => {
  it('lists hidden requests under hidden=true only, and Undo shows exactly those again', async () => {
    const [a, b, kept] = [await create('CLINICIAN'), await create('CLINICIAN'), await create('CLINICIAN')]
    for (const request of [a, b]) expect((await hide('CLINICIAN', request.request_id)).statusCode).toBe(200)
    const visible = await listIds('CLINICIAN')
    expect(visible).toContain(kept.request_id)
    expect(visible).not.toContain(a.request_id)
    const hidden = await listIds('CLINICIAN', '&hidden=true')
    expect(hidden).toEqual(expect.arrayContaining([a.request_id, b.request_id]))
    expect(hidden).not.toContain(kept.request_id)

    const undo = await unhide('CLINICIAN', [a.request_id, b.request_id])
    expect(undo.statusCode).toBe(200)
    expect(undo.json<{ unhidden: string[] }>().unhidden.sort()).toEqual([a.request_id, b.request_id].sort())
    expect(await listIds('CLINICIAN')).toEqual(
      expect.arrayContaining([a.request_id, b.request_id, kept.request_id]),
    )
    expect(await listIds('CLINICIAN', '&hidden=true')).not.toContain(a.request_id)
    // Once shown again there is nothing left to undo: the same call changes nothing.
    expect((await unhide('CLINICIAN', [a.request_id])).json<{ unhidden: string[] }>().unhidden).toEqual([])
  })

  it('never shows again another user’s or another organisation’s request', async () => {
    const colleague = await create('ACO_ADMIN')
    const other = await create('PHYSICIAN_USER')
    expect((await hide('ACO_ADMIN', colleague.request_id)).statusCode).toBe(200)
    expect((await hide('PHYSICIAN_USER', other.request_id)).statusCode).toBe(200)
    const tried = await unhide('ACO_USER', [colleague.request_id, other.request_id])
    expect(tried.statusCode).toBe(200)
    expect(tried.json<{ unhidden: string[] }>().unhidden).toEqual([])
    expect(await listIds('ACO_ADMIN', '&hidden=true')).toContain(colleague.request_id)
    expect(await listIds('PHYSICIAN_USER', '&hidden=true')).toContain(other.request_id)
  })

  it('keeps a hidden approval’s status and access: hiding is only about the list', async () => {
    const request = await create('CLINICIAN')
    await hide('CLINICIAN', request.request_id)
    const read = await (await as('CLINICIAN')).request({ url: `${BASE}${request.request_id}/` })
    expect(read.statusCode).toBe(200)
    expect(read.json<AuthorizationRequest>().status).toBe(request.status)
  })

  it('refuses an empty or malformed list of ids (400)', async () => {
    expect((await unhide('CLINICIAN', [])).statusCode).toBe(400)
    expect((await unhide('CLINICIAN', ['not-a-uuid'])).statusCode).toBe(400)
  })
})
