import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { session } from '@/lib/session.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { SESSION_EXPIRING_MESSAGE, SessionExpiryBanner } from './session-expiry-banner.tsx'

describe('SessionExpiryBanner', () => {
  it('appears once the session check finds under 60 s left', async () => {
    render(<SessionExpiryBanner />)
    expect(screen.queryByText(SESSION_EXPIRING_MESSAGE)).not.toBeInTheDocument()
    await act(async () => {
      await session.start({ access: 'short-lived', expires_in: 45, user: makeUser() })
      session.check()
    })
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_EXPIRING_MESSAGE)
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeInTheDocument()
  })
})
