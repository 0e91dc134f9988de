import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { SelectField } from './select-field.tsx'

const OPTIONS = [
  { value: '', label: 'All roles' },
  { value: 'ADMIN', label: 'Administrator' },
  { value: 'STAFF', label: 'Staff' },
]

function Harness({ error }: { error?: string }) {
  const [role, setRole] = useState('')
  return (
    <main>
      <SelectField
        label="Role"
        value={role}
        options={OPTIONS}
        error={error}
        hint="Who may do what."
        onChange={(event) => setRole(event.target.value)}
      />
      <p>Picked: {role || 'none'}</p>
    </main>
  )
}

describe('SelectField', () => {
  it('is named by its label, offers every option and reports the choice', async () => {
    render(<Harness />)
    const select = screen.getByRole('combobox', { name: 'Role' })
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All roles',
      'Administrator',
      'Staff',
    ])
    await userEvent.selectOptions(select, 'Staff')
    expect(screen.getByText('Picked: STAFF')).toBeInTheDocument()
    expect(select).toHaveAccessibleDescription('Who may do what.')
    expect(await axeViolations()).toEqual([])
  })

  it('is chosen from the keyboard', async () => {
    render(<Harness />)
    const select = screen.getByRole('combobox', { name: 'Role' })
    select.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(select).toHaveFocus()
  })

  it('ties its error to the select and marks it invalid', () => {
    render(<Harness error="Choose a role." />)
    const select = screen.getByRole('combobox', { name: 'Role' })
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAccessibleDescription('Choose a role. Who may do what.')
  })

  it('takes hand-built options as children', () => {
    render(
      <SelectField label="Group" defaultValue="b">
        <optgroup label="Letters">
          <option value="a">A</option>
          <option value="b">B</option>
        </optgroup>
      </SelectField>,
    )
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('b')
  })
})
