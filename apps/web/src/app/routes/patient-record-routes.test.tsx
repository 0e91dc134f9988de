// One patient record behind both entries: Patient Details and an approved request's Data tab draw the same
// components from the same patient queries, and the request's own data endpoint is never asked.
import type { Role } from '@blueconsent/contract/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HEALTH_PLANS, approvedRequest, page } from '@/features/authorization-requests/testing/fixtures.ts'
import { PATIENT_ID, patientFake, personaFor } from '@/features/patients/testing/fixtures.ts'
import { axeViolations } from '@/testing/axe.ts'
import { json } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const approved = approvedRequest({ patient_name: 'Maria Lopez', patient_id: PATIENT_ID })
const dataTabUrl = `/app/authorization/new?tab=data&request=${approved.request_id}`

function recordFake() {
  return patientFake()
    .on('GET /api/healthplans/health-plans/', json(200, HEALTH_PLANS))
    .on('GET /api/healthplans/requests/', json(200, page([approved])))
}

/** What the record shows: its section tabs, summary, facts and every table of the open section. */
async function recordSnapshot(section: string) {
  // The fixture's one fill, current or past depending on today.
  await screen.findByRole('table', { name: /^(Current|Past) fills$/ }, { timeout: 10_000 })
  await userEvent.click(screen.getByRole('tab', { name: section }))
  if (section === 'Claims') await screen.findByRole('table', { name: 'Claims' })
  const tables = screen.getAllByRole('table')
  const sectionTabs = within(screen.getByRole('tablist', { name: 'Patient data' })).getAllByRole('tab')
  return {
    sections: sectionTabs.map((tab) => tab.textContent),
    summary: screen.getByRole('region', { name: 'Summary' }).textContent,
    facts: screen.getByRole('region', { name: /^(Demographics|Identity)$/ }).textContent,
    tables: tables.map((table) => table.textContent),
  }
}

async function bothEntries(role: Role, section: string) {
  await signIn(personaFor(role))
  const detailFake = recordFake()
  const detail = renderApp(`/app/patient/${PATIENT_ID}`, { fake: detailFake })
  const onRecordPage = await recordSnapshot(section)
  detail.unmount()
  const fake = recordFake()
  const widget = renderApp(dataTabUrl, { fake })
  const inDataTab = await recordSnapshot(section)
  // One query cache: what the Data tab shows may come from the record page's answers (same query keys).
  const calls = (route: string) => detailFake.callsTo(route).length + fake.callsTo(route).length
  return { onRecordPage, inDataTab, calls, widget }
}

describe('one patient record behind Patient Details and the Data tab', { timeout: 30_000 }, () => {
  it('shows an ACO user the same claims, and the Data tab keeps its place in the address', async () => {
    const { onRecordPage, inDataTab, calls, widget } = await bothEntries('ACO_USER', 'Claims')
    expect(inDataTab).toEqual(onRecordPage)
    expect(inDataTab.sections).toEqual(['Medications', 'Claims', 'Risk score', 'Notes'])
    expect(inDataTab.tables.join(' ')).toContain('Sunrise Family Medicine')
    expect(calls(`GET /api/patients/${PATIENT_ID}/consolidated/`)).toBeGreaterThan(0)
    expect(calls(`GET /api/healthplans/requests/${approved.request_id}/data/`)).toBe(0)
    // Choosing a section of the record leaves the widget on the Data tab with the same request.
    expect(widget.router.state.location.search).toBe(`?tab=data&request=${approved.request_id}`)
    expect(widget.router.state.location.hash).toBe('#claims')
    expect(screen.getByRole('link', { name: 'Open Maria Lopez’s patient record' })).toHaveAttribute(
      'href',
      `/app/patient/${PATIENT_ID}`,
    )
    expect(await axeViolations()).toEqual([])
  })

  it('shows an agent the same medications only', async () => {
    const { onRecordPage, inDataTab } = await bothEntries('AGENT_USER', 'Medications')
    expect(inDataTab).toEqual(onRecordPage)
    expect(inDataTab.sections).toEqual(['Medications', 'Notes'])
    expect(inDataTab.facts).toContain('Identity')
  })
})
