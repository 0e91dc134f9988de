import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { makeUser } from '@/testing/fixtures.ts'
import { AppHeader } from './app-header.tsx'

function renderHeader(user = makeUser()) {
  const router = createMemoryRouter([{ path: '*', element: <AppHeader user={user} /> }])
  render(<RouterProvider router={router} />)
}

describe('AppHeader and UserMenu', () => {
  it('shows first name, role label and initials, and opens a menu with Logout', async () => {
    renderHeader()
    const button = screen.getByRole('button', { name: 'Account menu for Dana' })
    expect(button).toHaveTextContent('DR')
    expect(button).toHaveTextContent('ACO Admin')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/app/logout')
    expect(screen.getByLabelText('Theme')).toHaveValue('light')
  })

  it('reaches the pages of the role family: an ACO user its members and reports, an agent quotes and policies', async () => {
    renderHeader(makeUser({ role: 'ACO_USER' }))
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }))
    expect(screen.getByRole('link', { name: 'ACO Members' })).toHaveAttribute('href', '/app/aco/members')
    expect(screen.getByRole('link', { name: 'ACO Reports' })).toHaveAttribute('href', '/app/aco/reports')
    expect(screen.queryByRole('link', { name: 'Quotes' })).not.toBeInTheDocument()
  })

  it('gives an agent its clients, quotes and policies', async () => {
    renderHeader(
      makeUser({
        role: 'AGENT_USER',
        organization: { id: 'a', name: 'Agency', organization_type: 'INSURANCE_AGENCY' },
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }))
    expect(screen.getByRole('link', { name: 'Quotes' })).toHaveAttribute('href', '/app/agent/quotes')
    expect(screen.getByRole('link', { name: 'Policies' })).toHaveAttribute('href', '/app/agent/policies')
    expect(screen.queryByRole('link', { name: 'ACO Members' })).not.toBeInTheDocument()
  })

  it('closes the menu with Escape and returns focus to its button', async () => {
    renderHeader()
    const button = screen.getByRole('button', { name: 'Account menu for Dana' })
    await userEvent.click(button)
    await userEvent.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })

  it('falls back to the email local part when the user has no names', () => {
    renderHeader(makeUser({ first_name: '', last_name: '', full_name: '', email: 'pat.kim@x.example' }))
    expect(screen.getByRole('button', { name: 'Account menu for pat.kim' })).toHaveTextContent('P')
  })

  it('has a settings link and a mobile menu that Escape closes', async () => {
    renderHeader()
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/account')
    const menuButton = screen.getByRole('button', { name: 'Menu' })
    await userEvent.click(menuButton)
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  })
})
