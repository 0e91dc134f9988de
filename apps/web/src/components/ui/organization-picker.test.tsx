import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { queryClient } from '@/lib/query-client.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { OrganizationPicker } from './organization-picker.tsx'

const ROUTE = 'GET /api/admin/organizations/'

const organization = (number: number, name: string) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  name,
  organization_type: 'ACO',
  is_active: true,
  member_count: 1,
  active_member_count: 1,
  tin_count: 0,
  billing_status: null,
  setup_completed_at: null,
  created_at: '2026-01-01T00:00:00Z',
  address: null,
})

function Picker({ anyLabel }: { anyLabel?: string }) {
  const [value, setValue] = useState('')
  return (
    <>
      <OrganizationPicker value={value} onChange={setValue} anyLabel={anyLabel} />
      <p>Picked: {value || 'none'}</p>
    </>
  )
}

function renderPickers(count: number, anyLabel?: string) {
  const fake = createFakeFetch().on(
    ROUTE,
    json(200, {
      count: 2,
      next: null,
      previous: null,
      results: [organization(1, 'Acme ACO'), organization(2, 'Beta Clinic')],
    }),
  )
  vi.stubGlobal('fetch', fake.fetch)
  render(
    <QueryClientProvider client={queryClient}>
      {Array.from({ length: count }, (_, index) => (
        <Picker key={index} anyLabel={anyLabel} />
      ))}
    </QueryClientProvider>,
  )
  return fake
}

describe('OrganizationPicker', () => {
  it('offers the organisations after the "any" choice and reports the one picked', async () => {
    renderPickers(1, 'All organizations')
    await screen.findByRole('option', { name: 'Beta Clinic' })
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All organizations',
      'Acme ACO',
      'Beta Clinic',
    ])
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Organization' }), 'Beta Clinic')
    expect(screen.getByText('Picked: 00000000-0000-4000-8000-000000000002')).toBeInTheDocument()
  })

  it('asks the server once however many pickers are on screen', async () => {
    const fake = renderPickers(3)
    expect(await screen.findAllByRole('option', { name: 'Acme ACO' })).toHaveLength(3)
    expect(fake.callsTo(ROUTE)).toHaveLength(1)
    expect(fake.callsTo(ROUTE)[0]?.url).toContain('page_size=100')
  })
})
