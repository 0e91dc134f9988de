import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { DataTable, type DataColumn } from './data-table.tsx'

type Person = { id: string; name: string; visits: number | null; status: string }

const PEOPLE: Person[] = [
  { id: '1', name: 'Bea', visits: 10, status: 'Active' },
  { id: '2', name: 'Ada', visits: null, status: 'Inactive' },
  { id: '3', name: 'Cy', visits: 2, status: 'Active' },
]

const COLUMNS: DataColumn<Person>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (person) => person.name,
    sortValue: (person) => person.name,
    card: 'title',
  },
  {
    id: 'visits',
    header: 'Visits',
    cell: (person) => person.visits ?? '—',
    sortValue: (person) => person.visits,
  },
  { id: 'status', header: 'Status', cell: (person) => person.status, card: 'badge' },
]

const firstColumn = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

function renderTable(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  return render(
    <main>
      <DataTable caption="People" rows={PEOPLE} rowKey={(person) => person.id} columns={COLUMNS} {...props} />
    </main>,
  )
}

function stubPhone() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: media === '(max-width: 767px)',
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

describe('DataTable', () => {
  it('renders a captioned table in a named, focusable scroll region with every header and cell', async () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'People' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Visits', 'Status'])
    expect(firstColumn()).toEqual(['Bea', 'Ada', 'Cy'])
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0')
    expect(await axeViolations()).toEqual([])
  })

  it('sorts by a column on click, ascending then descending, with aria-sort and missing values last', async () => {
    renderTable()
    const visits = screen.getByRole('button', { name: 'Visits' })
    await userEvent.click(visits)
    expect(screen.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute('aria-sort', 'ascending')
    expect(firstColumn()).toEqual(['Cy', 'Bea', 'Ada'])
    await userEvent.click(visits)
    expect(screen.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute('aria-sort', 'descending')
    expect(firstColumn()).toEqual(['Bea', 'Cy', 'Ada'])
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none')
  })

  it('sorts from the keyboard and starts in the initial order', async () => {
    renderTable({ initialSort: { column: 'name', direction: 'ascending' } })
    expect(firstColumn()).toEqual(['Ada', 'Bea', 'Cy'])
    screen.getByRole('button', { name: 'Name' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(firstColumn()).toEqual(['Cy', 'Bea', 'Ada'])
  })

  it('leaves the order to the server when the page keeps the sort, and reports header clicks', async () => {
    const onSort = vi.fn()
    const columns = COLUMNS.map((column) => ({ ...column, sortValue: undefined, serverSortable: true }))
    renderTable({ columns, sort: { current: { column: 'visits', direction: 'descending' }, onSort } })
    expect(firstColumn()).toEqual(['Bea', 'Ada', 'Cy'])
    expect(screen.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute('aria-sort', 'descending')
    await userEvent.click(screen.getByRole('button', { name: 'Status' }))
    expect(onSort).toHaveBeenCalledWith('status')
  })

  it('says the empty message instead of an empty table', () => {
    renderTable({ rows: [], empty: 'No people yet.' })
    expect(screen.getByText('No people yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('keeps the headers of an empty table when no message is given', () => {
    renderTable({ rows: [] })
    expect(screen.getAllByRole('columnheader')).toHaveLength(3)
  })

  it('shows a spinner with its label while loading', () => {
    renderTable({ rows: undefined, loading: true, loadingLabel: 'Loading people…' })
    expect(screen.getByRole('status')).toHaveTextContent('Loading people…')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('marks row-header cells and applies row classes', () => {
    const columns = COLUMNS.map((column, index) => ({ ...column, rowHeader: index === 0 }))
    renderTable({
      columns,
      rowClassName: (person) => (person.status === 'Inactive' ? 'opacity-60' : undefined),
    })
    expect(screen.getByRole('rowheader', { name: 'Ada' }).closest('tr')).toHaveClass('opacity-60')
  })

  it('shows one card per row on a phone when asked, with labelled fields and no table', async () => {
    stubPhone()
    renderTable({ cards: true })
    const list = screen.getByRole('list', { name: 'People' })
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(cards[0]).toHaveTextContent('Bea')
    expect(cards[0]).toHaveTextContent('Active')
    expect(within(cards[0] as HTMLElement).getByText('Visits').tagName).toBe('DT')
    expect(await axeViolations()).toEqual([])
  })

  it('puts a row’s actions at the foot of its card, unlabelled, and keeps a column’s classes on its field', async () => {
    stubPhone()
    const onOpen = vi.fn()
    const columns: DataColumn<Person>[] = [
      ...COLUMNS,
      { id: 'code', header: 'Code', className: 'whitespace-nowrap', cell: (person) => `XX-${person.id}` },
      {
        id: 'actions',
        header: 'Actions',
        card: 'actions',
        cell: (person) => (
          <button type="button" onClick={() => onOpen(person.id)}>
            Open {person.name}
          </button>
        ),
      },
    ]
    renderTable({ cards: true, columns })
    const card = within(screen.getByRole('list', { name: 'People' })).getAllByRole(
      'listitem',
    )[0] as HTMLElement
    expect(within(card).queryByText('Actions')).toBeNull()
    expect(within(card).getByText('XX-1')).toHaveClass('whitespace-nowrap')
    expect(within(card).getByText('XX-1').tagName).toBe('DD')
    await userEvent.click(within(card).getByRole('button', { name: 'Open Bea' }))
    expect(onOpen).toHaveBeenCalledWith('1')
    expect(await axeViolations()).toEqual([])
  })

  it('goes back to the table when the screen widens', () => {
    let phone = true
    const listeners = new Set<() => void>()
    vi.stubGlobal('matchMedia', (media: string) => ({
      get matches() {
        return phone && media === '(max-width: 767px)'
      },
      media,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }))
    renderTable({ cards: true })
    expect(screen.getByRole('list', { name: 'People' })).toBeInTheDocument()
    phone = false
    act(() => listeners.forEach((listener) => listener()))
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'People' })).toBeNull()
  })

  it('stays a table on a phone unless cards are asked for', () => {
    stubPhone()
    renderTable()
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument()
  })
})
