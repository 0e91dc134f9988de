import { MESSAGES } from '@blueconsent/contract/shared'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { PhoneField } from './phone-field.tsx'

function Harness({ error }: { error?: string }) {
  const [phone, setPhone] = useState('')
  return <PhoneField label="Phone" value={phone} onChange={setPhone} error={error} />
}

describe('PhoneField', () => {
  it('formats digits as (555) 123-4567 while typing and stops at 10 digits', async () => {
    render(<Harness />)
    const input = screen.getByLabelText('Phone')
    await userEvent.type(input, '555123456789')
    expect(input).toHaveValue('(555) 123-4567')
  })

  it('drops separators and a leading country code from pasted numbers', async () => {
    render(<Harness />)
    const input = screen.getByLabelText('Phone')
    await userEvent.click(input)
    await userEvent.paste('+1 555.987.6543')
    expect(input).toHaveValue('(555) 987-6543')
  })

  it('ties its error message to the input', () => {
    render(<Harness error={MESSAGES.phone} />)
    const input = screen.getByLabelText('Phone')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(MESSAGES.phone)
  })
})
