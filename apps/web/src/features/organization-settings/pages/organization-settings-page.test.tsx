import type { OrganizationSettingsView } from '@blueconsent/contract/organization-settings'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const admin = makeUser({ groups: [{ name: 'Organization Admin' }] })
const ORG = admin.organization?.id ?? ''
const saved: OrganizationSettingsView = {
  organization_id: ORG,
  organization_name: 'Sunrise ACO',
  reminder_hours: [48, 120],
  reminder_schedule_customized: false,
  renewal_notice_days: 30,
  require_two_factor: false,
  default_duration_days: null,
}

describe('organization settings page', { timeout: 40_000 }, () => {
  it('edits the admin’s own organisation, refuses a bad value before sending, saves a good one', async () => {
    const user = userEvent.setup()
    const url = `/api/admin/organization-settings/${ORG}/`
    const fake = createFakeFetch()
      .on(`GET ${url}`, json(200, saved))
      .on(`PUT ${url}`, json(200, { ...saved, reminder_hours: [24, 72], reminder_schedule_customized: true }))
    await signIn(admin)
    renderApp('/app/admin/settings', { fake })
    const hours = await screen.findByLabelText(
      'Reminder times (hours after sending)',
      {},
      { timeout: 30_000 },
    )
    expect(hours).toHaveValue('48, 120')
    expect(screen.queryByLabelText('Organization')).toBeNull()

    await user.clear(hours)
    await user.type(hours, '500')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(
      await screen.findByText(/Each reminder must be a whole number of hours from 1 to 167/),
    ).toBeTruthy()
    expect(fake.callsTo(`PUT ${url}`)).toHaveLength(0)

    await user.clear(hours)
    await user.type(hours, '24, 72')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved.')).toBeTruthy()
    await waitFor(() =>
      expect(fake.callsTo(`PUT ${url}`)[0]?.body).toEqual({
        reminder_hours: [24, 72],
        renewal_notice_days: 30,
        require_two_factor: false,
        default_duration_days: null,
      }),
    )
    expect(await axeViolations()).toEqual([])
  })
})
