import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { Tabs, type TabItem } from './tabs.tsx'

type Key = 'meds' | 'claims' | 'risk'
const TABS: TabItem<Key>[] = [
  { key: 'meds', label: 'Medications' },
  { key: 'claims', label: 'Claims', badge: <span className="badge">3</span> },
  { key: 'risk', label: 'Risk score' },
]

function Harness() {
  const [selected, setSelected] = useState<Key>('meds')
  return (
    <main>
      <Tabs label="Patient data" tabs={TABS} selected={selected} onSelect={setSelected}>
        <p>Showing {selected}</p>
      </Tabs>
    </main>
  )
}

describe('Tabs', () => {
  it('is a named tablist whose selected tab controls the panel', async () => {
    render(<Harness />)
    expect(screen.getByRole('tablist', { name: 'Patient data' })).toBeInTheDocument()
    const meds = screen.getByRole('tab', { name: 'Medications' })
    expect(meds).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Medications' })).toHaveTextContent('Showing meds')
    await userEvent.click(screen.getByRole('tab', { name: /Claims/ }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing claims')
    expect(await axeViolations()).toEqual([])
  })

  it('moves with the arrow keys, Home and End, and only the selected tab is in the tab order', async () => {
    render(<Harness />)
    await userEvent.tab()
    expect(screen.getByRole('tab', { name: 'Medications' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: /Claims/ })).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing claims')
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Risk score' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Medications' })).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}{Home}')
    expect(screen.getByRole('tab', { name: 'Medications' })).toHaveAttribute('tabindex', '0')
    expect(screen.getByRole('tab', { name: 'Risk score' })).toHaveAttribute('tabindex', '-1')
  })
})
