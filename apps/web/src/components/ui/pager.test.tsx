import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { Pager } from './pager.tsx'
import { pageCount, pageOf } from './paging.ts'

function Harness({ pages }: { pages: number }) {
  const [page, setPage] = useState(0)
  return (
    <main>
      <Pager page={page} pages={pages} label="User pages" onPage={setPage} />
    </main>
  )
}

describe('Pager', () => {
  it('moves between pages, announces the position and disables the ends', async () => {
    render(<Harness pages={3} />)
    const nav = screen.getByRole('navigation', { name: 'User pages' })
    expect(nav).toHaveTextContent('Page 1 of 3')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(nav).toHaveTextContent('Page 3 of 3')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(await axeViolations()).toEqual([])
  })

  it('is used from the keyboard', async () => {
    render(<Harness pages={2} />)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
  })

  it('is hidden when everything fits on one page', () => {
    render(<Harness pages={1} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

describe('paging', () => {
  it('slices a loaded list and counts at least one page', () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([3, 4])
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(41, 20)).toBe(3)
  })
})
