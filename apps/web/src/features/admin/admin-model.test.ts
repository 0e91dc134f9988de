import type { AdminOverview } from '@blueconsent/contract/admin'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-error.ts'
import { actionErrorMessage, attentionItems, columnSort, nextOrdering } from './admin-model.ts'

const overview: AdminOverview = {
  scope: 'platform',
  organizations: 4,
  active_users: 10,
  requests_by_status: { pending: 2 },
  failed_ingestions: 1,
  failed_outbox_messages: null,
  support_requests_waiting: 3,
  organizations_setup_unfinished: 0,
  billing_past_due: 0,
}

describe('admin model', () => {
  it('sorts ascending on the first click and descending on the second', () => {
    expect(nextOrdering('name', 'email')).toBe('email')
    expect(nextOrdering('email', 'email')).toBe('-email')
    expect(nextOrdering('-email', 'email')).toBe('email')
    expect(columnSort('-email')).toEqual({ column: 'email', direction: 'descending' })
    expect(columnSort('name')).toEqual({ column: 'name', direction: 'ascending' })
  })

  it('lists only what needs attention, largest first', () => {
    expect(attentionItems(overview)).toEqual([
      { label: 'Support requests waiting', count: 3, to: '/app/admin/support?status=new' },
      { label: 'Failed data pulls', count: 1 },
    ])
  })

  it('shows the server’s reason for a refused action', () => {
    const refused = new ApiError({ kind: 'http', status: 400, detail: 'The last one.' })
    expect(actionErrorMessage(refused, 'Failed')).toBe('The last one.')
    expect(actionErrorMessage(new Error('x'), 'Failed')).toBe('Failed')
  })
})
