import type {
  MessageTemplateHistory,
  MessageTemplateList,
  ReferenceData,
} from '@blueconsent/contract/reference-data'
import { MESSAGE_TEMPLATES } from '@blueconsent/contract/reference-data'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const tables: ReferenceData = {
  health_plans: [{ slug: 'medicare', name: 'Medicare Blue Button' }],
  hcc: {
    engine: '@blueconsent/hcc 0.1.0',
    payment_years: [
      {
        payment_year: 2026,
        blend: [{ model: 'V28', weight_percent: 100, normalization: '1.067' }],
        ma_coding_adjustment: '5.9%',
      },
    ],
  },
  us_states: [{ code: 'DC', name: 'District of Columbia' }],
}
const definition = MESSAGE_TEMPLATES.link
const base = {
  key: 'link',
  channel: 'sms' as const,
  label: definition.label,
  description: definition.description,
  placeholders: [...definition.placeholders],
  required: [...definition.required],
}
const builtIn = (body: string) => ({
  version: 0,
  subject: null,
  body,
  created_at: null,
  created_by_name: null,
})
const list: MessageTemplateList = {
  results: [
    {
      ...base,
      languages: [
        { language: 'en', current: builtIn('BlueConsent: link for {{requester}}: {{link}}') },
        { language: 'es', current: builtIn('BlueConsent: enlace para {{requester}}: {{link}}') },
      ],
    },
  ],
}
const history: MessageTemplateHistory = {
  ...base,
  language: 'en',
  editable: true,
  versions: [builtIn('BlueConsent: link for {{requester}}: {{link}}')],
}
const saved: MessageTemplateHistory = {
  ...history,
  versions: [
    {
      version: 1,
      subject: null,
      body: 'Your link: {{link}}',
      created_at: '2026-11-01T10:00:00Z',
      created_by_name: 'Avery Admin',
    },
    ...history.versions,
  ],
}
const superuser = makeUser({ role: 'ADMIN', is_superuser: true, organization: null })
const HISTORY = 'GET /api/admin/reference-data/templates/link/en/'
const SAVE = 'PUT /api/admin/reference-data/templates/link/en/'

describe('reference data page', { timeout: 40_000 }, () => {
  it('shows the tables and previews a template in English and Spanish with sample values', async () => {
    const fake = createFakeFetch()
      .on('GET /api/admin/reference-data/', json(200, tables))
      .on('GET /api/admin/reference-data/templates/', json(200, list))
    await signIn(superuser)
    renderApp('/app/admin/reference-data', { fake })
    const plans = await screen.findByRole('table', { name: 'Health plans' }, { timeout: 30_000 })
    expect(within(plans).getByText('medicare')).toBeTruthy()
    expect(screen.getByText('V28 100% (normalization 1.067)')).toBeTruthy()
    const english = await screen.findByText('English preview (version 0)')
    expect(english.closest('figure')?.textContent).toContain(
      'BlueConsent: link for Casey Morgan at Riverbend Accountable Care: https://portal.blueconsent.app/consent/',
    )
    const spanish = screen.getByText('Spanish preview (version 0)')
    expect(spanish.closest('figure')?.textContent).toContain('enlace para Casey Morgan de Riverbend')
    expect(await axeViolations()).toEqual([])
  })

  it('refuses a text without the link before calling, then saves a good one as a new version', async () => {
    const user = userEvent.setup()
    const fake = createFakeFetch()
      .on('GET /api/admin/reference-data/', json(200, tables))
      .on('GET /api/admin/reference-data/templates/', json(200, list))
      .on(HISTORY, json(200, history))
      .on(SAVE, json(200, saved))
    await signIn(superuser)
    renderApp('/app/admin/reference-data', { fake })
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Versions of the English consent link text' },
        { timeout: 30_000 },
      ),
    )
    const field = await screen.findByLabelText('Message text')
    await user.clear(field)
    await user.type(field, 'Call us for your link.')
    await user.click(screen.getByRole('button', { name: 'Save as new version' }))
    expect(
      await screen.findByText(
        'The template must keep the {{link}} placeholder (the patient’s personal consent link).',
      ),
    ).toBeTruthy()
    expect(fake.callsTo(SAVE)).toHaveLength(0)
    await user.clear(field)
    await user.click(field)
    await user.paste('Your link: {{link}}')
    await user.click(screen.getByRole('button', { name: 'Save as new version' }))
    expect(await screen.findByText('The template was saved. New messages use it from now on.')).toBeTruthy()
    await waitFor(() =>
      expect(fake.callsTo(SAVE)[0]?.body).toEqual({ subject: null, body: 'Your link: {{link}}' }),
    )
    expect(screen.getByRole('button', { name: 'Restore version 0' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })
})
