import { ACCOUNT_MESSAGES, type Address } from '@blueconsent/contract/account'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const saved: Address = {
  id: 'addr-1',
  street_address: '400 Mission Road',
  city: 'Tucson',
  state: 'AZ',
  zip_code: '85701',
  phone_number: null,
  updated_at: '2026-11-27T16:00:00Z',
}

describe('the address form on Account Settings', { timeout: 30_000 }, () => {
  it('confirms a saved address as the name form confirms a saved name, and keeps what was saved', async () => {
    const user = makeUser()
    await signIn(user)
    const fake = createFakeFetch()
      .on('GET /api/profiles/me/', json(200, { ...user, address: null }))
      .on(
        'GET /api/preferences/me/',
        json(200, { theme: null, email_billing: true, email_system: true, email_security: true }),
      )
      .on('POST /api/addresses/', json(201, saved))
    renderApp('/app/account?tab=profile', { fake })
    const form = await screen.findByRole('form', { name: 'Address' }, { timeout: 10_000 })
    await userEvent.type(within(form).getByLabelText('Street address'), saved.street_address)
    await userEvent.type(within(form).getByLabelText('City'), saved.city)
    await userEvent.type(within(form).getByLabelText('State'), 'az')
    await userEvent.type(within(form).getByLabelText('ZIP code'), saved.zip_code)
    await userEvent.click(within(form).getByRole('button', { name: 'Update Address' }))
    expect(await within(form).findByText(ACCOUNT_MESSAGES.addressUpdated)).toBeTruthy()
    expect(within(form).getByLabelText('Street address')).toHaveValue('400 Mission Road')
    expect(fake.callsTo('POST /api/addresses/')).toHaveLength(1)
  })
})
