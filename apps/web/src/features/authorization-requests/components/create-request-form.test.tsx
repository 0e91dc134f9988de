import { AUTHORIZATION_MESSAGES } from '@blueconsent/contract/authorization-requests'
import { MESSAGES } from '@blueconsent/contract/shared'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '@/testing/fake-fetch.ts'
import { makeRequest } from '../testing/fixtures.ts'
import { openWidget, widgetFake } from '../testing/render-widget.tsx'

const submit = (name: RegExp = /Send/) => userEvent.click(screen.getByRole('button', { name }))

async function fillProvider({ mrn = 'MRN-77', email = 'ann.lee@example.com' } = {}) {
  await userEvent.type(await screen.findByLabelText('Patient name'), 'Ann Lee')
  await userEvent.type(screen.getByLabelText('Medical record number (MRN)'), mrn)
  await userEvent.type(screen.getByLabelText('Patient email'), email)
}

describe('create request form', { timeout: 20_000 }, () => {
  it('requires health plan, patient name, MRN for providers, and the chosen contact', async () => {
    const fake = widgetFake().on('GET /api/healthplans/health-plans/', json(200, []))
    await openWidget('ACO_USER', '/app/authorization/new', fake)
    await submit(/Send Authorization Request/)
    const required = await screen.findAllByText(MESSAGES.required)
    expect(required).toHaveLength(4)
    expect(screen.getByLabelText('Health plan')).toHaveAccessibleDescription(MESSAGES.required)
    expect(screen.getByLabelText('Medical record number (MRN)')).toHaveAccessibleDescription(
      MESSAGES.required,
    )
    expect(fake.callsTo('POST /api/healthplans/requests/')).toHaveLength(0)
  })

  it('preselects the health plan, so only the empty fields are flagged', async () => {
    await openWidget('ACO_USER')
    await submit(/Send Authorization Request/)
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3)
    // After the 300 ms debounce too: the health plan stays valid.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(3)
    expect(screen.getByLabelText('Health plan')).toHaveValue('medicare')
    expect(screen.getByLabelText('Health plan')).not.toHaveAttribute('aria-invalid')
  })

  it('tells the requester the name must match the Medicare card', async () => {
    await openWidget('ACO_USER')
    expect(await screen.findByLabelText('Patient name')).toHaveAccessibleDescription(
      /As it appears on the patient’s Medicare card/,
    )
  })

  it('validates the email and the name after a 300 ms pause', async () => {
    await openWidget('ACO_USER')
    await userEvent.type(await screen.findByLabelText('Patient email'), 'not-an-email')
    await userEvent.type(screen.getByLabelText('Patient name'), 'R2D2')
    expect(screen.queryByText(MESSAGES.email)).not.toBeInTheDocument()
    expect(await screen.findByText(MESSAGES.email)).toBeInTheDocument()
    expect(screen.getByText(MESSAGES.name)).toBeInTheDocument()
  })

  it('formats the phone as (555) 123-4567, keeps 10 digits and rejects a short number', async () => {
    await openWidget('ACO_USER')
    await userEvent.click(await screen.findByRole('radio', { name: 'Text message (SMS)' }))
    const phone = screen.getByLabelText('Patient mobile phone')
    await userEvent.type(phone, '55512345678999')
    expect(phone).toHaveValue('(555) 123-4567')
    await userEvent.clear(phone)
    await userEvent.type(phone, '55512')
    expect(await screen.findByText(MESSAGES.phone)).toBeInTheDocument()
  })

  it('clears the other contact and sends only the chosen one, with the role-derived type', async () => {
    const created = makeRequest({
      patient_name: 'Ann Lee',
      contact_method: 'phone',
      patient_phone: '(555) 123-4567',
      patient_email: null,
    })
    const fake = widgetFake().on('POST /api/healthplans/requests/', json(201, created))
    await openWidget('ACO_USER', '/app/authorization/new', fake)
    await fillProvider()
    await userEvent.click(screen.getByRole('radio', { name: 'Text message (SMS)' }))
    await userEvent.type(screen.getByLabelText('Patient mobile phone'), '5551234567')
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }))
    expect(screen.getByLabelText('Patient email')).toHaveValue('')
    await userEvent.click(screen.getByRole('radio', { name: 'Text message (SMS)' }))
    expect(screen.getByLabelText('Patient mobile phone')).toHaveValue('')
    await userEvent.type(screen.getByLabelText('Patient mobile phone'), '5551234567')
    await submit(/Send Authorization Request/)
    await screen.findByText(/Authorization request sent to Ann Lee/)
    const [call] = fake.callsTo('POST /api/healthplans/requests/')
    expect(call?.body).toEqual({
      health_plan: 'medicare',
      patient_mrn: 'MRN-77',
      patient_identifier: 'MRN-77',
      contact_method: 'phone',
      contact_value: '(555) 123-4567',
      authorization_type: 'healthcare_provider',
      metadata: { patient_name: 'Ann Lee' },
    })
  })

  it('puts the new request at the top of My Requests', async () => {
    const older = makeRequest({
      patient_name: 'Older Patient',
      created_at: new Date(Date.now() - 3_600_000).toISOString(),
    })
    const created = makeRequest({ patient_name: 'Ann Lee', created_at: new Date().toISOString() })
    const fake = widgetFake([older]).on('POST /api/healthplans/requests/', json(201, created))
    await openWidget('ACO_USER', '/app/authorization/new', fake)
    await fillProvider()
    fake.on(
      'GET /api/healthplans/requests/',
      json(200, { count: 2, next: null, previous: null, results: [created, older] }),
    )
    await submit(/Send Authorization Request/)
    await screen.findByText(/Authorization request sent to Ann Lee/)
    await userEvent.click(screen.getByRole('tab', { name: /My Requests/ }))
    const headings = await screen.findAllByRole('heading', { level: 3 })
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Pending (2)',
      'Ann Lee',
      'Older Patient',
    ])
  })

  it("blocks submit with 'Patient Already Authorized' when the MRN lookup finds an active request", async () => {
    const fake = widgetFake().on(
      'GET /api/healthplans/requests/lookup/',
      json(200, { already_authorized: true, patient_id: 'p1', request_id: 'r1', status: 'authorized' }),
    )
    await openWidget('PHYSICIAN_USER', '/app/authorization/new', fake)
    await fillProvider({ mrn: 'MRN-9' })
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.patientAlreadyAuthorized)).toBeInTheDocument()
    expect(fake.callsTo('GET /api/healthplans/requests/lookup/')[0]?.url).toContain('mrn=MRN-9')
    expect(screen.getByRole('button', { name: /Send Authorization Request/ })).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Medical record number (MRN)'), '1')
    expect(screen.queryByText(AUTHORIZATION_MESSAGES.patientAlreadyAuthorized)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Send Authorization Request/ })).toBeEnabled()
  })

  it('shows the active-authorization message on a 409 and server field errors on a 400', async () => {
    const fake = widgetFake().on(
      'POST /api/healthplans/requests/',
      json(409, { detail: AUTHORIZATION_MESSAGES.alreadyActive, code: 'conflict' }),
      json(400, { patient_mrn: ['This field is required'] }),
    )
    await openWidget('ACO_USER', '/app/authorization/new', fake)
    await fillProvider()
    await submit(/Send Authorization Request/)
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.alreadyActive)).toBeInTheDocument()
    await submit(/Send Authorization Request/)
    await waitFor(() =>
      expect(screen.getByLabelText('Medical record number (MRN)')).toHaveAccessibleDescription(
        'This field is required',
      ),
    )
    // The debounced check does not wipe the server's answer; typing in the field does.
    await new Promise((resolve) => setTimeout(resolve, 400))
    const mrn = screen.getByLabelText('Medical record number (MRN)')
    expect(mrn).toHaveAccessibleDescription('This field is required')
    await userEvent.type(mrn, '8')
    expect(mrn).not.toHaveAttribute('aria-invalid')
  })

  it('says the create failed on a server error', async () => {
    const fake = widgetFake().on('POST /api/healthplans/requests/', json(500, { detail: 'boom' }))
    await openWidget('ACO_USER', '/app/authorization/new', fake)
    await fillProvider()
    await submit(/Send Authorization Request/)
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.createFailed)).toBeInTheDocument()
  })

  it('says health plans failed to load', async () => {
    const fake = widgetFake().on('GET /api/healthplans/health-plans/', json(403, { detail: 'no' }))
    await openWidget('ACO_USER', '/app/authorization/new', fake)
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.healthPlansFailed)).toBeInTheDocument()
  })

  it('gives agents no MRN field, their own wording and an insurance_agent request', async () => {
    const created = makeRequest({
      patient_name: 'Ann Lee',
      authorization_type: 'insurance_agent',
      patient_mrn: null,
    })
    const fake = widgetFake().on('POST /api/healthplans/requests/', json(201, created))
    await openWidget('AGENT_USER', '/app/authorization/new', fake)
    await userEvent.type(await screen.findByLabelText('Patient name'), 'Ann Lee')
    expect(screen.queryByLabelText('Medical record number (MRN)')).not.toBeInTheDocument()
    expect(screen.getByText(/Access lasts 10 hours from when your client agrees\./)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Patient email'), 'ann.lee@example.com')
    await submit(/Send Request to Client/)
    await screen.findByText(/Authorization request sent to Ann Lee/)
    const [call] = fake.callsTo('POST /api/healthplans/requests/')
    expect(call?.body).toMatchObject({
      patient_mrn: null,
      patient_identifier: 'ann.lee@example.com',
      authorization_type: 'insurance_agent',
    })
  })
})
