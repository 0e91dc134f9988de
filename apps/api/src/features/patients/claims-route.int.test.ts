// GET /api/claims/{id}/ requires 'patients.view_claims' at the route, not only in the service: an agent
// (medications only) is refused before the service runs, with the same 404 as any claim it cannot see.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestClient } from '../../testing/http-client.ts'
import type { TestApp } from '../../testing/test-app.ts'
import type { FixturePatient } from '../../testing/patients-fixture.ts'
import type * as service from './patients.service.ts'

vi.mock('./patients.service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof service>()
  return { ...original, readClaim: vi.fn(original.readClaim) }
})

let t: TestApp
let readClaim: typeof service.readClaim
let agentOwn: FixturePatient
let acoOwn: FixturePatient
let agent: TestClient
let aco: TestClient

beforeAll(async () => {
  // The integration suite shares one module registry between files: the app is imported afresh here, after
  // the mock, so the app this file builds calls the spied service (an app module loaded earlier would not).
  vi.resetModules()
  ;({ readClaim } = await import('./patients.service.ts'))
  const { buildTestApp } = await import('../../testing/test-app.ts')
  const { insertPatient } = await import('../../testing/patients-fixture.ts')
  const { loginAs } = await import('../../testing/http-client.ts')
  t = await buildTestApp()
  agentOwn = await insertPatient(t, { requester: 'AGENT_USER', name: 'Walter Brennan', tin: null })
  acoOwn = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Rosa Delgado', tin: 'first' })
  agent = await loginAs(t.app, 'AGENT_USER')
  aco = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/claims/{id}/ route permission', () => {
  it('refuses an agent at the route with 404, without reaching the service', async () => {
    vi.mocked(readClaim).mockClear()
    const response = await agent.request({ method: 'GET', url: `/api/claims/${agentOwn.claimId}/` })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' })
    expect(readClaim).not.toHaveBeenCalled()
  })

  it('lets a role with patients.view_claims through to the service', async () => {
    vi.mocked(readClaim).mockClear()
    const response = await aco.request({ method: 'GET', url: `/api/claims/${acoOwn.claimId}/` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ patient_id: acoOwn.id, record_id: acoOwn.claimId })
    expect(readClaim).toHaveBeenCalledTimes(1)
  })

  it('serves the words for the claim’s codes beside them', async () => {
    const response = await aco.request({ method: 'GET', url: `/api/claims/${acoOwn.claimId}/` })
    expect(response.json()).toMatchObject({
      service: '99214',
      service_code_set: 'CPT',
      service_description: 'Office or outpatient visit, established patient',
      diagnoses: [{ code: 'E119', description: 'Type 2 diabetes mellitus without complications' }],
      lines: [
        { hcpcs: '99214', code_set: 'CPT', description: 'Office or outpatient visit, established patient' },
      ],
    })
  })
})
