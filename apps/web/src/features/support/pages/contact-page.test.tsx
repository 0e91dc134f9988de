import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

const ROUTE = 'POST /api/support/public/'

function contactFake() {
  return createFakeFetch().on(
    ROUTE,
    json(201, {
      request_id: 'SR-ABCD2345',
      detail: 'Your support request has been submitted successfully.',
    }),
  )
}

describe('Contact page', { timeout: 20_000 }, () => {
  it('lets a guest write to support without a token, with contact details and the way to sign in', async () => {
    const user = userEvent.setup()
    const { fake } = renderApp('/contact', { fake: contactFake() })
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, { timeout: 10_000 })
    // Standalone: no app shell.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/app/login')
    expect(screen.getByRole('link', { name: 'support@blueconsent.app' })).toHaveAttribute(
      'href',
      'mailto:support@blueconsent.app',
    )
    expect(screen.getByText(/Monday to Friday/)).toBeInTheDocument()
    expect(screen.getAllByText(/do not include patient details/).length).toBeGreaterThan(0)
    expect(await axeViolations('page')).toEqual([])

    const form = screen.getByRole('form', { name: 'Contact form' })
    const submit = within(form).getByRole('button', { name: 'Submit Support Request' })
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Signing up')
    await user.type(
      within(form).getByRole('textbox', { name: 'Message' }),
      'How do I sign up my agency for the portal?',
    )
    // The address is required.
    expect(submit).toBeDisabled()
    const email = within(form).getByRole('textbox', { name: 'Email' })
    await user.type(email, 'not-an-address')
    await user.tab()
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'Jordan@Example.org')
    await user.type(within(form).getByRole('textbox', { name: 'Name (optional)' }), 'Jordan Lee')
    // The honeypot is out of reach of people and assistive technology.
    expect(within(form).queryByRole('textbox', { name: /Website/ })).not.toBeInTheDocument()
    await user.click(submit)

    expect(
      await screen.findByText('Your support request has been submitted successfully.'),
    ).toBeInTheDocument()
    expect(screen.getByText('SR-ABCD2345')).toBeInTheDocument()
    const [call] = fake.callsTo(ROUTE)
    expect(call?.body).toEqual({
      subject: 'Signing up',
      message: 'How do I sign up my agency for the portal?',
      email: 'jordan@example.org',
      name: 'Jordan Lee',
      website: '',
    })
    expect(call?.headers.has('Authorization')).toBe(false)
  })

  it('stays standalone for a signed-in user at /app/contact, prefilled, with the way back to the dashboard', async () => {
    await signIn(makeUser())
    renderApp('/app/contact', { fake: contactFake() })
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, { timeout: 10_000 })
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /user menu/i })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('dana.reyes@sunrise-aco.example')
    expect(screen.getByRole('textbox', { name: 'Name (optional)' })).toHaveValue('Dana Reyes')
    expect(await axeViolations('page')).toEqual([])
  })
})
