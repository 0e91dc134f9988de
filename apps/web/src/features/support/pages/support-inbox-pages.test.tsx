import type { SupportInboxItem, SupportRequestDetail } from '@blueconsent/contract/support'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { statusFromSearch } from '../support-inbox-model.ts'

const ME = '33333333-3333-4333-8333-333333333333'
const ID = '44444444-4444-4444-8444-444444444444'
const item: SupportInboxItem = {
  id: ID,
  reference: 'SR-ABCDEFGH',
  subject: 'Export keeps failing',
  sender_name: 'Jordan Lee',
  sender_email: 'jordan.lee@example.org',
  organization_id: null,
  organization_name: null,
  source: 'public',
  status: 'new',
  assignee: null,
  created_at: '2026-11-01T10:00:00Z',
}
const detail: SupportRequestDetail = {
  ...item,
  message: 'The download stops half way.',
  account: null,
  answered_at: null,
  closed_at: null,
  replies: [],
  assignable: [{ id: ME, name: 'Avery Admin', email: 'avery.admin@example.test' }],
}
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results })
const superuser = makeUser({ id: ME, role: 'ADMIN', is_superuser: true, organization: null })

describe('support inbox pages', { timeout: 40_000 }, () => {
  it('reads the status filter from the address', () => {
    expect(statusFromSearch('new')).toBe('new')
    expect(statusFromSearch('nonsense')).toBe('')
    expect(statusFromSearch(null)).toBe('')
  })

  it('asks the server for the waiting requests when opened from the dashboard’s link', async () => {
    const fake = createFakeFetch()
      .on('GET /api/admin/support/', json(200, page([item])))
      .on('GET /api/admin/support/admins/', json(200, { results: [] }))
    await signIn(superuser)
    renderApp('/app/admin/support?status=new', { fake })
    const table = await screen.findByRole('table', { name: 'Support requests' }, { timeout: 30_000 })
    expect(within(table).getByRole('link', { name: 'SR-ABCDEFGH' })).toBeTruthy()
    expect(within(table).getByText('Jordan Lee <jordan.lee@example.org>')).toBeTruthy()
    const statuses = fake
      .callsTo('GET /api/admin/support/')
      .map((call) => new URL(call.url, 'http://x').searchParams.get('status'))
    expect(statuses.length).toBeGreaterThan(0)
    expect(statuses.every((status) => status === 'new')).toBe(true)
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('new')
    expect(await axeViolations()).toEqual([])
  })

  it('takes the request, refuses an empty reply without calling and sends a written one', async () => {
    const user = userEvent.setup()
    const assigned = { ...detail, assignee: detail.assignable[0] ?? null }
    const answered = {
      ...assigned,
      status: 'answered',
      replies: [{ id: ME, author_name: 'Avery Admin', body: 'Fixed now.', created_at: item.created_at }],
    }
    const fake = createFakeFetch()
      .on(`GET /api/admin/support/${ID}/`, json(200, detail))
      .on(`POST /api/admin/support/${ID}/assign/`, json(200, assigned))
      .on(`POST /api/admin/support/${ID}/reply/`, json(200, answered))
    await signIn(superuser)
    renderApp(`/app/admin/support/${ID}`, { fake })
    await screen.findByText('The download stops half way.', undefined, { timeout: 30_000 })
    await user.click(screen.getByRole('button', { name: 'Assign to me' }))
    expect(await screen.findByText('The request is assigned to you.')).toBeTruthy()
    expect(fake.callsTo(`POST /api/admin/support/${ID}/assign/`)[0]?.body).toEqual({ assignee_id: ME })
    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Write a reply first.')).toBeTruthy()
    expect(fake.callsTo(`POST /api/admin/support/${ID}/reply/`)).toHaveLength(0)
    await user.type(screen.getByLabelText('Your reply'), 'Fixed now.')
    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Your reply was emailed to the sender.')).toBeTruthy()
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/admin/support/${ID}/reply/`)[0]?.body).toEqual({ body: 'Fixed now.' }),
    )
    expect(screen.getByText('Fixed now.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })
})
